/**
 * E-mails in the user's language (issue 14): the auth service keeps a `locale` per user, profile_updated and
 * user_registered carry it (with when it was chosen), and the notifications service writes the match e-mail
 * in it, whatever the order of those events. Signed-out e-mails follow the page's language (Accept-Language).
 */
import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, LOCALES, LOCALE_MESSAGES, renderNoticeEmail } from '@safarsaathi/contracts';
import { EventBus, createLogger } from '@safarsaathi/platform';
import {
  ApiClient,
  createMailClient,
  createSignedInUser,
  freshEmail,
  waitFor,
} from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { recipientModel } from '../src/persistence/recipients';
import { notificationStore } from '../src/persistence/notifications';

let stack: TestStack;
let bus: EventBus;
const mail = createMailClient();
const DEVANAGARI = /[\u0900-\u097F]/;

beforeAll(async () => {
  stack = await startTestStack();
  bus = new EventBus({
    clientId: 'locale-email-test',
    brokers: process.env.KAFKA_BROKERS!.split(','),
    logger: createLogger('locale-email-test', 'silent'),
    topicPrefix: process.env.KAFKA_TOPIC_PREFIX,
  });
  await bus.connect();
});

afterAll(async () => {
  await bus.disconnect();
  await stack.stop();
});

const caseid = (label: string) => `SC-${label}${randomUUID().slice(0, 6).toUpperCase()}`;

function matchBetween(needUserId: string, provideUserId: string) {
  const [needCaseid, provideCaseid] = [caseid('N'), caseid('P')];
  return {
    needCaseid,
    provideCaseid,
    event: {
      matchId: `${needCaseid}:${provideCaseid}`,
      needCaseid,
      needUserId,
      provideCaseid,
      provideUserId,
      match_details: {
        overall_status: 'match' as const,
        main_flight: { status: 'same_route' as const },
        layovers: [],
      },
      // As search sends it: each side by first name with its trip (the notices and e-mails name them).
      needSummary: { firstName: 'Kamala', ...TRIP },
      provideSummary: { firstName: 'Ravi', ...TRIP },
    },
  };
}

const TRIP = { flight: 'AI 101', date: '2027-03-10', dateTo: null, from: 'DEL', to: 'JFK' };
/** The match e-mail about `caseid`: its button opens that request's card. */
const aboutRequest = (caseid: string) => (m: { Text: string }) => m.Text.includes(`request=${caseid}`);

test('a traveller who chose Hindi gets the match e-mail in Hindi; the other side, who did not, in English', async () => {
  const hindi = await createSignedInUser(stack.gatewayUrl, { fullname: 'Kamala Devi' });
  const english = await createSignedInUser(stack.gatewayUrl, { fullname: 'Ravi Kumar' });
  expect(hindi.user.locale).toBe('en');

  const changed = await hindi.client.put('/api/auth/locale', { locale: 'hi' });
  expect(changed.status).toBe(200);
  expect(changed.body).toEqual({ success: true, locale: 'hi' });
  expect((await hindi.client.get('/api/auth/user-info')).body).toMatchObject({ locale: 'hi' });

  // The choice reaches the notifications service through profile_updated.
  const recipients = recipientModel(stack.notifications.deps.mongo);
  await waitFor(
    async () => {
      const all = await recipients.find({ email: hindi.email }).lean();
      return all[0]?.locale === 'hi' ? true : undefined;
    },
    20_000,
    100,
  );

  const hindiUserId = (await recipients.findOne({ email: hindi.email }).lean())!._id;
  const englishUserId = (
    await waitFor(
      async () => (await recipients.findOne({ email: english.email }).lean()) ?? undefined,
      20_000,
      100,
    )
  )._id;
  const { needCaseid, provideCaseid, event } = matchBetween(hindiUserId, englishUserId);
  await bus.publish('match_found', event.matchId, event);

  const toHindi = await mail.waitForMessageTo(hindi.email, {
    timeoutMs: 20_000,
    predicate: aboutRequest(needCaseid),
  });
  expect(toHindi.Subject).toBe(`SafarSaathi: आपके अनुरोध ${needCaseid} के लिए सहयात्री मिल गया`);
  expect(toHindi.Text).toContain('नमस्ते Kamala Devi जी');
  expect(toHindi.Text).toContain('Ravi (AI 101, 10 मार्च) Kamala के सहयात्री बन सकते हैं।');

  const toEnglish = await mail.waitForMessageTo(english.email, {
    timeoutMs: 20_000,
    predicate: aboutRequest(provideCaseid),
  });
  expect(toEnglish.Subject).toBe(`SafarSaathi: Someone you can help for your request ${provideCaseid}`);
  expect(toEnglish.Text).toContain('Hello Ravi Kumar');
  expect(DEVANAGARI.test(toEnglish.Text)).toBe(false);
});

test('every one of the nine languages is accepted and stored; the match e-mail follows the stored one', async () => {
  const traveller = await createSignedInUser(stack.gatewayUrl, { fullname: 'Meenakshi' });
  // Tamil last: the e-mail below is written in it.
  for (const locale of [...LOCALES.filter((l) => l !== 'ta'), 'ta' as const]) {
    const changed = await traveller.client.put('/api/auth/locale', { locale });
    expect([locale, changed.status, changed.body]).toEqual([locale, 200, { success: true, locale }]);
    expect((await traveller.client.get('/api/auth/user-info')).body).toMatchObject({ locale });
  }
  const recipients = recipientModel(stack.notifications.deps.mongo);
  const userId = await waitFor(
    async () => {
      const recipient = await recipients.findOne({ email: traveller.email }).lean();
      return recipient?.locale === 'ta' ? recipient._id : undefined;
    },
    20_000,
    100,
  );
  const { needCaseid, event } = matchBetween(userId, `other-${randomUUID()}`);
  await bus.publish('match_found', event.matchId, event);
  const message = await mail.waitForMessageTo(traveller.email, {
    timeoutMs: 20_000,
    predicate: aboutRequest(needCaseid),
  });
  const expected = renderNoticeEmail(
    {
      key: 'match_found',
      params: {
        caseid: needCaseid,
        other: 'Ravi',
        traveller: 'Kamala',
        flight: TRIP.flight,
        date: TRIP.date,
        from: TRIP.from,
        to: TRIP.to,
      },
    },
    'Meenakshi',
    'ta',
    'http://localhost:8080',
    needCaseid,
  );
  expect(message.Subject).toBe(expected.subject);
  expect(message.Text.trim()).toBe(expected.text);
  // In Tamil's own words and script, and the HTML version says so.
  expect(message.Subject).toMatch(/[\u0B80-\u0BFF]/);
  expect(message.Text).toContain('Meenakshi');
  expect(message.HTML).toContain('<div lang="ta"');
});

test('the latest language choice wins whatever the order of user_registered and profile_updated', async () => {
  const userId = `locale-${randomUUID()}`;
  const email = freshEmail('late-hindi');
  const registeredAt = new Date(Date.now() - 60_000);
  const choseHindiAt = new Date(Date.now() - 30_000);
  // The newer choice (Hindi) arrives first, the registration (English, older) after it...
  await bus.publish('profile_updated', userId, {
    userId,
    email,
    changed: ['locale'],
    locale: 'hi',
    localeChangedAt: choseHindiAt.toISOString(),
  });
  await bus.publish('user_registered', userId, {
    userId,
    email,
    fullname: 'Sushila',
    phone_number: '+919812345672',
    registeredAt: registeredAt.toISOString(),
    emailConsent: true,
    locale: 'en',
    localeChangedAt: registeredAt.toISOString(),
  });
  // ...and an older choice again, as a redelivery would.
  await bus.publish('profile_updated', userId, {
    userId,
    email,
    changed: ['locale'],
    locale: 'en',
    localeChangedAt: registeredAt.toISOString(),
  });

  const recipients = recipientModel(stack.notifications.deps.mongo);
  await waitFor(
    async () => ((await recipients.findOne({ _id: userId, email }).lean()) ? true : undefined),
    20_000,
    100,
  );
  const other = `other-${randomUUID()}`;
  const { needCaseid, event } = matchBetween(userId, other);
  await bus.publish('match_found', event.matchId, event);
  const message = await mail.waitForMessageTo(email, {
    timeoutMs: 20_000,
    predicate: aboutRequest(needCaseid),
  });
  expect(message.Text).toContain('नमस्ते Sushila जी');
  expect((await recipients.findOne({ _id: userId }).lean())?.locale).toBe('hi');
  // A language choice is not announced in the bell.
  const feed = await notificationStore(stack.notifications.deps.mongo).feeds.findOne({ _id: userId }).lean();
  expect((feed?.items ?? []).filter((item) => item.notification_type === 'profile_updated')).toHaveLength(0);
});

test('signed out, the code e-mail and the support case e-mail follow the page language; a bad language is refused with a code', async () => {
  const visitor = new ApiClient(stack.gatewayUrl);
  const email = freshEmail('hindi-visitor');
  const sent = await visitor.request('POST', '/api/auth/register', {
    json: { emailAddress: email },
    headers: { 'accept-language': 'hi-IN' },
  });
  expect(sent.status).toBe(200);
  if (sent.body.real_otp_enabled !== false) {
    const codeMail = await mail.waitForMessageTo(email, { timeoutMs: 20_000 });
    expect(codeMail.Subject).toBe('आपका SafarSaathi सत्यापन कोड');
    expect(codeMail.Text).toMatch(/^आपका SafarSaathi सत्यापन कोड \d{6} है।/);
  }

  const caseMail = freshEmail('hindi-case');
  const created = await visitor.request('POST', '/help-support/create-case', {
    json: {
      issueType: 'Technical Support',
      emailAddress: caseMail,
      details: 'मेरा अनुरोध सूची में दिखाई नहीं दे रहा है, कृपया मदद करें।',
    },
    headers: { 'accept-language': 'hi' },
  });
  expect(created.status).toBe(200);
  const caseId = String(created.body.case_id);
  const support = await mail.waitForMessageTo(caseMail, {
    timeoutMs: 20_000,
    predicate: (m) => m.Subject.includes(caseId),
  });
  expect(support.Subject).toBe(`SafarSaathi सहायता: आपका मामला ${caseId} हमें मिल गया है`);
  expect(support.Text).toContain('(तकनीकी सहायता)');

  // An English page (or none) gets English.
  const englishCase = freshEmail('english-case');
  const english = await visitor.request('POST', '/help-support/create-case', {
    json: {
      issueType: 'Technical Support',
      emailAddress: englishCase,
      details: 'My request does not show in the list, please help.',
    },
    headers: { 'accept-language': 'fr-FR, en;q=0.5' },
  });
  const englishMail = await mail.waitForMessageTo(englishCase, {
    timeoutMs: 20_000,
    predicate: (m) => m.Subject.includes(String(english.body.case_id)),
  });
  expect(englishMail.Subject).toContain('we received your case');

  const { client } = await createSignedInUser(stack.gatewayUrl);
  const refused = await client.put('/api/auth/locale', { locale: 'fr' });
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject({ error: LOCALE_MESSAGES.invalid, code: 'locale.invalid' });
  const signedOut = await new ApiClient(stack.gatewayUrl).put('/api/auth/locale', { locale: 'hi' });
  expect(signedOut.status).toBe(401);
  expect(signedOut.body).toMatchObject({ error: AUTH_MESSAGES.notSignedIn, code: 'auth.notSignedIn' });
});
