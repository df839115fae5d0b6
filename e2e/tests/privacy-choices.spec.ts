/**
 * "Your data, your rights" on the screens (spec §4, issue 40): the profile page's privacy choices (a
 * withdrawal saved and in the history, sign-in e-mails that stay on), "Download my data" (the JSON file, and
 * the server's refusal after three an hour), the section in Hindi and axe clean on a phone; the ops console
 * shows a privacy request with its due date.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { PRIVACY_ISSUE_TYPE } from '@safarsaathi/contracts';
import { checkScreen, SIZES } from '../support/a11y';
import { adminContext, signUpAndSkipTour } from '../support/auth';
import { reloadUntil } from '../support/ui';

const OUT = '.stack/e2e-output';
const PHONE = { width: 360, height: 740 };

test('privacy choices: a withdrawal is kept and in the history, sign-in e-mails stay on, my data downloads', async ({
  page,
}) => {
  const { email } = await signUpAndSkipTour(page, 'Kavita Privacy');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Your privacy choices' });
  await expect(section).toBeVisible();

  // Sign-in e-mails: on, not switchable, and the server refuses to turn them off, naming account deletion.
  const login = section.getByRole('switch', { name: 'Sign-in e-mails' });
  await expect(login).toBeChecked();
  await expect(login).toBeDisabled();
  await expect(section).toContainText('end only when you delete it');
  const refused = await page.request.put('/api/me/consents/login_emails', { data: { granted: false } });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: string }).error).toContain('delete your account');

  // Trip e-mails (given at sign-up): withdrawn, saved at once, still withdrawn after a reload.
  const trip = section.getByRole('switch', { name: 'Trip e-mails' });
  await expect(trip).toBeChecked();
  await trip.click();
  await expect(section.getByTestId('privacy-notice')).toHaveText('Your choice is saved.');
  await expect(trip).not.toBeChecked();
  await page.reload();
  await expect(trip).not.toBeChecked();
  await expect(login).toBeChecked();

  // The history, newest first: the withdrawal on top.
  const toggle = section.getByRole('button', { name: /^History \(\d+\)$/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const entries = section.getByTestId('privacy-history-entry');
  await expect(entries.first()).toContainText('Trip e-mails: withdrawn');

  // Download my data: a JSON file with the account's address and when it was made.
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  const file = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
    account: { email: string };
    consents: { consents: { purpose: string; granted: boolean }[] };
    generated_at: string;
  };
  expect(file.account.email).toBe(email);
  expect(Number.isNaN(Date.parse(file.generated_at))).toBe(false);
  expect(file.consents.consents).toContainEqual(
    expect.objectContaining({ purpose: 'trip_emails', granted: false }),
  );
  // Three an hour: two more through the API, then the button says why the fourth is refused.
  for (let i = 0; i < 2; i += 1) expect((await page.request.get('/api/me/data')).status()).toBe(200);
  await section.getByRole('button', { name: 'Download my data' }).click();
  await expect(section.getByTestId('privacy-download-notice')).toHaveText(
    'You can download your data 3 times an hour. Please try again later.',
  );
  await expect(section.getByRole('link', { name: 'How we use your data' })).toHaveAttribute(
    'href',
    '/privacy',
  );

  await page.setViewportSize(SIZES.desktop);
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: `${OUT}/privacy-choices-desktop.png` });
  await page.setViewportSize(PHONE);
  await section.scrollIntoViewIfNeeded();
  await checkScreen(page, 'profile-privacy-phone');
  await section.screenshot({ path: `${OUT}/privacy-choices-360.png` });

  await page.getByTestId('profile-language').getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('region', { name: 'आपकी निजता की पसंद' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'यात्रा के ई-मेल' })).not.toBeChecked();
});

test('the ops console shows a privacy request with its due date', async ({ browser, page }) => {
  const { email } = await signUpAndSkipTour(page, 'Ravi Request');
  const opened = await page.request.post('/help-support/create-case', {
    data: {
      issueType: PRIVACY_ISSUE_TYPE,
      emailAddress: email,
      details: 'Please send me a copy of everything you keep about me.',
    },
  });
  expect(opened.ok()).toBe(true);
  const { case_id: caseId } = (await opened.json()) as { case_id: string };

  const admin = await adminContext(browser);
  const ops = await admin.newPage();
  try {
    await ops.goto('/admin/cases');
    const row = ops.getByTestId('case-row').filter({ hasText: caseId });
    await reloadUntil(ops, (timeout) => expect(row).toBeVisible({ timeout }), { timeout: 30_000 });
    // Opened now: due in 30 days, not overdue.
    const due = new Date(Date.now() + 30 * 86_400_000);
    const dueWords = due.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
    await expect(row.getByTestId('case-row-due')).toHaveText(`Due ${dueWords}`);
    await expect(row.getByTestId('case-row-due')).toHaveAttribute('data-overdue', 'false');
    await row.click();
    const detail = ops.getByTestId('case-detail');
    await expect(detail.getByTestId('case-due')).toHaveText(`Due ${dueWords}`);
    await expect(detail).toContainText('answer within 30 days of opening');
    // A case opened now cannot be 30 days old: the console's answers are read with this case's due date
    // moved to yesterday, to see how it shows an open request past its date.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await ops.route('**/api/admin/cases**', async (route) => {
      const answer = await route.fetch();
      type Case = { case_id?: string; due_at?: string };
      const body = (await answer.json()) as Case & { cases?: Case[] };
      for (const item of body.cases ?? [body]) if (item.case_id === caseId) item.due_at = yesterday;
      await route.fulfill({ response: answer, json: body });
    });
    await ops.reload();
    await expect(row.getByTestId('case-row-due')).toHaveText(/^Overdue: due \w+ \d+, \d{4}$/);
    await expect(row.getByTestId('case-row-due')).toHaveAttribute('data-overdue', 'true');
    await row.click();
    await expect(detail.getByTestId('case-due')).toHaveText(/^Overdue: due /);
    await checkScreen(ops, 'ops-privacy-case');
    await ops.screenshot({ path: `${OUT}/ops-privacy-case-desktop.png`, fullPage: true });
    await ops.setViewportSize(PHONE);
    await checkScreen(ops, 'ops-privacy-case-phone');
    await ops.screenshot({ path: `${OUT}/ops-privacy-case-360.png`, fullPage: true });
  } finally {
    await admin.close();
  }
});
