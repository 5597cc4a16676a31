import { copyFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOTS, type ConsoleFixture } from './console';
import { WebhookReceiver } from './webhook-receiver';

/**
 * What the tests of the endpoint screens share: the portal shows them to a consumer, the console's
 * consumer page to a member (services/console/src/shared/endpoint-scope.tsx).
 */

/**
 * Real receivers on loopback, each verifying with the secret the page showed (known only once it
 * is shown, so set later through `secret.value`); stopped after the file.
 */
export function useSecretReceivers(): () => Promise<{ receiver: WebhookReceiver; secret: { value: string } }> {
  const receivers: WebhookReceiver[] = [];
  afterAll(() => Promise.all(receivers.map((r) => r.stop())));
  return async () => {
    const secret = { value: '' };
    const receiver = await WebhookReceiver.start(() => secret.value);
    receivers.push(receiver);
    return { receiver, secret };
  };
}

/** axe with no serious violation, then the screenshot, also kept at /tmp/<name>.png to look at. */
export async function look(c: ConsoleFixture, page: Page, name: string): Promise<void> {
  await c.audit(page, name);
  copyFileSync(path.join(SCREENSHOTS, `${name}.png`), `/tmp/${name}.png`);
}

/** From a page with an "Add endpoint" link, fills the form with the mouse and submits it; returns the secret shown once. */
export async function addEndpoint(page: Page, url: string, types: string[] = []): Promise<string> {
  await page.getByRole('link', { name: 'Add endpoint' }).click();
  await page.getByRole('heading', { name: 'Add an endpoint' }).waitFor();
  await page.getByRole('textbox', { name: 'URL', exact: true }).fill(url);
  for (const type of types) await page.getByRole('checkbox', { name: type }).check();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await page.getByRole('heading', { name: 'Endpoint added' }).waitFor();
  return page.getByLabel('Signing secret').inputValue();
}

/** The row of the newest delivery with this status, waited for (the list refreshes itself). */
export async function deliveryRow(page: Page, status: string) {
  const row = page
    .getByRole('region', { name: 'Deliveries' })
    .getByRole('row', { name: new RegExp(status) })
    .first();
  await row.waitFor({ timeout: 20_000 });
  return row;
}
