/**
 * Help on the day (issue 38) on a phone, in English and in Hindi: choosing "Trip-day problem (urgent)" (or
 * "Safety concern") on the help page shows what to do now (the airline's desk, the companion's chat, the
 * emergency contact, local emergency numbers) before the rest of the form; the user files the case, an admin
 * answers it from the ops console's Reply box (which shows who filed it), and the user reads the reply under
 * "My cases", where the notice's link (`/help-support?case=<id>`) opens it. Screenshots go to
 * HELP_SHOTS_DIR when set.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { createSignedInUser } from '../../platform/src/testing/users';
import { checkScreen } from '../support/a11y';
import { adminContext } from '../support/auth';
import { signedInPage } from '../support/pairs';
import { shot } from '../support/ui';

const SHOTS = process.env.HELP_SHOTS_DIR;
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

async function traveller(baseURL: string, fullname: string, locale?: 'hi') {
  const user = await createSignedInUser(baseURL, { fullname });
  expect((await user.client.post('/api/tour/complete', {})).status).toBe(200);
  if (locale) expect((await user.client.put('/api/auth/locale', { locale })).status).toBe(200);
  return user;
}

/** The top of `below` is under the bottom of `above` on the page. */
async function expectAbove(above: Locator, below: Locator): Promise<void> {
  const [a, b] = [await above.boundingBox(), await below.boundingBox()];
  expect(a && b && a.y + a.height <= b.y).toBe(true);
}

/** Chooses an issue type on the help page's form. */
async function chooseIssueType(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The admin replies through the ops console's Reply box, which names who filed the case. */
async function replyInConsole(browser: Browser, caseId: string, filer: string, reply: string) {
  const admin = await adminContext(browser);
  const page = await admin.newPage();
  try {
    await page.setViewportSize(DESKTOP);
    await page.goto('/admin/cases');
    const row = page.getByTestId('case-row').filter({ hasText: caseId });
    await expect(row).toBeVisible();
    await row.click();
    const detail = page.getByTestId('case-detail');
    await expect(detail.getByTestId('case-filer')).toContainText(`Filed by: ${filer}`);
    await expect(detail.getByTestId('case-issue-type')).toHaveText('Trip-day problem (urgent)');
    await detail.getByRole('textbox', { name: 'Reply to the filer' }).fill(reply);
    await detail.getByRole('button', { name: 'Send reply' }).click();
    await expect(detail.getByTestId('case-reply-sent')).toBeVisible();
    await expect(detail.getByTestId('case-replies')).toContainText(reply);
    await shot(page, SHOTS, 'ops-case-replied-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, SHOTS, 'ops-case-replied-phone');
  } finally {
    await admin.close();
  }
}

test('English, on a phone: the trip-day guidance comes before the form; an admin’s reply is under My cases and the notice opens it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const user = await traveller(baseURL!, 'Asha Verma');
  const { context, page } = await signedInPage(browser, baseURL!, user.client, PHONE);
  try {
    await page.goto('/help-support');
    await expect(page.getByRole('heading', { name: 'Help and support', level: 1 })).toBeVisible();
    await expect(page.getByTestId('my-cases-none')).toHaveText('You have no cases yet.');
    const guidance = page.getByTestId('trip-day-guidance');
    await expect(guidance).toHaveCount(0);

    await chooseIssueType(page, 'Issue Type', 'Trip-day problem (urgent)');
    await expect(guidance.getByRole('heading', { name: 'Trip-day problem? Do this now' })).toBeVisible();
    await expect(guidance).toContainText('go to your airline’s desk');
    await expect(guidance).toContainText('Write to them in the chat.');
    await expect(guidance).toContainText('Call the emergency contact');
    await expect(guidance.getByRole('link', { name: 'Open the chat' })).toHaveAttribute('href', '/messages');
    const numbers = guidance.getByTestId('emergency-numbers');
    await expect(numbers).toContainText('India: 112');
    await expect(numbers).toContainText('United States, Canada: 911');
    await expect(numbers).toContainText('United Kingdom: 999 / 112');
    await expect(numbers).toContainText('Australia: 000');
    await expect(numbers.getByRole('link', { name: '112' }).first()).toHaveAttribute('href', 'tel:112');
    // What to do now, before the rest of the form.
    await expectAbove(guidance, page.getByRole('textbox', { name: 'Email Address' }));
    await expectAbove(guidance, page.getByRole('textbox', { name: 'Details' }));
    await shot(page, SHOTS, 'trip-day-guidance-en-phone');
    await checkScreen(page, 'help-trip-day-phone');

    // The other urgent type: safety first.
    await chooseIssueType(page, 'Issue Type', 'Safety concern');
    await expect(guidance.getByRole('heading', { name: 'Feel unsafe? Do this now' })).toBeVisible();
    await expect(guidance.locator('li').first()).toHaveText(
      'In danger or hurt? Call the local emergency number now.',
    );
    await shot(page, SHOTS, 'safety-guidance-en-phone');
    // A type of the spec's: no guidance.
    await chooseIssueType(page, 'Issue Type', 'Technical Support');
    await expect(guidance).toHaveCount(0);

    await chooseIssueType(page, 'Issue Type', 'Trip-day problem (urgent)');
    await page
      .getByRole('textbox', { name: 'Details' })
      .fill('My mother is at Delhi airport, gate 12, and her companion has not come.');
    await page.getByRole('button', { name: 'Submit Case' }).click();
    const caseId = (await page.getByTestId('support-case-id').textContent())!;
    expect(caseId).toMatch(/^SS-[A-Z0-9]{8}$/);
    const mine = page.getByTestId('my-case').filter({ hasText: caseId });
    await expect(mine.getByTestId('my-case-no-reply')).toBeVisible();
    await expect(mine.getByRole('heading', { name: 'Trip-day problem (urgent)' })).toBeVisible();

    const reply = 'We called the Air India desk at gate 12: staff are with your mother now.';
    await replyInConsole(browser, caseId, `Asha Verma · ${user.email}`, reply);

    // The open page hears of the reply (its notice) and shows it under the case.
    await expect(mine.getByTestId('my-case-reply')).toContainText(reply, { timeout: 30_000 });
    await expect(mine.getByTestId('my-case-reply')).toContainText('Reply from SafarSaathi support');
    // The notice's link opens the case.
    const notices = await user.client.get<
      Array<{ notification_type: string; message: string; link?: string }>
    >('/api/notifications?limit=50');
    const notice = notices.body.find((n) => n.notification_type === 'support_reply');
    expect(notice?.message).toBe(
      `Support replied to your case ${caseId}. Open Help and support to read the reply.`,
    );
    expect(notice?.link).toBe(`/help-support?case=${caseId}`);
    await page.goto(notice!.link!);
    const opened = page.locator(`[data-testid="my-case"][data-case-id="${caseId}"]`);
    await expect(opened).toHaveAttribute('data-opened', 'true');
    await expect(opened).toBeFocused();
    await expect(opened.getByTestId('my-case-reply')).toContainText(reply);
    await shot(page, SHOTS, 'my-cases-reply-en-phone');
    await checkScreen(page, 'help-my-cases-phone');
    await page.setViewportSize(DESKTOP);
    await shot(page, SHOTS, 'my-cases-reply-en-desktop');
  } finally {
    await context.close();
  }
});

test('Hindi, on a phone: the guidance in Hindi before the form, and the reply under मेरे मामले', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const user = await traveller(baseURL!, 'Kamala Devi', 'hi');
  const { context, page } = await signedInPage(browser, baseURL!, user.client, PHONE);
  try {
    await page.goto('/help-support');
    await expect(page.getByRole('heading', { name: 'मदद और सहायता', level: 1 })).toBeVisible();
    await chooseIssueType(page, 'समस्या का प्रकार', 'यात्रा के दिन की समस्या (तुरंत)');
    const guidance = page.getByTestId('trip-day-guidance');
    await expect(guidance.getByRole('heading', { name: 'यात्रा के दिन कोई समस्या? अभी यह करें' })).toBeVisible();
    await expect(guidance).toContainText('अपनी एयरलाइन के काउंटर पर जाएँ');
    await expect(guidance).toContainText('सहयात्री मिल गया है? उन्हें चैट में लिखें।');
    await expect(guidance.getByTestId('emergency-numbers')).toContainText('भारत: 112');
    await expect(guidance.getByRole('link', { name: 'चैट खोलें' })).toBeVisible();
    await expectAbove(guidance, page.getByRole('textbox', { name: 'विवरण' }));
    await shot(page, SHOTS, 'trip-day-guidance-hi-phone');
    await checkScreen(page, 'help-trip-day-hindi-phone');

    await page
      .getByRole('textbox', { name: 'विवरण' })
      .fill('मेरी माँ दिल्ली हवाई अड्डे पर हैं और उनका सहयात्री अभी तक नहीं आया।');
    await page.getByRole('button', { name: 'मामला भेजें' }).click();
    const caseId = (await page.getByTestId('support-case-id').textContent())!;
    const mine = page.getByTestId('my-case').filter({ hasText: caseId });
    await expect(mine.getByTestId('my-case-status')).toHaveText('खुला');

    // The admin answers (the console itself is covered in English above).
    const admin = await adminContext(browser);
    try {
      const answered = await admin.request.put(`/api/admin/cases/${caseId}`, {
        data: { reply: 'हमने गेट 12 पर एयर इंडिया के कर्मचारियों से बात की है; वे आपकी माँ के साथ हैं।' },
      });
      expect(answered.status()).toBe(200);
    } finally {
      await admin.close();
    }
    await expect(mine.getByTestId('my-case-reply')).toContainText('वे आपकी माँ के साथ हैं।', {
      timeout: 30_000,
    });
    await expect(mine.getByTestId('my-case-reply')).toContainText('SafarSaathi सहायता टीम का जवाब');
    await mine.scrollIntoViewIfNeeded();
    await shot(page, SHOTS, 'my-cases-reply-hi-phone');
  } finally {
    await context.close();
  }
});
