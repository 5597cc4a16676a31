import { useConsole, type ConsoleUser } from '../../support/console';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { tabTo } from '../../support/tab-to';

const c = useConsole();
let receiver: WebhookReceiver;
let failing: WebhookReceiver;
let user: ConsoleUser;

/** One event to two webhooks, one of which refuses every attempt; resolves once both are final. */
async function sendToBoth(): Promise<string> {
  const res = await c
    .http()
    .post('/api/v1/events')
    .set('X-API-Key', user.apiKey)
    .send({
      event_type: 'order.shipped',
      recipients: [
        { channels: ['webhook'], webhook_url: `${receiver.url}/ok` },
        { channels: ['webhook'], webhook_url: `${failing.url}/down` },
      ],
      payload: { order_id: 'B-2' },
      inline: { html: '<p>x</p>' },
    });
  expect(res.status).toBe(202);
  for (let i = 0; i < 100; i++) {
    const event = await c.http().get(`/api/v1/events/${res.body.id}`).set('X-API-Key', user.apiKey);
    if (!['accepted', 'processing'].includes(event.body.status)) return res.body.id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the event did not settle');
}

beforeAll(async () => {
  user = await c.aUserWithProject('notifications');
  receiver = await WebhookReceiver.start(user.signingSecret);
  failing = await WebhookReceiver.start(user.signingSecret);
  failing.respondWith((_req, res) => res.writeHead(500).end());
});
afterAll(async () => {
  await receiver?.stop();
  await failing?.stop();
});

describe('searching notifications in the console', () => {
  it('when a person searches by recipient and status, then only that delivery is listed, and it opens with its attempts and its event', async () => {
    const eventId = await sendToBoth();
    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.goto(`${c.origin}/projects/${user.projectId}/notifications`);
    await page.getByRole('link', { name: `${receiver.url}/ok`, exact: true }).waitFor();
    await page.getByRole('link', { name: `${failing.url}/down`, exact: true }).waitFor();
    await c.audit(page, 'notifications-list');

    await page.getByLabel('Recipient').fill(`${failing.url}/down`);
    await page.getByLabel('Channel').selectOption('webhook');
    await page.getByLabel('Status').selectOption('failed');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/status=failed/);
    await page.getByRole('link', { name: `${receiver.url}/ok`, exact: true }).waitFor({ state: 'detached' });
    const rows = page.getByRole('table', { name: /Notifications matching the filters/ }).getByRole('row');
    expect(await rows.count()).toBe(2); // the header and the failed delivery
    await rows.nth(1).getByText('failed').waitFor();

    // A status that matches nothing says so instead of showing an empty table alone.
    await page.getByLabel('Status').selectOption('delivered');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No notification matches these filters.').waitFor();
    await page.goBack();
    await page.getByRole('link', { name: `${failing.url}/down`, exact: true }).click();

    await page.getByRole('heading', { name: `Notification to ${failing.url}/down` }).waitFor();
    const attempts = page.getByRole('list', { name: `Attempts for ${failing.url}/down by webhook` });
    await attempts.getByText('Attempt 3: Failed, no further attempt').waitFor();
    await attempts
      .getByText(/^HTTP 500 · \d+ ms$/)
      .first()
      .waitFor();
    await c.audit(page, 'notification-detail');

    await page.getByRole('link', { name: 'Open the event' }).click();
    await page.waitForURL(`**/events/${eventId}`);
    await page.getByRole('heading', { name: 'Event order.shipped' }).waitFor();
  });

  it('by keyboard alone, a person finds the deliveries to one address and opens one', async () => {
    await sendToBoth();
    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.goto(`${c.origin}/projects/${user.projectId}/notifications`);
    await page
      .getByRole('link', { name: `${failing.url}/down`, exact: true })
      .first()
      .waitFor();

    await tabTo(page, page.getByLabel('Recipient'));
    await page.keyboard.type(`${receiver.url}/ok`);
    await page.keyboard.press('Enter');
    await page.waitForURL(/recipient=/);
    await page
      .getByRole('link', { name: `${failing.url}/down`, exact: true })
      .first()
      .waitFor({ state: 'detached' });

    await tabTo(page, page.getByRole('link', { name: `${receiver.url}/ok`, exact: true }).first());
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Notification to ${receiver.url}/ok` }).waitFor();
    await page.getByText('Attempt 1: Delivered').waitFor();
  });
});
