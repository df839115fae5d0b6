/**
 * Reports from a conversation (addendum §2.2) and the ops console's admin calls (§2.3) through the
 * gateway, on one stack: participants only, the message copy bounded, 401/403 on every admin path,
 * filters and paging, an audit entry for each admin action (the by-phone tool too), and no call that
 * changes an entry.
 */
import {
  ADMIN_MESSAGES,
  CHAT_MESSAGES,
  OPS_MESSAGES,
  TEXT_MESSAGES,
  addDays,
  todayIso,
} from '@safarsaathi/contracts';
import { EventBus, buildEnvelope, createLogger } from '@safarsaathi/platform';
import {
  ApiClient,
  createSignedInUser,
  freshMobileDigits,
  signIn,
  waitFor,
} from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { caseModel } from '../src/persistence/cases';

type Traveller = Awaited<ReturnType<typeof createSignedInUser>>;
type Body = Record<string, unknown>;
interface AuditEntry {
  at: string;
  admin_email: string;
  action: string;
  target: string;
  note: string;
  via?: string;
}

let stack: TestStack;
let admin: ApiClient;
let reporter: Traveller;
let subject: Traveller;
let outsider: Traveller;
let conversationId: string;

/** Two travellers matched on one flight, and the conversation the first opens. */
async function conversationBetween(a: Traveller, b: Traveller): Promise<string> {
  const flight = {
    fromAirport: 'DEL',
    toAirport: 'LHR',
    airline: 'Air India',
    flightNumber: 'AI 111',
    travelDate: addDays(todayIso(), 40),
    confirmedTicket: true,
    passengerAge: 40,
    passengerGender: 'female',
    languagesKnown: 'Hindi',
    freeService: true,
  };
  const own = await a.client.post('/api/companions/requests', {
    ...flight,
    serviceType: 'need',
    passengerName: 'Kamala Devi',
  });
  expect(own.status).toBe(200);
  const target = await b.client.post('/api/companions/requests', {
    ...flight,
    serviceType: 'provide',
    passengerName: 'Arjun Mehta',
  });
  expect(target.status).toBe(200);
  const started = await a.client.post('/api/chat/check-search-contact', {
    target_caseid: target.body.caseid,
    service_type: 'companion',
  });
  expect(started.status).toBe(200);
  return String(started.body.conversation_id);
}

/** A case as the ops console shows it, once the report's event has reached support. */
function adminCase(caseId: string): Promise<Body> {
  return waitFor(
    async () => {
      const result = await admin.get(`/api/admin/cases/${caseId}`);
      return result.status === 200 ? result.body : undefined;
    },
    20_000,
    100,
  );
}

/** A traveller's user id, as auth stores it (the user view names none). */
async function userIdOf(traveller: Traveller): Promise<string> {
  const user = await stack.auth.deps.mongo.collection('users').findOne({ email: traveller.email });
  return String(user!._id);
}

async function auditEntries(page = 1): Promise<{ entries: AuditEntry[]; total: number }> {
  const result = await admin.get<{ entries: AuditEntry[]; total: number }>(`/api/admin/audit?page=${page}`);
  expect(result.status).toBe(200);
  return result.body;
}

function auditEntry(match: (entry: AuditEntry) => boolean): Promise<AuditEntry> {
  return waitFor(async () => (await auditEntries()).entries.find(match), 20_000, 150);
}

beforeAll(async () => {
  stack = await startTestStack();
  admin = new ApiClient(stack.gatewayUrl);
  [reporter, subject, outsider] = await Promise.all([
    createSignedInUser(stack.gatewayUrl, { fullname: 'Rekha Reporter' }),
    createSignedInUser(stack.gatewayUrl, { fullname: 'Sanjay Subject' }),
    createSignedInUser(stack.gatewayUrl),
    signIn(admin, stack.adminEmail),
  ]);
  conversationId = await conversationBetween(reporter, subject);
  // 22 messages, alternating: more than the 20 a report may carry.
  for (let n = 1; n <= 22; n += 1) {
    const sender = n % 2 === 1 ? reporter : subject;
    const sent = await sender.client.post(`/api/chat/conversations/${conversationId}/messages`, {
      message_text: `message ${n}`,
    });
    expect(sent.status).toBe(200);
  }
}, 120_000);
afterAll(() => stack?.stop());

const report = {
  reason: 'harassment',
  details: 'The other traveller kept sending me insulting messages after I said no.',
};

describe('reports from a conversation (§2.2)', () => {
  test('only a participant may report (404 for anyone else, 401 signed out); the input is checked', async () => {
    const path = `/api/chat/conversations/${conversationId}/report`;
    expect((await new ApiClient(stack.gatewayUrl).post(path, report)).status).toBe(401);
    const foreign = await outsider.client.post(path, { ...report, include_messages: 5 });
    expect([foreign.status, foreign.body.error]).toEqual([404, CHAT_MESSAGES.conversationNotFound]);
    const unknown = await reporter.client.post(
      '/api/chat/conversations/c0123456789abcdef0123456789abcde/report',
      report,
    );
    expect(unknown.status).toBe(404);
    for (const bad of [
      { ...report, reason: 'boredom' },
      { ...report, details: 'too short' },
      { ...report, details: 'x'.repeat(2001) },
      { ...report, include_messages: 21 },
      { ...report, include_messages: -1 },
    ]) {
      const refused = await reporter.client.post(path, bad);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toEqual(expect.any(String));
    }
  });

  test('201 with the case id; the case holds the newest include_messages messages, never more than 20', async () => {
    const path = `/api/chat/conversations/${conversationId}/report`;
    const three = await reporter.client.post(path, { ...report, include_messages: 3 });
    expect(three.status).toBe(201);
    expect(String(three.body.case_id)).toMatch(/^SS-[2-9A-HJ-NP-Z]{8}$/);
    const all = await subject.client.post(path, { ...report, reason: 'scam', include_messages: 20 });
    expect(all.status).toBe(201);
    const none = await reporter.client.post(path, { ...report, reason: 'other' });
    expect(none.status).toBe(201);

    const first = await adminCase(String(three.body.case_id));
    expect(first).toMatchObject({
      type: 'report',
      status: 'open',
      reason: 'harassment',
      details: report.details,
      conversation_id: conversationId,
      subject: { user_id: await userIdOf(subject), fullname: 'Sanjay Subject' },
    });
    const attached = first.attached_messages as Array<{ seq: number; text: string; from: string }>;
    expect(attached.map((m) => [m.seq, m.text, m.from])).toEqual([
      [20, 'message 20', 'subject'],
      [21, 'message 21', 'reporter'],
      [22, 'message 22', 'subject'],
    ]);

    // The other participant reported: 20 messages at most, the newest (3 to 22); the subject is the reporter.
    const second = await adminCase(String(all.body.case_id));
    const twenty = second.attached_messages as Array<{ seq: number }>;
    expect(twenty.map((m) => m.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 3));
    expect((second.subject as Body).fullname).toBe('Rekha Reporter');

    // Zero copies nothing.
    expect((await adminCase(String(none.body.case_id))).attached_messages).toEqual([]);
  });
});

describe('the ops console (§2.3)', () => {
  // Every row has three entries: jest hands a test with fewer row entries than parameters a `done` callback.
  const paths: Array<[string, string, unknown]> = [
    ['GET', '/api/admin/cases', undefined],
    ['GET', '/api/admin/cases/SS-23456789', undefined],
    ['PUT', '/api/admin/cases/SS-23456789', { status: 'closed', note: 'x' }],
    ['PUT', '/api/admin/users/64b000000000000000000000/status', { status: 'Block', status_reason: 'x' }],
    ['GET', '/api/admin/audit', undefined],
    ['POST', '/api/admin/audit', {}],
    ['PUT', '/api/admin/audit', {}],
    ['DELETE', '/api/admin/audit', undefined],
    ['PATCH', '/api/admin/audit', {}],
    ['DELETE', '/api/admin/audit/anything', undefined],
  ];

  test.each(paths)('%s %s: 401 signed out, 403 for a non-admin', async (method, path, json) => {
    const anonymous = await new ApiClient(stack.gatewayUrl).request(method, path, { json });
    expect(anonymous.status).toBe(401);
    const traveller = await outsider.client.request(method, path, { json });
    expect(traveller.status).toBe(403);
    expect(traveller.body.error).toBe(ADMIN_MESSAGES.notAuthorised);
  });

  test('the support service refuses a non-admin identity itself', async () => {
    const { signIdentity } = await import('@safarsaathi/platform');
    const headers = signIdentity(
      { userId: 'u1', email: 'someone@example.com', role: 'user', sessionId: 's' },
      stack.support.deps.config.INTERNAL_HMAC_SECRET,
    );
    const direct = await fetch(`${stack.support.url}/api/admin/audit`, { headers });
    expect(direct.status).toBe(403);
    expect((await fetch(`${stack.support.url}/api/admin/cases`)).status).toBe(401);
  });

  test('filters and paging: newest first, 20 a page, only the asked status and type', async () => {
    // Seeded straight into support's database: more no-show cases than a page (the trust helper's event
    // opens them in the product). Other test files of the run share this database and may have opened
    // no-show cases of their own: the counts are taken against what was there before, and the seeded cases
    // are dated tomorrow, so they are the newest and come first.
    const cases = caseModel(stack.support.deps.mongo);
    const subjectId = await userIdOf(subject);
    const totalOf = async (query: string) =>
      (await admin.get<{ total: number }>(`/api/admin/cases?${query}`)).body.total;
    const [openBefore, allBefore] = [
      await totalOf('type=no_show&status=open'),
      await totalOf('type=no_show'),
    ];
    const base = Date.now() + 24 * 3600_000;
    for (let n = 0; n < 23; n += 1) {
      await cases.create({
        caseId: `SS-NOSHOW${String(n).padStart(2, '0')}`,
        type: 'no_show',
        userId: null,
        issueType: 'No-show',
        emailAddress: 'ops@safarsaathi.test',
        details: `Second no-show within 12 months (${n})`,
        conversationId: null,
        subject_user_id: subjectId,
        status: n % 5 === 0 ? 'closed' : 'open',
        created_at: new Date(base + n * 1000),
      });
    }
    const seeded = (items: Body[]) =>
      items.map((c) => String(c.case_id)).filter((id) => id.startsWith('SS-NOSHOW'));
    const page1 = await admin.get<{ cases: Body[]; total: number }>(
      '/api/admin/cases?type=no_show&status=open',
    );
    expect(page1.status).toBe(200);
    const page2 = await admin.get<{ cases: Body[]; total: number }>(
      '/api/admin/cases?type=no_show&status=open&page=2',
    );
    const open = [...page1.body.cases, ...page2.body.cases];
    expect(page1.body.total).toBe(openBefore + 18);
    expect(page1.body.cases).toHaveLength(Math.min(20, openBefore + 18));
    expect(seeded(page1.body.cases.slice(0, 18))).toHaveLength(18);
    expect(open.every((c) => c.type === 'no_show' && c.status === 'open')).toBe(true);
    const times = open.map((c) => Date.parse(String(c.created_at)));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const all = await admin.get<{ cases: Body[]; total: number }>('/api/admin/cases?type=no_show');
    expect(all.body.total).toBe(allBefore + 23);
    expect(seeded(all.body.cases)).toHaveLength(20);
    const rest = await admin.get<{ cases: Body[]; total: number }>('/api/admin/cases?type=no_show&page=2');
    expect(seeded(rest.body.cases)).toEqual(['SS-NOSHOW02', 'SS-NOSHOW01', 'SS-NOSHOW00']);
    expect(rest.body.cases.slice(0, 3).map((c) => c.case_id)).toEqual([
      'SS-NOSHOW02',
      'SS-NOSHOW01',
      'SS-NOSHOW00',
    ]);
    const closed = await admin.get<{ cases: Body[]; total: number }>(
      '/api/admin/cases?status=closed&type=no_show',
    );
    expect(closed.body.cases.slice(0, 5).map((c) => c.case_id)).toEqual([
      'SS-NOSHOW20',
      'SS-NOSHOW15',
      'SS-NOSHOW10',
      'SS-NOSHOW05',
      'SS-NOSHOW00',
    ]);
    // The subject's history on a case counts their no-shows.
    const detail = await adminCase('SS-NOSHOW22');
    expect((detail.subject_history as Body).no_shows).toBe(23);

    for (const query of ['type=nothing', 'status=pending', 'page=0', 'page=x']) {
      const refused = await admin.get(`/api/admin/cases?${query}`);
      expect(refused.status).toBe(400);
    }
  });

  test('a case of before the type existed is listed with its derived type', async () => {
    await stack.support.deps.mongo.collection('cases').insertOne({
      caseId: 'SS-LEGACY22',
      userId: null,
      issueType: 'Service Complaints',
      emailAddress: 'old@example.com',
      details: 'An old report from before the ops console.',
      conversationId: 'c-legacy',
      status: 'open',
      created_at: new Date(),
    });
    expect(await adminCase('SS-LEGACY22')).toMatchObject({ type: 'report', case_id: 'SS-LEGACY22' });
  });

  test('closing a case with a note, and blocking its subject, are both in the audit log', async () => {
    const reported = await reporter.client.post(`/api/chat/conversations/${conversationId}/report`, {
      ...report,
      reason: 'safety',
    });
    const caseId = String(reported.body.case_id);
    const opened = await adminCase(caseId);
    const subjectId = String((opened.subject as Body).user_id);

    expect((await admin.put(`/api/admin/cases/${caseId}`, { status: 'closed', note: '  ' })).status).toBe(
      400,
    );
    const missing = await admin.put('/api/admin/cases/SS-NOTACASE', { status: 'closed', note: 'x' });
    expect([missing.status, missing.body.error]).toEqual([404, OPS_MESSAGES.caseNotFound]);

    const closed = await admin.put(`/api/admin/cases/${caseId}`, {
      status: 'closed',
      note: 'Warned the subject; closing.',
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      status: 'closed',
      notes: [{ admin_email: stack.adminEmail, status: 'closed', note: 'Warned the subject; closing.' }],
    });
    const closeEntry = await auditEntry((e) => e.target === `case ${caseId}`);
    expect(closeEntry).toMatchObject({
      admin_email: stack.adminEmail,
      action: 'case_closed',
      note: 'Warned the subject; closing.',
    });

    // Block the subject from the case: the same effect as the by-phone tool (their session is refused).
    const nobody = await admin.put('/api/admin/users/not-an-id/status', {
      status: 'Block',
      status_reason: 'x',
    });
    expect([nobody.status, nobody.body.error]).toEqual([404, OPS_MESSAGES.userNotFound]);
    const blocked = await admin.put(`/api/admin/users/${subjectId}/status`, {
      status: 'Block',
      status_reason: 'Harassment reported in chat',
    });
    expect(blocked.status).toBe(200);
    expect((await subject.client.get('/api/auth/user-info')).status).toBe(403);
    const blockEntry = await auditEntry(
      (e) => e.target === `user ${subjectId}` && e.action === 'user_blocked',
    );
    expect(blockEntry).toMatchObject({
      admin_email: stack.adminEmail,
      note: 'Harassment reported in chat',
      via: 'console',
    });
    const history = (await adminCase(caseId)).subject_history as Body;
    expect(history).toMatchObject({ blocked: true, status_reason: 'Harassment reported in chat' });

    // The by-phone tool is audited too.
    const byPhone = await admin.post('/api/auth/update-user-status', {
      phoneNumber: subject.phone,
      status: 'Active',
      status_reason: 'Apologised; unblocked',
    });
    expect(byPhone.status).toBe(200);
    expect(
      await auditEntry((e) => e.target === `user ${subjectId}` && e.action === 'user_activated'),
    ).toMatchObject({ admin_email: stack.adminEmail, via: 'phone', note: 'Apologised; unblocked' });

    // Newest first.
    const { entries } = await auditEntries();
    const times = entries.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  test("a subject's history counts their references from companion's newest trust figures, whatever the order", async () => {
    const reported = await reporter.client.post(`/api/chat/conversations/${conversationId}/report`, report);
    const caseId = String(reported.body.case_id);
    const subjectId = String(((await adminCase(caseId)).subject as Body).user_id);
    const bus = new EventBus({
      clientId: 'ops-trust-test',
      brokers: process.env.KAFKA_BROKERS!.split(','),
      logger: createLogger('ops-trust-test', 'silent'),
      topicPrefix: process.env.KAFKA_TOPIC_PREFIX,
    });
    await bus.connect();
    try {
      const figures = (version: number, positive: number) => ({
        userId: subjectId,
        version,
        trips_completed: positive,
        references: { positive, neutral: 1, negative: 0 },
        // A reference not revealed yet counts from its day: yesterday's does, next week's does not.
        pending: [
          { rating: 'negative' as const, visible_from: addDays(todayIso(), -1) },
          { rating: 'negative' as const, visible_from: addDays(todayIso(), 7) },
        ],
        member_since: todayIso().slice(0, 7),
      });
      // Versions far above what companion itself gave this user; the newer one arrives first.
      for (const data of [figures(1_000_002, 3), figures(1_000_001, 9)])
        await bus.publishEnvelope(buildEnvelope('trust_updated', subjectId, data, 'companion'));
      const references = await waitFor(async () => {
        const history = (await adminCase(caseId)).subject_history as Body;
        return (history.references as Body | null)?.positive === 3 ? history.references : undefined;
      }, 20_000);
      expect(references).toEqual({ positive: 3, neutral: 1, negative: 1 });
      // The older figures, redelivered after the newer ones, change nothing.
      await bus.publishEnvelope(
        buildEnvelope('trust_updated', subjectId, figures(1_000_001, 9), 'companion'),
      );
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(((await adminCase(caseId)).subject_history as Body).references).toEqual(references);
    } finally {
      await bus.disconnect();
    }
  });

  test('append-only: no call edits or deletes an entry', async () => {
    await auditEntry(() => true);
    const before = await auditEntries();
    for (const [method, path] of [
      ['PUT', '/api/admin/audit'],
      ['POST', '/api/admin/audit'],
      ['PATCH', '/api/admin/audit'],
      ['DELETE', '/api/admin/audit'],
      ['PUT', '/api/admin/audit/1'],
      ['DELETE', '/api/admin/audit/1'],
    ] as const) {
      const result = await admin.request(method, path, {
        json: method === 'DELETE' ? undefined : { entries: [], note: 'rewritten' },
      });
      expect([404, 405]).toContain(result.status);
    }
    // Straight at the service, past the gateway, with an admin identity: no route there either.
    const { signIdentity } = await import('@safarsaathi/platform');
    const headers = signIdentity(
      { userId: 'u1', email: stack.adminEmail, role: 'admin', sessionId: 's' },
      stack.support.deps.config.INTERNAL_HMAC_SECRET,
    );
    for (const method of ['PUT', 'POST', 'PATCH', 'DELETE']) {
      const direct = await fetch(`${stack.support.url}/api/admin/audit`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(direct.status).toBe(404);
    }
    const after = await auditEntries();
    expect(after.total).toBeGreaterThanOrEqual(before.total);
    expect(after.entries.slice(after.entries.length - before.entries.length)).toEqual(
      before.entries.slice(0, before.entries.length),
    );
  });
});

describe('round 4 security review (issue 36)', () => {
  test('an admin cannot block themselves or another admin, by id or by phone: 409 with its own message', async () => {
    // The stack's admin, registered with a phone number so the by-phone tool can name it.
    const adminPhone = `+91${freshMobileDigits()}`;
    const registered = await admin.post('/api/auth/register-user', {
      fullname: 'Ops Admin',
      phone_number: adminPhone,
      accepted_terms: true,
    });
    expect(registered.status).toBe(200);
    const adminId = String(
      (await stack.auth.deps.mongo.collection('users').findOne({ email: stack.adminEmail }))!._id,
    );
    // A second administrator: auth decides who is one from its ADMIN_EMAILS.
    const other = await createSignedInUser(stack.gatewayUrl, { fullname: 'Other Admin' });
    (stack.auth.deps.config as unknown as { adminEmails: Set<string> }).adminEmails.add(other.email);
    const otherId = await userIdOf(other);

    const refusals: Array<[Promise<{ status: number; body: Body }>, string, string]> = [
      [
        admin.put(`/api/admin/users/${adminId}/status`, { status: 'Block', status_reason: 'Oops' }),
        ADMIN_MESSAGES.cannotBlockSelf,
        'admin.cannotBlockSelf',
      ],
      [
        admin.post('/api/auth/update-user-status', {
          phoneNumber: adminPhone,
          status: 'Block',
          status_reason: 'Oops',
        }),
        ADMIN_MESSAGES.cannotBlockSelf,
        'admin.cannotBlockSelf',
      ],
      [
        admin.put(`/api/admin/users/${otherId}/status`, { status: 'Block', status_reason: 'Rival' }),
        ADMIN_MESSAGES.cannotBlockAdmin,
        'admin.cannotBlockAdmin',
      ],
      [
        admin.post('/api/auth/update-user-status', {
          phoneNumber: other.phone,
          status: 'Block',
          status_reason: 'Rival',
        }),
        ADMIN_MESSAGES.cannotBlockAdmin,
        'admin.cannotBlockAdmin',
      ],
    ];
    for (const [answer, error, code] of refusals) {
      const { status, body } = await answer;
      expect([status, body.error, body.code]).toEqual([409, error, code]);
    }
    // Both are still signed in and active.
    expect((await admin.get('/api/auth/user-info')).status).toBe(200);
    expect((await other.client.get('/api/auth/user-info')).status).toBe(200);
    const users = stack.auth.deps.mongo.collection('users');
    for (const email of [stack.adminEmail, other.email])
      expect((await users.findOne({ email }))!.status).not.toBe('Block');
  });

  test("every admin read that returns a case's attached messages is in the audit log, with the admin and the case", async () => {
    const reported = await reporter.client.post(`/api/chat/conversations/${conversationId}/report`, {
      ...report,
      include_messages: 2,
    });
    expect(reported.status).toBe(201);
    const caseId = String(reported.body.case_id);
    const reads = async () =>
      (await auditEntries()).entries.filter(
        (e) => e.action === 'case_messages_read' && e.target === `case ${caseId}`,
      );
    expect(((await adminCase(caseId)).attached_messages as unknown[]).length).toBe(2);
    const first = await reads();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ admin_email: stack.adminEmail, note: '2 attached messages' });

    // Each read is written before its answer: two more reads, two more entries.
    for (let n = 0; n < 2; n += 1) expect((await admin.get(`/api/admin/cases/${caseId}`)).status).toBe(200);
    expect(await reads()).toHaveLength(3);
    // The answer of a status change carries the messages too.
    const closed = await admin.put(`/api/admin/cases/${caseId}`, { status: 'closed', note: 'Seen.' });
    expect((closed.body.attached_messages as unknown[]).length).toBe(2);
    expect(await reads()).toHaveLength(4);

    // A case without attached messages is read without an entry; the list never carries messages.
    const bare = await reporter.client.post(`/api/chat/conversations/${conversationId}/report`, report);
    const bareId = String(bare.body.case_id);
    expect((await adminCase(bareId)).attached_messages).toEqual([]);
    expect((await admin.get('/api/admin/cases')).status).toBe(200);
    const { entries } = await auditEntries();
    expect(entries.filter((e) => e.target === `case ${bareId}`)).toEqual([]);
    expect(await reads()).toHaveLength(4);
  });

  test('free text refuses control characters through the real endpoints, with the shared message and code', async () => {
    const refused = (answer: { status: number; body: Body }) => [
      answer.status,
      answer.body.error,
      answer.body.code,
    ];
    const expected = [400, TEXT_MESSAGES.controlCharacters, 'text.controlCharacters'];
    const path = `/api/chat/conversations/${conversationId}`;
    expect(
      refused(await reporter.client.post(`${path}/messages`, { message_text: 'ring \u0007 ring' })),
    ).toEqual(expected);
    expect(refused(await reporter.client.post(`${path}/messages`, { message_text: 'hi\rthere' }))).toEqual(
      expected,
    );
    expect(
      refused(
        await reporter.client.post(`${path}/report`, { ...report, details: `${report.details}\u001b[2J` }),
      ),
    ).toEqual(expected);
    expect(
      refused(
        await reporter.client.post('/help-support/create-case', {
          issueType: 'Other',
          emailAddress: reporter.email,
          details: 'My trip is missing\u0000 from the list.',
        }),
      ),
    ).toEqual(expected);
    expect(
      refused(await admin.put('/api/admin/cases/SS-23456789', { status: 'closed', note: 'a\u0085b' })),
    ).toEqual(expected);
    // Line breaks and tabs are text: a message with them is sent as typed.
    const multiline = await reporter.client.post(`${path}/messages`, {
      message_text: 'Gate 12\n\tTerminal 3',
    });
    expect(multiline.status).toBe(200);
    expect((multiline.body.message as Body).message_text).toBe('Gate 12\n\tTerminal 3');
  });
});
