import type { Page } from 'playwright-core';
import { useConsole, type ConsoleUser } from '../../support/console';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { tabTo } from '../../support/tab-to';

// A held delivery must outlast the page opening to be seen settling; the test default is 2 s.
const c = useConsole({ env: { WEBHOOK_TIMEOUT_MS: '15000' } });
const receivers: WebhookReceiver[] = [];

afterAll(async () => {
  for (const r of receivers) await r.stop();
});

async function aReceiver(user: ConsoleUser): Promise<WebhookReceiver> {
  const receiver = await WebhookReceiver.start(user.signingSecret);
  receivers.push(receiver);
  return receiver;
}

async function send(user: ConsoleUser, eventType: string, webhookUrl: string): Promise<string> {
  const res = await c
    .http()
    .post('/api/v1/events')
    .set('X-API-Key', user.apiKey)
    .send({
      event_type: eventType,
      recipients: [{ channels: ['webhook'], webhook_url: webhookUrl }],
      payload: {},
      inline: { html: '<p>x</p>' },
    });
  expect(res.status).toBe(202);
  return res.body.id;
}

async function settled(user: ConsoleUser, eventId: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const res = await c.http().get(`/api/v1/events/${eventId}`).set('X-API-Key', user.apiKey);
    if (!['accepted', 'processing'].includes(res.body.status)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`event ${eventId} did not settle`);
}

async function openTail(user: ConsoleUser, query = ''): Promise<Page> {
  const page = await c.newPage();
  await c.signIn(page, user.email);
  await page.goto(`${c.origin}/projects/${user.projectId}/live${query}`);
  await connected(page);
  return page;
}

/** The connection state a screen reader hears: waits for "Live". */
async function connected(page: Page): Promise<void> {
  await page.getByRole('status').filter({ hasText: 'Connection:' }).getByText('Live', { exact: true }).waitFor();
}

const tail = (page: Page) => page.getByRole('table', { name: /Deliveries as they happen/ });

describe('live deliveries in the console', () => {
  it('when an event is sent while the tail is open, then its delivery appears on top with its recipient, channel, outcome and latency, and links to the event', async () => {
    const user = await c.aUserWithProject('tail');
    const receiver = await aReceiver(user);
    const page = await openTail(user);
    await page.getByText('No delivery since this view opened').waitFor();
    await c.audit(page, 'live-deliveries-empty');

    const first = await send(user, 'order.shipped', `${receiver.url}/orders`);
    const row = tail(page)
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'order.shipped' }) });
    await row.waitFor();
    await row.getByText(`${receiver.url}/orders`).waitFor();
    await row.getByText('Webhook').waitFor();
    await row.getByText('delivered').waitFor();
    await row.getByText('attempt 1').waitFor();
    await row.getByText(/^\d+ ms$/).waitFor();

    await send(user, 'invoice.paid', `${receiver.url}/invoices`);
    await tail(page).getByRole('link', { name: 'invoice.paid' }).waitFor();
    const rows = tail(page).getByRole('row');
    // Newest first: the header, then the second event, then the first.
    await rows.nth(1).getByRole('link', { name: 'invoice.paid' }).waitFor();
    await rows.nth(2).getByRole('link', { name: 'order.shipped' }).waitFor();
    await c.audit(page, 'live-deliveries');

    await row.getByRole('link', { name: 'order.shipped' }).click();
    await page.getByRole('heading', { name: 'Event order.shipped' }).waitFor();
    expect(page.url()).toBe(`${c.origin}/projects/${user.projectId}/events/${first}`);
  });

  it('when the tail is filtered to failed outcomes, then only a failing receiver’s final failure shows, and the filter is in the URL', async () => {
    const user = await c.aUserWithProject('failed');
    const good = await aReceiver(user);
    const down = await aReceiver(user);
    down.respondWith((_req, res) => res.writeHead(500).end('receiver is down'));
    const page = await openTail(user);

    await page.getByLabel('Outcome').selectOption('failed');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/outcome=failed/);
    await connected(page);

    // Settled before the failing one is sent: its attempt is streamed before the failure, if at all.
    await settled(user, await send(user, 'payment.captured', `${good.url}/ok`));
    await send(user, 'payment.failed', `${down.url}/down`);
    const row = tail(page)
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'payment.failed' }) });
    await row.getByText('attempt 3').waitFor();
    await row.getByText('failed', { exact: true }).waitFor();
    expect(await tail(page).getByRole('row').count()).toBe(2); // the header and the final failure: no retries, no delivery
    expect(await tail(page).getByRole('link', { name: 'payment.captured' }).count()).toBe(0);

    // The URL holds the view: a reload follows the same filter.
    await page.reload();
    expect(await page.getByLabel('Outcome').inputValue()).toBe('failed');
    await connected(page);
  });

  it('by keyboard alone, a person pauses the tail: new deliveries wait aside, counted, and resuming shows them', async () => {
    const user = await c.aUserWithProject('pause');
    const receiver = await aReceiver(user);
    const page = await openTail(user);
    await send(user, 'before.pause', `${receiver.url}/a`);
    await tail(page).getByRole('link', { name: 'before.pause' }).waitFor();

    await tabTo(page, page.getByRole('button', { name: 'Pause', exact: true }));
    await page.keyboard.press('Enter');
    const resume = page.getByRole('button', { name: 'Resume', exact: true });
    await resume.waitFor();

    await settled(user, await send(user, 'while.paused', `${receiver.url}/b`));
    await page.getByRole('status').getByText('Paused: 1 new delivery is waiting. Resume to show it.').waitFor();
    expect(await tail(page).getByRole('link', { name: 'while.paused' }).count()).toBe(0);
    await c.audit(page, 'live-deliveries-paused');

    await tabTo(page, resume);
    await page.keyboard.press('Enter');
    await tail(page).getByRole('row').nth(1).getByRole('link', { name: 'while.paused' }).waitFor();
    await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    expect(await page.getByText(/new deliver(y is|ies are) waiting/).count()).toBe(0);
  });

  it('while a delivery is on its way, then the event page follows it on the stream and shows it settle without a reload', async () => {
    const user = await c.aUserWithProject('follow');
    const receiver = await aReceiver(user);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    receiver.respondWith((_req, res) => void held.then(() => res.writeHead(204).end()));
    const eventId = await send(user, 'report.ready', `${receiver.url}/slow`);

    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.goto(`${c.origin}/projects/${user.projectId}/events/${eventId}`);
    await page.getByRole('status').getByText('Deliveries in progress: this page follows them as they happen.').waitFor();
    await page.getByText('No attempt yet.').waitFor();

    release();
    await page.getByText('Attempt 1: Delivered').waitFor();
    await page
      .getByRole('table', { name: /Notifications of this event/ })
      .getByText('delivered')
      .waitFor();
    await page
      .getByRole('status')
      .getByText(/Deliveries in progress/)
      .waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'About this event' }).getByText('completed').waitFor();
  });
});
