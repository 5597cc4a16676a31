import { anAdministrator } from '../../api/admin/admin.support';
import { useConsole } from '../../support/console';
import { dialogShown } from '../../support/dialog-shown';
import { eventually } from '../../support/eventually';
import { focusLandsOn, tabTo } from '../../support/tab-to';

const c = useConsole();
const db = () => c.system.api.db;

const TEMPLATES = ['system_templates:read', 'system_templates:write'];

describe('system templates in the console', () => {
  afterAll(async () => {
    // Whatever a failed test left behind, the next sign-in emails are Herald's own again.
    await db()
      .query('DELETE FROM system_templates')
      .catch(() => undefined);
  });

  it('when an administrator edits the magic-link email, then the preview follows the typing, sign-in emails use it once saved, and a reset brings the built-in one back', async () => {
    const admin = await anAdministrator(db(), TEMPLATES);
    const page = await c.newPage();
    await c.signIn(page, admin.email);
    await page.goto(`${c.origin}/admin/system-templates`);
    await page.getByRole('heading', { name: 'System templates', level: 1 }).waitFor();
    const row = page.getByRole('row', { name: /auth\.magic_link/ });
    await row.getByText('Built-in', { exact: true }).waitFor();
    await c.audit(page, 'admin-system-templates');

    await row.getByRole('link', { name: 'auth.magic_link' }).click();
    await page.getByRole('heading', { name: 'System template auth.magic_link', level: 1 }).waitFor();
    const frame = page.frameLocator('iframe[title="HTML preview"]');
    await frame.locator('body').waitFor();

    await page.getByLabel('Subject').fill('Your Lighthouse sign-in');
    await page.getByLabel('HTML body').fill('<p>Ahoy from Lighthouse.</p><p><a href="{{link}}">Come aboard</a></p>');
    await page.getByLabel('Text body').fill('Ahoy from Lighthouse. Come aboard: {{link}}');
    await frame.getByText('Ahoy from Lighthouse.').waitFor();
    await page.getByText('Your Lighthouse sign-in').waitFor();
    await c.audit(page, 'admin-system-template-edit');

    // The link may not go anywhere else: the refusal shows at the part while typing.
    await page.getByLabel('HTML body').fill('<p>Ahoy</p><img src="{{link}}">');
    await page.getByRole('form', { name: 'System template' }).getByText('found in the src attribute of <img>').waitFor();
    await eventually(async () => expect(await page.getByLabel('HTML body').getAttribute('aria-invalid')).toBe('true'));
    await page.getByLabel('HTML body').fill('<p>Ahoy from Lighthouse.</p><p><a href="{{link}}">Come aboard</a></p>');
    await frame.getByText('Ahoy from Lighthouse.').waitFor();

    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Customized', { exact: true }).first().waitFor();

    const reader = await c.newPage();
    const someone = await c.aUserWithProject('reader');
    await c.signIn(reader, someone.email);
    const mail = c.smtp.for(someone.email).at(-1)!;
    expect(mail.parsed.subject).toBe('Your Lighthouse sign-in');
    expect(mail.parsed.text).toContain('Ahoy from Lighthouse. Come aboard:');

    await page.getByRole('button', { name: 'Reset to built-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset auth.magic_link?' });
    await dialogShown(dialog);
    await c.audit(page, 'admin-system-template-reset');
    await dialog.getByRole('button', { name: 'Reset to built-in' }).click();
    await page.getByText('Built-in', { exact: true }).first().waitFor();
    expect(await page.getByLabel('Subject').inputValue()).not.toBe('Your Lighthouse sign-in');

    const later = await c.newPage();
    await c.signIn(later, someone.email);
    const next = c.smtp.for(someone.email).at(-1)!;
    expect(next.parsed.subject).not.toBe('Your Lighthouse sign-in');
    expect(next.parsed.text).not.toContain('Ahoy from Lighthouse');
  });

  it('when a replacement is saved with the keyboard alone, then the invitation template says it is customized until reset', async () => {
    const admin = await anAdministrator(db(), TEMPLATES);
    const page = await c.newPage();
    await c.signIn(page, admin.email);
    await page.goto(`${c.origin}/admin/system-templates/organization.invitation`);
    await page.getByRole('heading', { name: 'System template organization.invitation', level: 1 }).waitFor();

    const subject = page.getByLabel('Subject');
    await tabTo(page, subject);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Join us on Herald');
    await tabTo(page, page.getByRole('button', { name: 'Save template' }));
    await page.keyboard.press('Enter');
    await page.getByText('Customized', { exact: true }).first().waitFor();
    await eventually(async () => {
      const { rows } = await db().query<{ n: string }>('SELECT count(*) AS n FROM system_templates');
      expect(Number(rows[0].n)).toBe(1);
    });

    const reset = page.getByRole('button', { name: 'Reset to built-in' });
    await tabTo(page, reset);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reset organization.invitation?' });
    await focusLandsOn(dialog.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Built-in', { exact: true }).first().waitFor();
  });

  it('when an administrator may only read templates, then the fields are read only and nothing offers to save or reset', async () => {
    const admin = await anAdministrator(db(), ['system_templates:read']);
    const page = await c.newPage();
    await c.signIn(page, admin.email);
    await page.goto(`${c.origin}/admin/system-templates/auth.magic_link`);
    await page.getByRole('heading', { name: 'System template auth.magic_link', level: 1 }).waitFor();
    await page.frameLocator('iframe[title="HTML preview"]').locator('body').waitFor();
    expect(await page.getByLabel('HTML body').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('button', { name: /Save template|Reset to built-in/ }).count()).toBe(0);
    await c.audit(page, 'admin-system-template-read-only');
  });
});
