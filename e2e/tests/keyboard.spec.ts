/// <reference lib="dom" />
/**
 * Issue 14: a keyboard alone completes the whole journey. Only `page.keyboard` drives the traveller's
 * browser (Tab, Shift+Tab, Enter, Space, arrows, Escape, typing into the focused field); no click, no
 * fill. At every stop the test checks which element has the focus and that the focus can be seen
 * (a focus ring or a focused input's border, on screen and not hidden under a fixed bar). Live regions
 * are checked where they speak: the wrong code (alert), a missing airport (alert), the number of
 * search results (status) and the other traveller's message arriving in the open chat (status).
 * The other traveller acts through the API (they are not the one under test).
 */
import { randomInt } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Conversation, SearchResult } from '@safarsaathi/contracts';
import { createSignedInUser, freshMobileDigits } from '../../platform/src/testing/users';
import { freshEmail, readCode, signUpAndSkipTour } from '../support/auth';
import { futureDate } from '../support/ui';

const SHOTS = process.env.KBD_SHOTS_DIR;

/** What the browser shows for the focused element: how its focus is drawn, or why it cannot be seen. */
function describeFocus(): { ok: boolean; what: string; how: string } {
  const element = document.activeElement as HTMLElement | null;
  if (!element || element === document.body) return { ok: false, what: 'body', how: 'nothing has the focus' };
  const label =
    element.getAttribute('aria-label') ??
    element.getAttribute('data-testid') ??
    (element.textContent ?? '').trim().slice(0, 40);
  const what = `${element.tagName.toLowerCase()}[role=${element.getAttribute('role') ?? ''}] "${label}"`;
  const drawn = (candidate: Element): boolean => {
    const style = getComputedStyle(candidate);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const autoRing = style.outlineStyle === 'auto';
    return outline || autoRing || (style.boxShadow !== 'none' && style.boxShadow !== '');
  };
  let how = '';
  if (drawn(element)) how = 'outline';
  else {
    // MUI draws keyboard focus on the control's root (checkbox and radio inputs sit inside it).
    const root = element.closest('.Mui-focusVisible');
    if (root && drawn(root)) how = 'ring on the control';
    else {
      // Text fields and selects: the outlined border of the focused field thickens and takes the colour.
      const field = element.closest('.MuiInputBase-root.Mui-focused');
      const border = field?.querySelector(':scope > .MuiOutlinedInput-notchedOutline');
      if (border && parseFloat(getComputedStyle(border).borderTopWidth) >= 2) how = 'field border';
    }
  }
  if (!how) return { ok: false, what, how: 'no visible focus indicator' };
  // WCAG 2.4.11: the focused control is in the viewport and not hidden under something fixed.
  const box = (element.closest('.MuiInputBase-root, .MuiButtonBase-root') ?? element).getBoundingClientRect();
  const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1);
  const y = Math.min(Math.max(box.top + box.height / 2, 0), innerHeight - 1);
  if (box.bottom <= 0 || box.top >= innerHeight) return { ok: false, what, how: `${how}, but off screen` };
  const top = document.elementFromPoint(x, y);
  const control =
    element.closest('.MuiInputBase-root, .MuiButtonBase-root, .MuiFormControlLabel-root') ?? element;
  // The field's own label counts as the field: a long one crosses the middle while it moves up on focus.
  const ownLabel =
    top?.tagName === 'LABEL' && Boolean(element.closest('.MuiFormControl-root')?.contains(top));
  if (top && !ownLabel && !control.contains(top) && !top.contains(control)) {
    return {
      ok: false,
      what,
      how: `${how}, but covered by ${top.tagName.toLowerCase()}.${String(top.className).slice(0, 60)}`,
    };
  }
  return { ok: true, what, how };
}

async function expectFocusVisible(page: Page, where: string): Promise<void> {
  const focus = await page.evaluate(describeFocus);
  expect(focus.ok, `focus on ${focus.what} (${where}): ${focus.how}`).toBe(true);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking at every stop that the focus is
 * visible; fails with the path taken when the target is not reached within `max` presses.
 */
async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}): Promise<void> {
  await expect(target).toBeAttached();
  const path: string[] = [];
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focus = await page.evaluate(describeFocus);
    path.push(focus.what);
    expect(focus.ok, `focus on ${focus.what}: ${focus.how} (path: ${path.join(' → ')})`).toBe(true);
    if (
      await target.evaluate(
        (element) => element === document.activeElement || element.contains(document.activeElement),
      )
    ) {
      return;
    }
  }
  throw new Error(
    `not reached by keyboard in ${max} presses: ${target.toString()} (path: ${path.join(' → ')})`,
  );
}

/** Types into the focused field after checking that it is the expected one. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await expect(field).toBeFocused();
  await page.keyboard.type(text);
}

/**
 * A date field (the browser's yyyy-mm-dd input, shown mm/dd/yyyy in en-US): typed segment by segment
 * (Chromium moves on by itself; Tab also steps through the three segments, so a date is 3 Tab stops).
 */
async function typeDate(page: Page, field: Locator, isoDate: string): Promise<void> {
  const [year, month, day] = isoDate.split('-');
  await typeInto(page, field, `${month}${day}${year}`);
  await expect(field).toHaveValue(isoDate);
}

/** An airport type-ahead: types, walks the suggestions with the arrow keys, takes one with Enter. */
async function chooseAirport(page: Page, field: Locator, query: string, code: string): Promise<void> {
  await expect(field).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(query);
  const option = page.getByRole('option', { name: new RegExp(`\\(${code}\\)`) }).first();
  await expect(option).toBeVisible();
  const optionId = await option.getAttribute('id');
  // The input keeps the focus; the highlighted suggestion is its aria-activedescendant.
  for (
    let press = 0;
    press < 10 && (await field.getAttribute('aria-activedescendant')) !== optionId;
    press += 1
  ) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(field).toHaveAttribute('aria-activedescendant', optionId!);
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue(new RegExp(`\\(${code}\\)`));
}

/** A select (combobox button): opened with the keyboard, option reached with the arrows, taken with Enter. */
async function chooseFromSelect(page: Page, select: Locator, optionName: string): Promise<void> {
  await expect(select).toBeFocused();
  await page.keyboard.press('Enter');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  const option = listbox.getByRole('option', { name: optionName, exact: true });
  for (
    let press = 0;
    press < 10 && !(await option.evaluate((element) => element === document.activeElement));
    press += 1
  ) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(option).toBeFocused();
  await expectFocusVisible(page, `option ${optionName}`);
  await page.keyboard.press('Enter');
  await expect(listbox).toBeHidden();
  // The menu's invisible backdrop stays over the page while the menu fades out; the next Tab waits for it.
  await expect(page.locator('.MuiMenu-root')).toHaveCount(0);
  await expect(select).toBeFocused();
  await expect(select).toHaveText(optionName);
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test.describe('at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a keyboard alone signs in, posts a request, searches, contacts a traveller and chats', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    // The other traveller offers help on a route and day of their own, so the search finds them alone.
    const route = { from: 'AMD', to: 'YYZ', date: futureDate(100 + randomInt(0, 250)) };
    const other = await createSignedInUser(baseURL!, { fullname: 'Kiran Desai' });
    const offered = await other.client.post<{ caseid: string }>('/api/companions/requests', {
      serviceType: 'provide',
      fromAirport: route.from,
      toAirport: route.to,
      airline: 'Air Canada',
      flightNumber: `AC ${randomInt(100, 1000)}`,
      travelDate: route.date,
      confirmedTicket: true,
      passengerName: 'Kiran Desai',
      passengerAge: 34,
      passengerGender: 'female',
      languagesKnown: 'Gujarati, English',
      freeService: true,
    });
    expect(offered.status).toBe(200);
    await expect
      .poll(
        async () => {
          const answer = await other.client.get<{ results: SearchResult[] }>(
            `/api/search/public?service=companion&from=${route.from}&to=${route.to}`,
          );
          return answer.body.results?.some((result) => result.caseid === offered.body.caseid) ?? false;
        },
        { timeout: 60_000 },
      )
      .toBe(true);

    // ── Sign in from the landing page's header ─────────────────────────────────────────────────────────
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const login = page.getByTestId('header-login');
    await tabTo(page, login, { max: 5 });
    await shot(page, 'desktop-header-login');
    await page.keyboard.press('Enter');
    const loginDialog = page.getByRole('dialog', { name: 'SafarSaathi' });
    const email = freshEmail('e2e-kbd');
    await typeInto(page, loginDialog.getByRole('textbox', { name: 'Email Address' }), email);
    const consent = loginDialog.getByRole('checkbox', {
      name: 'I agree to receive emails for login verification and account alerts',
    });
    await tabTo(page, consent, { max: 3 });
    await shot(page, 'desktop-login-consent');
    await page.keyboard.press('Space');
    await expect(consent).toBeChecked();
    await tabTo(page, loginDialog.getByRole('button', { name: 'Send OTP' }), { max: 3 });
    const requestedAt = Date.now();
    await page.keyboard.press('Enter');
    await expect(
      loginDialog.getByText('OTP sent successfully! Check your email for the verification code.'),
    ).toBeVisible();
    const firstDigit = loginDialog.getByRole('textbox', { name: 'Digit 1' });
    await expect(firstDigit).toBeFocused();

    // A wrong code first: the server's answer is announced (role="alert").
    const code = await readCode(email, requestedAt);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.keyboard.type(wrong);
    await tabTo(page, loginDialog.getByRole('button', { name: 'Verify' }), { max: 3 });
    await page.keyboard.press('Enter');
    await expect(
      loginDialog.getByRole('alert').filter({ hasText: 'Invalid OTP. Please try again.' }),
    ).toBeVisible();
    // The focus is back in the first box; the right code goes over the wrong one.
    await expect(firstDigit).toBeFocused();
    await expectFocusVisible(page, 'first box after the wrong code');
    await page.keyboard.type(code);
    await tabTo(page, loginDialog.getByRole('button', { name: 'Verify' }), { max: 3 });
    await page.keyboard.press('Enter');

    // ── Registration ───────────────────────────────────────────────────────────────────────────────────
    const registration = page.getByRole('dialog', { name: 'Complete Your Registration' });
    await expect(registration.getByText('OTP verified! Please complete your registration.')).toBeVisible();
    await typeInto(page, registration.getByRole('textbox', { name: 'Full Name' }), 'Lakshmi Iyer');
    await tabTo(page, registration.getByRole('textbox', { name: 'Mobile Number' }), { max: 4 });
    await page.keyboard.type(freshMobileDigits());
    const terms = registration.getByRole('checkbox', {
      name: 'I have read and accept the Terms & Conditions',
    });
    await tabTo(page, terms, { max: 3 });
    await page.keyboard.press('Space');
    await expect(terms).toBeChecked();
    await tabTo(page, registration.getByRole('button', { name: 'Complete Registration' }), { max: 4 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });

    // The guided tour opens with its main button focused; Skip Tour is one Shift+Tab away.
    const tour = page.getByTestId('guided-tour');
    await expect(tour.getByRole('button', { name: 'Next' })).toBeFocused();
    await expectFocusVisible(page, 'tour');
    await shot(page, 'desktop-tour-next');
    await tabTo(page, tour.getByRole('button', { name: 'Skip Tour' }), { max: 3, backwards: true });
    await page.keyboard.press('Enter');
    await expect(tour).toBeHidden();

    // ── Post a companion request ───────────────────────────────────────────────────────────────────────
    const nav = page.getByRole('navigation', { name: 'Main navigation' }).filter({ visible: true });
    await tabTo(page, nav.getByRole('link', { name: 'Companion' }), { max: 40 });
    await shot(page, 'desktop-side-nav');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/companion-service$/);
    const newTab = page.getByRole('tab', { name: 'New Request' });
    // The tab strip is one Tab stop (the selected tab); the arrow keys move between tabs and Enter
    // selects (ARIA tabs pattern, MUI's default of no selection on focus).
    await tabTo(page, page.getByRole('tab', { selected: true }), { max: 10 });
    await expect(page.getByRole('tab', { name: 'My Companions' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(newTab).toBeFocused();
    await expectFocusVisible(page, 'New Request tab');
    await page.keyboard.press('Enter');
    await expect(newTab).toHaveAttribute('aria-selected', 'true');
    await tabTo(page, page.getByRole('button', { name: /Find Companion/ }), { max: 5 });
    await shot(page, 'desktop-choice-card');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Find a Companion' })).toBeVisible();
    // Submit stays disabled until the required fields are in (spec §5), and the form says so.
    const submitHint = page.getByTestId('companion-submit-hint');
    await expect(submitHint).toHaveText('Fill in every field marked * to submit the request.');
    await expect(page.getByRole('button', { name: 'Submit Request' })).toHaveAttribute(
      'aria-describedby',
      /.+/,
    );

    await tabTo(page, page.getByTestId('from-airport'), { max: 20 });
    await chooseAirport(page, page.getByTestId('from-airport'), 'DEL', 'DEL');
    await tabTo(page, page.getByTestId('to-airport'), { max: 3 });
    await chooseAirport(page, page.getByTestId('to-airport'), 'BOM', 'BOM');
    const airline = page.getByRole('combobox', { name: /^Airline Name/ });
    await tabTo(page, airline, { max: 3 });
    await page.keyboard.type('Air India');
    await tabTo(page, page.getByRole('textbox', { name: /^Flight Number/ }), { max: 3 });
    await page.keyboard.type(`AI ${randomInt(100, 1000)}`);
    const travelDate = page.getByLabel(/^Travel Date/);
    await tabTo(page, travelDate, { max: 3 });
    await typeDate(page, travelDate, futureDate(30 + randomInt(0, 200)));
    // Past the date's parts, the optional departure time, arrival date and time (issue 39) and Add Layover.
    await tabTo(page, page.getByRole('textbox', { name: /^Passenger Name/ }), { max: 18 });
    await page.keyboard.type('Lakshmi Iyer');
    await tabTo(page, page.getByRole('spinbutton', { name: /^Age/ }), { max: 3 });
    await page.keyboard.type('71');
    const gender = page.getByRole('combobox', { name: /^Gender/ });
    await tabTo(page, gender, { max: 3 });
    await chooseFromSelect(page, gender, 'Female');
    const languages = page.getByRole('combobox', { name: /^Languages Known/ });
    await tabTo(page, languages, { max: 3 });
    await page.keyboard.type('Tam');
    await expect(page.getByRole('option', { name: 'Tamil' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('button', { name: 'Tamil' }).or(page.locator('.MuiChip-root', { hasText: 'Tamil' })),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    const free = page.getByRole('checkbox', { name: 'Free Service' });
    await tabTo(page, free, { max: 6 });
    if (!(await free.isChecked())) await page.keyboard.press('Space');
    await expect(free).toBeChecked();
    await expect(submitHint).toBeHidden();
    const submit = page.getByRole('button', { name: 'Submit Request' });
    // Past the emergency contact and the traveller card's fields (issue 39).
    await tabTo(page, submit, { max: 12 });
    await shot(page, 'desktop-submit-request');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('companion-form-message')).toBeVisible();
    await expect(page.getByTestId('companion-form-message')).not.toContainText('Error');

    // ── Search from the dashboard ──────────────────────────────────────────────────────────────────────
    const home = nav.getByRole('link', { name: 'Home', exact: true });
    // Posting lands on the new request's card (issue 38), below the menu: back up to it.
    await tabTo(page, home, { max: 80, backwards: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    const slot = page.getByTestId('dashboard-search-slot');
    const from = slot.getByTestId('search-from-airport');
    // The default from-airport fills in once the airport list has loaded: the keys go in after it.
    await expect(from).toHaveValue(/\(ORD\)$/);
    await tabTo(page, from, { max: 30 });
    // Search without a from-airport: the error is announced (role="alert"), not only shown in red.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    const searchButton = slot.getByRole('button', { name: 'Search' });
    await tabTo(page, searchButton, { max: 12 });
    await page.keyboard.press('Enter');
    await expect(slot.getByRole('alert').filter({ hasText: 'From airport is required' })).toBeVisible();
    // The focus goes to the field to fix.
    await expect(from).toBeFocused();
    await expectFocusVisible(page, 'From airport after the error');
    await chooseAirport(page, from, route.from, route.from);
    const to = slot.getByTestId('search-to-airport');
    await tabTo(page, to, { max: 3 });
    await chooseAirport(page, to, route.to, route.to);
    // The other traveller's day only (earlier runs left offers on this route on other days).
    const fromDate = slot.getByLabel('Date Range From');
    await tabTo(page, fromDate, { max: 3 });
    await typeDate(page, fromDate, route.date);
    const toDate = slot.getByLabel('Date Range To');
    await tabTo(page, toDate, { max: 4 });
    await typeDate(page, toDate, route.date);
    await tabTo(page, searchButton, { max: 12 });
    await shot(page, 'desktop-search-button');
    await page.keyboard.press('Enter');
    // The count is announced by a polite status region that was in the page before the search ran.
    const status = slot.getByRole('status').filter({ hasText: /traveller\(s\)|No results/ });
    await expect(slot.getByTestId('search-status')).toHaveText(/^Found \d+ traveller\(s\) from .*\(AMD\)$/);
    await expect(status).toHaveAttribute('aria-live', 'polite');
    const card = slot.locator(`[data-testid="search-result-card"][data-caseid="${offered.body.caseid}"]`);
    await expect(card).toBeVisible();

    // ── Contact, and chat ──────────────────────────────────────────────────────────────────────────────
    const contact = card.getByRole('button', { name: 'Contact' });
    await tabTo(page, contact, { max: 20 });
    await shot(page, 'desktop-contact');
    await page.keyboard.press('Enter');
    const chat = page.getByTestId('chat-dialog');
    await expect(chat).toBeVisible();
    const input = chat.getByRole('textbox', { name: 'Message' });
    await expect(input).toBeEnabled();
    if (!(await input.evaluate((element) => element === document.activeElement)))
      await tabTo(page, input, { max: 6 });
    await expectFocusVisible(page, 'chat input');
    await page.keyboard.type('Namaste Kiran, I fly AMD to YYZ too. Could we travel together?');
    await page.keyboard.press('Enter');
    await expect(chat.locator('[data-testid="chat-message"][data-mine="true"]')).toHaveCount(1);
    await expect(input).toHaveValue('');
    await expect(input).toBeFocused();
    await shot(page, 'desktop-chat-input');

    // The other traveller answers: the open dialog announces it (polite status region), once.
    const conversations = await other.client.get<Conversation[]>('/api/chat/conversations');
    const conversation = conversations.body.find((c) => c.other_participant_name?.startsWith('Lakshmi'));
    expect(conversation).toBeDefined();
    const reply = 'Yes, happy to help. See you at the gate!';
    const sent = await other.client.post(
      `/api/chat/conversations/${conversation!.conversation_id}/messages`,
      {
        message_text: reply,
      },
    );
    expect(sent.status).toBe(200);
    const announcer = chat.getByTestId('chat-announcer');
    const mine = await page.request.get('/api/chat/conversations');
    const conversationWithOther = ((await mine.json()) as Conversation[]).find(
      (c) => c.conversation_id === conversation!.conversation_id,
    );
    expect(conversationWithOther?.other_participant_name).toMatch(/^Kiran/);
    await expect(announcer).toHaveAttribute('role', 'status');
    await expect(announcer).toHaveText(
      `${conversationWithOther?.other_participant_name ?? 'Kiran'}: ${reply}`,
      { timeout: 20_000 },
    );
    await expect(chat.locator('[data-testid="chat-message"][data-mine="false"]')).toContainText(reply);

    // Escape closes the chat and gives the focus back to the Contact button that opened it.
    await page.keyboard.press('Escape');
    await expect(chat).toBeHidden();
    await expect(contact).toBeFocused();
    await expectFocusVisible(page, 'Contact after the chat closed');
  });
});

test.describe('at phone size', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every Tab stop of the dashboard and the companion screen shows its focus, none under the bottom bar', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpAndSkipTour(page, 'Devika Pillai');
    for (const [path, ready] of [
      ['/dashboard', page.getByTestId('dashboard-search-slot').getByTestId('search-from-airport')],
      ['/companion-service', page.getByRole('tab', { name: 'New Request' })],
    ] as const) {
      await page.goto(path);
      await expect(ready).toBeVisible();
      const bottomBar = page.getByTestId('bottom-nav');
      const lastEntry = bottomBar.getByRole('link', { name: 'Messages' });
      // Every stop from the top of the page to the bottom bar's last entry is checked by tabTo.
      await tabTo(page, lastEntry, { max: 60 });
      await shot(page, `phone${path.replace('/', '-')}-bottom-nav`);
    }
    // A control low on the page is scrolled clear of the bottom bar when it gets the focus.
    await page.goto('/dashboard');
    const search = page.getByTestId('dashboard-search-slot').getByRole('button', { name: 'Search' });
    await tabTo(page, search, { max: 40 });
    await shot(page, 'phone-search-button');
  });
});
