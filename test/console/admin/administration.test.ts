import { anAdministrator } from '../../api/admin/admin.support';
import { useConsole } from '../../support/console';
import { dialogShown } from '../../support/dialog-shown';
import { eventually } from '../../support/eventually';
import { tabTo } from '../../support/tab-to';

const c = useConsole();

/** Sends one email event with the project's key, as a client would. */
async function sendEvent(apiKey: string): Promise<void> {
  const sent = await c
    .http()
    .post('/api/v1/events')
    .set('X-API-Key', apiKey)
    .send({
      event_type: 'admin.ping',
      recipients: [{ channels: ['email'], email: 'ada@example.com' }],
      payload: {},
      inline: { html: 'x' },
    });
  expect(sent.status).toBe(202);
}

describe('platform administration in the console', () => {
  it('when an administrator holds only health:read, then the nav offers Health alone, reached by keyboard, and a forced API-key page shows the api refusing', async () => {
    const admin = await anAdministrator(c.system.api.db, ['health:read']);
    const page = await c.newPage();
    await c.signIn(page, admin.email);

    // Keyboard only: from the home page to the administration, which opens the one section allowed.
    await tabTo(page, page.getByRole('link', { name: 'Administration' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${c.origin}/admin/health`);
    await page.getByRole('heading', { name: 'Health', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Administration' });
    await nav.getByRole('link', { name: 'Health' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Health']);
    await c.audit(page, 'admin-health-only');

    await page.goto(`${c.origin}/admin/api-keys`);
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    await expect(page.getByRole('alert').filter({ hasText: 'Not allowed' }).textContent()).resolves.toMatch(/Not allowed: .*api_keys:read/);
    // What the permissions do not allow is not offered, only the api's answer to the forced visit.
    expect(await page.getByLabel('Leaked secret', { exact: true }).count()).toBe(0);
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Health']);
    await c.audit(page, 'admin-api-keys-forbidden');
  });

  it('when a member is no administrator, then the console offers no administration', async () => {
    const user = await c.aUserWithProject('member');
    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.getByRole('heading', { name: 'Your projects' }).waitFor();
    expect(await page.getByRole('link', { name: 'Administration' }).count()).toBe(0);
    await page.goto(`${c.origin}/admin`);
    await page.getByText('You are not a platform administrator.').waitFor();
  });

  it('when a leaked secret is looked up, then its key is shown and revoked after confirming, and the api refuses it from then on', async () => {
    const owner = await c.aUserWithProject('leaky');
    expect((await c.http().get('/api/v1/events').set('X-API-Key', owner.apiKey)).status).toBe(200);
    const admin = await anAdministrator(c.system.api.db, ['api_keys:read', 'api_keys:write']);
    const page = await c.newPage();
    await c.signIn(page, admin.email);
    await page.goto(`${c.origin}/admin/api-keys`);
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Keys of every project, newest first' }).waitFor();
    await c.audit(page, 'admin-api-keys');

    await page.getByLabel('Leaked secret', { exact: true }).fill(owner.apiKey);
    await page.getByRole('button', { name: 'Look up key' }).click();
    const found = page.getByRole('table', { name: 'The key this secret belongs to: “bootstrap”' });
    await found.waitFor();
    await found.getByRole('row', { name: `Project id ${owner.projectId}` }).waitFor();
    await found.getByRole('row', { name: 'Status active' }).waitFor();
    // The secret is typed into a password field and sent in a body: never shown, never in the URL.
    expect(page.url()).not.toContain(owner.apiKey);
    expect(await page.getByLabel('Leaked secret', { exact: true }).getAttribute('type')).toBe('password');

    await page.getByRole('button', { name: 'Revoke this key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke “bootstrap”?' });
    await dialogShown(dialog);
    await c.audit(page, 'admin-api-keys-revoke');
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('Key “bootstrap” revoked').waitFor();
    await found.getByRole('row', { name: 'Status revoked' }).waitFor();
    expect(await page.getByRole('button', { name: 'Revoke this key' }).count()).toBe(0);

    await eventually(async () => expect((await c.http().get('/api/v1/events').set('X-API-Key', owner.apiKey)).status).toBe(401));

    // The list, narrowed to the project by the URL's filters, shows it revoked.
    await page.goto(`${c.origin}/admin/api-keys?project_id=${owner.projectId}`);
    const list = page.getByRole('table', { name: 'Keys matching the filters, newest first' });
    await list.getByRole('row', { name: /bootstrap .* revoked/ }).waitFor();
    await page.getByText('1 key', { exact: true }).waitFor();
  });

  it('when a secret matches no key, then the page says so, done with the keyboard alone', async () => {
    const admin = await anAdministrator(c.system.api.db, ['api_keys:read']);
    const page = await c.newPage();
    await c.signIn(page, admin.email);
    await page.goto(`${c.origin}/admin/api-keys`);
    const secret = page.getByLabel('Leaked secret', { exact: true });
    await tabTo(page, secret);
    await page.keyboard.type('hk_live_not_a_key_anyone_has');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'No key has this secret.' }).waitFor();
  });

  it('when an administrator reads the platform analytics, usage and audit log, then each shows data narrowed by filters kept in the URL', async () => {
    const owner = await c.aUserWithProject('reported');
    for (let i = 0; i < 3; i++) await sendEvent(owner.apiKey);
    await c.system.api.flushUsage();
    const admin = await anAdministrator(c.system.api.db, ['analytics:read', 'usage:read', 'audit_log:read']);
    const page = await c.newPage();
    await c.signIn(page, admin.email);
    await page.goto(`${c.origin}/admin`);
    await page.waitForURL(`${c.origin}/admin/analytics`);
    const nav = page.getByRole('navigation', { name: 'Administration' });
    await nav.getByRole('link', { name: 'Audit log' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Analytics', 'Usage', 'Audit log']);

    // Analytics, narrowed to the project with the keyboard: its id, then Enter.
    await page.getByRole('heading', { name: 'Platform analytics', level: 1 }).waitFor();
    await tabTo(page, page.getByLabel('Project id'));
    await page.keyboard.type(owner.projectId);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('project_id') === owner.projectId);
    await page.getByRole('status').filter({ hasText: 'one project' }).waitFor();
    await expect(page.getByRole('group', { name: 'Events' }).textContent()).resolves.toContain('3');
    await page.getByRole('heading', { name: 'Notifications per channel' }).waitFor();
    await page
      .getByRole('table', { name: /^Per channel/ })
      .getByRole('row', { name: /^Email 3/ })
      .waitFor();
    await c.audit(page, 'admin-analytics');

    // Usage, opened from the nav by keyboard, narrowed by the URL.
    await tabTo(page, nav.getByRole('link', { name: 'Usage' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Platform usage', level: 1 }).waitFor();
    await page.getByLabel('Project id').fill(owner.projectId);
    await page.getByLabel('Endpoint').fill('/events');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('endpoint') === '/events');
    const usage = page.getByRole('table', { name: /matching the filters/ });
    await usage
      .getByRole('row', { name: new RegExp(`${owner.organizationId.slice(0, 8)} ${owner.projectId.slice(0, 8)} /events 3$`) })
      .waitFor();
    await page.getByRole('heading', { name: 'Requests per hour' }).waitFor();
    await c.audit(page, 'admin-usage');

    // The audit log: the project's key made at its creation, by action and project.
    await page.goto(`${c.origin}/admin/audit-log?action=api_key.created&project_id=${owner.projectId}`);
    await page.getByRole('heading', { name: 'Platform audit log', level: 1 }).waitFor();
    const log = page.getByRole('table', { name: 'Audit entries matching the filters, newest first' });
    await log.getByRole('row', { name: /api_key\.created .*name: bootstrap/ }).waitFor();
    await page.getByText('1 audit entry', { exact: true }).waitFor();
    expect(await page.getByLabel('Action').inputValue()).toBe('api_key.created');
    await c.audit(page, 'admin-audit-log');
  });
});
