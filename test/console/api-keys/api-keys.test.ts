import type { Page } from 'playwright-core';
import { useConsole, type ConsoleUser } from '../../support/console';
import { focusLandsOn, tabTo } from '../../support/tab-to';

const c = useConsole();

/** The events list: what a key with events:read may do and a refused key may not. */
const listEvents = (key: string) => c.http().get('/api/v1/events').set('X-API-Key', key);

async function openKeys(page: Page, user: ConsoleUser): Promise<void> {
  await c.signIn(page, user.email);
  await page.goto(`${c.origin}/projects/${user.projectId}/keys`);
  await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
}

describe('API keys in the console', () => {
  it('when a developer creates a key with a scope, rotates it without grace and revokes the replacement, then the api honours each step', async () => {
    const user = await c.aUserWithProject('keys');
    const page = await c.newPage();
    await openKeys(page, user);
    await c.audit(page, 'api-keys');

    await page.getByRole('button', { name: 'New API key' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('reporting');
    await dialog.getByRole('checkbox', { name: 'events:read', exact: true }).check();
    await c.audit(page, 'api-keys-create');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const secret = await dialog.getByLabel('New API key').inputValue();
    expect(secret).toMatch(/^hk_/);
    await dialog.getByText('not shown again').waitFor();
    await c.audit(page, 'api-keys-created');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The key does what its scope allows and nothing more.
    expect((await listEvents(secret)).status).toBe(200);
    expect((await c.http().get('/api/v1/templates').set('X-API-Key', secret)).status).toBe(403);
    const row = page.getByRole('row', { name: /reporting/ });
    await row.getByText('active', { exact: true }).waitFor();
    await row.getByText('events:read').waitFor();

    await page.getByRole('button', { name: 'Rotate reporting' }).click();
    await dialog.getByLabel('Grace period (seconds)').fill('0');
    await dialog.getByRole('button', { name: 'Rotate key' }).click();
    const replacement = await dialog.getByLabel('New API key').inputValue();
    expect(replacement).toMatch(/^hk_/);
    expect(replacement).not.toBe(secret);
    await dialog.getByRole('button', { name: 'Done' }).click();

    expect((await listEvents(secret)).status).toBe(401);
    expect((await listEvents(replacement)).status).toBe(200);
    // The old key is listed as refused, with no action left; the replacement can still be revoked.
    await page.getByRole('row', { name: /reporting.*expired/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Revoke reporting' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Revoke reporting' }).click();
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByRole('row', { name: /reporting.*revoked/ }).waitFor();
    expect((await listEvents(replacement)).status).toBe(401);
  });

  it('when the webhook signing secret is rotated, then the new secret is shown once and signs from now on', async () => {
    const user = await c.aUserWithProject('signing');
    const page = await c.newPage();
    await openKeys(page, user);
    await page.getByRole('button', { name: 'Rotate webhook signing secret' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Grace period (seconds)').fill('0');
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    const secret = await dialog.getByLabel('New webhook signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(user.signingSecret);
    await c.audit(page, 'api-keys-signing-secret');
  });

  it('when a viewer tries to create a key, then the page says in words that their role is too low', async () => {
    const user = await c.aUserWithProject('viewer');
    await c.system.api.db.query(`UPDATE memberships SET role = 'viewer' WHERE user_id = $1`, [user.userId]);
    const page = await c.newPage();
    await openKeys(page, user);
    await page.getByRole('button', { name: 'New API key' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('not mine to make');
    await dialog.getByRole('checkbox', { name: 'events:read', exact: true }).check();
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByRole('alert').getByText('Not allowed: this needs the developer role; you are viewer').waitFor();
  });

  it('when a person uses the keyboard alone, then they can create a key with every read scope, copy it and revoke it', async () => {
    const user = await c.aUserWithProject('keyboard');
    const page = await c.newPage();
    await openKeys(page, user);

    await tabTo(page, page.getByRole('button', { name: 'New API key' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    // The name field has the focus as the dialog opens.
    await focusLandsOn(dialog.getByLabel('Name'));
    await page.keyboard.type('keyboard key');
    expect(await dialog.getByLabel('Name').inputValue()).toBe('keyboard key');
    await tabTo(page, dialog.getByRole('checkbox', { name: 'All read scopes' }));
    await page.keyboard.press('Space');
    await tabTo(page, dialog.getByRole('button', { name: 'Create key' }));
    await page.keyboard.press('Enter');
    const secret = await dialog.getByLabel('New API key').inputValue();
    expect((await c.http().get('/api/v1/templates').set('X-API-Key', secret)).status).toBe(200);
    await tabTo(page, dialog.getByRole('button', { name: 'Done' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });

    await tabTo(page, page.getByRole('button', { name: 'Revoke keyboard key' }));
    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByRole('button', { name: 'Revoke key' }));
    await page.keyboard.press('Enter');
    await page.getByRole('row', { name: /keyboard key.*revoked/ }).waitFor();
    expect((await c.http().get('/api/v1/templates').set('X-API-Key', secret)).status).toBe(401);
  });
});
