import type { Page } from 'playwright-core';
import { useConsole, type ConsoleUser } from '../../support/console';
import { addEndpoint, deliveryRow, look as lookAt, useSecretReceivers } from '../../support/endpoint-screens';
import { eventually } from '../../support/eventually';
import { tabTo } from '../../support/tab-to';

const c = useConsole();

const aReceiver = useSecretReceivers();

/** A project with a catalogue of two event types and one consumer, `acme`. */
async function aConsumer(label: string): Promise<ConsoleUser> {
  const user = await c.aUserWithProject(label);
  const api = (url: string, body: object) => c.http().post(`/api/v1${url}`).set('X-API-Key', user.apiKey).send(body);
  expect((await api('/consumers', { uid: 'acme', name: 'Acme Corp' })).status).toBe(201);
  for (const type of [
    { name: 'order.created', description: 'An order was placed.' },
    { name: 'order.shipped', description: 'An order left the warehouse.' },
  ]) {
    expect((await api('/event-types', type)).status).toBe(201);
  }
  return user;
}

const look = (page: Page, name: string) => lookAt(c, page, name);

async function signedInAtConsumer(user: ConsoleUser): Promise<Page> {
  const page = await c.newPage();
  await c.signIn(page, user.email);
  await page.goto(`${c.origin}/projects/${user.projectId}/consumers/acme`);
  await page.getByRole('heading', { name: 'Acme Corp', level: 1 }).waitFor();
  return page;
}

describe("a consumer's endpoints in the console", () => {
  it('when a member adds an endpoint by keyboard and edits its subscriptions, then the secret shows once and the consumer page lists the new subscriptions', async () => {
    const user = await aConsumer('consumer-endpoints');
    const { receiver } = await aReceiver();
    const page = await signedInAtConsumer(user);

    await tabTo(page, page.getByRole('link', { name: 'Add endpoint' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Add an endpoint', level: 1 }).waitFor();
    // The portal's form, on the console's page: the catalogue with its descriptions.
    await page.getByText('An order was placed.').waitFor();
    await tabTo(page, page.getByRole('textbox', { name: 'URL', exact: true }));
    await page.keyboard.type(`${receiver.url}/orders`);
    await tabTo(page, page.getByRole('checkbox', { name: 'order.created' }));
    await page.keyboard.press('Space');
    await look(page, 'consumer-endpoint-add');
    await tabTo(page, page.getByRole('button', { name: 'Add endpoint' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Endpoint added' }).waitFor();
    const secret = await page.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByText('Store it with your receiver now').waitFor();
    await look(page, 'consumer-endpoint-added');
    await tabTo(page, page.getByRole('link', { name: 'Go to the endpoint' }));
    await page.keyboard.press('Enter');
    const settings = page.getByRole('table', { name: 'Settings of this endpoint' });
    await settings.getByRole('row', { name: /Event types\s*order\.created/ }).waitFor();
    // Shown once: the endpoint's own screen does not carry it.
    expect(await page.content()).not.toContain(secret);

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit endpoint' }).waitFor();
    await page.getByRole('checkbox', { name: 'order.shipped' }).check();
    await page.getByLabel('Other event types or patterns').fill('invoice.*');
    await look(page, 'consumer-endpoint-edit');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await settings.getByRole('row', { name: /Event types\s*order\.created, order\.shipped, invoice\.\*/ }).waitFor();
    const stored = await c.http().get('/api/v1/consumers/acme/endpoints').set('X-API-Key', user.apiKey);
    expect(stored.body.items[0].event_types).toEqual(['order.created', 'order.shipped', 'invoice.*']);

    // Back on the consumer page, its list has the endpoint with the new subscriptions.
    await page.getByRole('link', { name: 'All endpoints' }).click();
    await page.getByRole('heading', { name: 'Acme Corp', level: 1 }).waitFor();
    await page
      .getByRole('row', { name: /\/orders/ })
      .getByText('invoice.*')
      .waitFor();
  });

  it('when a member sends an endpoint a test event, then its delivery and attempt show and the receiver verifies it with the secret shown', async () => {
    const user = await aConsumer('consumer-endpoints-test');
    const { receiver, secret } = await aReceiver();
    const page = await signedInAtConsumer(user);
    secret.value = await addEndpoint(page, `${receiver.url}/orders`);
    await page.getByRole('link', { name: 'Go to the endpoint' }).click();
    // Enter, not a click: a mouse left over the button would hover it into a lower contrast for axe.
    await page.getByRole('button', { name: 'Send test event' }).press('Enter');
    await page.getByRole('status').getByText('Test event sent').waitFor();
    const row = await deliveryRow(page, 'herald.test.*delivered');
    await look(page, 'consumer-endpoint-delivered');
    const received = await eventually(async () => {
      expect(receiver.requests).toHaveLength(1);
      return receiver.requests[0]!;
    });
    expect(received.standardSignatureValid).toBe(true);

    await row.getByRole('link', { name: /^Attempts of the herald.test delivery/ }).click();
    await page.getByRole('heading', { name: 'Delivery', level: 1 }).waitFor();
    await page
      .getByRole('table', { name: 'Every attempt, oldest first' })
      .getByRole('row', { name: /^1 .*delivered\s*200/ })
      .waitFor();
    expect(page.url()).toContain(`/projects/${user.projectId}/consumers/acme/endpoints/`);
    await look(page, 'consumer-endpoint-delivery');
  });

  it('when a delivery fails and the receiver is fixed, then a member replays the failure from the console and it is delivered', async () => {
    const user = await aConsumer('consumer-endpoints-replay');
    const { receiver, secret } = await aReceiver();
    receiver.respondWith((_req, res) => res.writeHead(400).end('not today'));
    const page = await signedInAtConsumer(user);
    secret.value = await addEndpoint(page, `${receiver.url}/flaky`);
    await page.getByRole('link', { name: 'Go to the endpoint' }).click();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await deliveryRow(page, 'herald.test.*failed');

    receiver.respondWith((_req, res) => res.writeHead(200).end('ok'));
    const replay = page.getByRole('form', { name: 'Replay failures' });
    await replay.getByRole('button', { name: 'Replay failures' }).press('Enter');
    await page.getByRole('status').getByText('1 failed delivery sent again.').waitFor();
    await page.getByLabel('Status').selectOption('delivered');
    await deliveryRow(page, 'herald.test.*delivered');
    await look(page, 'consumer-endpoint-replayed');
    await eventually(async () => {
      expect(receiver.requests.filter((r) => r.standardSignatureValid).length).toBeGreaterThanOrEqual(2);
      expect(receiver.requests.at(-1)!.body.event_type).toBe('herald.test');
    });
  });

  it('when a viewer opens an endpoint, then they see its settings and deliveries but no control that changes it', async () => {
    const user = await aConsumer('consumer-endpoints-viewer');
    const { receiver } = await aReceiver();
    const made = await c
      .http()
      .post('/api/v1/consumers/acme/endpoints')
      .set('X-API-Key', user.apiKey)
      .send({ url: `${receiver.url}/seen` });
    expect(made.status).toBe(201);
    expect((await c.http().post(`/api/v1/consumers/acme/endpoints/${made.body.id}/test`).set('X-API-Key', user.apiKey)).status).toBe(202);
    await c.system.api.db.query(`UPDATE memberships SET role = 'viewer' WHERE user_id = $1`, [user.userId]);

    const page = await signedInAtConsumer(user);
    await page.getByText('changing endpoints needs the developer role').waitFor();
    expect(await page.getByRole('link', { name: 'Add endpoint' }).count()).toBe(0);
    await page.getByRole('link', { name: `${receiver.url}/seen` }).click();
    // Among a project's many consumers, the page says whose endpoint it is.
    await page.getByRole('heading', { name: 'Endpoint of Acme Corp', level: 1 }).waitFor();
    expect(await page.title()).toBe('Endpoint of Acme Corp · Herald');
    await page.getByRole('table', { name: 'Settings of this endpoint' }).waitFor();
    await deliveryRow(page, 'herald.test.*delivered');
    expect(await page.getByRole('group', { name: 'Endpoint actions' }).count()).toBe(0);
    expect(
      await page.getByRole('button', { name: /Edit|Send test event|Rotate secret|Disable|Enable|Delete|Replay failures/ }).count(),
    ).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('form', { name: 'Replay failures' }).count()).toBe(0);
    await look(page, 'consumer-endpoint-viewer');

    // Typing a form's address gives the reason, not a form the api would refuse.
    const consumerPath = `${c.origin}/projects/${user.projectId}/consumers/acme`;
    for (const [path, heading] of [
      ['endpoints/new', 'Add an endpoint for Acme Corp'],
      [`endpoints/${made.body.id}/edit`, 'Edit endpoint of Acme Corp'],
    ]) {
      await page.goto(`${consumerPath}/${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByRole('status').filter({ hasText: 'Your role may not change endpoints' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'URL', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /Add endpoint|Save changes/ }).count()).toBe(0);
    }
    await look(page, 'consumer-endpoint-viewer-edit');
    await tabTo(page, page.getByRole('link', { name: 'Back to the endpoints' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Acme Corp', level: 1 }).waitFor();
  });
});
