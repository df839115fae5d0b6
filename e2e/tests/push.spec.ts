/// <reference lib="dom" />
/**
 * "Notifications on this device" on the profile page (addendum §3): without a service worker (blocked in
 * this browser, as in every spec but offline.spec.ts) the section says so and offers no button; the three kinds are switches saved on the server; the
 * section is axe clean at both sizes and reads in Hindi.
 */
import { expect, test } from '@playwright/test';
import { checkScreen, SIZES } from '../support/a11y';
import { signUpAndSkipTour } from '../support/auth';

const SHOTS = process.env.PUSH_SHOTS_DIR;

test('the profile page: no service worker yet, so no button and a notice; the kinds are saved; axe clean; Hindi', async ({
  page,
}) => {
  await signUpAndSkipTour(page, 'Meera Push');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Notifications on this device' });
  await expect(section).toBeVisible();
  await expect(section.getByTestId('push-device-state')).toContainText('once the app can be installed');
  await expect(section.getByRole('button', { name: 'Turn on notifications' })).toHaveCount(0);

  const trip = section.getByRole('switch', { name: /The trip day/ });
  await expect(trip).toBeChecked();
  await trip.click();
  await expect(section.getByTestId('push-notice')).toHaveText('Notification choices saved.');
  await page.reload();
  await expect(page.getByRole('switch', { name: /The trip day/ })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: /Matches/ })).toBeChecked();

  for (const size of [SIZES.desktop, SIZES.phone]) {
    await page.setViewportSize(size);
    await page.getByTestId('profile-push').scrollIntoViewIfNeeded();
    await checkScreen(page, 'profile-push', { shotsDir: SHOTS });
  }

  await page.getByTestId('profile-language').getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('region', { name: 'इस डिवाइस पर सूचनाएँ' })).toBeVisible();
  await expect(page.getByRole('switch', { name: /यात्रा का दिन/ })).not.toBeChecked();
  if (SHOTS) await page.getByTestId('profile-push').screenshot({ path: `${SHOTS}/profile-push-hi.png` });
});
