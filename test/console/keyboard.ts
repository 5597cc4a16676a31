import type { Locator, Page } from 'playwright-core';

/**
 * Presses Tab until `target` has the focus, as a keyboard user moves through a page; fails when
 * it is not reached within `max` presses (it cannot be focused, or the tab order skips it).
 */
export async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab did not reach ${target} within ${max} presses`);
}
