import { useConsole } from '../../support/console';
import { tabTo } from '../../support/tab-to';

// The retry figures of test/support/test-env.ts, and a per-channel override that must win for webhooks.
const c = useConsole({
  env: { WEBHOOK_RETRY_MAX_ATTEMPTS: '5', WEBHOOK_RETRY_BASE_DELAY_MS: '1500', WEBHOOK_RETRY_MAX_DELAY_MS: '60000' },
});

describe('settings in the console', () => {
  it('when a person opens settings from the nav by keyboard, then they read the retry policies and channel configuration the deployment runs with', async () => {
    const user = await c.aUserWithProject('settings');
    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.goto(`${c.origin}/projects/${user.projectId}/events`);

    await tabTo(page, page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Settings' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/projects/${user.projectId}/settings`);

    // RETRY_MAX_ATTEMPTS=3, RETRY_BASE_DELAY_MS=50, RETRY_MAX_DELAY_MS=200: retries wait at most 50 + 100 ms.
    const retries = page.getByRole('table', { name: 'Retry policy of each channel' });
    for (const channel of ['Email', 'SMS']) {
      const row = retries.getByRole('row', { name: new RegExp(`^${channel}\\b`) });
      // Read once the policies have arrived: allInnerTexts does not wait for the row.
      await row.waitFor();
      await expect(row.getByRole('cell').allInnerTexts()).resolves.toEqual(['3', '50 ms', '200 ms', '150 ms']);
    }
    // The webhook's own variables win: 5 attempts, retries waiting at most 1.5 + 3 + 6 + 12 s.
    const webhook = retries.getByRole('row', { name: /^Webhook\b/ });
    await webhook.waitFor();
    await expect(webhook.getByRole('cell').allInnerTexts()).resolves.toEqual([
      '5',
      '1.5 s (1500 ms)',
      '60 s (60000 ms)',
      '22.5 s (22500 ms)',
    ]);

    // The channel configuration, with the test's SMTP server and its loopback allowance.
    const email = page.getByRole('table', { name: 'Email settings' });
    await email
      .getByRole('row', { name: /Provider/ })
      .getByText('SMTP')
      .waitFor();
    await email
      .getByRole('row', { name: /SMTP server/ })
      .getByText(new URL(c.smtp.url).host)
      .waitFor();
    const webhooks = page.getByRole('table', { name: 'Webhook settings' });
    await webhooks
      .getByRole('row', { name: /Timeout/ })
      .getByText('2 s (2000 ms)')
      .waitFor();
    await webhooks
      .getByRole('row', { name: /Private networks allowed/ })
      .getByText('127.0.0.0/8')
      .waitFor();
    await c.audit(page, 'settings');
  });
});
