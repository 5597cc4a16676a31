import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { useConsole, type ConsoleUser } from '../../support/console';
import { addEndpoint, deliveryRow, look as lookAt, useSecretReceivers } from '../../support/endpoint-screens';
import { eventually } from '../../support/eventually';
import { LoopbackHttp } from '../../support/loopback-http';
import { tabTo } from '../../support/tab-to';
import type { ReceivedRequest } from '../../support/webhook-receiver';

const c = useConsole();

// Evaluated in the browser, where there is a document; the tests' own compiler has no DOM types.
declare const getComputedStyle: (el: unknown) => {
  backgroundColor: string;
  color: string;
  fontFamily: string;
  borderRadius: string;
  getPropertyValue(name: string): string;
};
declare const location: { hash: string };
declare const sessionStorage: { length: number; key(i: number): string | null; getItem(key: string): string | null };

/** The look a project gives its portal; the page must show it. */
const THEME = {
  primary_color: '#6a1b9a',
  background_color: '#fffaf0',
  text_color: '#1b1b1b',
  border_radius_px: 10,
  font_family: 'Georgia, serif',
};

const aReceiver = useSecretReceivers();

/** As a receiver using any Standard Webhooks library would check it. */
function verifiesWith(secret: string, request: ReceivedRequest): boolean {
  try {
    new Webhook(secret).verify(request.rawBody.toString('utf8'), request.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}

interface Portal {
  user: ConsoleUser;
  uid: string;
  /** A fresh single-use portal link, made as the project's backend makes it. */
  link(): Promise<string>;
}

let n = 0;

/** A project with a themed portal, a catalogue of two event types and one consumer. */
async function aPortal(theme: object = THEME, allowedOrigins: string[] = []): Promise<Portal> {
  const user = await c.aUserWithProject('portal');
  const api = (method: 'post' | 'put', url: string, body: object) =>
    c.http()[method](`/api/v1${url}`).set('X-API-Key', user.apiKey).send(body);
  const uid = `acme-${++n}`;
  expect((await api('post', '/consumers', { uid, name: 'Acme Corp' })).status).toBe(201);
  for (const type of [
    { name: 'order.created', description: 'An order was placed.', example: { order_id: 'A-1', total_cents: 4200 } },
    { name: 'order.shipped', description: 'An order left the warehouse.', example: { order_id: 'A-1', carrier: 'DHL' } },
  ]) {
    expect((await api('post', '/event-types', type)).status).toBe(201);
  }
  expect((await api('put', '/portal-settings', { allowed_origins: allowedOrigins, theme })).status).toBe(200);
  return {
    user,
    uid,
    link: async () => {
      const made = await api('post', `/consumers/${uid}/portal-sessions`, {});
      expect(made.status).toBe(201);
      return made.body.url as string;
    },
  };
}

/** Opens a portal link in the page and waits for the consumer's endpoints. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { name: 'Endpoints', level: 1 }).waitFor();
}

/** axe with no serious violation, then the screenshot, also kept at /tmp/portal-<name>.png to look at. */
const look = (page: Page, name: string) => lookAt(c, page, `portal-${name}`);

describe('the consumer portal', () => {
  it('when a consumer opens its link, adds an endpoint from the catalogue and sends a test event, then the delivery and its attempt show and the receiver verifies it with the secret shown', async () => {
    const portal = await aPortal();
    const { receiver, secret } = await aReceiver();
    const page = await c.newPage();
    const assets: string[] = [];
    page.on('request', (r) => assets.push(new URL(r.url()).pathname));
    const url = await portal.link();
    await open(page, url);
    // The code left the address bar at once: no reload, bookmark or screen share carries it.
    expect(page.url()).not.toContain('code=');
    expect(page.url()).toContain(`/portal/${portal.user.projectId}`);
    await page.getByText('for Acme Corp').waitFor();
    await page.getByText('No endpoint yet').waitFor();
    await look(page, 'empty');
    // Themed as the project chose: the variables on the root, the page, its text and its primary button in those colours.
    const style = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => {
          const s = getComputedStyle(el);
          return {
            primary: s.getPropertyValue('--portal-primary').trim(),
            background: s.backgroundColor,
            color: s.color,
            font: s.fontFamily,
            radius: s.borderRadius,
          };
        });
    expect(await style('html')).toMatchObject({ primary: THEME.primary_color });
    expect(await style('body')).toMatchObject({ background: 'rgb(255, 250, 240)', color: 'rgb(27, 27, 27)', font: 'Georgia, serif' });
    expect(await style('a:has-text("Add endpoint")')).toMatchObject({
      background: 'rgb(106, 27, 154)',
      color: 'rgb(255, 255, 255)',
      radius: '10px',
    });

    await page.getByRole('link', { name: 'Add endpoint' }).click();
    await page.getByRole('heading', { name: 'Add an endpoint' }).waitFor();
    // The catalogue: each type with its description, and its example a click away.
    await page.getByText('An order was placed.').waitFor();
    await page.getByText('Example of order.created').click();
    await page.getByText('"total_cents": 4200').waitFor();
    await look(page, 'add-endpoint');
    await page.getByRole('textbox', { name: 'URL', exact: true }).fill(`${receiver.url}/orders`);
    await page.getByLabel('Description').fill('Order updates for the warehouse');
    await page.getByRole('checkbox', { name: 'order.created' }).check();
    await page.getByLabel('Rate limit (deliveries per second)').fill('50');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('heading', { name: 'Endpoint added' }).waitFor();
    secret.value = await page.getByLabel('Signing secret').inputValue();
    expect(secret.value).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    await look(page, 'endpoint-added');

    await page.getByRole('link', { name: 'Go to the endpoint' }).click();
    const settings = page.getByRole('table', { name: 'Settings of this endpoint' });
    await settings.getByRole('row', { name: /Event types\s*order\.created/ }).waitFor();
    await settings.getByRole('row', { name: /Rate limit\s*50 per second/ }).waitFor();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByRole('status').getByText('Test event sent').waitFor();
    const row = await deliveryRow(page, 'herald.test.*delivered');
    await look(page, 'endpoint-delivered');
    const received = await eventually(async () => {
      expect(receiver.requests).toHaveLength(1);
      return receiver.requests[0]!;
    });
    expect(verifiesWith(secret.value, received)).toBe(true);

    await row.getByRole('link', { name: /^Attempts of the herald.test delivery/ }).click();
    await page.getByRole('heading', { name: 'Delivery', level: 1 }).waitFor();
    const attempts = page.getByRole('table', { name: 'Every attempt, oldest first' });
    await attempts.getByRole('row', { name: /^1 .*delivered\s*200/ }).waitFor();
    await look(page, 'delivery');

    // Its own chunk: nothing of the console's main bundle was loaded.
    expect(assets.filter((a) => /^\/assets\/main-/.test(a))).toEqual([]);
    expect(assets.some((a) => /^\/assets\/portal-.*\.js$/.test(a))).toBe(true);
  });

  it('when a delivery fails and the receiver is fixed, then the failure shows under its status and replaying since a time delivers it', async () => {
    const portal = await aPortal();
    const { receiver, secret } = await aReceiver();
    receiver.respondWith((_req, res) => res.writeHead(400).end('not today'));
    const page = await c.newPage();
    await open(page, await portal.link());
    secret.value = await addEndpoint(page, `${receiver.url}/flaky`);
    await page.getByRole('link', { name: 'Go to the endpoint' }).click();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await deliveryRow(page, 'herald.test.*failed');

    await page.getByLabel('Status').selectOption('failed');
    await page.getByRole('region', { name: 'Deliveries' }).getByText('1 delivery').waitFor();
    const failed = await deliveryRow(page, 'failed');
    await failed.getByRole('link', { name: /^Attempts of/ }).click();
    await page
      .getByRole('table', { name: 'Every attempt, oldest first' })
      .getByRole('row', { name: /failed\s*400/ })
      .waitFor();
    await look(page, 'failed-delivery');
    await page.getByRole('link', { name: 'Back to the endpoint' }).click();

    receiver.respondWith((_req, res) => res.writeHead(200).end('ok'));
    const replay = page.getByRole('form', { name: 'Replay failures' });
    // A day ago by default; an hour ago still covers this failure.
    const anHourAgo = new Date(Date.now() - 3_600_000 - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await replay.getByLabel('Failed since').fill(anHourAgo);
    await replay.getByRole('button', { name: 'Replay failures' }).click();
    await page.getByRole('status').getByText('1 failed delivery sent again.').waitFor();
    await page.getByLabel('Status').selectOption('delivered');
    await deliveryRow(page, 'herald.test.*delivered');
    await look(page, 'replayed');
    await eventually(async () => {
      expect(receiver.requests.filter((r) => verifiesWith(secret.value, r)).length).toBeGreaterThanOrEqual(2);
      expect(receiver.requests.at(-1)!.body.event_type).toBe('herald.test');
    });
  });

  it('when the secret is rotated, then the new one is shown once and the next webhook verifies with it', async () => {
    const portal = await aPortal();
    const { receiver, secret } = await aReceiver();
    const page = await c.newPage();
    await open(page, await portal.link());
    const first = await addEndpoint(page, `${receiver.url}/rotating`);
    await page.getByRole('link', { name: 'Go to the endpoint' }).click();

    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret' });
    await dialog.getByLabel('Grace period (seconds)').fill('0');
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    const shown = page.getByRole('dialog', { name: 'Secret rotated' });
    await shown.getByText('Copy it now: it is not shown again').waitFor();
    secret.value = await shown.getByLabel('New signing secret').inputValue();
    expect(secret.value).toMatch(/^whsec_/);
    expect(secret.value).not.toBe(first);
    await look(page, 'rotated');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });
    // Once closed, the secret is nowhere on the page.
    expect(await page.content()).not.toContain(secret.value);

    await page.getByRole('button', { name: 'Send test event' }).click();
    await deliveryRow(page, 'herald.test.*delivered');
    const received = await eventually(async () => {
      expect(receiver.requests).toHaveLength(1);
      return receiver.requests[0]!;
    });
    expect(verifiesWith(secret.value, received)).toBe(true);
    expect(verifiesWith(first, received)).toBe(false);
  });

  it('when a consumer edits, disables, enables and deletes an endpoint, then each change shows', async () => {
    const portal = await aPortal();
    const { receiver } = await aReceiver();
    const page = await c.newPage();
    await open(page, await portal.link());
    await addEndpoint(page, `${receiver.url}/before`, ['order.created']);
    await page.getByRole('link', { name: 'Go to the endpoint' }).click();
    const settings = page.getByRole('table', { name: 'Settings of this endpoint' });

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit endpoint' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'order.created' }).isChecked()).toBe(true);
    await page.getByRole('textbox', { name: 'URL', exact: true }).fill(`${receiver.url}/after`);
    await page.getByRole('checkbox', { name: 'order.created' }).uncheck();
    await page.getByRole('checkbox', { name: 'order.shipped' }).check();
    await page.getByLabel('Other event types or patterns').fill('invoice.*');
    await page.getByRole('checkbox', { name: 'Enabled' }).uncheck();
    await look(page, 'edit-endpoint');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await settings.getByRole('row', { name: /Event types\s*order\.shipped, invoice\.\*/ }).waitFor();
    await settings.getByText(`${receiver.url}/after`).waitFor();
    await settings.getByRole('row', { name: /Status\s*disabled/ }).waitFor();

    // A disabled endpoint takes no test event; the api's refusal is said where the button is.
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByRole('alert').getByText('The test event was not sent').waitFor();
    await page.getByRole('button', { name: 'Enable' }).click();
    await settings.getByRole('row', { name: /Status\s*active/ }).waitFor();
    await page.getByRole('button', { name: 'Disable' }).click();
    await settings.getByRole('row', { name: /Status\s*disabled.*disabled in the portal/ }).waitFor();

    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await dialog.getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByRole('heading', { name: 'Endpoints', level: 1 }).waitFor();
    await page.getByText('No endpoint yet').waitFor();
  });

  it('when the project chooses a dark theme, then the screens are dark and still read at AA contrast', async () => {
    const portal = await aPortal({ primary_color: '#74c0fc', background_color: '#15171c', text_color: '#eceff4', border_radius_px: 0 });
    const { receiver } = await aReceiver();
    receiver.respondWith((_req, res) => res.writeHead(500).end('down'));
    const page = await c.newPage();
    await open(page, await portal.link());
    expect(await page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(21, 23, 28)');
    // A light primary colour gets dark text on its buttons.
    expect(await page.getByRole('link', { name: 'Add endpoint' }).evaluate((el) => getComputedStyle(el).color)).toBe('rgb(0, 0, 0)');
    await page.getByRole('link', { name: 'Add endpoint' }).click();
    await page.getByRole('checkbox', { name: 'order.created' }).check();
    await page.getByText('Example of order.created').click();
    await look(page, 'dark-add-endpoint');
    await page.getByRole('textbox', { name: 'URL', exact: true }).fill(`${receiver.url}/dark`);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('heading', { name: 'Endpoint added' }).waitFor();
    await look(page, 'dark-endpoint-added');
    await page.getByRole('link', { name: 'Go to the endpoint' }).click();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await deliveryRow(page, 'herald.test.*(retrying|failed)');
    await look(page, 'dark-endpoint');
  });

  it('when a person uses the keyboard alone, then they can add an endpoint with its event types and read its secret', async () => {
    const portal = await aPortal();
    const { receiver } = await aReceiver();
    const page = await c.newPage();
    await open(page, await portal.link());

    await tabTo(page, page.getByRole('link', { name: 'Add endpoint' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Add an endpoint' }).waitFor();
    await tabTo(page, page.getByRole('textbox', { name: 'URL', exact: true }));
    await page.keyboard.type(`${receiver.url}/keyboard`);
    await tabTo(page, page.getByLabel('Description'));
    await page.keyboard.type('Typed without a mouse');
    await tabTo(page, page.getByRole('checkbox', { name: 'order.shipped' }));
    await page.keyboard.press('Space');
    // The example opens from the keyboard too.
    await tabTo(page, page.getByText('Example of order.shipped'));
    await page.keyboard.press('Enter');
    await page.getByText('"carrier": "DHL"').waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Add endpoint' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Endpoint added' }).waitFor();
    await tabTo(page, page.getByLabel('Signing secret'));
    expect(await page.getByLabel('Signing secret').inputValue()).toMatch(/^whsec_/);
    await tabTo(page, page.getByRole('link', { name: 'Go to the endpoint' }));
    await page.keyboard.press('Enter');
    const settings = page.getByRole('table', { name: 'Settings of this endpoint' });
    await settings.getByRole('row', { name: /Event types\s*order\.shipped/ }).waitFor();
    await settings.getByRole('row', { name: /Description\s*Typed without a mouse/ }).waitFor();
  });

  it('when a link is opened a second time, then it says the link has expired, while the tab that used it keeps its session across a reload', async () => {
    const portal = await aPortal();
    const url = await portal.link();
    const first = await c.newPage();
    await open(first, url);

    const second = await c.newPage();
    await second.goto(url);
    await second.getByRole('heading', { name: 'This link has expired', level: 1 }).waitFor();
    await second.getByRole('alert').getByText('A portal link works once').waitFor();
    await look(second, 'link-expired');

    await first.reload();
    await first.getByRole('heading', { name: 'Endpoints', level: 1 }).waitFor();
    // The used link again in the same tab: the link is what was asked for, and it is spent.
    await first.goto(url);
    await first.getByRole('heading', { name: 'This link has expired', level: 1 }).waitFor();
  });

  it('when a tab holding a session opens a new link, then the new session takes its place and the old token is refused', async () => {
    const portal = await aPortal();
    const page = await c.newPage();
    const heldToken = () => page.evaluate(() => JSON.parse(sessionStorage.getItem(sessionStorage.key(0)!)!).accessToken as string);
    const endpoints = (token: string) => c.http().get(`/api/v1/consumers/${portal.uid}/endpoints`).set('Authorization', `Bearer ${token}`);
    await open(page, await portal.link());
    const old = await heldToken();
    // A second link as a page load (the kept session is then only in the tab's storage) ...
    await page.goto('about:blank');
    await open(page, await portal.link());
    const second = await heldToken();
    expect(second).not.toBe(old);
    await eventually(async () => expect((await endpoints(old)).status).toBe(401));
    // ... and a third as a fragment change, while the second is open.
    await page.evaluate((hash) => (location.hash = hash), new URL(await portal.link()).hash);
    await eventually(async () => expect(await heldToken()).not.toBe(second));
    await eventually(async () => expect((await endpoints(second)).status).toBe(401));
    expect((await endpoints(await heldToken())).status).toBe(200);
  });

  it('when a new link is opened in a tab showing the portal, then the new session shows the endpoints and later addresses work', async () => {
    const portal = await aPortal();
    const page = await c.newPage();
    await open(page, await portal.link());
    await page.getByRole('link', { name: 'Add endpoint' }).click();
    await page.getByRole('heading', { name: 'Add an endpoint' }).waitFor();
    // Only the fragment changes: no page load, so the screens already on the page must follow the new session.
    await page.evaluate((hash) => (location.hash = hash), new URL(await portal.link()).hash);
    await page.getByRole('heading', { name: 'Endpoints', level: 1 }).waitFor();
    await page.getByText('No endpoint yet').waitFor();
    expect(await page.getByRole('heading', { name: 'Not found' }).count()).toBe(0);
    expect(page.url()).not.toContain('code=');
    await look(page, 'new-link-same-tab');
    // The router follows the address bar again: the next screen opens as usual.
    await page.getByRole('link', { name: 'Add endpoint' }).click();
    await page.getByRole('heading', { name: 'Add an endpoint' }).waitFor();
  });

  it('when the session stops working while the page is open, then the next thing the consumer does says the session has ended', async () => {
    const portal = await aPortal();
    const page = await c.newPage();
    await open(page, await portal.link());
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem(sessionStorage.key(0)!)!).accessToken as string);
    // Ended elsewhere (as when it runs out): the api refuses the token from now on.
    expect((await c.http().delete('/api/v1/portal/sessions/current').set('Authorization', `Bearer ${token}`)).status).toBe(204);
    // Any next call finds out (and a call already under way may have found out first): here, opening the add form.
    await page.evaluate(() => (location.hash = '#/endpoints/new'));
    await page.getByRole('heading', { name: 'Your session has ended', level: 1 }).waitFor();
    await page.getByRole('alert').getByText('open it again').waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });

  it('when the consumer ends the session, then the page says so and the token no longer works', async () => {
    const portal = await aPortal();
    const page = await c.newPage();
    await open(page, await portal.link());
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem(sessionStorage.key(0)!)!).accessToken as string);
    expect(token).toMatch(/^hps_/);
    await page.getByRole('button', { name: 'End session' }).click();
    await page.getByRole('heading', { name: 'You have left the portal' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    const after = await c.http().get(`/api/v1/consumers/${portal.uid}/endpoints`).set('Authorization', `Bearer ${token}`);
    expect(after.status).toBe(401);
    await page.reload();
    await page.getByRole('heading', { name: 'Open the portal from your account' }).waitFor();
  });

  it('when the project lists an origin, then its app embeds the portal in a frame that works; an app on another origin shows nothing and spends no link', async () => {
    let frameSrc = '';
    const app = () =>
      new LoopbackHttp((_req, res) =>
        res
          .writeHead(200, { 'Content-Type': 'text/html' })
          .end(
            `<!doctype html><html lang="en"><title>Acme app</title><iframe title="Webhooks portal" src="${frameSrc}" width="1200" height="700"></iframe></html>`,
          ),
      );
    const [allowed, stranger] = [app(), app()];
    await Promise.all([allowed.listen(), stranger.listen()]);
    try {
      const portal = await aPortal(THEME, [allowed.origin]);
      frameSrc = await portal.link();
      const page = await c.newPage();
      await page.goto(allowed.origin);
      const frame = page.frameLocator('iframe[title="Webhooks portal"]');
      await frame.getByRole('heading', { name: 'Endpoints', level: 1 }).waitFor();
      await frame.getByRole('link', { name: 'Add endpoint' }).click();
      await frame.getByRole('heading', { name: 'Add an endpoint' }).waitFor();
      await look(page, 'embedded');

      frameSrc = await portal.link();
      const elsewhere = await c.newPage();
      // The load event waits for the frame, refused or not.
      await elsewhere.goto(stranger.origin);
      expect(await elsewhere.frameLocator('iframe[title="Webhooks portal"]').getByRole('heading').count()).toBe(0);
      // The refused frame ran nothing, so the link is still good for the page that may show it.
      await open(elsewhere, frameSrc);
    } finally {
      await Promise.all([allowed.stop(), stranger.stop()]);
    }
  });
});
