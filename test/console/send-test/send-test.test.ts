import type { Page } from 'playwright-core';
import { useConsole, type ConsoleUser } from '../../support/console';
import { eventually } from '../../support/eventually';
import { tabTo } from '../../support/tab-to';
import { WebhookReceiver } from '../../support/webhook-receiver';

const c = useConsole();
let receiver: WebhookReceiver;
let secret = '';

beforeAll(async () => {
  // Each test's project has its own signing secret; the receiver checks with the current one.
  receiver = await WebhookReceiver.start(() => secret);
});
afterAll(() => receiver.stop());

async function openSend(page: Page, user: ConsoleUser): Promise<void> {
  secret = user.signingSecret;
  await c.signIn(page, user.email);
  await page.goto(`${c.origin}/projects/${user.projectId}/send`);
  await page.getByRole('heading', { name: 'Send a test event', level: 1 }).waitFor();
}

/** The section holding one snippet, by its heading. */
const snippet = (page: Page, title: string) => page.getByRole('region', { name: title });

describe('sending a test event from the console', () => {
  it('when a person sends a webhook event from the form, then the page shows it delivered, the receiver got it signed, and the snippets show the same request', async () => {
    const user = await c.aUserWithProject('send');
    const page = await c.newPage();
    await openSend(page, user);
    await c.audit(page, 'send-test');

    const url = `${receiver.url}/console-hook`;
    await page.getByLabel('Event type').fill('order.shipped');
    await page.getByLabel('Webhook URL').fill(url);
    await page.getByLabel('Payload (JSON)').fill('{"order_id": "A-1", "note": "it\'s here"}');

    const curl = await snippet(page, 'curl').textContent();
    expect(curl).toContain(`curl -X POST '${c.origin}/api/v1/events'`);
    expect(curl).toContain('X-API-Key: $HERALD_API_KEY');
    expect(curl).toContain('"event_type": "order.shipped"');
    expect(curl).toContain(`"webhook_url": "${url}"`);
    // A quote in the payload is escaped for the shell.
    expect(curl).toContain(`"note": "it'\\''s here"`);
    const typescript = await snippet(page, 'TypeScript (@herald/client)').textContent();
    expect(typescript).toContain("import { createHeraldClient } from '@herald/client';");
    expect(typescript).toContain('apiKey: process.env.HERALD_API_KEY');
    expect(typescript).toContain(`baseUrl: '${c.origin}/api/v1'`);
    expect(typescript).toContain('"order_id": "A-1"');

    await page.getByRole('button', { name: 'Send test event' }).click();
    const arrival = page.getByRole('region', { name: 'Sent event' });
    await arrival.getByRole('status').getByText('completed').waitFor({ timeout: 20_000 });
    await arrival.getByRole('row', { name: /webhook.*delivered/ }).waitFor();
    await c.audit(page, 'send-test-delivered');

    const link = arrival.getByRole('link', { name: 'Open the event’s details' });
    const href = (await link.getAttribute('href'))!;
    const eventId = href.split('/').pop()!;
    expect(href).toBe(`/projects/${user.projectId}/events/${eventId}`);
    const delivered = await eventually(async () => {
      const received = receiver.requests.filter(
        (r) => r.body.event_type === 'order.shipped' && (r.body.payload as { order_id?: string }).order_id === 'A-1',
      );
      expect(received).toHaveLength(1);
      return received[0]!;
    });
    expect(delivered.signatureValid).toBe(true);
    expect(delivered.body.payload).toEqual({ order_id: 'A-1', note: "it's here" });
  });

  it('when a template is chosen, then its variables are added to the payload and the email it renders arrives', async () => {
    const user = await c.aUserWithProject('template');
    const created = await c
      .http()
      .post('/api/v1/templates')
      .set('X-API-Key', user.apiKey)
      .send({ name: 'welcome', channel: 'email', subject: 'Welcome {{first_name}}', body: '<p>Hello {{first_name}}</p>' });
    expect(created.status).toBe(201);
    const page = await c.newPage();
    await openSend(page, user);

    await page.getByRole('checkbox', { name: 'Webhook' }).uncheck();
    await page.getByRole('checkbox', { name: 'Email' }).check();
    const address = `ada-${user.projectId.slice(0, 8)}@example.com`;
    await page.getByLabel('Email address').fill(address);
    await page.getByRole('radio', { name: 'A template' }).check();
    await page.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'welcome (email)' }).click();
    const payload = page.getByLabel('Payload (JSON)');
    expect(JSON.parse(await payload.inputValue())).toMatchObject({ first_name: '' });
    await payload.fill('{"first_name": "Ada"}');
    expect(await snippet(page, 'curl').textContent()).toContain('"template_name": "welcome"');

    await page.getByRole('button', { name: 'Send test event' }).click();
    await page
      .getByRole('region', { name: 'Sent event' })
      .getByRole('row', { name: /email.*delivered/ })
      .waitFor({ timeout: 20_000 });
    const mail = await eventually(async () => {
      const mails = c.smtp.for(address);
      expect(mails).toHaveLength(1);
      return mails[0]!;
    });
    expect(mail.parsed.subject).toBe('Welcome Ada');
  });

  it('when a field is refused by the api, then the message appears at that field', async () => {
    const user = await c.aUserWithProject('refused');
    const page = await c.newPage();
    await openSend(page, user);
    await page.getByRole('checkbox', { name: 'SMS' }).check();
    await page.getByLabel('Phone number').fill('555-0100');
    await page.getByLabel('Webhook URL').fill(`${receiver.url}/x`);
    await page.getByLabel('Payload (JSON)').fill('{"broken": ');
    await page.getByText('Not valid JSON').waitFor();
    await page.getByLabel('Payload (JSON)').fill('{}');
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText('The api refused some fields').waitFor();
    expect(await page.getByLabel('Phone number').getAttribute('aria-invalid')).toBe('true');
  });

  it('when a person uses the keyboard alone, then they can fill the form, send it and open the event', async () => {
    const user = await c.aUserWithProject('keys-only');
    const page = await c.newPage();
    await openSend(page, user);

    await tabTo(page, page.getByLabel('Event type'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('keyboard.sent');
    await tabTo(page, page.getByLabel('Webhook URL'));
    await page.keyboard.type(`${receiver.url}/keyboard`);
    await tabTo(page, page.getByRole('button', { name: 'Send test event' }));
    await page.keyboard.press('Enter');
    const arrival = page.getByRole('region', { name: 'Sent event' });
    await arrival.getByRole('row', { name: /webhook.*delivered/ }).waitFor({ timeout: 20_000 });
    await tabTo(page, arrival.getByRole('link', { name: 'Open the event’s details' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/projects/${user.projectId}/events/*`);
    expect(receiver.requests.some((r) => r.body.event_type === 'keyboard.sent')).toBe(true);
  });
});
