import { signInLinkIn, useConsole } from '../../support/console';

const c = useConsole();

describe('signing in to the console', () => {
  it('when a person asks for a link and opens it from the email, then the console signs them in and shows their projects; a reload keeps them signed in', async () => {
    const user = await c.aUserWithProject('signin');
    const page = await c.newPage();
    await page.goto(`${c.origin}/`);
    await page.waitForURL('**/sign-in');
    await c.audit(page, 'sign-in');

    await c.signIn(page, user.email);
    await page.getByRole('heading', { name: 'Your projects' }).waitFor();
    await c.audit(page, 'home');

    // The access token lived in memory only: a reload restores the session from the HttpOnly cookie.
    await page.reload();
    await page.getByRole('heading', { name: 'Your projects' }).waitFor();
    const cookies = await page.context().cookies();
    const refresh = cookies.find((cookie) => cookie.name === 'herald_refresh');
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
    // Page scripts see no cookie at all.
    expect(await page.evaluate('document.cookie')).toBe('');
  });

  it('when a sign-in link was already used, then the page says so and offers a new one', async () => {
    const user = await c.aUserWithProject('reuse');
    const page = await c.newPage();
    await c.signIn(page, user.email);
    const other = await c.newPage();
    await other.goto(signInLinkIn(c.smtp, c.origin, user.email)!);
    await other.getByRole('alert').getByText('This sign-in link does not work').waitFor();
    await other.getByRole('link', { name: 'Ask for a new one' }).waitFor();
  });
});
