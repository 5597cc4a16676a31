import { TopologyNames } from '@herald/messaging';
import type { Page } from 'playwright-core';
import { anAdministrator } from '../../api/admin/admin.support';
import { useConsole } from '../../support/console';
import { eventually } from '../../support/eventually';
import { tabTo } from '../../support/tab-to';
import { WebhookReceiver } from '../../support/webhook-receiver';

// One webhook delivery in flight per lane: a slow receiver then leaves the rest waiting in the queue.
const c = useConsole({ env: { WEBHOOK_PREFETCH: '1' } });

const EVENTS = 30;
const RECEIVER_DELAY_MS = 300;

let receiver: WebhookReceiver;
afterAll(async () => {
  await receiver?.stop();
});

/** The "Messages" figure the health page shows for one queue, read as a person reads the table. */
async function depthShown(page: Page, queue: string): Promise<number> {
  const row = page.getByRole('row', { name: new RegExp(`^${queue.replace(/\./g, '\\.')} \\d+ \\d+$`) });
  return Number(await row.getByRole('cell').first().textContent());
}

describe('the health page', () => {
  it('when a slow receiver holds a backlog, then the webhook queue depth shown rises above 0 and falls back to 0 as the page refreshes itself', async () => {
    const owner = await c.aUserWithProject('busy');
    receiver = await WebhookReceiver.start(owner.signingSecret);
    receiver.respondWith((_req, res) => setTimeout(() => res.writeHead(200).end('ok'), RECEIVER_DELAY_MS));
    const admin = await anAdministrator(c.system.api.db, ['health:read']);
    const page = await c.newPage();
    await c.signIn(page, admin.email);

    // Keyboard only: the header's Administration link opens Health, the one section allowed.
    await tabTo(page, page.getByRole('link', { name: 'Administration' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Health', level: 1 }).waitFor();
    const queue = new TopologyNames(c.config.AMQP_NAMESPACE).deliveryQueue('webhook');
    await page.getByRole('row', { name: new RegExp(`^${queue.replace(/\./g, '\\.')} `) }).waitFor();
    expect(await depthShown(page, queue)).toBe(0);
    await page.getByRole('row', { name: 'Database ok' }).waitFor();
    await c.audit(page, 'admin-health');
    const firstUpdate = await page.getByText(/^Updated at /).textContent();

    for (let i = 0; i < EVENTS; i++) {
      const sent = await c
        .http()
        .post('/api/v1/events')
        .set('X-API-Key', owner.apiKey)
        .send({
          event_type: 'order.paid',
          recipients: [{ channels: ['webhook'], webhook_url: `${receiver.url}/hook` }],
          payload: { i },
          inline: { html: 'x' },
        });
      expect(sent.status).toBe(202);
    }

    // Nobody reloads: the page asks again every 2 seconds and the figure moves by itself.
    await eventually(async () => expect(await depthShown(page, queue)).toBeGreaterThan(0), 20_000);
    expect(await page.getByText(/^Updated at /).textContent()).not.toBe(firstUpdate);
    await c.audit(page, 'admin-health-backlog');

    await eventually(async () => expect(await depthShown(page, queue)).toBe(0), 60_000, 250);
    await eventually(() => expect(receiver.requests.length).toBe(EVENTS), 20_000);
  });
});
