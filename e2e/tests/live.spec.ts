/**
 * Real time, measured (addendum): a chat message reaches the other traveller's open chat within a second.
 * This file runs after every other browser test, alone (the `timed` project in e2e/playwright.config.ts),
 * so no other test's CPU counts in the figure. The other live updates are in live-updates.spec.ts.
 */
import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { signUpAndSkipTour } from '../support/auth';
import { postBookedRequest } from '../support/companion';
import { expectStream } from '../support/live';
import { futureDate, shot as saveShot } from '../support/ui';

const SHOTS = process.env.LIVE_SHOTS_DIR;
const shot = (page: Page, name: string) => saveShot(page, SHOTS, name);

test('an open chat shows the other traveller’s message within a second, and the sender’s tick when it is read', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const common = {
    from: ['kolkata', 'CCU'] as [string, string],
    to: ['dubai', 'DXB'] as [string, string],
    airline: 'Emirates',
    flightNumber: `EK ${randomInt(100, 1000)}`,
    date: futureDate(40 + randomInt(0, 120)),
  };
  const seekerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const helperContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const seeker = await seekerContext.newPage();
    const helper = await helperContext.newPage();
    await signUpAndSkipTour(seeker, 'Ruma Seeker');
    await signUpAndSkipTour(helper, 'Tapan Helper');
    await postBookedRequest(seeker, {
      ...common,
      role: 'need',
      name: 'Ruma Sen',
      age: 72,
      gender: 'Female',
      language: 'Bengali',
    });
    await postBookedRequest(helper, {
      ...common,
      role: 'provide',
      name: 'Tapan Das',
      age: 35,
      gender: 'Male',
      language: 'Bengali',
    });
    const card = seeker.getByTestId('companion-request-card');
    await expect(card.getByText('Match Found', { exact: true })).toBeVisible({ timeout: 15_000 });
    await card.getByRole('button', { name: /^Message / }).click();
    const seekerDialog = seeker.getByTestId('chat-dialog');
    const seekerInput = seekerDialog.getByRole('textbox', { name: 'Message' });
    await seekerInput.fill('Namaskar Tapan, my mother flies alone.');
    await seekerInput.press('Enter');

    await helper.goto('/messages');
    await helper.getByTestId('conversation-row').click();
    const helperDialog = helper.getByTestId('chat-dialog');
    const incoming = helperDialog.locator('[data-testid="chat-message"][data-mine="false"]');
    await expect(incoming).toHaveCount(1);
    await expectStream(helper, 'connected');
    await expectStream(seeker, 'connected');

    // Both dialogs are open: the next message is pushed, not polled (polling would take up to 3 s).
    await seekerInput.fill('She will wait at gate B12.');
    const sentAt = Date.now();
    await seekerInput.press('Enter');
    await expect(incoming).toHaveCount(2, { timeout: 5_000 });
    const shownAfterMs = Date.now() - sentAt;
    expect(shownAfterMs).toBeLessThan(1_000);

    // The helper's open dialog marks it read; the seeker's tick follows without a reload.
    const ticks = seekerDialog.locator(
      '[data-testid="chat-message"][data-mine="true"] [data-testid="read-tick"]',
    );
    await expect(ticks).toHaveCount(2, { timeout: 2_000 });
    await shot(seeker, 'chat-live-tick-desktop');
    await shot(helper, 'chat-live-message-phone');
  } finally {
    await seekerContext.close();
    await helperContext.close();
  }
});
