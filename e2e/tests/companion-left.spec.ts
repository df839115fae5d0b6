/**
 * A companion who leaves (docs/decisions.md "Matches that hold"): Sunita's mother Kamala is matched with
 * Arjun, who cancels. Without a reload, Sunita's card (in Hindi, on a phone) says a new companion is being
 * looked for and names nobody, and the family page (a visitor, no session) says the same. Screenshots go
 * to LEFT_SHOTS_DIR when set.
 */
import { expect, test } from '@playwright/test';
import type { ShareLink } from '@safarsaathi/contracts';
import { matchedPair, signedInPage } from '../support/pairs';
import { shot } from '../support/ui';

const SHOTS = process.env.LEFT_SHOTS_DIR;
const PHONE = { width: 360, height: 740 };

test('the companion cancels: the seeker’s card and the family page look for a new companion and never name him', async ({
  browser,
  baseURL,
}) => {
  const pair = await matchedPair(baseURL!, 5);
  expect((await pair.need.client.put('/api/auth/locale', { locale: 'hi' })).status).toBe(200);
  expect((await pair.need.client.post('/api/tour/complete', {})).status).toBe(200);
  const link = await pair.need.client.post<ShareLink>('/api/share-links', {
    kind: 'request',
    id: pair.need.caseid,
  });
  expect(link.status).toBe(200);

  const { context, page } = await signedInPage(browser, baseURL!, pair.need.client, PHONE);
  await page.goto('/companion-service');
  const card = page.locator(`[data-caseid="${pair.need.caseid}"]`);
  await expect(card.getByTestId('match-panel')).toContainText('Arjun Mehta');
  const visitor = await browser.newContext({ viewport: PHONE });
  const family = await visitor.newPage();
  await family.goto(link.body.path);
  await expect(family.getByTestId('shared-match')).toContainText('Arjun');

  expect(
    (await pair.provide.client.put(`/api/companions/requests/${pair.provide.caseid}/cancel`)).status,
  ).toBe(200);

  // Told live: no reload on either page.
  await expect(card.getByTestId('looking-again')).toHaveText('नए सहयात्री की तलाश जारी है', {
    timeout: 10_000,
  });
  await expect(card.getByTestId('looking-again-note')).toBeVisible();
  await expect(card.getByTestId('match-panel')).toHaveCount(0);
  await expect(card).not.toContainText('Arjun');
  await shot(page, SHOTS, 'seeker-card-hindi-phone');

  await expect(family.getByTestId('shared-status')).toHaveText('Looking for a new companion', {
    timeout: 10_000,
  });
  await expect(family.getByTestId('shared-trip')).not.toContainText('Arjun');
  await expect(family.getByTestId('shared-match')).toHaveCount(0);
  await shot(family, SHOTS, 'family-page-phone');

  // The bell has the notice, in Hindi, naming Arjun and Kamala by first name.
  const notices = (
    await pair.need.client.get<Array<{ text?: { key: string } }>>('/api/notifications?limit=50')
  ).body;
  expect(notices.some((notice) => notice.text?.key === 'companion_left')).toBe(true);
  await visitor.close();
  await context.close();
});
