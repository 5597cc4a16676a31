import type { Locator } from 'playwright-core';
import { eventually } from './eventually';

// Evaluated in the browser; the tests' own compiler has no DOM types.
declare function getComputedStyle(el: unknown): { opacity: string };

/**
 * Waits until a dialog has finished fading in, so axe judges its colours (and the page dimmed
 * behind it) as a person sees them rather than mid-transition.
 */
export async function dialogShown(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await eventually(async () => expect(await dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1'));
}
