import type { Page } from 'playwright-core';
import { ALL, anAdministrator } from '../../api/admin/admin.support';
import { useConsole } from '../../support/console';
import { dialogShown } from '../../support/dialog-shown';
import { focusLandsOn, tabTo } from '../../support/tab-to';

const c = useConsole();
const db = () => c.system.api.db;

/**
 * The page of /admin/administrators that lists this administrator: the list is in creation order
 * and other test files make administrators in the same database, so it need not be the first.
 */
async function listPageOf(administratorId: string): Promise<number> {
  const { rows } = await db().query<{ before: string }>(
    `SELECT count(*) AS before FROM administrators
      WHERE (created_at, id) < (SELECT created_at, id FROM administrators WHERE id = $1)`,
    [administratorId],
  );
  return Math.floor(Number(rows[0].before) / 25) + 1;
}

const adminHealth = (secret: string) => c.http().get('/api/v1/admin/health').set('Authorization', `Bearer ${secret}`);

async function signedInAdministrator(permissions: string[]): Promise<{ page: Page; email: string; id: string }> {
  const admin = await anAdministrator(db(), permissions);
  const page = await c.newPage();
  await c.signIn(page, admin.email);
  return { page, email: admin.email, id: admin.administrator_id };
}

describe('administrators and system accounts in the console', () => {
  it('when an administrator holds only the read permissions, then the lists and details show without a control to change them', async () => {
    const stronger = await anAdministrator(db(), ALL);
    const { page } = await signedInAdministrator(['administrators:read', 'system_accounts:read']);
    const listed = await listPageOf(stronger.administrator_id);
    await page.goto(`${c.origin}/admin/administrators${listed > 1 ? `?page=${listed}` : ''}`);
    await page.getByRole('heading', { name: 'Administrators', level: 1 }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(stronger.email) });
    await row.getByText('administrators:write').waitFor();
    await c.audit(page, 'admin-administrators-read-only');
    expect(await page.getByRole('button', { name: 'Add administrator' }).count()).toBe(0);

    await row.getByRole('link', { name: stronger.email }).click();
    await page.getByRole('heading', { name: `Administrator ${stronger.email}` }).waitFor();
    await page.getByText('system_templates:write').waitFor();
    expect(
      await page
        .getByRole('button')
        .filter({ hasText: /Save permissions|Remove administrator/ })
        .count(),
    ).toBe(0);
    await c.audit(page, 'admin-administrator-read-only');

    await page.goto(`${c.origin}/admin/system-accounts`);
    await page.getByRole('heading', { name: 'System accounts', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Create system account' }).count()).toBe(0);
  });

  it('when a full administrator creates a system account and issues a credential, then the secret shown once opens /admin/health until it is revoked', async () => {
    const { page } = await signedInAdministrator(ALL);
    await page.goto(`${c.origin}/admin/system-accounts`);
    await page.getByRole('heading', { name: 'System accounts', level: 1 }).waitFor();
    await page.getByLabel('Name').fill('health probe');
    await page.getByRole('checkbox', { name: 'health:read' }).check();
    await c.audit(page, 'admin-system-accounts');
    await page.getByRole('button', { name: 'Create system account' }).click();
    await page.getByRole('heading', { name: 'System account health probe', level: 1 }).waitFor();
    await page.getByText('No credential: the account cannot be used yet.').waitFor();

    await page.getByRole('button', { name: 'Issue credential' }).click();
    const secret = await page.getByLabel('New credential secret').inputValue();
    expect(secret).toMatch(/^hsa_/);
    await page.getByText('not shown again').waitFor();
    await page.getByRole('button', { name: 'Copy', exact: true }).waitFor();
    await c.audit(page, 'admin-system-account-credential');
    expect((await adminHealth(secret)).status).toBe(200);
    // The account holds health:read only: nothing more comes with its secret.
    expect((await c.http().get('/api/v1/admin/administrators').set('Authorization', `Bearer ${secret}`)).status).toBe(403);

    await page.getByRole('button', { name: /^Revoke credential / }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this credential?' });
    await dialogShown(dialog);
    await c.audit(page, 'admin-system-account-revoke');
    await dialog.getByRole('button', { name: 'Revoke credential' }).click();
    await page.getByText('No credential: the account cannot be used yet.').waitFor();
    expect((await adminHealth(secret)).status).toBe(401);

    await page.getByRole('button', { name: 'Delete system account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete system account' }).click();
    await page.getByRole('heading', { name: 'System accounts', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'health probe' }).count()).toBe(0);
  });

  it('when a weaker administrator tries to remove a stronger one with the keyboard alone, then the page says why the api refused', async () => {
    const stronger = await anAdministrator(db(), ALL);
    const { page } = await signedInAdministrator(['administrators:read', 'administrators:write']);
    await page.goto(`${c.origin}/admin/administrators/${stronger.administrator_id}`);
    await page.getByRole('heading', { name: `Administrator ${stronger.email}` }).waitFor();
    await page.getByText('This administrator holds permissions you lack').waitFor();

    const remove = page.getByRole('button', { name: 'Remove administrator' });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Remove ${stronger.email}?` });
    await focusLandsOn(dialog.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const refusal = dialog.getByRole('alert');
    await refusal.getByText(/Not allowed: you lack permissions this account holds/).waitFor();
    await dialogShown(dialog);
    await c.audit(page, 'admin-administrator-refused');
    await page.keyboard.press('Escape');

    // Nothing changed: the stronger administrator still holds everything.
    const me = await c.http().get('/api/v1/auth/me').set(stronger.auth);
    expect(me.body.admin_permissions.sort()).toEqual([...ALL].sort());
  });
});
