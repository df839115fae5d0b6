/**
 * Help on the day (issue 38) through the gateway, on one stack: the travel day's issue types come first; an
 * admin's reply reaches its filer as an in-app notice of type support_reply (its link opens the case) and an
 * e-mail in the filer's language, and is in the audit log; "My cases" shows a user their own cases with the
 * replies and nobody else's; what is refused is refused with 4xx JSON.
 */
import {
  OPS_MESSAGES,
  SUPPORT_MESSAGES,
  TEXT_MESSAGES,
  TOPICS,
  URGENT_ISSUE_TYPES,
  type EventEnvelope,
  type MyCasesResponse,
} from '@safarsaathi/contracts';
import { EventBus, createLogger } from '@safarsaathi/platform';
import {
  ApiClient,
  TopicRecorder,
  createMailClient,
  createSignedInUser,
  freshEmail,
  signIn,
  waitFor,
} from '@safarsaathi/platform/src/testing';
import type { Message } from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { caseModel } from '../src/persistence/cases';

type Traveller = Awaited<ReturnType<typeof createSignedInUser>>;
type Body = Record<string, unknown>;
interface NotificationView {
  notification_id: string;
  notification_type: string;
  service_type: string;
  title: string;
  message: string;
  text?: { key: string; params: Record<string, string> };
  link: string;
}
interface AuditEntry {
  admin_email: string;
  action: string;
  target: string;
  note: string;
}

let stack: TestStack;
let admin: ApiClient;
let asha: Traveller;
let ravi: Traveller;

const details = 'My mother is at Delhi airport and her companion has not arrived at the gate yet.';

beforeAll(async () => {
  stack = await startTestStack();
  admin = new ApiClient(stack.gatewayUrl);
  [asha, ravi] = await Promise.all([
    createSignedInUser(stack.gatewayUrl, { fullname: 'Asha Verma' }),
    createSignedInUser(stack.gatewayUrl, { fullname: 'Ravi Kumar' }),
    signIn(admin, stack.adminEmail),
  ]);
}, 120_000);
afterAll(() => stack?.stop());

async function fileCase(client: ApiClient, emailAddress: string, issueType: string, text = details) {
  const filed = await client.post('/help-support/create-case', { issueType, emailAddress, details: text });
  expect(filed.status).toBe(200);
  return String(filed.body.case_id);
}

async function notificationsOf(client: ApiClient): Promise<NotificationView[]> {
  const answer = await client.get<NotificationView[]>('/api/notifications?limit=50');
  expect(answer.status).toBe(200);
  return answer.body;
}

async function auditEntries(): Promise<AuditEntry[]> {
  const answer = await admin.get<{ entries: AuditEntry[] }>('/api/admin/audit');
  expect(answer.status).toBe(200);
  return answer.body.entries;
}

const mailAbout = (to: string, caseId: string, match: (message: Message) => boolean = () => true) =>
  createMailClient().waitForMessageTo(to, {
    timeoutMs: 20_000,
    predicate: (message) => message.Subject.includes(caseId) && match(message),
  });

test('the issue types start with the two of the travel day, the spec’s after them', async () => {
  const answer = await new ApiClient(stack.gatewayUrl).get<{ issue_types: string[] }>(
    '/help-support/issue-types',
  );
  expect(answer.body.issue_types.slice(0, 2)).toEqual([...URGENT_ISSUE_TYPES]);
  expect(answer.body.issue_types.slice(2)).toEqual([
    'Account Issues',
    'Feature Requests',
    'General Inquiry',
    'Service Complaints',
    'Technical Support',
    'Privacy and data request',
    'Other',
  ]);
});

test('a reply reaches a signed-in filer as a support_reply notice opening the case, and an e-mail in her language; it is audited and in My cases', async () => {
  expect((await asha.client.put('/api/auth/locale', { locale: 'hi' })).status).toBe(200);
  const caseId = await fileCase(asha.client, asha.email, 'Trip-day problem (urgent)');
  const recorder = await TopicRecorder.start([TOPICS.supportCases]);
  const reply = 'Please ask the Air India desk at gate 12; we have told them. Call us back if needed.';
  try {
    const replied = await admin.put<Body>(`/api/admin/cases/${caseId}`, { reply });
    expect(replied.status).toBe(200);
    // The case shows who filed it, and the reply with the admin who wrote it.
    expect(replied.body).toMatchObject({
      case_id: caseId,
      status: 'open',
      issue_type: 'Trip-day problem (urgent)',
      filer: { fullname: 'Asha Verma', email_address: asha.email, user_id: expect.any(String) },
      replies: [{ admin_email: stack.adminEmail, text: reply }],
      notes: [],
    });

    // The event carries the case, the filer and the reply (support.cases.v1, keyed by the case).
    const event = await waitFor(async () =>
      recorder.find((e) => e.key === caseId && e.type === 'case_replied'),
    );
    expect(event.data).toMatchObject({
      caseId,
      userId: (replied.body.filer as Body).user_id,
      emailAddress: asha.email,
      issueType: 'Trip-day problem (urgent)',
      reply,
      adminEmail: stack.adminEmail,
    });
  } finally {
    await recorder.stop();
  }

  // The notice names the case and says a reply came; tapping it opens the case on the help page.
  const notice = await waitFor(
    async () => (await notificationsOf(asha.client)).find((n) => n.notification_type === 'support_reply'),
    20_000,
  );
  expect(notice).toMatchObject({
    service_type: 'support',
    title: 'Support replied to your case',
    message: `Support replied to your case ${caseId}. Open Help and support to read the reply.`,
    text: { key: 'support_reply', params: { caseId } },
  });
  expect(notice.link).toBe(`/help-support?case=${caseId}`);
  // Nobody else hears of it.
  expect((await notificationsOf(ravi.client)).some((n) => n.notification_type === 'support_reply')).toBe(
    false,
  );

  // The e-mail goes to the address on the case, in Hindi (her language), with the reply in it.
  const mail = await mailAbout(asha.email, caseId, (m) => m.Subject.includes('का जवाब'));
  expect(mail.Subject).toBe(`SafarSaathi सहायता: आपके मामले ${caseId} का जवाब`);
  expect(mail.Text).toContain(reply);
  expect(mail.Text).toContain('यात्रा के दिन की समस्या (तुरंत)');
  expect(mail.HTML).toMatch(/^<div lang="hi"/);

  // Audited: who replied, to which case, and what the filer was told.
  const entry = await waitFor(async () =>
    (await auditEntries()).find((e) => e.target === `case ${caseId}` && e.action === 'case_replied'),
  );
  expect(entry).toMatchObject({ admin_email: stack.adminEmail, note: reply });

  // My cases: her case with the reply (no admin address, no team notes).
  const mine = await asha.client.get<MyCasesResponse>('/help-support/my-cases');
  expect(mine.status).toBe(200);
  const own = mine.body.cases.find((c) => c.case_id === caseId);
  expect(own).toEqual({
    case_id: caseId,
    type: 'support',
    issue_type: 'Trip-day problem (urgent)',
    status: 'open',
    created_at: expect.any(String),
    details,
    replies: [{ at: expect.any(String), text: reply }],
  });
  expect(JSON.stringify(mine.body)).not.toContain(stack.adminEmail);
  expect(mine.headers.get('cache-control')).toBe('no-store');
});

test('reply, status and note together; each alone; the existing status-with-note change is unchanged', async () => {
  const caseId = await fileCase(asha.client, asha.email, 'Safety concern');
  const together = await admin.put<Body>(`/api/admin/cases/${caseId}`, {
    status: 'closed',
    note: 'Called the traveller; she is with airport staff.',
    reply: 'We called you and the airport staff are with your mother now.',
  });
  expect(together.status).toBe(200);
  expect(together.body).toMatchObject({
    status: 'closed',
    notes: [{ status: 'closed', note: 'Called the traveller; she is with airport staff.' }],
    replies: [{ text: 'We called you and the airport staff are with your mother now.' }],
  });
  const noteOnly = await admin.put<Body>(`/api/admin/cases/${caseId}`, { note: 'Followed up by phone.' });
  expect(noteOnly.body).toMatchObject({ status: 'closed', notes: [{}, { note: 'Followed up by phone.' }] });
  const statusOnly = await admin.put<Body>(`/api/admin/cases/${caseId}`, { status: 'open' });
  expect(statusOnly.body).toMatchObject({ status: 'open', notes: [{}, {}, { status: 'open', note: '' }] });
  const replyOnly = await admin.put<Body>(`/api/admin/cases/${caseId}`, {
    reply: 'Is everything all right now?',
  });
  expect(replyOnly.body).toMatchObject({
    status: 'open',
    replies: [{}, { text: 'Is everything all right now?' }],
  });
  const classic = await admin.put<Body>(`/api/admin/cases/${caseId}`, {
    status: 'closed',
    note: 'Resolved.',
  });
  expect(classic.body).toMatchObject({ status: 'closed' });

  const entries = await waitFor(async () => {
    const ofCase = (await auditEntries()).filter((e) => e.target === `case ${caseId}`);
    return ofCase.length >= 6 ? ofCase : undefined;
  });
  expect(entries.map((e) => e.action).sort()).toEqual(
    ['case_closed', 'case_replied', 'case_noted', 'case_reopened', 'case_replied', 'case_closed'].sort(),
  );

  // Both replies in My cases, oldest first; the two e-mails went out.
  const mine = await asha.client.get<MyCasesResponse>('/help-support/my-cases');
  expect(mine.body.cases.find((c) => c.case_id === caseId)?.replies.map((r) => r.text)).toEqual([
    'We called you and the airport staff are with your mother now.',
    'Is everything all right now?',
  ]);
  await mailAbout(asha.email, caseId, (m) => m.Text.includes('Is everything all right now?'));
});

test('a signed-out filer gets the reply by e-mail only, in the language of the page the case came from', async () => {
  const email = freshEmail('signed-out');
  const visitor = new ApiClient(stack.gatewayUrl);
  const filed = await visitor.request('POST', '/help-support/create-case', {
    json: { issueType: 'Safety concern', emailAddress: email, details },
    headers: { 'accept-language': 'gu-IN,gu;q=0.9,en;q=0.5' },
  });
  expect(filed.status).toBe(200);
  const caseId = String(filed.body.case_id);
  const replied = await admin.put<Body>(`/api/admin/cases/${caseId}`, { reply: 'We are on it.' });
  expect(replied.body).toMatchObject({ filer: { user_id: null, fullname: '', email_address: email } });
  const mail = await mailAbout(email, caseId, (m) => m.Text.includes('We are on it.'));
  expect(mail.Subject).toBe(`SafarSaathi સહાય: આપના કેસ ${caseId} નો જવાબ`);
  expect(mail.HTML).toMatch(/^<div lang="gu"/);
});

test('a redelivered case_replied tells the filer once', async () => {
  const caseId = await fileCase(ravi.client, ravi.email, 'Other');
  const recorder = await TopicRecorder.start([TOPICS.supportCases]);
  let published: EventEnvelope;
  try {
    expect((await admin.put(`/api/admin/cases/${caseId}`, { reply: 'Done once.' })).status).toBe(200);
    published = await waitFor(async () =>
      recorder.find((e) => e.key === caseId && e.type === 'case_replied'),
    );
  } finally {
    await recorder.stop();
  }
  await waitFor(async () =>
    (await notificationsOf(ravi.client)).find((n) => n.notification_type === 'support_reply'),
  );
  await mailAbout(ravi.email, caseId, (m) => m.Text.includes('Done once.'));
  const bus = new EventBus({
    clientId: 'help-on-the-day-test',
    brokers: process.env.KAFKA_BROKERS!.split(','),
    logger: createLogger('help-on-the-day-test', 'silent'),
    topicPrefix: process.env.KAFKA_TOPIC_PREFIX,
  });
  await bus.connect();
  try {
    await bus.publishEnvelope(published);
  } finally {
    await bus.disconnect();
  }
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const notices = (await notificationsOf(ravi.client)).filter((n) => n.notification_type === 'support_reply');
  expect(notices).toHaveLength(1);
  const mails = (await createMailClient().searchTo(ravi.email)).filter((m) => m.Subject.includes(caseId));
  // The case's confirmation and one reply.
  expect(mails).toHaveLength(2);
  const audited = (await auditEntries()).filter((e) => e.target === `case ${caseId}`);
  expect(audited).toHaveLength(1);
});

describe('refused with 4xx JSON, never 500', () => {
  test('a change with nothing in it, an empty or too long reply, a control character: 400 with its message and code', async () => {
    const caseId = await fileCase(asha.client, asha.email, 'General Inquiry');
    const cases: Array<[unknown, string, string]> = [
      [{}, OPS_MESSAGES.updateEmpty, 'ops.updateEmpty'],
      [{ reply: '' }, OPS_MESSAGES.replyRequired, 'ops.replyRequired'],
      [{ reply: '   ' }, OPS_MESSAGES.replyRequired, 'ops.replyRequired'],
      [{ reply: 'x'.repeat(2001) }, OPS_MESSAGES.replyRequired, 'ops.replyRequired'],
      [{ reply: 42 }, OPS_MESSAGES.replyRequired, 'ops.replyRequired'],
      [{ reply: 'Call the desk\u0007 now' }, TEXT_MESSAGES.controlCharacters, 'text.controlCharacters'],
      // zod's own words for an unknown status: no code of ours.
      [{ status: 'pending' }, expect.any(String) as never, undefined as never],
    ];
    for (const [body, error, code] of cases) {
      const refused = await admin.put(`/api/admin/cases/${caseId}`, body);
      expect([
        JSON.stringify(body).slice(0, 40),
        refused.status,
        refused.body.error,
        refused.body.code,
      ]).toEqual([JSON.stringify(body).slice(0, 40), 400, error, code]);
    }
    const raw = await admin.request('PUT', `/api/admin/cases/${caseId}`, { rawBody: '"just a reply"' });
    expect(raw.status).toBe(400);
    // 2000 characters are fine; nothing refused was written.
    const longest = await admin.put<Body>(`/api/admin/cases/${caseId}`, { reply: 'y'.repeat(2000) });
    expect(longest.status).toBe(200);
    expect(longest.body.replies).toHaveLength(1);
  });

  test('an unknown case is 404; a case nobody filed has no one to reply to (409, nothing written)', async () => {
    const missing = await admin.put('/api/admin/cases/SS-NOTACASE', { reply: 'Hello' });
    expect([missing.status, missing.body.error, missing.body.code]).toEqual([
      404,
      OPS_MESSAGES.caseNotFound,
      'ops.caseNotFound',
    ]);
    await caseModel(stack.support.deps.mongo).create({
      caseId: 'SS-NOFILER2',
      type: 'no_show',
      userId: null,
      issueType: 'No-show',
      emailAddress: '',
      details: 'Second no-show within 12 months',
      conversationId: null,
      subject_user_id: 'someone',
      status: 'open',
      created_at: new Date(),
    });
    const nobody = await admin.put('/api/admin/cases/SS-NOFILER2', { reply: 'Hello?', note: 'x' });
    expect([nobody.status, nobody.body.error, nobody.body.code]).toEqual([
      409,
      OPS_MESSAGES.noFiler,
      'ops.noFiler',
    ]);
    const detail = await admin.get<Body>('/api/admin/cases/SS-NOFILER2');
    expect(detail.body).toMatchObject({ filer: null, replies: [], notes: [] });
    // A note alone is still fine there.
    expect((await admin.put('/api/admin/cases/SS-NOFILER2', { note: 'Looked at it.' })).status).toBe(200);
  });

  test('only an admin replies: 401 signed out, 403 for a traveller (the filer too)', async () => {
    const caseId = await fileCase(asha.client, asha.email, 'Other');
    const path = `/api/admin/cases/${caseId}`;
    expect((await new ApiClient(stack.gatewayUrl).put(path, { reply: 'Hi' })).status).toBe(401);
    const own = await asha.client.put(path, { reply: 'Answering myself' });
    expect(own.status).toBe(403);
    expect((await admin.get<Body>(path)).body.replies).toEqual([]);
  });

  test('My cases: 401 signed out; a bad page is 400; only the caller’s own cases, newest first', async () => {
    const anonymous = await new ApiClient(stack.gatewayUrl).get('/help-support/my-cases');
    expect([anonymous.status, typeof anonymous.body.error]).toEqual([401, 'string']);
    for (const query of ['page=0', 'page=x', 'page=-1', 'page=10001']) {
      const refused = await asha.client.get(`/help-support/my-cases?${query}`);
      expect([query, refused.status, typeof refused.body.error]).toEqual([query, 400, 'string']);
    }
    const newcomer = await createSignedInUser(stack.gatewayUrl, { fullname: 'Meera Shah' });
    expect((await newcomer.client.get<MyCasesResponse>('/help-support/my-cases')).body).toEqual({
      cases: [],
      total: 0,
    });
    const first = await fileCase(newcomer.client, newcomer.email, 'Account Issues');
    // A case about her own address from someone else's account stays that account's.
    const byOther = await fileCase(ravi.client, newcomer.email, 'Other');
    const second = await fileCase(newcomer.client, newcomer.email, 'Technical Support');
    const mine = await newcomer.client.get<MyCasesResponse>('/help-support/my-cases');
    expect(mine.body.total).toBe(2);
    expect(mine.body.cases.map((c) => c.case_id)).toEqual([second, first]);
    const ravis = await ravi.client.get<MyCasesResponse>('/help-support/my-cases');
    expect(ravis.body.cases.map((c) => c.case_id)).toContain(byOther);
    expect(ravis.body.cases.map((c) => c.case_id)).not.toContain(first);
  });

  test('/help-support itself is the help page for a browser, and no API call', async () => {
    const visitor = new ApiClient(stack.gatewayUrl);
    const page = await visitor.request('GET', '/help-support?case=SS-ABCDEFGH', {
      headers: { accept: 'text/html' },
    });
    // The web app's page (503 while the web app is not built), never the API's JSON 404.
    expect([200, 503]).toContain(page.status);
    expect(page.headers.get('content-type')).not.toMatch(/json/);
    const json = await visitor.get('/help-support');
    expect([json.status, typeof json.body.error]).toEqual([404, 'string']);
    const posted = await visitor.post('/help-support', {});
    expect([posted.status, typeof posted.body.error]).toEqual([404, 'string']);
  });

  test('the create-case messages are unchanged for the new types', async () => {
    const refused = await asha.client.post('/help-support/create-case', {
      issueType: 'Trip-day problem',
      emailAddress: asha.email,
      details,
    });
    expect([refused.status, refused.body.error]).toEqual([400, SUPPORT_MESSAGES.issueTypeRequired]);
  });
});
