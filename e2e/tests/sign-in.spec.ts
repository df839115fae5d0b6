/** Issue 2's journey: a new traveller signs in with an e-mailed code, registers, lands on the dashboard, logs out. */
import { expect, test } from '@playwright/test';
import { completeRegistration, enterEmailAndCode, freshEmail, logoutFromDashboard, skipTour } from '../support/auth';

test('a new user signs in with the code from the mail catcher, registers and logs out', async ({ page }) => {
  const email = freshEmail('e2e');
  await page.goto('/');
  await expect(page.getByText('A free community platform connecting adult travelers (18+) for companionship only. Use your judgment and stay safe.')).toBeVisible();

  await page.getByRole('button', { name: 'Get Started' }).click();
  const dialog = page.getByRole('dialog', { name: 'SafarSaathi' });
  await expect(dialog.getByText('Your journey starts here')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send OTP' })).toBeDisabled();
  await enterEmailAndCode(page, email);

  await completeRegistration(page, 'Priya Sharma');
  await expect(page.getByText('Registration completed! Welcome to SafarSaathi')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  // A first-time user gets the guided tour (a modal dialog); skipping it completes it for good.
  await skipTour(page);
  await expect(page.getByRole('heading', { name: 'Welcome, Priya Sharma' })).toBeVisible();

  // The session survives a reload; its cookie is httpOnly and SameSite=Lax.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome, Priya Sharma' })).toBeVisible();
  const session = (await page.context().cookies()).find((cookie) => cookie.name === 'ss_session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

  await logoutFromDashboard(page);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong code shows the spec message and the legal pages open', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email Address' }).fill(freshEmail('e2e'));
  await page.getByRole('checkbox', { name: 'I agree to receive emails for login verification and account alerts' }).check();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('OTP sent successfully! Check your email for the verification code.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Digit 1' }).fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid OTP. Please try again.')).toBeVisible();

  const terms = await page.request.get('/terms-conditions.html');
  expect(terms.status()).toBe(200);
  expect(await terms.text()).toContain('Terms &amp; Conditions');
});
