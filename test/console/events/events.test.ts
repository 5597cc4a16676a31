import { useConsole, type ConsoleUser } from '../../support/console';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { tabTo } from '../../support/tab-to';

// A held delivery must outlast the page loading to show it arriving; the test default is 2 s.
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

async function send(user: ConsoleUser, eventType: string, webhookUrl: string, payload: Record<string, unknown> = {}): Promise<string> {
  const res = await c
    .http()
    .post('/api/v1/events')
    .set('X-API-Key', user.apiKey)
    // Webhooks carry the payload; the inline email content is required by the schema but unused here.
    .send({
      event_type: eventType,
      recipients: [{ channels: ['webhook'], webhook_url: webhookUrl }],
      payload,
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

describe('the events of a project in the console', () => {
  it('when a person filters the list by event type and opens the event, then they see its payload, its notification and the delivered attempt', async () => {
    const user = await c.aUserWithProject('events');
    const receiver = await aReceiver(user);
    const shipped = await send(user, 'order.shipped', `${receiver.url}/orders`, { order_id: 'A-1', total: 12.5 });
    await settled(user, await send(user, 'invoice.paid', `${receiver.url}/invoices`));
    await settled(user, shipped);

    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.goto(`${c.origin}/projects/${user.projectId}/events`);
    const rows = page.getByRole('table', { name: /Events/ }).getByRole('row');
    await page.getByRole('link', { name: 'invoice.paid' }).waitFor();
    expect(await rows.count()).toBe(3); // the header and two events
    await c.audit(page, 'events-list');

    // A date range past both events matches nothing; clearing the filters brings them back.
    await page.getByLabel('From').fill('2999-01-01T00:00');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/date_from=2999-01-01T/);
    await page.getByText('No event matches these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('link', { name: 'invoice.paid' }).waitFor();
    expect(page.url()).not.toContain('date_from');

    await page.getByLabel('Event type').fill('order.shipped');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/event_type=order.shipped/);
    await page.getByRole('link', { name: 'invoice.paid' }).waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(2);
    await page.getByText('1 of 1 delivered').waitFor();

    // The filter lives in the URL: a reload (or a shared link) shows the same view.
    await page.reload();
    expect(await page.getByLabel('Event type').inputValue()).toBe('order.shipped');
    await page.getByRole('link', { name: 'order.shipped' }).click();

    await page.getByRole('heading', { name: 'Event order.shipped' }).waitFor();
    expect(page.url()).toBe(`${c.origin}/projects/${user.projectId}/events/${shipped}`);
    expect(JSON.parse(await page.getByRole('region', { name: 'Payload' }).innerText())).toEqual({ order_id: 'A-1', total: 12.5 });
    const notifications = page.getByRole('table', { name: /Notifications of this event/ });
    await notifications.getByRole('link', { name: `${receiver.url}/orders` }).waitFor();
    await notifications.getByText('delivered').waitFor();
    const attempts = page.getByRole('list', { name: `Attempts for ${receiver.url}/orders by webhook` });
    await attempts.getByText('Attempt 1: Delivered').waitFor();
    await attempts.getByText(/HTTP 200 · \d+ ms/).waitFor();
    expect(await attempts.getByRole('listitem').count()).toBe(1);
    await c.audit(page, 'event-detail');
  });

  it('when the receiver answers 500, then the event shows each failed attempt with its HTTP status and the next retry, and the last one without', async () => {
    const user = await c.aUserWithProject('failing');
    const receiver = await aReceiver(user);
    receiver.respondWith((_req, res) => res.writeHead(500).end('receiver is down'));
    const eventId = await send(user, 'payment.failed', `${receiver.url}/down`);
    await settled(user, eventId);

    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.goto(`${c.origin}/projects/${user.projectId}/events`);
    await page.getByLabel('Status').selectOption('failed');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/status=failed/);
    await page.getByText('0 of 1 delivered').waitFor();
    await page.getByText(', 1 failed').waitFor();
    await page.getByRole('link', { name: 'payment.failed' }).click();

    const attempts = page.getByRole('list', { name: `Attempts for ${receiver.url}/down by webhook` });
    await attempts.getByText('Attempt 3: Failed, no further attempt').waitFor();
    const items = attempts.getByRole('listitem');
    expect(await items.count()).toBe(3); // RETRY_MAX_ATTEMPTS of the test config
    for (const n of [0, 1]) {
      await items.nth(n).getByText('Failed, retry scheduled').waitFor();
      await items
        .nth(n)
        .getByText(/HTTP 500 · \d+ ms/)
        .waitFor();
      await items
        .nth(n)
        .getByText(/^Next retry at /)
        .waitFor();
      await items.nth(n).getByText('receiver is down').waitFor();
    }
    await items
      .nth(2)
      .getByText(/^HTTP 500 · \d+ ms$/)
      .waitFor();
    await items.nth(2).getByText('gave up after 3 attempts: HTTP 500').waitFor();
    expect(
      await items
        .nth(2)
        .getByText(/Next retry at/)
        .count(),
    ).toBe(0);
    await c.audit(page, 'event-detail-failed');
  });

  it('while a delivery is on its way, then the event page shows it arrive without a reload', async () => {
    const user = await c.aUserWithProject('live');
    const receiver = await aReceiver(user);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    receiver.respondWith((_req, res) => void held.then(() => res.writeHead(204).end()));
    const eventId = await send(user, 'report.ready', `${receiver.url}/slow`);

    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.goto(`${c.origin}/projects/${user.projectId}/events/${eventId}`);
    await page
      .getByRole('status')
      .getByText(/Deliveries in progress/)
      .waitFor();
    await page.getByText('No attempt yet.').waitFor();
    expect(receiver.requests.length).toBeLessThanOrEqual(1);

    release();
    await page.getByText('Attempt 1: Delivered').waitFor({ timeout: 10_000 });
    await page.getByText(/HTTP 204/).waitFor();
    await page
      .getByRole('status')
      .getByText(/Deliveries in progress/)
      .waitFor({ state: 'detached' });
  });

  it('by keyboard alone, a person filters the events by type, opens one and goes back to the list', async () => {
    const user = await c.aUserWithProject('keyboard');
    const receiver = await aReceiver(user);
    await send(user, 'user.signed_up', `${receiver.url}/a`);
    const wanted = await send(user, 'user.deleted', `${receiver.url}/b`);
    await settled(user, wanted);

    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.goto(`${c.origin}/projects/${user.projectId}/events`);
    await page.getByRole('link', { name: 'user.signed_up' }).waitFor();

    await tabTo(page, page.getByLabel('Event type'));
    await page.keyboard.type('user.deleted');
    await page.keyboard.press('Enter');
    await page.waitForURL(/event_type=user.deleted/);
    await page.getByRole('link', { name: 'user.signed_up' }).waitFor({ state: 'detached' });

    await tabTo(page, page.getByRole('link', { name: 'user.deleted' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Event user.deleted' }).waitFor();
    await page.getByText('Attempt 1: Delivered').waitFor();

    await tabTo(page, page.getByRole('link', { name: 'All events' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Events', exact: true }).waitFor();
  });
});
