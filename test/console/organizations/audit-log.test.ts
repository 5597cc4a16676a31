import { useConsole } from '../../support/console';
import { tabTo } from '../../support/tab-to';

const c = useConsole();

describe("an organization's audit log in the console", () => {
  it('when the owner filters it with the keyboard alone, then the filters live in the URL, survive a reload, and the list pages', async () => {
    const owner = await c.aUserWithProject('auditor');
    const bearer = { Authorization: `Bearer ${owner.accessToken}` };
    const kept = `kept-${Date.now()}@example.com`;
    const dropped = `dropped-${Date.now()}@example.com`;
    for (const email of [kept, dropped]) {
      const sent = await c
        .http()
        .post(`/api/v1/organizations/${owner.organizationId}/invitations`)
        .set(bearer)
        .send({ email, role: 'viewer' });
      expect(sent.status).toBe(201);
      if (email === dropped) {
        const gone = await c.http().delete(`/api/v1/organizations/${owner.organizationId}/invitations/${sent.body.id}`).set(bearer);
        expect(gone.status).toBe(204);
      }
    }
    // More project changes than one page holds.
    for (let i = 0; i < 26; i++) {
      const changed = await c
        .http()
        .patch(`/api/v1/projects/${owner.projectId}`)
        .set(bearer)
        .send({ description: `version ${i}` });
      expect(changed.status).toBe(200);
    }

    const page = await c.newPage();
    await c.signIn(page, owner.email);
    await page.goto(`${c.origin}/organizations/${owner.organizationId}`);
    await page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Audit log' }).click();
    const table = page.getByRole('table', { name: /Audit entries/ });
    await table.getByRole('cell', { name: 'project.updated' }).first().waitFor();
    expect(await page.title()).toMatch(/^Audit log · /);
    await c.audit(page, 'organization-audit-log');

    await tabTo(page, page.getByLabel('Action'));
    await page.keyboard.type('invitation.created');
    await page.keyboard.press('Enter');
    await page.waitForURL(/action=invitation\.created/);
    // The unfiltered page stays on screen while the filtered one loads: wait for what it drops.
    await table.getByRole('cell', { name: 'invitation.revoked' }).first().waitFor({ state: 'detached' });
    await table.getByRole('row', { name: new RegExp(dropped) }).waitFor();
    const rows = table.getByRole('row', { name: /invitation\.created/ });
    expect(await rows.count()).toBe(2);
    await rows.filter({ hasText: kept }).getByRole('cell', { name: owner.email }).waitFor();
    expect(await table.getByRole('cell', { name: 'invitation.revoked' }).count()).toBe(0);

    await page.reload();
    await table.getByRole('row', { name: new RegExp(kept) }).waitFor();
    expect(await page.getByLabel('Action').inputValue()).toBe('invitation.created');
    expect(await table.getByRole('row', { name: /invitation\.created/ }).count()).toBe(2);

    // The project's own changes, past one page: the second page is in the URL too.
    await page.getByLabel('Action').fill('project.updated');
    await page.getByLabel('In project').selectOption({ label: 'default' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/project_id=/);
    await page.getByText('26 entries').waitFor();
    await page.getByRole('button', { name: 'Page 2 of entries' }).click();
    await page.waitForURL(/page=2/);
    // The oldest change is alone on the second page.
    await table.getByRole('cell', { name: /description: version 0$/ }).waitFor();
    expect(await table.getByRole('row', { name: /project\.updated/ }).count()).toBe(1);
    await table.getByRole('cell', { name: 'default' }).waitFor();

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => url.search === '');
    expect(await page.getByLabel('Action').inputValue()).toBe('');
    expect(await page.getByLabel('In project').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Page 2 of entries' }).click();
    await table.getByRole('cell', { name: 'invitation.revoked' }).waitFor();
  });
});
