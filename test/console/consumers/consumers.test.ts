import { useConsole, type ConsoleUser } from '../../support/console';
import { focusLandsOn, tabTo } from '../../support/tab-to';

const c = useConsole();

/** An endpoint added as the consumer would add it in the portal (through the api, here). */
async function anEndpoint(user: ConsoleUser, uid: string, body: object): Promise<string> {
  const made = await c.http().post(`/api/v1/consumers/${uid}/endpoints`).set('X-API-Key', user.apiKey).send(body);
  expect(made.status).toBe(201);
  return made.body.id as string;
}

describe('consumers in the console', () => {
  it('when a member adds a consumer whose endpoint keeps failing, then they see since when, disable and enable it, and open the portal from a link', async () => {
    const user = await c.aUserWithProject('consumers');
    const page = await c.newPage();
    await c.signIn(page, user.email);
    await page.goto(`${c.origin}/projects/${user.projectId}/events`);

    await tabTo(page, page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Consumers', exact: true }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Consumers', level: 1 }).waitFor();
    await tabTo(page, page.getByRole('textbox', { name: 'UID' }));
    await page.keyboard.type('acme');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Acme Corp');
    await page.keyboard.press('Enter');
    const link = page.getByRole('link', { name: 'acme', exact: true });
    await page.getByRole('row', { name: /acme.*Acme Corp/ }).waitFor();
    await c.audit(page, 'consumers-list');

    // The same uid twice is the api's 409, said in words.
    await page.getByRole('textbox', { name: 'UID' }).fill('acme');
    await page.getByRole('textbox', { name: 'Name' }).fill('Acme again');
    // Enter, not a click: a mouse left over the page would hover the portal dialog's Copy button later.
    await page.getByRole('textbox', { name: 'Name' }).press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Not added' }).waitFor();

    const failing = await anEndpoint(user, 'acme', { url: 'http://127.0.0.1:9/hooks', event_types: ['order.*'] });
    await anEndpoint(user, 'acme', { url: 'http://127.0.0.1:9/all', description: 'Everything' });
    // What the webhook worker records when deliveries to it keep failing.
    await c.system.api.db.query(`UPDATE consumer_endpoints SET failing_since = now() - interval '3 hours' WHERE id = $1`, [failing]);

    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Acme Corp', level: 1 }).waitFor();
    const hooks = page.getByRole('row', { name: /127\.0\.0\.1:9\/hooks/ });
    const all = page.getByRole('row', { name: /127\.0\.0\.1:9\/all/ });
    await hooks.getByText(/^Failing since /).waitFor();
    await hooks.getByText('order.*').waitFor();
    await all.getByText('Every event type').waitFor();
    expect(await all.getByText(/^Failing since /).count()).toBe(0);
    await page.getByText(/Open an endpoint to edit it, send it a test event/).waitFor();
    await c.audit(page, 'consumers-endpoint-failing');

    // Disable with a reason, by keyboard; the confirm dialog starts on Cancel.
    await tabTo(page, hooks.getByRole('button', { name: 'Disable http://127.0.0.1:9/hooks' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Disable this endpoint?' });
    await focusLandsOn(dialog.getByRole('button', { name: 'Cancel' }));
    await tabTo(page, dialog.getByRole('textbox', { name: 'Reason' }), { backwards: true });
    await page.keyboard.type('Receiver is down for maintenance');
    await tabTo(page, dialog.getByRole('button', { name: 'Disable endpoint' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await hooks.getByText('Receiver is down for maintenance').waitFor();
    await hooks.getByText('disabled', { exact: true }).waitFor();
    await c.audit(page, 'consumers-endpoint-disabled');
    const disabled = await c.http().get(`/api/v1/consumers/acme/endpoints/${failing}`).set('X-API-Key', user.apiKey);
    expect(disabled.body).toMatchObject({ enabled: false, disabled_reason: 'Receiver is down for maintenance' });

    // Enabling clears the reason and the failure streak.
    await tabTo(page, hooks.getByRole('button', { name: 'Enable http://127.0.0.1:9/hooks' }));
    await page.keyboard.press('Enter');
    await hooks.getByRole('button', { name: 'Disable http://127.0.0.1:9/hooks' }).waitFor();
    expect(await hooks.getByText(/^Failing since /).count()).toBe(0);
    expect(await hooks.getByText('Receiver is down for maintenance').count()).toBe(0);

    // A portal link, shown once; opened, it is the portal for this consumer.
    await tabTo(page, page.getByRole('button', { name: 'Open portal link' }));
    await page.keyboard.press('Enter');
    const portal = page.getByRole('dialog', { name: 'Portal link' });
    const field = portal.getByRole('textbox', { name: 'Portal link' });
    await field.waitFor();
    await portal.getByText(/works once/).waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(new RegExp(`^${c.origin}/portal/${user.projectId}#code=`));
    await focusLandsOn(portal.getByRole('button', { name: 'Done' }));
    await c.audit(page, 'consumers-portal-link');
    await page.keyboard.press('Enter');
    await portal.waitFor({ state: 'detached' });

    const customer = await c.newPage();
    await customer.goto(url);
    await customer.getByRole('heading', { name: 'Endpoints', level: 1 }).waitFor();
    await customer.getByText('http://127.0.0.1:9/hooks').first().waitFor();
    await c.audit(customer, 'consumers-portal-opened');

    // Deleting asks, then goes back to a list without it.
    await page.getByRole('button', { name: 'Delete consumer' }).click();
    await page.getByRole('dialog', { name: 'Delete Acme Corp?' }).getByRole('button', { name: 'Delete consumer' }).click();
    await page.getByRole('heading', { name: 'Consumers', level: 1 }).waitFor();
    await page.getByText('No consumer yet.').waitFor();
    expect((await c.http().get('/api/v1/consumers/acme').set('X-API-Key', user.apiKey)).status).toBe(404);
  });

  it('when a viewer opens a consumer, then they see its endpoints but no button that changes them or opens the portal', async () => {
    const owner = await c.aUserWithProject('consumers-viewer');
    expect((await c.http().post('/api/v1/consumers').set('X-API-Key', owner.apiKey).send({ uid: 'globex', name: 'Globex' })).status).toBe(
      201,
    );
    await anEndpoint(owner, 'globex', { url: 'http://127.0.0.1:9/globex' });
    await c.system.api.db.query(`UPDATE memberships SET role = 'viewer' WHERE user_id = $1`, [owner.userId]);

    const page = await c.newPage();
    await c.signIn(page, owner.email);
    await page.goto(`${c.origin}/projects/${owner.projectId}/consumers`);
    await page.getByText('Your role can read consumers; changing them needs the developer role.').waitFor();
    expect(await page.getByRole('form', { name: 'Add a consumer' }).count()).toBe(0);
    await page.getByRole('link', { name: 'globex', exact: true }).click();
    await page.getByRole('cell', { name: /127\.0\.0\.1:9\/globex/ }).waitFor();
    expect(await page.getByRole('button', { name: /Open portal link|Delete consumer|Disable|Enable/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Add endpoint' }).count()).toBe(0);
    await c.audit(page, 'consumers-viewer');

    // The api refuses the viewer too, whatever the page offers.
    const refused = await c
      .http()
      .post('/api/v1/consumers/globex/portal-sessions')
      .set('Authorization', `Bearer ${owner.accessToken}`)
      .set('X-Herald-Project', owner.projectId)
      .send({});
    expect(refused.status).toBe(403);
  });
});
