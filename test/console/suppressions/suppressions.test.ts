import { useConsole, type ConsoleUser } from '../../support/console';
import { dialogShown } from '../../support/dialog-shown';
import { eventually } from '../../support/eventually';
import { focusLandsOn, tabTo } from '../../support/tab-to';

const c = useConsole();

/** Sends one email event as a client would; answers the status its one notification settles in. */
async function emailTo(user: ConsoleUser, address: string): Promise<string> {
  const sent = await c
    .http()
    .post('/api/v1/events')
    .set('X-API-Key', user.apiKey)
    .send({
      event_type: 'invoice.ready',
      payload: {},
      recipients: [{ channels: ['email'], email: address }],
      inline: { subject: 'Invoice', html: '<p>Hi</p>' },
    });
  expect(sent.status).toBe(202);
  return eventually(async () => {
    const event = await c.http().get(`/api/v1/events/${sent.body.id}`).set('X-API-Key', user.apiKey);
    const status = event.body.notifications?.[0]?.status;
    expect(['suppressed', 'delivered', 'sent']).toContain(status);
    return status as string;
  });
}

describe('suppressions in the console', () => {
  it('when a person suppresses an address, then an event to it ends suppressed, and once they remove it (by keyboard) it is sent again', async () => {
    const user = await c.aUserWithProject('supp');
    const address = `blocked-${user.userId.slice(0, 8)}@example.com`;
    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.goto(`${c.origin}/projects/${user.projectId}/suppressions`);
    await page.getByRole('heading', { name: 'Suppressions' }).waitFor();
    await page.getByText('No recipient is suppressed.').waitFor();

    // Typed in capitals: the api stores the address lower-cased, and the page shows what it stored.
    const add = page.getByRole('form', { name: 'Add a suppression' });
    await add.getByLabel('Channel').selectOption('Email');
    await add.getByLabel('Recipient').fill(address.toUpperCase());
    await add.getByLabel('Reason').selectOption('Spam complaint');
    await add.getByRole('button', { name: 'Add suppression' }).click();
    await page.getByRole('status').getByText(`Suppressed ${address} on email`).waitFor();
    const row = page.getByRole('row', { name: new RegExp(address) });
    await row.getByRole('cell', { name: 'Spam complaint' }).waitFor();
    await c.audit(page, 'suppressions-list');

    // Adding it again changes nothing, and says so.
    await add.getByLabel('Recipient').fill(address);
    await add.getByRole('button', { name: 'Add suppression' }).click();
    await page.getByRole('status').getByText(`${address} was already suppressed on email; nothing changed.`).waitFor();

    // A recipient the channel cannot have is refused next to the field.
    await add.getByLabel('Channel').selectOption('SMS');
    await add.getByLabel('Recipient').fill('not a phone');
    await add.getByRole('button', { name: 'Add suppression' }).click();
    await page.getByText('recipient must be an E.164 phone number for channel sms').waitFor();
    await c.audit(page, 'suppressions-refused');

    expect(await emailTo(user, address)).toBe('suppressed');

    // The channel filter lives in the URL: SMS has none, email shows the address again.
    const filter = page.getByRole('form', { name: 'Filter suppressions' });
    await filter.getByLabel('Channel').selectOption('SMS');
    await filter.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No recipient is suppressed on SMS.').waitFor();
    expect(new URL(page.url()).searchParams.get('channel')).toBe('sms');
    await filter.getByLabel('Channel').selectOption('Email');
    await filter.getByRole('button', { name: 'Apply filters' }).click();
    await row.waitFor();

    // Removed with the keyboard alone: Tab to the row's button, Enter, the dialog's focused confirm button, Enter.
    const remove = page.getByRole('button', { name: `Remove suppression of ${address} (Email)` });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Remove this suppression?' });
    await dialogShown(dialog);
    await c.audit(page, 'suppressions-remove-dialog');
    await focusLandsOn(dialog.getByRole('button', { name: 'Remove suppression' }));
    await page.keyboard.press('Enter');
    await page.getByText(`Removed the suppression of ${address} (Email).`).waitFor();
    await page.getByText('No recipient is suppressed on Email.').waitFor();

    expect(await emailTo(user, address)).not.toBe('suppressed');
    await eventually(async () => expect(c.smtp.for(address).length).toBe(1));
  });

  it('when a viewer opens suppressions, then they read the list but are offered no add or remove', async () => {
    const owner = await c.aUserWithProject('supp-owner');
    const added = await c
      .http()
      .post('/api/v1/suppressions')
      .set('X-API-Key', owner.apiKey)
      .send({ channel: 'sms', recipient: '+44 7700 900123', reason: 'hard_bounce' });
    expect(added.status).toBe(201);
    // The owner steps down to viewer: the simplest member with a viewer's rights on this project.
    await c.system.api.db.query(`UPDATE memberships SET role = 'viewer' WHERE user_id = $1`, [owner.userId]);

    const page = await c.newPage();
    await c.signIn(page, owner.email);
    await page.goto(`${c.origin}/projects/${owner.projectId}/suppressions`);
    await page.getByRole('cell', { name: '+447700900123' }).waitFor();
    await page.getByText('Your role can read suppressions; adding or removing one needs the developer role.').waitFor();
    expect(await page.getByRole('form', { name: 'Add a suppression' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Remove suppression/ }).count()).toBe(0);
    await c.audit(page, 'suppressions-viewer');
  });
});
