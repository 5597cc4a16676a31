import type { Locator } from 'playwright-core';
import { useConsole } from '../../support/console';
import { focusLandsOn, tabTo } from '../../support/tab-to';

const c = useConsole();

/** What a screen reader says after a field's label: its description and error, as Mantine links them. */
async function describedText(field: Locator): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

describe('event types in the console', () => {
  it('when a member adds a type with the keyboard, then a schema the api refuses is shown at its field, and the fixed type can be edited and deleted', async () => {
    const user = await c.aUserWithProject('event-types');
    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.goto(`${c.origin}/projects/${user.projectId}/events`);

    await tabTo(page, page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Event types' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Event types', level: 1 }).waitFor();
    await page.getByText('No event type yet.').waitFor();

    await tabTo(page, page.getByRole('button', { name: 'New event type' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New event type' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await focusLandsOn(name);
    await page.keyboard.type('order.created');
    await page.keyboard.press('Tab');
    await page.keyboard.type('An order was placed.');
    await page.keyboard.press('Tab');
    // A schema Ajv does not compile: the api's 422 names `schema`, and the form shows it there.
    const schema = dialog.getByRole('textbox', { name: 'JSON Schema' });
    await schema.fill('{"type": "no-such-type"}');
    await tabTo(page, dialog.getByRole('button', { name: 'Create event type' }));
    await page.keyboard.press('Enter');
    await eventuallyInvalid(schema);
    expect(await describedText(schema)).toMatch(/must be equal to one of the allowed values/);
    expect(await dialog.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).not.toBe('true');
    await c.audit(page, 'consumers-event-type-schema-refused');

    // Text that is not JSON is caught before anything is sent, at the field too.
    await schema.fill('{"type": ');
    await dialog.getByRole('button', { name: 'Create event type' }).click();
    expect(await describedText(schema)).toMatch(/Not valid JSON/);

    await schema.fill('{"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}');
    await dialog.getByRole('textbox', { name: 'Example payload' }).fill('{"id": 7}');
    await dialog.getByRole('button', { name: 'Create event type' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /order\.created/ });
    await row.getByRole('cell', { name: 'An order was placed.' }).waitFor();
    expect(await row.getByRole('cell', { name: 'Yes', exact: true }).count()).toBe(1);
    await c.audit(page, 'consumers-event-types-list');

    const stored = await c.http().get('/api/v1/event-types/order.created').set('X-API-Key', user.apiKey);
    expect(stored.body).toMatchObject({ description: 'An order was placed.', schema: { required: ['id'] }, example: { id: 7 } });

    // Editing shows what is stored; emptying the schema removes it.
    await row.getByRole('button', { name: 'Edit order.created' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit order.created' });
    // The name cannot change, so the focus starts where the editing does.
    await focusLandsOn(edit.getByRole('textbox', { name: 'Description' }));
    expect(await edit.getByRole('textbox', { name: 'Name' }).isDisabled()).toBe(true);
    expect(await edit.getByRole('textbox', { name: 'Example payload' }).inputValue()).toBe('{\n  "id": 7\n}');
    await edit.getByRole('textbox', { name: 'Description' }).fill('A customer placed an order.');
    await edit.getByRole('textbox', { name: 'JSON Schema' }).fill('');
    await edit.getByRole('button', { name: 'Save event type' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByRole('cell', { name: 'A customer placed an order.' }).waitFor();
    await row.getByRole('cell', { name: 'No', exact: true }).waitFor();

    // Deleting asks first; Cancel keeps it.
    await row.getByRole('button', { name: 'Delete order.created' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete order.created?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Delete order.created' }).click();
    await confirm.getByRole('button', { name: 'Delete event type' }).click();
    await page.getByText('No event type yet.').waitFor();
    expect((await c.http().get('/api/v1/event-types/order.created').set('X-API-Key', user.apiKey)).status).toBe(404);
  });

  it('when a viewer opens event types, then they read the catalogue but are offered no change', async () => {
    const owner = await c.aUserWithProject('event-types-viewer');
    const made = await c
      .http()
      .post('/api/v1/event-types')
      .set('X-API-Key', owner.apiKey)
      .send({ name: 'invoice.paid', description: 'An invoice was paid.' });
    expect(made.status).toBe(201);
    await c.system.api.db.query(`UPDATE memberships SET role = 'viewer' WHERE user_id = $1`, [owner.userId]);

    const page = await c.newPage();
    await c.signIn(page, owner.email);
    await page.goto(`${c.origin}/projects/${owner.projectId}/event-types`);
    await page.getByRole('cell', { name: 'invoice.paid' }).waitFor();
    await page.getByText('Your role can read event types; changing them needs the developer role.').waitFor();
    expect(await page.getByRole('button', { name: /New event type|Edit|Delete/ }).count()).toBe(0);
    await c.audit(page, 'consumers-event-types-viewer');
  });
});

async function eventuallyInvalid(field: Locator): Promise<void> {
  const handle = await field.elementHandle();
  await field
    .page()
    .waitForFunction((el) => (el as { getAttribute(n: string): string | null }).getAttribute('aria-invalid') === 'true', handle);
}
