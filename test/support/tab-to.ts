import type { Locator, Page } from 'playwright-core';

// Checked in the browser, where there is a document; the tests' own compiler has no DOM types.
declare const document: { activeElement: unknown };

/**
 * Moves the focus with the Tab key alone (Shift+Tab with `backwards`) until `target` has it, as a
 * keyboard user does; fails when it is not reached within `limit` presses (not reachable by
 * keyboard, or hidden behind a trap).
 */
export async function tabTo(page: Page, target: Locator, { limit = 60, backwards = false } = {}): Promise<void> {
  // Attached, not visible: a segmented control's radios are focusable yet visually hidden.
  await target.waitFor({ state: 'attached' });
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  if (await target.evaluate((el) => el === document.activeElement)) return;
  throw new Error(`${String(target)} was not reached with ${limit} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

/** Waits until `target` has the focus (a dialog moves it there once it has opened). */
export async function focusLandsOn(target: Locator, timeout = 5_000): Promise<void> {
  await target.waitFor();
  const handle = await target.elementHandle();
  await target.page().waitForFunction((el) => el === document.activeElement, handle, { timeout });
}
