import type { Page } from 'playwright-core';
import { useConsole } from '../../support/console';
import { aMemberJoined, invitationLink } from '../../support/console-invitations';
import { focusLandsOn, tabTo } from '../../support/tab-to';

const c = useConsole();

async function invite(page: Page, address: string) {
  await page.getByLabel('Email address').fill(address);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await page
    .getByRole('table', { name: /Pending invitations/ })
    .getByRole('cell', { name: address, exact: true })
    .waitFor();
}

describe('members and invitations in the console', () => {
  it('when the owner invites a second person as viewer, then the viewer sees the organization without controls and is refused by the api where they force their way', async () => {
    const owner = await c.aUserWithProject('owner');
    const ownerPage = await c.newPage();
    await c.signIn(ownerPage, owner.email);
    await ownerPage.goto(`${c.origin}/organizations/${owner.organizationId}`);
    const organizationNav = ownerPage.getByRole('navigation', { name: 'Organization' });
    await organizationNav.getByRole('link', { name: 'Invitations' }).click();
    await ownerPage.getByRole('heading', { name: 'Invite someone' }).waitFor();
    expect(await ownerPage.title()).toMatch(/^Invitations · /);

    const viewer = `viewer-${Date.now()}@example.com`;
    await invite(ownerPage, viewer);
    await ownerPage.getByRole('status').getByText(`${viewer} is invited as viewer`, { exact: false }).waitFor();
    await c.audit(ownerPage, 'organization-invitations');

    // The second person opens the link from their email in a browser of their own.
    const viewerPage = await c.newPage();
    await viewerPage.goto(await invitationLink(c, viewer));
    await viewerPage.waitForURL(`**/organizations/${owner.organizationId}`);
    await viewerPage.getByText('Your role:').getByText('viewer').waitFor();
    const viewerNav = viewerPage.getByRole('navigation', { name: 'Organization' });
    await viewerNav.getByRole('link', { name: 'Members' }).click();
    await viewerPage
      .getByRole('table', { name: /Members of this organization/ })
      .getByText(owner.email)
      .waitFor();
    await viewerPage.getByText('Admins and owners manage members').waitFor();
    expect(await viewerNav.getByRole('link').allTextContents()).toEqual(['Projects', 'Members', 'Settings']);
    expect(await viewerPage.getByRole('button', { name: /Change role|Remove/ }).count()).toBe(0);
    expect(await viewerPage.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    await c.audit(viewerPage, 'organization-members-viewer');

    // Forced through the address bar, the api still decides: its 403, in words.
    await viewerPage.goto(`${c.origin}/organizations/${owner.organizationId}/invitations`);
    await viewerPage
      .getByRole('alert')
      .filter({ hasText: 'Could not load the invitations' })
      .getByText(/^Not allowed: /)
      .waitFor();
    expect(await viewerPage.getByLabel('Email address').count()).toBe(0);
    await viewerPage.goto(`${c.origin}/organizations/${owner.organizationId}/audit-log`);
    await viewerPage
      .getByRole('alert')
      .filter({ hasText: 'Could not load the audit log' })
      .getByText(/^Not allowed: /)
      .waitFor();
    await c.audit(viewerPage, 'organization-audit-log-refused');
  });

  it("when the owner changes a member's role, then the member sees it at once; the last owner cannot step down, and a removed member loses the organization", async () => {
    const owner = await c.aUserWithProject('roles');
    const ownerPage = await c.newPage();
    await c.signIn(ownerPage, owner.email);
    const { email: viewer, page: viewerPage } = await aMemberJoined(c, owner, 'viewer');

    // The owner sees the new member and makes them a developer.
    await ownerPage.goto(`${c.origin}/organizations/${owner.organizationId}`);
    await ownerPage.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Members' }).click();
    const members = ownerPage.getByRole('table', { name: /Members of this organization/ });
    await members
      .getByRole('row', { name: new RegExp(viewer) })
      .getByText('viewer', { exact: true })
      .waitFor();
    expect(await members.getByRole('button', { name: `Remove ${owner.email}` }).count()).toBe(0);
    await members.getByRole('button', { name: `Change role of ${viewer}` }).click();
    const dialog = ownerPage.getByRole('dialog', { name: `Change the role of ${viewer}` });
    await dialog.getByLabel('New role').selectOption('developer');
    await c.audit(ownerPage, 'organization-change-role');
    await dialog.getByRole('button', { name: 'Save role' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await members
      .getByRole('row', { name: new RegExp(viewer) })
      .getByText('developer', { exact: true })
      .waitFor();
    await c.audit(ownerPage, 'organization-members-owner');

    await viewerPage.goto(`${c.origin}/organizations/${owner.organizationId}/members`);
    await viewerPage.getByText('Your role:').getByText('developer').waitFor();

    // The last owner cannot step down: the api's 409 shows in the dialog, nothing changes.
    await members.getByRole('button', { name: `Change role of ${owner.email}` }).click();
    const own = ownerPage.getByRole('dialog', { name: `Change the role of ${owner.email}` });
    await own.getByLabel('New role').selectOption('admin');
    await own.getByRole('button', { name: 'Save role' }).click();
    await own
      .getByRole('alert')
      .getByText(/at least one owner/)
      .waitFor();
    await own.getByRole('button', { name: 'Cancel' }).click();

    // Removed, the member loses the organization at once.
    await members.getByRole('button', { name: `Remove ${viewer}` }).click();
    await ownerPage
      .getByRole('dialog', { name: `Remove ${viewer}?` })
      .getByRole('button', { name: 'Remove member' })
      .click();
    await members.getByRole('row', { name: new RegExp(viewer) }).waitFor({ state: 'detached' });
    await viewerPage.reload();
    await viewerPage.getByRole('alert').filter({ hasText: 'Could not load the members' }).waitFor();
  });

  it('when the owner invites, resends and revokes with the keyboard alone, then only the newest link works and a revoked one does not', async () => {
    const owner = await c.aUserWithProject('keyboard');
    const page = await c.newPage();
    await c.signIn(page, owner.email);
    await page.goto(`${c.origin}/organizations/${owner.organizationId}/invitations`);

    const invited = `kb-${Date.now()}@example.com`;
    await tabTo(page, page.getByLabel('Email address'));
    await page.keyboard.type(invited);
    await page.keyboard.press('Enter');
    const pending = page.getByRole('table', { name: /Pending invitations/ });
    await pending.getByRole('cell', { name: invited, exact: true }).waitFor();
    const first = await invitationLink(c, invited);

    // Resend: the dialog says it is a revoke and a new invitation; the old link dies.
    await tabTo(page, page.getByRole('button', { name: `Resend the invitation to ${invited}` }));
    await page.keyboard.press('Enter');
    const resend = page.getByRole('dialog', { name: `Resend the invitation to ${invited}?` });
    await resend.getByText(/revokes this invitation/).waitFor();
    await focusLandsOn(resend.getByRole('button', { name: 'Cancel' }));
    await tabTo(page, resend.getByRole('button', { name: 'Revoke and invite again' }));
    await page.keyboard.press('Enter');
    await resend.waitFor({ state: 'hidden' });
    await page
      .getByRole('status')
      .getByText(/^Invitation sent again/)
      .waitFor();
    const second = await invitationLink(c, invited, 1);
    expect(second).not.toEqual(first);
    await c.audit(page, 'organization-invitation-resent');

    // Revoke: the pending list empties and the newest link stops working too.
    await tabTo(page, page.getByRole('button', { name: `Revoke the invitation to ${invited}` }));
    await page.keyboard.press('Enter');
    const revoke = page.getByRole('dialog', { name: `Revoke the invitation to ${invited}?` });
    await tabTo(page, revoke.getByRole('button', { name: 'Revoke invitation' }));
    await page.keyboard.press('Enter');
    await pending.getByRole('cell', { name: invited, exact: true }).waitFor({ state: 'detached' });
    await page.getByText('No invitation here.').waitFor();

    await page.getByLabel('Status').selectOption('revoked');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/status=revoked/);
    const revoked = page.getByRole('table', { name: /Revoked invitations/ });
    // The resent one and its replacement: both revoked.
    await revoked.getByRole('cell', { name: invited, exact: true }).nth(1).waitFor();
    expect(await revoked.getByRole('cell', { name: invited, exact: true }).count()).toBe(2);

    for (const link of [first, second]) {
      const other = await c.newPage();
      await other.goto(link);
      await other.getByRole('alert').getByText('This invitation does not work').waitFor();
    }
  });

  it('when a member leaves, then the organization is gone from their console; an owner may rename and delete an empty one', async () => {
    const owner = await c.aUserWithProject('leaver');
    const { page: member } = await aMemberJoined(c, owner, 'developer');
    await member.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Settings' }).click();
    expect(await member.getByLabel('Organization name').count()).toBe(0);
    expect(await member.getByRole('button', { name: 'Delete organization' }).count()).toBe(0);
    await member.getByRole('button', { name: 'Leave organization' }).click();
    await member.getByRole('dialog').getByRole('button', { name: 'Leave organization' }).click();
    await member.waitForURL(`${c.origin}/`);

    const page = await c.newPage();
    await c.signIn(page, owner.email);
    await page.goto(`${c.origin}/organizations/${owner.organizationId}/settings`);
    await page.getByLabel('Organization name').fill('Renamed Org');
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('heading', { level: 1, name: 'Renamed Org' }).waitFor();
    await c.audit(page, 'organization-settings');

    // Still holding a project, the organization cannot go: the api's 409 says why.
    await page.getByRole('button', { name: 'Delete organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Renamed Org?' });
    await dialog.getByRole('button', { name: 'Delete organization' }).click();
    await dialog
      .getByRole('alert')
      .getByText(/project/i)
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const gone = await c.http().delete(`/api/v1/projects/${owner.projectId}`).set('Authorization', `Bearer ${owner.accessToken}`);
    expect(gone.status).toBe(204);
    await page.getByRole('region', { name: 'Leave or delete' }).getByRole('button', { name: 'Delete organization' }).click();
    await dialog.getByRole('button', { name: 'Delete organization' }).click();
    await page.waitForURL(`${c.origin}/`);
    const after = await c.http().get(`/api/v1/organizations/${owner.organizationId}`).set('Authorization', `Bearer ${owner.accessToken}`);
    expect(after.status).toBe(404);
  });
});
