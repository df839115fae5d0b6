/// <reference lib="dom" />
/**
 * The privacy notice (issue 40, spec §4): `/privacy?lang=hi` reads in Hindi, lists every item of the data
 * catalogue with its period, and names the grievance officer the gateway is configured with
 * (GRIEVANCE_OFFICER_EMAIL, set by playwright.config.ts); `/privacy-policy.html` is the same page, in English
 * for an English browser, axe clean on a phone.
 */
import { expect, test } from '@playwright/test';
import { DATA_CATALOGUE } from '@safarsaathi/contracts';
import { checkScreen, SIZES } from '../support/a11y';
import { GRIEVANCE_OFFICER_EMAIL } from '../playwright.config';

test('the notice in Hindi by its link, every catalogued item with its period, the configured grievance officer; English on a phone', async ({
  page,
}) => {
  await page.goto('/privacy?lang=hi');
  const notice = page.getByTestId('privacy-notice');
  await expect(notice.getByRole('heading', { level: 1 })).toHaveText('गोपनीयता नीति');
  await expect(notice.getByTestId('privacy-items').locator('li')).toHaveCount(DATA_CATALOGUE.length);
  const codes = notice.getByTestId('privacy-item-signin_codes');
  await expect(codes).toContainText('साइन-इन कोड');
  await expect(codes).toContainText('10 मिनट');
  await expect(notice.getByTestId('privacy-item-chat_messages')).toContainText('180');
  await expect(notice.getByTestId('privacy-rights').locator('li')).toHaveCount(6);
  await expect(notice.getByTestId('privacy-grievance-officer')).toContainText(GRIEVANCE_OFFICER_EMAIL);

  await page.setViewportSize(SIZES.phone);
  await page.goto('/privacy-policy.html?lang=en');
  await expect(notice.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await expect(notice.getByTestId('privacy-item-support_cases')).toContainText(
    'Until the case is closed, then 2 years',
  );
  await expect(notice.getByTestId('privacy-grievance-officer')).toContainText(GRIEVANCE_OFFICER_EMAIL);
  await checkScreen(page, 'privacy-notice-phone');
});
