import { useConsole } from '../../support/console';
import { aMemberJoined } from '../../support/console-invitations';

const c = useConsole();

describe('an invitation in the console', () => {
  it('when a second person opens the link in their invitation email, then they join with the role they were given and see the organization; signing out ends it', async () => {
    const owner = await c.aUserWithProject('owner');
    const { email: invited, page } = await aMemberJoined(c, owner, 'developer');
    await page.getByText('Your role:').getByText('developer').waitFor();
    await page.getByRole('link', { name: 'default' }).waitFor();
    await c.audit(page, 'organization');
    expect(page.url()).not.toContain('token=');

    await page.getByRole('button', { name: `Account: ${invited}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await page.waitForURL('**/sign-in');
    // The session is over on the api too: going back to a page needs signing in again.
    await page.goto(`${c.origin}/projects/${owner.projectId}/events`);
    await page.waitForURL('**/sign-in?next=*');
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'herald_refresh')).toBeUndefined();
  });

  it('when the invitation link was used already, then the page says it does not work', async () => {
    const page = await c.newPage();
    await page.goto(`${c.origin}/invitations/accept?token=not-a-real-token`);
    await page.getByRole('alert').getByText('This invitation does not work').waitFor();
  });
});
