import { useConsole } from '../../support/console';

const c = useConsole();

describe('organizations and projects in the console', () => {
  it('when a person creates an organization and a project with the keyboard alone, then the project opens and its signing secret was shown once', async () => {
    const user = await c.aUserWithProject('creator');
    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.getByRole('heading', { name: 'Your projects' }).waitFor();

    await page.getByRole('button', { name: 'New organization' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'New organization' }).waitFor();
    await page.keyboard.type('Acme Notifications');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/organizations\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Acme Notifications', level: 1 }).waitFor();
    await page.getByText('Your role:').getByText('owner').waitFor();

    await page.getByRole('button', { name: 'New project' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'New project' }).waitFor();
    await page.keyboard.type('Billing emails');
    await page.keyboard.press('Enter');
    const secret = await page.getByLabel('Webhook signing secret', { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await c.audit(page, 'project-created');
    await page.getByRole('link', { name: 'Open the project' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}\/keys$/);

    // The switcher now offers the new project, grouped under its organization.
    await page.goto(`${c.origin}/organizations/${user.organizationId}`);
    await page.getByRole('table', { name: 'Projects of this organization' }).getByRole('link', { name: 'default' }).waitFor();
  });

  it('when a name is refused by the api, then the field says why and nothing is created', async () => {
    const user = await c.aUserWithProject('refused');
    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.getByRole('button', { name: 'New organization' }).click();
    await page.getByLabel('Name').fill('bad\u202Ename');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page
      .getByRole('dialog')
      .getByText(/bidi|control|character/i)
      .waitFor();
  });
});
