/// <reference lib="dom" />
/**
 * Chat between two travellers, each in a browser of their own: the contact flow from a search result
 * (disclaimer, companion form, the chat opening by itself), the unread badge, the Messages screen,
 * Shift+Enter lines and the read tick; a chat started from the match panel, with Block and Report; and
 * the dialog's day separators.
 */
import { randomInt } from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import type { ChatMessage, Conversation, MessagesResponse } from '@safarsaathi/contracts';
import { signUpAndSkipTour } from '../support/auth';
import { fillBookedRequestForm, postBookedRequest, type BookedRequest } from '../support/companion';
import { futureDate, pickAirport, reloadUntil } from '../support/ui';

const SHOTS = process.env.CHAT_SHOTS_DIR;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A screenshot of the viewport (a dialog is what the traveller sees, not the page below it). */
async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/**
 * Every signed-in page must work with the whole product running: no answer 503 (a service missing) and
 * no console error about one.
 */
function watchFor503(page: Page, seen: string[]): void {
  page.on('response', (response) => {
    if (response.status() === 503) seen.push(`${response.request().method()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('503')) seen.push(message.text());
  });
}

async function newTraveller(
  browser: Browser,
  viewport: { width: number; height: number },
  seen503: string[],
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  watchFor503(page, seen503);
  return { context, page };
}

/** A route and a day no earlier run used, so the two requests find each other first. */
function freshFlight(): Pick<BookedRequest, 'from' | 'to' | 'airline' | 'flightNumber' | 'date'> {
  return {
    from: ['chennai', 'MAA'],
    to: ['singapore', 'SIN'],
    airline: 'Air India',
    flightNumber: `AI ${randomInt(100, 1000)}`,
    date: futureDate(40 + randomInt(0, 150)),
  };
}

const chatDialog = (page: Page): Locator => page.getByTestId('chat-dialog');
const messageBubbles = (dialog: Locator, mine: boolean): Locator =>
  dialog.locator(`[data-testid="chat-message"][data-mine="${mine}"]`);
/** The Messages badge of the navigation the viewport shows (side bar on desktops, bottom bar on phones). */
const visibleUnreadBadge = (page: Page): Locator =>
  page.locator('[data-testid="messages-unread-badge"]:visible');

test('A contacts B from the dashboard search through the disclaimer and the companion form; they chat', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const seen503: string[] = [];
  const flight = freshFlight();
  const a = await newTraveller(browser, DESKTOP, seen503);
  const b = await newTraveller(browser, PHONE, seen503);
  try {
    // B asks for a companion on a flight.
    await signUpAndSkipTour(b.page, 'Kamala Devi');
    await postBookedRequest(b.page, {
      ...flight,
      role: 'need',
      name: 'Kamala Devi',
      age: 72,
      gender: 'Female',
      language: 'Tamil',
    });
    const bCaseid = (await b.page.getByTestId('request-caseid').first().textContent())!.trim();
    expect(bCaseid).not.toBe('');

    // A, without a request of their own yet: Messages is empty.
    await signUpAndSkipTour(a.page, 'Arjun Helper');
    await a.page
      .getByTestId('side-nav')
      .getByRole('link', { name: /Messages/ })
      .click();
    await expect(a.page).toHaveURL(/\/messages$/);
    await expect(a.page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    await expect(a.page.getByText('Chat with your travel connections')).toBeVisible();
    const empty = a.page.getByTestId('messages-empty');
    await expect(empty.getByText('No conversations yet')).toBeVisible();
    await expect(empty.getByText('Start connecting with people through our services')).toBeVisible();
    await shot(a.page, 'messages-empty-desktop');
    await a.page.setViewportSize(PHONE);
    await shot(a.page, 'messages-empty-phone');
    await a.page.setViewportSize(DESKTOP);
    // Browse Services goes back where A came from.
    await empty.getByRole('button', { name: 'Browse Services' }).click();
    await expect(a.page).toHaveURL(/\/dashboard$/);

    // A finds B's request from the dashboard search (the index is fed by events: search again until it shows).
    const slot = a.page.getByTestId('dashboard-search-slot');
    await pickAirport(a.page, 'search-from-airport', flight.from[0], flight.from[1]);
    await pickAirport(a.page, 'search-to-airport', flight.to[0], flight.to[1]);
    await slot.getByLabel('Date Range From').fill(flight.date);
    await slot.getByLabel('Date Range To').fill(flight.date);
    const card = a.page.locator(`[data-testid="search-result-card"][data-caseid="${bCaseid}"]`);
    await expect(async () => {
      await slot.getByRole('button', { name: 'Search' }).click();
      await expect(card).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });

    // Contact: 'Connecting...' on this card only, then the disclaimer (A has no request yet).
    let releaseCheck!: () => void;
    const checkHeld = new Promise<void>((resolve) => (releaseCheck = resolve));
    await a.page.route('**/api/chat/check-search-contact', async (route) => {
      await checkHeld;
      await route.continue();
    });
    await card.getByRole('button', { name: 'Contact' }).click();
    await expect(card.getByRole('button', { name: 'Connecting...' })).toBeDisabled();
    await expect(slot.getByRole('button', { name: 'Connecting...' })).toHaveCount(1);
    releaseCheck();

    const disclaimer = a.page.getByRole('dialog', { name: 'Create a request first' });
    await expect(disclaimer).toContainText(
      'To contact Kamala Devi, you first need to create a companion request.',
    );
    // Only now: the held request has gone on (unrouting while it waits would fail its continue()).
    await a.page.unroute('**/api/chat/check-search-contact');
    for (const reason of [
      'Verify travel plans',
      'Ensure safe connections',
      'Better matching',
      'Keep a record of interactions',
    ])
      await expect(disclaimer.getByText(reason)).toBeVisible();
    await expect(disclaimer).toContainText(
      'Once your request is created, a chat with the traveler starts automatically.',
    );
    await shot(a.page, 'contact-disclaimer-desktop');
    await a.page.setViewportSize(PHONE);
    await shot(a.page, 'contact-disclaimer-phone');
    await a.page.setViewportSize(DESKTOP);
    await disclaimer.getByRole('button', { name: 'Continue to Create Request' }).click();

    // The companion screen in the contact flow: banner, and a guard against leaving half-way.
    await expect(a.page).toHaveURL(/\/companion-service$/);
    await expect(a.page.getByTestId('contact-banner')).toContainText('Contact Request');
    await expect(a.page.getByTestId('contact-banner')).toContainText('Kamala Devi');
    await a.page.getByTestId('side-nav').getByRole('link', { name: 'Home', exact: true }).click();
    const discard = a.page.getByRole('dialog', { name: 'Discard Contact Request' });
    await expect(discard).toContainText(
      "You won't be able to contact Kamala Devi without creating a request first.",
    );
    await discard.getByRole('button', { name: 'Continue Creating Request' }).click();
    await expect(a.page).toHaveURL(/\/companion-service$/);

    await fillBookedRequestForm(a.page, {
      ...flight,
      role: 'provide',
      name: 'Arjun Helper',
      age: 34,
      gender: 'Male',
      language: 'Tamil',
    });
    await a.page.getByRole('button', { name: 'Submit Request' }).click();

    // The request is created, then the conversation with B, and the chat opens by itself.
    await expect(a.page.getByTestId('companion-form-message')).toContainText(
      'Chat with Kamala Devi is now available!',
    );
    const aDialog = chatDialog(a.page);
    await expect(aDialog).toBeVisible();
    await expect(aDialog.getByTestId('chat-notice')).toHaveText('Chat with Kamala Devi is now available!');
    await expect(aDialog.getByRole('heading', { level: 2 })).toContainText('Kamala');
    await expect(aDialog.getByTestId('chat-service')).toHaveText('Companion Service');
    await expect(aDialog.getByTestId('chat-empty')).toHaveText('No messages yet');

    // A writes; Enter sends. Blank text cannot be sent.
    const aInput = aDialog.getByRole('textbox', { name: 'Message' });
    const aSend = aDialog.getByRole('button', { name: 'Send message' });
    await expect(aSend).toBeDisabled();
    await aInput.fill('   ');
    await expect(aSend).toBeDisabled();
    await aInput.fill('Namaste! I am on the same flight and happy to help at the gates.');
    await aInput.press('Enter');
    await expect(messageBubbles(aDialog, true)).toHaveCount(1);
    await expect(aInput).toHaveValue('');
    await expect(messageBubbles(aDialog, true).getByTestId('read-tick')).toHaveCount(0);

    // B sees the unread badge on the navigation (polled every 20 s), opens Messages and reads.
    await b.page.goto('/dashboard');
    await expect(visibleUnreadBadge(b.page)).toHaveAttribute('data-count', '1', { timeout: 30_000 });
    await b.page
      .getByTestId('bottom-nav')
      .getByRole('link', { name: /Messages/ })
      .click();
    await expect(b.page).toHaveURL(/\/messages$/);
    const row = b.page.getByTestId('conversation-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('conversation-name')).toContainText('Arjun');
    await expect(row.getByTestId('conversation-last-message')).toHaveText(
      'Namaste! I am on the same flight and happy to help at the gates.',
    );
    await expect(row.getByTestId('conversation-time')).toHaveText(/Just now|1 min ago/);
    await expect(row.getByTestId('conversation-unread')).toContainText('1');
    // The search filters by the other participant's name.
    const search = b.page.getByRole('textbox', { name: 'Search conversations' });
    await search.fill('zzz');
    await expect(row).toHaveCount(0);
    await search.fill('ARJ');
    await expect(row).toHaveCount(1);
    await search.fill('');
    await shot(b.page, 'messages-list-phone');

    await row.click();
    const bDialog = chatDialog(b.page);
    await expect(bDialog.getByRole('heading', { level: 2 })).toContainText('Arjun');
    await expect(messageBubbles(bDialog, false)).toHaveText([
      /Namaste! I am on the same flight and happy to help at the gates\./,
    ]);
    await expect(bDialog.getByTestId('day-separator')).toHaveText(['Today']);

    // B answers on two lines: Shift+Enter adds a line, Enter sends.
    const bInput = bDialog.getByRole('textbox', { name: 'Message' });
    await bInput.click();
    await b.page.keyboard.type('Thank you so much!');
    await b.page.keyboard.press('Shift+Enter');
    await b.page.keyboard.type('See you at gate 12.');
    await expect(bInput).toHaveValue('Thank you so much!\nSee you at gate 12.');
    await b.page.keyboard.press('Enter');
    const bReply = messageBubbles(bDialog, true).getByTestId('chat-message-text');
    await expect(bReply).toHaveText('Thank you so much!\nSee you at gate 12.');
    // Both lines stay separate lines on screen.
    expect(await bReply.evaluate((element) => (element as HTMLElement).innerText)).toBe(
      'Thank you so much!\nSee you at gate 12.',
    );
    await expect(bInput).toHaveValue('');
    await shot(b.page, 'chat-dialog-phone');

    // A, with the dialog still open, sees the tick on the message B read and B's answer (3 s polling).
    await expect(messageBubbles(aDialog, true).getByTestId('read-tick')).toBeVisible({ timeout: 15_000 });
    await expect(messageBubbles(aDialog, false).getByTestId('chat-message-text')).toHaveText(
      'Thank you so much!\nSee you at gate 12.',
      { timeout: 15_000 },
    );
    await shot(a.page, 'chat-dialog-desktop');

    // B closes the dialog: the list and the badge have no unread message any more.
    await bDialog.getByRole('button', { name: 'Close' }).click();
    await expect(row.getByTestId('conversation-unread')).toHaveCount(0);
    await expect(row.getByTestId('conversation-last-message')).toHaveText(/Thank you so much!/);
    await expect(visibleUnreadBadge(b.page)).toHaveAttribute('data-count', '0');

    // A reaches the same conversation from the Messages screen, on desktop.
    await aDialog.getByRole('button', { name: 'Close' }).click();
    await a.page.goto('/messages');
    await expect(a.page.getByTestId('conversation-row').getByTestId('conversation-name')).toContainText(
      'Kamala',
    );
    await shot(a.page, 'messages-list-desktop');

    expect(seen503).toEqual([]);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test('a matched pair starts a chat from the match panel; Block stops both sides, Report reaches support', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const seen503: string[] = [];
  const flight = freshFlight();
  const seeker = await newTraveller(browser, DESKTOP, seen503);
  const helper = await newTraveller(browser, PHONE, seen503);
  try {
    await signUpAndSkipTour(seeker.page, 'Lakshmi Seeker');
    await signUpAndSkipTour(helper.page, 'Vikram Helper');
    await postBookedRequest(seeker.page, {
      ...flight,
      role: 'need',
      name: 'Lakshmi Iyer',
      age: 70,
      gender: 'Female',
      language: 'Tamil',
    });
    await postBookedRequest(helper.page, {
      ...flight,
      role: 'provide',
      name: 'Vikram Rao',
      age: 29,
      gender: 'Male',
      language: 'Tamil',
    });

    const card = seeker.page.getByTestId('companion-request-card');
    await reloadUntil(seeker.page, (timeout) =>
      expect(card.getByText('Match Found', { exact: true })).toBeVisible({ timeout }),
    );
    await expect(card.getByTestId('match-panel')).toContainText('Vikram Rao');

    // Contact Companion opens the chat right here.
    await card.getByRole('button', { name: /^Message / }).click();
    const seekerDialog = chatDialog(seeker.page);
    await expect(seekerDialog).toBeVisible();
    await expect(seekerDialog.getByRole('heading', { level: 2 })).toContainText('Vikram');
    await expect(seekerDialog.getByTestId('chat-service')).toHaveText('Companion Service');
    const seekerInput = seekerDialog.getByRole('textbox', { name: 'Message' });
    await seekerInput.fill(
      'Hello Vikram, my mother Lakshmi flies alone. Could you help her at the transfer?',
    );
    await seekerDialog.getByRole('button', { name: 'Send message' }).click();
    await expect(messageBubbles(seekerDialog, true)).toHaveCount(1);

    // The companion finds the conversation in Messages and answers.
    await helper.page.goto('/messages');
    const row = helper.page.getByTestId('conversation-row');
    await expect(row.getByTestId('conversation-name')).toContainText('Lakshmi');
    await row.click();
    const helperDialog = chatDialog(helper.page);
    await expect(messageBubbles(helperDialog, false)).toHaveCount(1);
    await helperDialog
      .getByRole('textbox', { name: 'Message' })
      .fill('Of course, I will meet her at the gate.');
    await helperDialog.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(messageBubbles(seekerDialog, false)).toHaveCount(1, { timeout: 15_000 });

    // Block, from the menu in the dialog's header: neither side can send any more.
    await seekerDialog.getByRole('button', { name: 'Conversation options' }).click();
    const menu = seeker.page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: /^Block/ })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: /^Report/ })).toBeVisible();
    await shot(seeker.page, 'chat-menu-desktop');
    await menu.getByRole('menuitem', { name: /^Block/ }).click();
    await expect(seekerDialog.getByTestId('chat-closed-reason')).toContainText(
      'You blocked this conversation. Neither of you can send messages.',
    );
    await expect(seekerInput).toBeDisabled();
    await expect(helperDialog.getByTestId('chat-closed-reason')).toContainText(
      'You can no longer send messages in this conversation.',
      { timeout: 15_000 },
    );
    await expect(helperDialog.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    await helperDialog.getByRole('button', { name: 'Conversation options' }).click();
    await shot(helper.page, 'chat-menu-phone');
    await helper.page.keyboard.press('Escape');

    // Report: a support case about this conversation; the text must say what happened.
    await seekerDialog.getByRole('button', { name: 'Conversation options' }).click();
    await seeker.page
      .getByRole('menu')
      .getByRole('menuitem', { name: /^Report/ })
      .click();
    const report = seeker.page.getByRole('dialog', { name: 'Report conversation' });
    await report.getByRole('textbox', { name: 'What happened?' }).fill('Rude words');
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(report).toContainText('Please tell us what happened (minimum 20 characters).');
    await expect(report.getByTestId('report-consent')).toContainText(
      'nobody at SafarSaathi reads a conversation unless a participant sends part of it this way',
    );
    const reportCase = seeker.page.waitForRequest('**/api/chat/conversations/*/report');
    await report
      .getByRole('textbox', { name: 'What happened?' })
      .fill('He asked for my passport number, which felt unsafe.');
    await report.getByRole('checkbox', { name: 'Attach the last messages of this conversation' }).check();
    await report.getByRole('button', { name: 'Send report' }).click();
    // The same dialog, now titled for its outcome.
    const reportSent = seeker.page.getByRole('dialog', { name: 'Report sent' });
    await expect(reportSent.getByTestId('report-sent')).toHaveText(
      'Thank you. Your report was sent to our support team.',
    );
    await expect(reportSent.getByTestId('report-case-id')).toHaveText(/^SS-/);
    // Reason, details and, because the reporter chose it, the newest 5 messages; no e-mail from the page.
    expect((await reportCase).postDataJSON()).toEqual({
      reason: 'harassment',
      details: 'He asked for my passport number, which felt unsafe.',
      include_messages: 5,
    });
    await reportSent.getByRole('button', { name: 'Done' }).click();

    // Unblock: both can write again.
    await seekerDialog.getByTestId('chat-closed-reason').getByRole('button', { name: 'Unblock' }).click();
    await expect(seekerDialog.getByTestId('chat-closed-reason')).toHaveCount(0);
    await expect(seekerInput).toBeEnabled();
    await expect(helperDialog.getByRole('textbox', { name: 'Message' })).toBeEnabled({ timeout: 15_000 });

    expect(seen503).toEqual([]);
  } finally {
    await seeker.context.close();
    await helper.context.close();
  }
});

/**
 * Day separators need messages of earlier days, which a test cannot write in the past: the chat
 * answers are replaced in this browser (the page, the polling and the dialog are the real ones).
 */
test('the chat dialog groups messages under Today, Yesterday and a date, with ticks on read messages', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signUpAndSkipTour(page, 'Meera Days');
  const now = new Date();
  const daysAgo = (days: number, hour: number, minute = 0) =>
    new Date(now.getFullYear(), now.getMonth(), now.getDate() - days, hour, minute).toISOString();
  const conversation: Conversation = {
    conversation_id: 'CV-E2EDAYS',
    other_participant_name: 'Ravi Kumar',
    service_type: 'companion',
    last_message: 'Landed safely, thank you!',
    last_message_timestamp: daysAgo(0, 0, 5),
    unread_count: 1,
    created_at: daysAgo(5, 9),
    blocked_by_me: false,
    can_send: true,
    other_participant_deleted: false,
  };
  const others: Conversation[] = [
    {
      ...conversation,
      conversation_id: 'CV-E2ERIDE',
      other_participant_name: 'Sana Ride',
      service_type: 'ride',
      last_message: 'Shall we share a cab from the airport?',
      last_message_timestamp: new Date(now.getTime() - 50 * 3600_000).toISOString(),
      unread_count: 0,
    },
    {
      ...conversation,
      conversation_id: 'CV-E2EDOC',
      other_participant_name: 'Dev Documents',
      service_type: 'document',
      last_message: null,
      last_message_timestamp: null,
      unread_count: 0,
    },
  ];
  let seq = 0;
  const message = (text: string, sentAt: string, mine: boolean, read: boolean): ChatMessage => {
    seq += 1;
    return {
      message_id: `m${seq}`,
      seq,
      message_text: text,
      sent_at: sentAt,
      is_mine: mine,
      is_read: read,
      safety_flags: [],
    };
  };
  const messages = [
    message('Hello Ravi, are you on AI 347 to Singapore?', daysAgo(5, 9, 30), true, true),
    message('Yes! Happy to help your father at Changi.', daysAgo(5, 9, 42), false, false),
    message(
      'Wonderful.\nHe speaks Tamil and a little English.\nHe walks slowly.',
      daysAgo(1, 18, 15),
      true,
      true,
    ),
    message('<b>No problem</b>, I will wait at the gate.', daysAgo(1, 18, 20), false, false),
    message('Landed safely, thank you!', daysAgo(0, 0, 5), false, false),
    message('So glad to hear it!', daysAgo(0, 0, 6), true, false),
  ];
  const answer: MessagesResponse = { messages, conversation, has_more: false };
  await page.route('**/api/chat/conversations', (route) =>
    route.fulfill({ json: [conversation, ...others] }),
  );
  await page.route('**/api/chat/conversations/CV-E2EDAYS/messages', (route) =>
    route.fulfill({ json: answer }),
  );
  await page.route('**/api/chat/conversations/CV-E2EDAYS/mark-read', (route) =>
    route.fulfill({ json: { success: true, last_read_seq: seq } }),
  );

  await page.goto('/messages');
  const rows = page.getByTestId('conversation-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2).getByTestId('conversation-last-message')).toHaveText('No messages yet');
  await expect(rows.nth(2).getByTestId('conversation-time')).toHaveText('Start conversation');
  await expect(rows.nth(1).getByTestId('conversation-time')).toHaveText('2 days ago');
  await shot(page, 'messages-list-services-desktop');

  const markRead = page.waitForRequest('**/api/chat/conversations/CV-E2EDAYS/mark-read');
  await rows.first().click();
  await markRead;
  const dialog = chatDialog(page);
  const longDate = new Date(daysAgo(5, 9)).toLocaleDateString('en-US', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  await expect(dialog.getByTestId('day-separator')).toHaveText([longDate, 'Yesterday', 'Today']);
  // Ticks only on own messages the other traveller has read.
  const mine = messageBubbles(dialog, true);
  await expect(mine).toHaveCount(3);
  await expect(mine.nth(0).getByTestId('read-tick')).toBeVisible();
  await expect(mine.nth(1).getByTestId('read-tick')).toBeVisible();
  await expect(mine.nth(2).getByTestId('read-tick')).toHaveCount(0);
  await expect(messageBubbles(dialog, false).getByTestId('read-tick')).toHaveCount(0);
  // Text, never HTML.
  await expect(dialog.getByText('<b>No problem</b>, I will wait at the gate.')).toBeVisible();
  await expect(dialog.locator('b')).toHaveCount(0);

  // Small width, 80 % of the height on desktops...
  const paper = dialog.locator('.MuiDialog-paper');
  let box = (await paper.boundingBox())!;
  expect(Math.round(box.height)).toBe(Math.round(DESKTOP.height * 0.8));
  expect(box.width).toBeLessThanOrEqual(600);
  // ...and the input grows to 3 rows at most.
  const input = dialog.getByRole('textbox', { name: 'Message' });
  const oneRow = (await input.boundingBox())!.height;
  await input.fill('one\ntwo\nthree\nfour\nfive\nsix');
  const tall = (await input.boundingBox())!.height;
  expect(tall).toBeGreaterThan(oneRow * 2.5);
  expect(tall).toBeLessThan(oneRow * 3.5);
  await input.fill('');
  await shot(page, 'chat-days-desktop');

  // 60 % on phones.
  await page.setViewportSize(PHONE);
  await expect
    .poll(async () => Math.round((await paper.boundingBox())!.height))
    .toBe(Math.round(PHONE.height * 0.6));
  box = (await paper.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'chat-days-phone');
});
