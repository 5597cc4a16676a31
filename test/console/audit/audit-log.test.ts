import { useConsole } from '../../support/console';
import { tabTo } from '../../support/tab-to';

const c = useConsole();

describe("the project's audit log", () => {
  it('when a member created an API key through the API, then the audit log names the action and who did it, and its filters live in the URL', async () => {
    const user = await c.aUserWithProject('audit');
    const created = await c
      .http()
      .post(`/api/v1/projects/${user.projectId}/api-keys`)
      .set('Authorization', `Bearer ${user.accessToken}`)
      .send({ name: 'ci-deploy', scopes: ['events:write'] });
    expect(created.status).toBe(201);

    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.goto(`${c.origin}/projects/${user.projectId}`);
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    // Bootstrap's key (made by the command line) and the member's, newest first.
    const rows = page.getByRole('table', { name: 'Audit entries, newest first' }).getByRole('row');
    await rows.filter({ hasText: 'name: ci-deploy' }).filter({ hasText: 'api_key.created' }).filter({ hasText: 'You' }).waitFor();
    await rows.filter({ hasText: 'Command line' }).waitFor();
    expect(await rows.nth(1).innerText()).toContain('ci-deploy');
    await c.audit(page, 'audit-log');

    // Keyboard only: to the Action field, type, Enter applies the filter.
    await tabTo(page, page.getByLabel('Action'));
    await page.keyboard.type('template.created');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('action') === 'template.created');
    await page.getByText('No entry matches these filters.').waitFor();
    await c.audit(page, 'audit-log-filtered');

    // A shared link with the filter shows the same list.
    await page.goto(`${c.origin}/projects/${user.projectId}/audit-log?action=api_key.created`);
    await page
      .getByRole('table', { name: 'Audit entries matching the filters, newest first' })
      .getByText('ci-deploy', { exact: false })
      .waitFor();
    expect(await page.getByLabel('Action').inputValue()).toBe('api_key.created');
    await page.getByText('2 audit entries').waitFor();
  });
});
