import type { Page } from 'playwright-core';
import { useConsole, type ConsoleUser } from '../../support/console';
import { tabTo } from '../../support/tab-to';

const c = useConsole();

async function signedIn(label: string): Promise<{ user: ConsoleUser; page: Page }> {
  const user = await c.aUserWithProject(label);
  const page = await c.newPage();
  await c.signIn(page, user.email);
  return { user, page };
}

/** The rendered HTML, inside the preview's sandboxed frame. */
// What these run in the browser uses its globals; the tests' own compiler has no DOM types.
declare const getComputedStyle: (el: unknown) => { color: string; opacity: string };
declare const window: { origin: string };
const previewFrame = (page: Page) => page.getByTitle('HTML preview').contentFrame();

describe('templates in the console', () => {
  it('when a person writes a template, then the preview follows what they type; saved, it can be edited and refuses a wrong field at that field', async () => {
    const { user, page } = await signedIn('tpl-edit');
    await page.goto(`${c.origin}/projects/${user.projectId}/templates`);
    await page.getByText('No templates yet').waitFor();
    await page.getByRole('link', { name: 'New template' }).click();
    await page.getByRole('heading', { name: 'New template' }).waitFor();

    // The starter renders with its sample values before anything is typed.
    await previewFrame(page).getByText('Hi Ada,').waitFor();
    await page.getByText('Welcome, Ada').waitFor();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('order-shipped');
    const body = page.getByLabel('HTML body');
    await body.fill('<h1>Order {{order.id}}</h1>\n<p>Hi {{user.name}}</p>');
    await page.getByText('Rendered; no value for order.id').waitFor();
    await previewFrame(page).getByRole('heading', { name: 'Order' }).waitFor();
    await page.getByRole('button', { name: 'Add missing variables to the sample' }).click();
    await previewFrame(page).getByRole('heading', { name: 'Order order.id' }).waitFor();
    await page.getByLabel('Sample variables (JSON)').fill('{"order": {"id": "A-42"}, "user": {"name": "Grace"}}');
    await previewFrame(page).getByRole('heading', { name: 'Order A-42' }).waitFor();

    // Typing keeps the preview following, once the typing pauses.
    await body.press('End');
    await body.pressSequentially(' <em>ships today</em>');
    await previewFrame(page).getByText('ships today').waitFor();
    await page.getByText('Hi Grace', { exact: false }).first().waitFor();

    // A tag that is not a placeholder is named at the field while typing, before any save.
    await page.getByLabel('Text body').fill('Order {{ order.id + 1 }}');
    await page
      .getByText(/text_body|expression|tag/i)
      .first()
      .waitFor();
    await page.getByLabel('Text body').fill('Order {{order.id}} ships today.');
    await page.getByText('Order A-42 ships today.').waitFor();
    await c.audit(page, 'template-new');

    await page.getByRole('button', { name: 'Create template' }).click();
    await page.getByRole('heading', { name: 'Template order-shipped' }).waitFor();
    // The sample values typed before saving are still the ones rendered.
    await previewFrame(page).getByRole('heading', { name: 'Order A-42' }).waitFor();

    await page.getByLabel('Subject').fill('Order {{order.id}} is on its way');
    await page.getByText('Order A-42 is on its way').waitFor();
    await page.getByLabel('Expected variables').fill('order.id');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('variables must match the variables the template uses: [order.id, user.name]').waitFor();
    await c.audit(page, 'template-edit-refused');
    await page.getByLabel('Expected variables').fill('order.id, user.name');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Template order-shipped saved').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Template order-shipped' }).waitFor();
    expect(await page.getByLabel('Subject').inputValue()).toBe('Order {{order.id}} is on its way');
    await c.audit(page, 'template-edit');
    const stored = await c.http().get('/api/v1/templates').set('X-API-Key', user.apiKey);
    expect(stored.body.items).toEqual([expect.objectContaining({ name: 'order-shipped', subject: 'Order {{order.id}} is on its way' })]);
  });

  it('when an email is imported from HTML, then its samples become variables, a sample it cannot place is named, and deleting asks first', async () => {
    const { user, page } = await signedIn('tpl-import');
    await page.goto(`${c.origin}/projects/${user.projectId}/templates`);
    await page.getByRole('link', { name: 'Import from HTML' }).click();
    await page.getByRole('heading', { name: 'Import a template from HTML' }).waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('receipt');
    await page.getByLabel('Subject').fill('Your receipt, Ada');
    await page.getByLabel('HTML').fill('<html><body><p>Dear Ada,</p><p>Order A-1001 is paid.</p></body></html>');
    await page.getByLabel('Sample values (JSON)').fill('{"name": "Ada", "order.id": "B-9"}');
    await page.getByRole('button', { name: 'Import template' }).click();
    await page.getByText(/order\.id: .+/).waitFor();
    await c.audit(page, 'template-import');

    await page.getByLabel('Sample values (JSON)').fill('{"name": "Ada", "order.id": "A-1001"}');
    await page.getByRole('button', { name: 'Import template' }).click();
    await page.getByRole('heading', { name: 'Template receipt' }).waitFor();
    expect(await page.getByLabel('HTML body').inputValue()).toContain('<p>Order {{order.id}} is paid.</p>');
    expect(await page.getByLabel('Subject').inputValue()).toBe('Your receipt, {{name}}');
    await previewFrame(page).getByText('Order order.id is paid.').waitFor();

    await page.getByRole('button', { name: 'Delete template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the template receipt?' });
    await dialog.waitFor();
    // The browser asks for reduced motion (test/support/console.ts): the dialog is there at once, not fading in.
    expect(await dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await c.audit(page, 'template-delete-confirm');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Delete template' }).click();
    await dialog.getByRole('button', { name: 'Delete receipt' }).click();
    await page.getByRole('heading', { name: 'Templates' }).waitFor();
    await page.getByText('No templates yet').waitFor();
    expect((await c.http().get('/api/v1/templates').set('X-API-Key', user.apiKey)).body.total).toBe(0);
  });

  it('when a project has more templates than a page, then the list pages on the server and filters by channel in the URL', async () => {
    const { user, page } = await signedIn('tpl-list');
    for (let i = 1; i <= 26; i++) {
      const made = await c
        .http()
        .post('/api/v1/templates')
        .set('X-API-Key', user.apiKey)
        .send({ name: `note-${String(i).padStart(2, '0')}`, channel: 'email', subject: `Note ${i}`, body: '<p>{{text}}</p>' });
      expect(made.status).toBe(201);
    }
    await c
      .http()
      .post('/api/v1/templates')
      .set('X-API-Key', user.apiKey)
      .send({ name: 'code', channel: 'sms', body: 'Your code is {{code}}' });

    await page.goto(`${c.origin}/projects/${user.projectId}/templates`);
    await page.getByText('27 templates').waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBe(26);
    await c.audit(page, 'templates-list');
    await page.getByRole('button', { name: 'Page 2 of templates' }).click();
    await page.waitForURL(/page=2/);
    await page.getByRole('link', { name: 'note-01' }).waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBe(3);

    await page.getByLabel('Channel').selectOption('sms');
    await page.waitForURL(/channel=sms/);
    await page.getByText('1 template', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'code' }).click();
    await page.getByRole('heading', { name: 'Template code' }).waitFor();
    await page.getByLabel('Sample variables (JSON)').fill('{"code": "123456"}');
    await page.getByText('Your code is 123456').waitFor();
    await page.getByText('1 segment').waitFor();
    expect(await page.getByTitle('HTML preview').count()).toBe(0);
  });

  it('when a template carries its own styles and a script, then the preview shows the styles as a mail client would and runs nothing', async () => {
    const { user, page } = await signedIn('tpl-styles');
    await page.goto(`${c.origin}/projects/${user.projectId}/templates/new`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('styled');
    await page
      .getByLabel('HTML body')
      .fill(
        '<style>p.brand{color: rgb(0, 128, 0)}</style><p class="brand">Green</p><p style="color: rgb(255, 0, 0)">Red</p><img src="x" onerror="document.body.dataset.ran=1">',
      );
    const frame = previewFrame(page);
    await frame.getByText('Green').waitFor();
    const color = (el: unknown) => getComputedStyle(el).color;
    expect(await frame.getByText('Green').evaluate(color)).toBe('rgb(0, 128, 0)');
    expect(await frame.getByText('Red').evaluate(color)).toBe('rgb(255, 0, 0)');
    expect(await frame.locator('body').evaluate((el) => (el as unknown as { dataset: { ran?: string } }).dataset.ran ?? 'never')).toBe(
      'never',
    );
    // The frame has no origin of its own: nothing in it can read the console's storage or call the api as the person.
    expect(await frame.locator('body').evaluate(() => window.origin)).toBe('null');
  });

  it('when a person uses the keyboard alone, then they can create a template and delete it', async () => {
    const { user, page } = await signedIn('tpl-keys');
    await page.goto(`${c.origin}/projects/${user.projectId}/templates`);
    await page.getByRole('heading', { name: 'Templates' }).waitFor();

    await tabTo(page, page.getByRole('link', { name: 'New template' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'New template' }).waitFor();
    await tabTo(page, page.getByRole('textbox', { name: 'Name', exact: true }));
    await page.keyboard.type('by-keyboard');
    await tabTo(page, page.getByLabel('HTML body'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('<p>Typed for {{user.name}}</p>');
    await previewFrame(page).getByText('Typed for Ada').waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Create template' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Template by-keyboard' }).waitFor();

    await tabTo(page, page.getByRole('button', { name: 'Delete template' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete the template by-keyboard?' });
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Delete by-keyboard' }));
    await page.keyboard.press('Enter');
    await page.getByText('No templates yet').waitFor();
  });
});
