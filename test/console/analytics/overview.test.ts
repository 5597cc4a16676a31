import { useConsole, type ConsoleUser } from '../../support/console';
import { eventually } from '../../support/eventually';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { tabTo } from '../../support/tab-to';

const c = useConsole();

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  for (const receiver of receivers) await receiver.stop();
});

async function receiver(status: number): Promise<WebhookReceiver> {
  const started = await WebhookReceiver.start(() => '');
  receivers.push(started);
  started.respondWith((_req, res) => res.writeHead(status).end(status === 200 ? 'ok' : 'gone'));
  return started;
}

async function send(user: ConsoleUser, url: string): Promise<void> {
  const sent = await c
    .http()
    .post('/api/v1/events')
    .set('X-API-Key', user.apiKey)
    .send({ event_type: 'invoice.paid', recipients: [{ channels: ['webhook'], webhook_url: url }], payload: {}, inline: { html: 'x' } });
  expect(sent.status).toBe(202);
}

/** Three deliveries to a receiver that takes them, one to a receiver that answers 410 (refused for good). */
async function aProjectWithTraffic(): Promise<{ user: ConsoleUser; failingUrl: string }> {
  const user = await c.aUserWithProject('overview');
  const ok = await receiver(200);
  const gone = await receiver(410);
  const failingUrl = `${gone.url}/hooks`;
  for (let i = 0; i < 3; i++) await send(user, `${ok.url}/hooks`);
  await send(user, failingUrl);
  await eventually(async () => {
    const failed = await c.http().get('/api/v1/notifications?status=failed').set('X-API-Key', user.apiKey);
    const delivered = await c.http().get('/api/v1/notifications?status=delivered').set('X-API-Key', user.apiKey);
    expect([failed.body.total, delivered.body.total]).toEqual([1, 3]);
  });
  // The whole hours of a range come from the hourly rollup: bring it up to date rather than wait for its timer.
  await c.system.api.compactRollup();
  return { user, failingUrl };
}

describe('the project overview', () => {
  it('when deliveries went out and one failed, then the overview shows the totals and the failure with its reason, one click from its attempts; the range changes in the URL', async () => {
    const { user, failingUrl } = await aProjectWithTraffic();
    const page = await c.newPage();
    await c.signIn(page, user.email);

    // The project's own address lands on its overview.
    await page.goto(`${c.origin}/projects/${user.projectId}`);
    await page.waitForURL(`**/projects/${user.projectId}/overview`);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await page.getByRole('group', { name: 'Events' }).getByText('4', { exact: true }).waitFor();
    await page.getByRole('group', { name: 'Notifications' }).getByText('4', { exact: true }).waitFor();
    await page.getByRole('group', { name: 'Delivery rate' }).getByText('75%').waitFor();
    expect(await page.getByRole('row', { name: /^Webhook/ }).innerText()).toMatch(/Webhook\s+4\s+3\s+1/);
    await page.getByRole('heading', { name: 'Notifications per hour' }).waitFor();
    await page.getByText(/^4 notifications in \d+ hours: 3 delivered, 1 failed\./).waitFor();
    const failures = page.getByRole('table', { name: /newest failed notifications/ });
    await failures.getByRole('cell', { name: 'HTTP 410' }).waitFor();
    await failures.getByRole('link', { name: failingUrl, exact: true }).waitFor();
    await c.audit(page, 'overview');

    // A wider range by the day; the choice is in the URL, so a reload keeps it.
    await page.getByText('Last 30 days', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('range') === '30d');
    await page.getByRole('heading', { name: 'Notifications per day' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Notifications per day' }).waitFor();
    await page.getByRole('group', { name: 'Events' }).getByText('4', { exact: true }).waitFor();

    // A custom range of last week's two days has nothing in it.
    const local = (msAgo: number) => {
      const at = new Date(Date.now() - msAgo);
      return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    };
    await page.getByText('Custom', { exact: true }).click();
    await page.getByLabel('From', { exact: true }).fill(local(8 * 24 * 3_600_000));
    await page.getByLabel('To', { exact: true }).fill(local(6 * 24 * 3_600_000));
    await page.getByRole('button', { name: 'Show this range' }).click();
    await page.waitForURL((url) => url.searchParams.get('range') === 'custom' && url.searchParams.has('to'));
    await page.getByRole('group', { name: 'Events' }).getByText('0', { exact: true }).waitFor();
    await page.getByText('No delivery failed in this range.').waitFor();
    await c.audit(page, 'overview-empty-range');

    // Back undoes the range.
    await page.goBack();
    await page.getByRole('group', { name: 'Events' }).getByText('4', { exact: true }).waitFor();
    await page.getByRole('link', { name: failingUrl, exact: true }).click();
    await page.waitForURL(`**/projects/${user.projectId}/notifications/**`);
    await page
      .getByRole('list', { name: `Attempts for ${failingUrl} by webhook` })
      .getByText('HTTP 410')
      .first()
      .waitFor();
  });

  it('when a keyboard user opens the overview, then they pick a range and reach a failure and its attempts without a mouse', async () => {
    const { user, failingUrl } = await aProjectWithTraffic();
    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.goto(`${c.origin}/projects/${user.projectId}/overview`);
    await page.getByRole('link', { name: failingUrl, exact: true }).waitFor();

    // The range is a radio group: Tab into it, arrows move the choice.
    await tabTo(page, page.getByRole('radio', { name: 'Last 24 hours' }));
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.searchParams.get('range') === '7d');
    await page.getByRole('heading', { name: 'Notifications per day' }).waitFor();

    await tabTo(page, page.getByRole('link', { name: failingUrl, exact: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/projects/${user.projectId}/notifications/**`);
    await page.getByRole('heading', { name: `Notification to ${failingUrl}` }).waitFor();
    await page
      .getByRole('list', { name: `Attempts for ${failingUrl} by webhook` })
      .getByText('HTTP 410')
      .first()
      .waitFor();
  });
});
