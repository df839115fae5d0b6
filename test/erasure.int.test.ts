/**
 * Erasure that leaves nothing (issue 40, part B), checked as an auditor would: a user signs in (a code),
 * registers, posts a request with a description, is matched, chats, sets the meeting point, writes a
 * reference, shares the trip, reports the conversation and opens a support case; then deletes the account.
 * Every database of this run (every collection), every Redis key and value and every message of every topic of
 * this run (as stored, and opened with the product's keys) is scanned for their e-mail, phone, names and every
 * text they wrote until none is left; the time from DELETE to a clean scan is printed (the contract: within
 * 60 seconds). Before the deletion the same scan finds them (so it can), and no topic holds them readable
 * without the keys. The partner keeps their own words; the deleted user's messages read "Message deleted";
 * the shared link answers 410. No log line of the whole run carries the e-mail address, phone or name.
 */
import { randomInt } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  DELETED_MESSAGE_TEXT,
  todayIso,
  type ChatMessage,
  type CompanionRequestView,
  type CompanionSubmissionInput,
  type ShareLink,
} from '@safarsaathi/contracts';
import { setLogSink } from '@safarsaathi/platform';
import {
  TopicScanner,
  createSignedInUser,
  freshEmail,
  scanMongo,
  scanRedis,
  waitFor,
  type ApiClient,
  type Finding,
} from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from './stack';

const letters = (n: number) =>
  Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz'[randomInt(0, 26)]).join('');
const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);

const logLines: string[] = [];
let stack: TestStack;
let topics: TopicScanner;

beforeAll(async () => {
  // Every line any service or the gateway writes during this file, at debug level.
  setLogSink(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    }),
  );
  stack = await startTestStack({ LOG_LEVEL: 'debug' }, { withSearch: true });
  // After the services made the topics; it reads them from the beginning.
  topics = await TopicScanner.start();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await topics?.stop();
  setLogSink(undefined);
});

async function post(client: ApiClient, input: CompanionSubmissionInput): Promise<string> {
  const answer = await client.post<{ caseid: string }>('/api/companions/requests', input);
  expect(answer.status).toBe(200);
  return answer.body.caseid;
}

const describeFindings = (findings: Finding[]) =>
  findings.map((f) => `${f.where} ${f.place}${f.item ? ` (${f.item})` : ''}: ${f.value}`);

test('a deleted user leaves nothing readable in any database, Redis or topic, within 60 seconds; no log names them', async () => {
  const first = capital(letters(9));
  const last = capital(letters(9));
  const fullname = `${first} ${last}`;
  const words = {
    description: `Please walk my mother to the gate ${letters(12)}`,
    message: `I will wait near the pharmacy ${letters(12)}`,
    place: `Gate seven by the tea stall ${letters(12)}`,
    reference: `Kind and patient all the way ${letters(12)}`,
    report: `He kept asking me to carry a parcel ${letters(12)}`,
    caseDetails: `My booking shows the wrong date ${letters(12)}`,
    // The traveller's card (issue 39): an address, the one who collects, notes.
    address: `14 Elm Road ${letters(12)}`,
    receiver: `Ravi ${capital(letters(10))}`,
    notes: `Needs help with stairs ${letters(12)}`,
  };
  const partnerWords = `See you at the gate then ${letters(12)}`;

  const email = freshEmail('erased');
  const meera = await createSignedInUser(stack.gatewayUrl, { email, fullname });
  const arjun = await createSignedInUser(stack.gatewayUrl, { fullname: 'Arjun Mehta' });
  const phoneDigits = meera.phone.replace(/^\+\d\d/, '');

  // A pair on today's flight, on a route of its own.
  const route = { fromAirport: letters(3).toUpperCase(), toAirport: letters(3).toUpperCase() };
  const input: CompanionSubmissionInput = {
    serviceType: 'need',
    airline: 'Air India',
    flightNumber: `AI ${randomInt(100, 9999)}`,
    travelDate: todayIso(),
    confirmedTicket: true,
    passengerName: fullname,
    passengerAge: 71,
    passengerGender: 'female',
    languagesKnown: 'Hindi, English',
    description: words.description,
    destinationAddress: words.address,
    receiverName: words.receiver,
    assistance: { wheelchair: 'requested', notes: words.notes },
    ...route,
  };
  const need = await post(meera.client, input);
  const provide = await post(arjun.client, {
    ...input,
    serviceType: 'provide',
    passengerName: 'Arjun Mehta',
    passengerAge: 35,
    passengerGender: 'male',
    description: undefined,
    destinationAddress: undefined,
    receiverName: undefined,
    assistance: undefined,
  });
  await waitFor(
    async () => {
      const views = await meera.client.get<CompanionRequestView[]>('/api/companions/requests');
      return views.body.find((view) => view.caseid === need)?.companion_match_caseid === provide
        ? true
        : undefined;
    },
    30_000,
    200,
  );

  const started = await meera.client.post<{ conversation_id: string }>('/api/chat/start-chat', {
    user_caseid: need,
    matched_caseid: provide,
  });
  expect(started.status).toBeLessThan(300);
  const conversation = started.body.conversation_id;
  const messagesPath = `/api/chat/conversations/${conversation}/messages`;
  expect((await meera.client.post(messagesPath, { message_text: words.message })).status).toBeLessThan(300);
  expect((await arjun.client.post(messagesPath, { message_text: partnerWords })).status).toBeLessThan(300);
  const meeting = { place: words.place, time: `${todayIso()}T06:30:00+05:30` };
  expect((await meera.client.put(`/api/companions/requests/${need}/meeting`, meeting)).status).toBe(200);
  expect(
    (
      await meera.client.post(`/api/companions/requests/${need}/reference`, {
        rating: 'positive',
        text: words.reference,
      })
    ).status,
  ).toBe(201);
  const shared = await meera.client.post<ShareLink>('/api/share-links', { kind: 'request', id: need });
  expect(shared.status).toBe(200);
  const reported = await meera.client.post(`/api/chat/conversations/${conversation}/report`, {
    reason: 'scam',
    details: words.report,
    include_messages: 2,
  });
  expect(reported.status).toBe(201);
  const filed = await meera.client.post('/help-support/create-case', {
    issueType: 'Account Issues',
    emailAddress: email,
    details: words.caseDetails,
  });
  expect(filed.status).toBeLessThan(300);
  // Arjun hears of the meeting point (a notice naming Meera) before she goes.
  await waitFor(async () => {
    const notices = await arjun.client.get<Array<{ notification_type: string }>>(
      '/api/notifications?limit=50',
    );
    return notices.body.some((notice) => notice.notification_type === 'meeting_set') ? true : undefined;
  }, 30_000);

  const values = [email, meera.phone, phoneDigits, first, last, ...Object.values(words)];
  const scanAll = async () => {
    const t0 = Date.now();
    const mongo = await scanMongo(values);
    const t1 = Date.now();
    const redis = await scanRedis(values);
    const t2 = Date.now();
    const kafka = await topics.scan(values);
    const all = [...mongo, ...redis, ...kafka];
    process.stdout.write(
      `[erasure] scan: mongo ${t1 - t0} ms, redis ${t2 - t1} ms, kafka ${Date.now() - t2} ms, ${all.length} found\n`,
    );
    return all;
  };

  // The scan can see them: before the deletion they are in the databases and, opened with the keys, in the
  // topics; never readable in a topic as stored (sealed).
  const before = await scanAll();
  expect(before.filter((f) => f.where === 'mongo').map((f) => f.value)).toEqual(
    expect.arrayContaining(values),
  );
  expect(before.filter((f) => f.where === 'kafka (opened with the keys)').map((f) => f.value)).toEqual(
    expect.arrayContaining([email, first, words.description, words.place, words.report]),
  );
  expect(describeFindings(before.filter((f) => f.where === 'kafka'))).toEqual([]);
  // Her session names her address: the Redis scan reads values too.
  expect(before.some((f) => f.where === 'redis' && f.value === email)).toBe(true);

  const deletedAt = Date.now();
  expect((await meera.client.delete('/users/delete-account')).status).toBe(200);
  let findings: Finding[] = [];
  let scans = 0;
  for (;;) {
    scans += 1;
    findings = await scanAll();
    if (findings.length === 0 || Date.now() - deletedAt > 60_000) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const erasureMs = Date.now() - deletedAt;
  process.stdout.write(
    `[erasure] from DELETE to a clean scan: ${erasureMs} ms (${scans} scans; ${topics.size} messages on ${topics.topics.length} topics)\n`,
  );
  expect(describeFindings(findings)).toEqual([]);
  expect(erasureMs).toBeLessThan(60_000);

  // The partner's own words stay theirs; hers read "Message deleted".
  const seen = await arjun.client.get<{ messages: ChatMessage[] }>(messagesPath);
  expect(seen.body.messages.map((m) => [m.message_text, m.deleted ?? false])).toEqual([
    [DELETED_MESSAGE_TEXT, true],
    [partnerWords, false],
  ]);
  // The shared link is gone (410), and a new scan after more traffic is still clean.
  expect((await arjun.client.get(`/api/shared/${shared.body.token}`)).status).toBe(410);
  expect(describeFindings(await topics.scan(values))).toEqual([]);

  // No log line of the whole run named her: not at sign-in, registration, e-mail sending or deletion.
  const logs = logLines.join('');
  expect(logs).toContain('e-mail sent');
  for (const value of [email, meera.phone, phoneDigits, first, last])
    expect(logs.includes(value)).toBe(false);
}, 180_000);
