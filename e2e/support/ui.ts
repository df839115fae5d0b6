/** Small browser-test helpers shared by the specs. */
import { expect, type Page } from '@playwright/test';
import { addDays, todayIso } from '@safarsaathi/contracts';

/**
 * The landing page as a visitor opens it: on a phone its build-time first paint stands until the visitor acts
 * (web-shell/src/landing/startOnIntent.ts), so the visitor moves the pointer, which starts the app, and the
 * real page is there (its language switch: the first paint's own button stands in for it until then).
 */
export async function openLanding(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('load');
  await page.mouse.move(1, 1);
  await expect(page.getByTestId('language-switch')).toBeVisible({ timeout: 20_000 });
}

/** YYYY-MM-DD, `days` from today. */
export const futureDate = (days: number): string => addDays(todayIso(), days);

/** Saves a full-page screenshot into `dir` when it is set (the *_SHOTS_DIR variables). */
export async function shot(page: Page, dir: string | undefined, name: string): Promise<void> {
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** Types into an airport type-ahead and picks the suggestion whose display name ends with (CODE). */
export async function pickAirport(page: Page, testId: string, query: string, code: string): Promise<void> {
  await page.getByTestId(testId).fill(query);
  await page
    .getByRole('option', { name: new RegExp(`\\(${code}\\)`) })
    .first()
    .click();
}

/**
 * Looks for what a Kafka hop or two brings (a match, a case, a notification), reloading between looks when
 * the page does not show it yet. Each look waits long enough for a slow machine to load and render the page:
 * looks of 2–3 s never saw a page that took 4 s to render, however often they reloaded (CI, 2026-11-28).
 * `reloadFirst: false` gives the open page one look first (screens that follow live updates).
 */
export async function reloadUntil(
  page: Page,
  look: (timeout: number) => Promise<void>,
  { timeout = 90_000, lookTimeout = 15_000, reloadFirst = true } = {},
): Promise<void> {
  let looks = 0;
  await expect(async () => {
    if (reloadFirst || looks > 0) await page.reload();
    looks += 1;
    await look(lookTimeout);
  }).toPass({ timeout, intervals: [1_000] });
}
