/// <reference lib="dom" />
/**
 * Issue 14: the keyboard. Only `page.keyboard` drives the browser; at every Tab stop the test checks that
 * the focus can be seen (a focus ring or a focused input's border, on screen and not hidden under a fixed
 * bar). The desktop walk through sign-in, a request, search, contact and chat (commit c7da852) was taken
 * out on 2026-11-23: it was written against the forms before react-hook-form and fails in the companion
 * form since both were merged; it is to come back once fixed (issue 14 note).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpAndSkipTour } from '../support/auth';

const SHOTS = process.env.KBD_SHOTS_DIR;

/** What the browser shows for the focused element: how its focus is drawn, or why it cannot be seen. */
function describeFocus(): { ok: boolean; what: string; how: string } {
  const element = document.activeElement as HTMLElement | null;
  if (!element || element === document.body) return { ok: false, what: 'body', how: 'nothing has the focus' };
  const label =
    element.getAttribute('aria-label') ??
    element.getAttribute('data-testid') ??
    (element.textContent ?? '').trim().slice(0, 40);
  const what = `${element.tagName.toLowerCase()}[role=${element.getAttribute('role') ?? ''}] "${label}"`;
  const drawn = (candidate: Element): boolean => {
    const style = getComputedStyle(candidate);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const autoRing = style.outlineStyle === 'auto';
    return outline || autoRing || (style.boxShadow !== 'none' && style.boxShadow !== '');
  };
  let how = '';
  if (drawn(element)) how = 'outline';
  else {
    // MUI draws keyboard focus on the control's root (checkbox and radio inputs sit inside it).
    const root = element.closest('.Mui-focusVisible');
    if (root && drawn(root)) how = 'ring on the control';
    else {
      // Text fields and selects: the outlined border of the focused field thickens and takes the colour.
      const field = element.closest('.MuiInputBase-root.Mui-focused');
      const border = field?.querySelector(':scope > .MuiOutlinedInput-notchedOutline');
      if (border && parseFloat(getComputedStyle(border).borderTopWidth) >= 2) how = 'field border';
    }
  }
  if (!how) return { ok: false, what, how: 'no visible focus indicator' };
  // WCAG 2.4.11: the focused control is in the viewport and not hidden under something fixed.
  const box = (element.closest('.MuiInputBase-root, .MuiButtonBase-root') ?? element).getBoundingClientRect();
  const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1);
  const y = Math.min(Math.max(box.top + box.height / 2, 0), innerHeight - 1);
  if (box.bottom <= 0 || box.top >= innerHeight) return { ok: false, what, how: `${how}, but off screen` };
  const top = document.elementFromPoint(x, y);
  const control =
    element.closest('.MuiInputBase-root, .MuiButtonBase-root, .MuiFormControlLabel-root') ?? element;
  if (top && !control.contains(top) && !top.contains(control)) {
    return {
      ok: false,
      what,
      how: `${how}, but covered by ${top.tagName.toLowerCase()}.${String(top.className).slice(0, 60)}`,
    };
  }
  return { ok: true, what, how };
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking at every stop that the focus is
 * visible; fails with the path taken when the target is not reached within `max` presses.
 */
async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}): Promise<void> {
  await expect(target).toBeAttached();
  const path: string[] = [];
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focus = await page.evaluate(describeFocus);
    path.push(focus.what);
    expect(focus.ok, `focus on ${focus.what}: ${focus.how} (path: ${path.join(' → ')})`).toBe(true);
    if (
      await target.evaluate(
        (element) => element === document.activeElement || element.contains(document.activeElement),
      )
    ) {
      return;
    }
  }
  throw new Error(
    `not reached by keyboard in ${max} presses: ${target.toString()} (path: ${path.join(' → ')})`,
  );
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test.describe('at phone size', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every Tab stop of the dashboard and the companion screen shows its focus, none under the bottom bar', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpAndSkipTour(page, 'Devika Pillai');
    for (const [path, ready] of [
      ['/dashboard', page.getByTestId('dashboard-search-slot').getByTestId('search-from-airport')],
      ['/companion-service', page.getByRole('tab', { name: 'New Request' })],
    ] as const) {
      await page.goto(path);
      await expect(ready).toBeVisible();
      const bottomBar = page.getByTestId('bottom-nav');
      const lastEntry = bottomBar.getByRole('link', { name: 'Messages' });
      // Every stop from the top of the page to the bottom bar's last entry is checked by tabTo.
      await tabTo(page, lastEntry, { max: 60 });
      await shot(page, `phone${path.replace('/', '-')}-bottom-nav`);
    }
    // A control low on the page is scrolled clear of the bottom bar when it gets the focus.
    await page.goto('/dashboard');
    const search = page.getByTestId('dashboard-search-slot').getByRole('button', { name: 'Search' });
    await tabTo(page, search, { max: 40 });
    await shot(page, 'phone-search-button');
  });
});
