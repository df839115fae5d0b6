/** Small browser-test helpers shared by the specs. */
import { type Page } from '@playwright/test';
import { addDays, todayIso } from '@safarsaathi/contracts';

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
