import type { Locator, Page } from 'playwright-core';
import { useConsole, type ConsoleUser } from '../../support/console';
import { eventually } from '../../support/eventually';
import { WebhookReceiver } from '../../support/webhook-receiver';

// Two quick attempts 20-50 ms apart: a failing receiver's deliveries reach the dead letters in well under a second.
const c = useConsole({ env: { RETRY_MAX_ATTEMPTS: '2', RETRY_BASE_DELAY_MS: '20', RETRY_MAX_DELAY_MS: '50' } });

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  for (const receiver of receivers) await receiver.stop();
});

/** A project's receiver, answering 503 (a transient failure, so deliveries run out of attempts) until told otherwise. */
async function failingReceiver(user: ConsoleUser): Promise<{ receiver: WebhookReceiver; succeed(): void }> {
  const receiver = await WebhookReceiver.start(user.signingSecret);
  receivers.push(receiver);
  receiver.respondWith((_req, res) => res.writeHead(503).end('down for maintenance'));
  return { receiver, succeed: () => receiver.respondWith((_req, res) => res.writeHead(200).end('ok')) };
}

/** Sends one webhook event as a client would and waits, through the api, for its delivery to be dead-lettered. */
async function deadLettered(user: ConsoleUser, url: string): Promise<{ id: string; notificationId: string }> {
  const sent = await c
    .http()
    .post('/api/v1/events')
    .set('X-API-Key', user.apiKey)
    .send({ event_type: 'order.paid', recipients: [{ channels: ['webhook'], webhook_url: url }], payload: { url }, inline: { html: 'x' } });
  expect(sent.status).toBe(202);
  return eventually(async () => {
    const list = await c.http().get('/api/v1/dead-letter?status=active').set('X-API-Key', user.apiKey);
    const record = list.body.items.find((item: { recipient: string }) => item.recipient === url);
    expect(record).toBeDefined();
    return { id: record.id as string, notificationId: record.notification_id as string };
  });
}

/** The page's window inside an evaluate (a type only: the tests compile without the DOM's types). */
type Window = { document: { activeElement: unknown }; getComputedStyle(el: unknown): { opacity: string } };

/** Presses Tab until the named control has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, role: 'button' | 'link', name: string | RegExp): Promise<void> {
  const target = page.getByRole(role, { name, exact: true });
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === (globalThis as unknown as Window).document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached the ${role} "${String(name)}"`);
}

/** Waits for a dialog to finish fading in, so axe judges its colours as a person sees them, not mid-transition. */
async function shown(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await eventually(async () =>
    expect(await dialog.evaluate((el) => (globalThis as unknown as Window).getComputedStyle(el).opacity)).toBe('1'),
  );
}

describe('dead letters in the console', () => {
  it('when a delivery runs out of attempts, then a person finds it in the list, reads why, fixes the receiver and retries it to a real delivery', async () => {
    const user = await c.aUserWithProject('dl-retry');
    const { receiver, succeed } = await failingReceiver(user);
    const url = `${receiver.url}/orders`;
    const record = await deadLettered(user, url);

    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.goto(`${c.origin}/projects/${user.projectId}/dead-letters`);
    await page.getByRole('heading', { name: 'Dead letters' }).waitFor();
    await page.getByRole('link', { name: url }).waitFor();
    await c.audit(page, 'dead-letters-list');

    // The filters live in the URL; one that leaves it out empties the list, one that matches shows it again.
    await page.getByLabel('Reason').selectOption('Refused for good');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No dead letter matches these filters.').waitFor();
    expect(new URL(page.url()).searchParams.get('error_type')).toBe('permanent_failure');
    await page.getByLabel('Reason').selectOption('Ran out of attempts');
    await page.getByLabel('Channel').selectOption('Webhook');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('link', { name: url }).waitFor();
    expect(new URL(page.url()).searchParams.get('error_type')).toBe('retries_exhausted');
    await page.reload();
    await page.getByRole('link', { name: url }).waitFor();
    expect(await page.getByLabel('Reason').inputValue()).toBe('retries_exhausted');

    await page.getByRole('link', { name: url }).click();
    await page.waitForURL(`**/dead-letters/${record.id}`);
    await page.getByRole('cell', { name: 'Ran out of attempts (retries_exhausted)' }).waitFor();
    await page.getByRole('table', { name: 'Delivery attempts, oldest first' }).getByText('HTTP 503').first().waitFor();
    expect(await page.getByRole('table', { name: 'Delivery attempts, oldest first' }).getByRole('row').count()).toBe(3);
    await c.audit(page, 'dead-letter-detail');

    succeed();
    await page.getByRole('button', { name: 'Retry', exact: true }).click();
    await shown(page.getByRole('dialog', { name: 'Retry this delivery?' }));
    await c.audit(page, 'dead-letter-retry-confirm');
    await page.getByRole('button', { name: 'Retry delivery' }).click();
    await page.getByRole('status').getByText('Retried: the delivery is queued again').waitFor();

    // The receiver gets it for real, as the next attempt, and the page follows the notification to delivered.
    await eventually(() => expect(receiver.for(record.notificationId).map((r) => r.headers['x-herald-attempt'])).toEqual(['1', '2', '3']));
    expect(receiver.for(record.notificationId)[2].signatureValid).toBe(true);
    await page
      .getByRole('row', { name: /^Notification/ })
      .getByText('delivered')
      .waitFor();
    await page.getByRole('table', { name: 'Delivery attempts, oldest first' }).getByText('HTTP 200').waitFor();
    expect(await page.getByRole('button', { name: 'Retry', exact: true }).isDisabled()).toBe(true);
    await c.audit(page, 'dead-letter-retried');
  });

  it('when a person discards a dead letter, then it is never sent; when someone else decided first, then the page says so in words', async () => {
    const user = await c.aUserWithProject('dl-discard');
    const { receiver, succeed } = await failingReceiver(user);
    const discarded = await deadLettered(user, `${receiver.url}/discard-me`);
    const raced = await deadLettered(user, `${receiver.url}/raced`);
    succeed();

    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.goto(`${c.origin}/projects/${user.projectId}/dead-letters/${discarded.id}`);
    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    await page.getByRole('dialog', { name: 'Discard this dead letter?' }).waitFor();
    await page.getByRole('button', { name: 'Discard dead letter' }).click();
    await page.getByRole('status').getByText('Discarded: Herald will not send this delivery.').waitFor();
    await page.getByRole('cell', { name: 'discarded', exact: true }).waitFor();
    const record = await c.http().get(`/api/v1/dead-letter/${discarded.id}`).set('X-API-Key', user.apiKey);
    expect(record.body.status).toBe('discarded');
    expect(receiver.for(discarded.notificationId)).toHaveLength(2);

    // Another client retries the second one while the page still shows it active: the 409 is explained.
    await page.goto(`${c.origin}/projects/${user.projectId}/dead-letters/${raced.id}`);
    await page.getByRole('button', { name: 'Discard', exact: true }).waitFor();
    const elsewhere = await c.http().post(`/api/v1/dead-letter/${raced.id}/retry`).set('X-API-Key', user.apiKey);
    expect(elsewhere.status).toBe(200);
    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    await page.getByRole('button', { name: 'Discard dead letter' }).click();
    await page
      .getByRole('alert')
      .getByText(/no longer active: it was already retried or discarded/)
      .waitFor();
    await page.getByRole('cell', { name: 'retried', exact: true }).waitFor();
    await c.audit(page, 'dead-letter-conflict');
  });

  it('when a person replays everything matching a filter with the keyboard alone, then the count is shown before confirming and every delivery arrives', async () => {
    const user = await c.aUserWithProject('dl-replay');
    const { receiver, succeed } = await failingReceiver(user);
    const records = [];
    for (const path of ['/a', '/b', '/c']) records.push(await deadLettered(user, `${receiver.url}${path}`));
    succeed();

    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.goto(`${c.origin}/projects/${user.projectId}/dead-letters?status=active&channel=webhook`);
    await page.getByRole('link', { name: `${receiver.url}/a` }).waitFor();

    await tabTo(page, 'button', 'Replay matching…');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Replay dead letters' });
    await shown(dialog);
    await dialog.getByText('3 dead letters will be replayed.').waitFor();
    await c.audit(page, 'dead-letters-replay-confirm');
    await tabTo(page, 'button', 'Replay 3 dead letters');
    await page.keyboard.press('Enter');
    await dialog.getByText('Replay finished: 3 deliveries requeued; 0 matching still active.').waitFor();
    await c.audit(page, 'dead-letters-replay-done');

    for (const record of records) {
      await eventually(() =>
        expect(receiver.for(record.notificationId).map((r) => r.headers['x-herald-attempt'])).toEqual(['1', '2', '3']),
      );
    }
    await tabTo(page, 'button', 'Close');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('No dead letter matches these filters.').waitFor();
  });
});
