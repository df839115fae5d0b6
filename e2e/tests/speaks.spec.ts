/// <reference lib="dom" />
/**
 * Search by language (addendum §4): the widget's "Speaks" field, chosen with the keyboard on a phone-sized
 * screen, sends `languages` and shows only travellers who speak one of them; a second language widens it.
 */
import { expect, test, type Page } from '@playwright/test';
import type { SearchResult } from '@safarsaathi/contracts';
import { createSignedInUser } from '../../platform/src/testing/users';
import { postRequest } from '../support/pairs';
import { futureDate, openLanding, shot as saveShot } from '../support/ui';

const SHOTS = process.env.SPEAKS_SHOTS_DIR;
const shot = (page: Page, name: string) => saveShot(page, SHOTS, name);

test('Speaks: pick languages with the keyboard at 360 px; results are the travellers who speak one of them', async ({
  page,
  baseURL,
}) => {
  const owner = await createSignedInUser(baseURL!, { fullname: 'Bhavna Patel' });
  // Run first on a fresh product, the companion service may still be starting: postRequest waits out a 503.
  const post = (languagesKnown: string) =>
    postRequest(owner.client, {
      serviceType: 'provide',
      fromAirport: 'ORD',
      toAirport: 'AMD',
      airline: 'Air India',
      flightNumber: 'AI 126',
      travelDate: futureDate(1),
      confirmedTicket: true,
      passengerName: 'Bhavna Patel',
      passengerAge: 41,
      passengerGender: 'female',
      languagesKnown,
      freeService: true,
      connectingFlights: [],
    });
  const gujarati = await post('Gujarati, English');
  const tamil = await post('Tamil');
  await expect
    .poll(
      async () => {
        const answer = await owner.client.get<{ results: SearchResult[] }>(
          '/api/search/public?from=ORD&to=AMD&languages=Tamil,Gujarati',
        );
        // 503 until the search index has caught up with the topics.
        return (answer.body.results ?? []).filter((r) => r.caseid === gujarati || r.caseid === tamil).length;
      },
      { timeout: 60_000 },
    )
    .toBe(2);

  await page.setViewportSize({ width: 360, height: 800 });
  await openLanding(page);
  const widget = page.getByTestId('public-search-slot');
  await expect(widget.getByTestId('search-heading')).toBeVisible();
  const card = (caseid: string) =>
    widget.locator(`[data-testid="search-result-card"][data-caseid="${caseid}"]`);

  // Labelled and keyboard-usable: type, arrow to the option, Enter; Escape closes the list.
  const speaks = widget.getByRole('combobox', { name: 'Speaks' });
  await expect(speaks).toHaveAttribute('placeholder', 'Any language');
  await speaks.focus();
  await page.keyboard.type('Guj');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(widget.getByRole('search').getByRole('button', { name: 'Gujarati' })).toBeVisible();

  const search = async (languages: string) => {
    const answered = page.waitForResponse((r) => r.url().includes('/api/search/public?'));
    await widget.getByRole('button', { name: 'Search' }).click();
    const answer = await answered;
    expect(new URL(answer.url()).searchParams.get('languages')).toBe(languages);
    return ((await answer.json()) as { results: SearchResult[] }).results;
  };
  const onlyGujarati = await search('Gujarati');
  expect(onlyGujarati.every((r) => /gujarati/i.test(r.languages_known))).toBe(true);
  await expect(card(gujarati)).toBeVisible();
  await expect(card(tamil)).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'speaks-360');

  // A second language widens the search (either language), and the filter stays as chosen.
  await speaks.focus();
  await page.keyboard.type('Tam');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await search('Gujarati,Tamil');
  await expect(card(gujarati)).toBeVisible();
  await expect(card(tamil)).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(widget.getByRole('search').getByRole('button', { name: 'Tamil' })).toBeVisible();
  await shot(page, 'speaks-desktop');
});
