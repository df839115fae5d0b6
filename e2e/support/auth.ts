/** Browser-side helpers: sign a fresh traveller in through the real login dialog, code read from the mail catcher. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createMailClient } from '../../platform/src/testing/mail-client';
import { createSignedInUser, freshEmail, freshMobileDigits } from '../../platform/src/testing/users';
import { signInAs } from './pairs';

export { freshEmail };

/** The ids of the mail `email` has now (each browser gets a code of its own: an older mail may be another's). */
export async function mailIdsTo(email: string): Promise<Set<string>> {
  return new Set((await createMailClient().searchTo(email)).map((message) => message.ID));
}

export async function readCode(email: string, after: number, seen?: Set<string>): Promise<string> {
  const message = await createMailClient().waitForMessageTo(email, {
    timeoutMs: 20_000,
    predicate: (m) =>
      /verification code|सत्यापन कोड/i.test(m.Subject) &&
      new Date(m.Date).getTime() >= after - 1000 &&
      !seen?.has(m.ID),
  });
  const code = /\b(\d{6})\b/.exec(message.Text)?.[1];
  if (!code) throw new Error(`no code in the e-mail to ${email}`);
  return code;
}

/** From an open login dialog or /login page: e-mail, consent, code. */
export async function enterEmailAndCode(page: Page, email: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email Address' }).fill(email);
  await page
    .getByRole('checkbox', { name: 'I agree to receive emails for login verification and account alerts' })
    .check();
  const seen = await mailIdsTo(email);
  const requestedAt = Date.now();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(
    page.getByText('OTP sent successfully! Check your email for the verification code.'),
  ).toBeVisible();
  const code = await readCode(email, requestedAt, seen);
  await page.getByRole('textbox', { name: 'Digit 1' }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Completes the registration dialog shown to a first-time user. */
export async function completeRegistration(page: Page, fullName: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Complete Your Registration' });
  await expect(dialog.getByText('OTP verified! Please complete your registration.')).toBeVisible();
  const digits = freshMobileDigits();
  await dialog.getByRole('textbox', { name: 'Full Name' }).fill(fullName);
  await dialog.getByRole('textbox', { name: 'Mobile Number' }).fill(digits);
  await dialog.getByRole('checkbox', { name: 'I have read and accept the Terms & Conditions' }).check();
  await dialog.getByRole('button', { name: 'Complete Registration' }).click();
  return digits;
}

/** A new traveller signs up from the landing page and lands on the dashboard. */
export async function signUpFromLanding(
  page: Page,
  fullName = 'Priya Sharma',
): Promise<{ email: string; digits: string }> {
  const email = freshEmail('e2e');
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await enterEmailAndCode(page, email);
  const digits = await completeRegistration(page, fullName);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  return { email, digits };
}

/**
 * The administrator of this run: playwright.config.ts makes a fresh address per run and passes it to the
 * product it starts as ADMIN_EMAILS (so repeated runs never exhaust one address's codes). Against an
 * already running product, the development administrator.
 */
export const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? 'admin@safarsaathi.test';

/**
 * Signs an existing (or new) user in through /login; a first-time user is registered on the way.
 * Answers the server's 30-second resend cooldown by waiting it out once.
 */
export async function signInThroughLoginPage(
  page: Page,
  email: string,
  fullName = 'Asha Admin',
): Promise<void> {
  await page.getByRole('textbox', { name: 'Email Address' }).fill(email);
  await page
    .getByRole('checkbox', { name: 'I agree to receive emails for login verification and account alerts' })
    .check();
  const seen = await mailIdsTo(email);
  let requestedAt = Date.now();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  const sent = page.getByText('OTP sent successfully! Check your email for the verification code.');
  const cooldown = page.getByText(/Please wait (\d+) seconds before requesting a new code\./);
  const tooMany = page.getByText('Too many codes requested. Please try again later.');
  await expect(sent.or(cooldown).or(tooMany)).toBeVisible();
  if (await tooMany.isVisible()) {
    throw new Error(
      `The server sends at most 5 codes an hour to ${email} (the integration tests sign the admin in too); try again later.`,
    );
  }
  if (await cooldown.isVisible()) {
    const seconds = Number(/(\d+)/.exec((await cooldown.textContent()) ?? '')?.[1] ?? 30);
    await page.waitForTimeout(seconds * 1000 + 500);
    requestedAt = Date.now();
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(sent).toBeVisible();
  }
  const code = await readCode(email, requestedAt, seen);
  await page.getByRole('textbox', { name: 'Digit 1' }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  const registration = page.getByRole('dialog', { name: 'Complete Your Registration' });
  const welcome = page.getByText('Login successful! Welcome to SafarSaathi');
  await expect(registration.or(welcome)).toBeVisible({ timeout: 20_000 });
  if (await registration.isVisible()) await completeRegistration(page, fullName);
}

/**
 * A browser context signed in as the administrator. The session is kept in `.stack/e2e/` and reused
 * while it is valid, because the server allows only a few codes per e-mail and hour.
 */
export async function adminContext(browser: Browser): Promise<BrowserContext> {
  const stateDir = path.resolve(__dirname, '..', '..', '.stack', 'e2e');
  const statePath = path.join(stateDir, 'admin-state.json');
  const storedAdmin = async (): Promise<BrowserContext | null> => {
    if (!fs.existsSync(statePath)) return null;
    const context = await browser.newContext({ storageState: statePath });
    const answer = await context.request.get('/api/auth/user-info');
    if (answer.ok() && ((await answer.json()) as { is_admin?: boolean }).is_admin) return context;
    await context.close();
    return null;
  };
  // One worker at a time signs the admin in (the lock is named after this run's admin); another worker
  // asking meanwhile waits for that session instead of registering the same new account twice.
  fs.mkdirSync(stateDir, { recursive: true });
  const lockPath = path.join(stateDir, `admin-${ADMIN_EMAIL}.lock`);
  const giveUpAt = Date.now() + 60_000;
  for (;;) {
    const stored = await storedAdmin();
    if (stored) return stored;
    try {
      fs.closeSync(fs.openSync(lockPath, 'wx'));
      break;
    } catch {
      if (Date.now() > giveUpAt) throw new Error(`Another worker held ${lockPath} for a minute`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/admin/user-status');
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughLoginPage(page, ADMIN_EMAIL);
    await expect(page).toHaveURL(/\/admin\/user-status$/, { timeout: 20_000 });
    // Written whole under another name first: a waiting worker never reads half a file.
    await context.storageState({ path: `${statePath}.${process.pid}` });
    fs.renameSync(`${statePath}.${process.pid}`, statePath);
    await page.close();
    return context;
  } finally {
    fs.rmSync(lockPath, { force: true });
  }
}

/** The guided tour opens by itself for a new user on the dashboard; this skips it (and so completes it). */
export async function skipTour(page: Page): Promise<void> {
  const tour = page.getByTestId('guided-tour');
  await expect(tour).toBeVisible();
  await tour.getByRole('button', { name: 'Skip Tour' }).click();
  await expect(tour).toBeHidden();
}

/**
 * A fresh user on the dashboard with the tour out of the way: registered through the API (code from the mail
 * catcher, as `createSignedInUser` does), the page's browser given the session cookie, then the dashboard
 * opened. The tests that call this are about what comes after signing in; signing up in the browser (landing
 * page, login dialog, code, registration) has tests of its own (signUpFromLanding, sign-in.spec.ts, the
 * accessibility and keyboard walks, hindi.spec.ts), and going through it in every test cost seconds each.
 */
export async function signUpAndSkipTour(
  page: Page,
  fullName = 'Priya Sharma',
): Promise<{ email: string; digits: string }> {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('signUpAndSkipTour needs a baseURL in the Playwright project');
  // The registration form's own default country (the United States, +1), as signing up in the browser has it.
  const { client, email, phone } = await createSignedInUser(baseURL, { fullname: fullName, dialCode: '+1' });
  await signInAs(page.context(), baseURL, client);
  await page.goto('/dashboard');
  await skipTour(page);
  return { email, digits: phone.slice('+1'.length) };
}

/** Logout through the dashboard's account menu. */
export async function logoutFromDashboard(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}
