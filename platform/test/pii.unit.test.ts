/**
 * Sealing and opening personal fields (pii.ts) on a Redis stand-in: every listed field is sealed and still
 * satisfies the catalogue's schema, opens to the original, reads '' once its subject is erased (also for a
 * field sealed under two subjects when either is erased), nothing is sealed for an erased subject, the
 * original envelope is never changed, and the keyring asks Redis once per subject.
 */
import type Redis from 'ioredis';
import { parseEvent, type EventEnvelope } from '@safarsaathi/contracts';
import { buildEnvelope } from '../src/kafka/envelope';
import {
  ERASED_VALUE,
  PiiKeyring,
  SEALED_PREFIX,
  isSealed,
  openSealed,
  piiKeyName,
  sealEnvelope,
  type SealedEnvelope,
} from '../src/pii';

/** The few Redis commands the keyring uses, in memory, counting round trips. */
function fakeRedis() {
  const store = new Map<string, string>();
  const calls = { count: 0 };
  const redis = {
    async get(key: string) {
      calls.count += 1;
      return store.get(key) ?? null;
    },
    async eval(_script: string, _n: number, key: string, fresh: string) {
      calls.count += 1;
      if (!store.has(key)) store.set(key, fresh);
      return store.get(key)!;
    },
    multi() {
      const ops: Array<() => void> = [];
      const chain = {
        set(key: string, value: string) {
          ops.push(() => store.set(key, value));
          return chain;
        },
        publish() {
          return chain;
        },
        async exec() {
          calls.count += 1;
          ops.forEach((op) => op());
          return [];
        },
      };
      return chain;
    },
  };
  return { redis: redis as unknown as Redis, store, calls };
}

const registered = () =>
  buildEnvelope(
    'user_registered',
    'u1',
    {
      userId: 'u1',
      email: 'meera@example.test',
      fullname: 'Meera Sharma',
      phone_number: '+919876543210',
      registeredAt: new Date().toISOString(),
    },
    'auth',
  );

const meeting = () =>
  buildEnvelope(
    'trip_meeting_set',
    'n1:p1',
    {
      tripId: 'n1:p1',
      caseid: 'p1',
      userId: 'provider',
      otherCaseid: 'n1',
      otherUserId: 'seeker',
      place: 'Gate 4, by the pharmacy',
      time: '2026-12-16T09:30:00+05:30',
      travellerFirstName: 'Kamala',
      companionFirstName: 'Arjun',
      trip: {
        firstName: 'Kamala',
        flight: 'AI 105',
        date: '2026-12-16',
        dateTo: null,
        from: 'DEL',
        to: 'EWR',
      },
      updatedAt: new Date().toISOString(),
    },
    'companion',
  );

const reported = () =>
  buildEnvelope(
    'conversation_reported',
    'c1',
    {
      caseId: 'CASE1',
      conversationId: 'c1',
      reporterId: 'r1',
      reporterEmail: 'r1@example.test',
      subjectId: 's1',
      subjectName: 'Sunil Rao',
      reason: 'scam',
      details: 'He asked me to carry a parcel',
      messages: [
        { seq: 1, senderId: 's1', text: 'carry this for me', sentAt: new Date().toISOString() },
        { seq: 2, senderId: 'r1', text: 'no thank you', sentAt: new Date().toISOString() },
      ],
      reportedAt: new Date().toISOString(),
    },
    'chat',
  );

describe('pii: sealing personal fields', () => {
  it('seals every personal field; the sealed envelope parses; opening gives it back', async () => {
    const { redis } = fakeRedis();
    const keyring = new PiiKeyring(redis);
    const original = registered();
    const copy = JSON.parse(JSON.stringify(original)) as EventEnvelope;
    const sealed = await sealEnvelope(original, keyring);
    const data = sealed.data as Record<string, string>;
    for (const field of ['email', 'fullname', 'phone_number']) expect(isSealed(data[field])).toBe(true);
    expect(data.userId).toBe('u1');
    const text = JSON.stringify(sealed);
    expect(text).not.toContain('meera@example.test');
    expect(text).not.toContain('Meera');
    expect(text).not.toContain('9876543210');
    expect(() => parseEvent(JSON.parse(text))).not.toThrow();
    // The outbox removes published events by their stored value: the original is untouched.
    expect(original).toEqual(copy);
    const opened = parseEvent(await openSealed(JSON.parse(text), keyring));
    expect(opened.data).toEqual(original.data);
  });

  it("an erased subject's fields read as erased, on every copy, and nothing new is sealed for it", async () => {
    const { redis, store } = fakeRedis();
    const keyring = new PiiKeyring(redis);
    const sealed = JSON.parse(JSON.stringify(await sealEnvelope(registered(), keyring)));
    // Another process (a consumer) with its own cache.
    const other = new PiiKeyring(redis);
    expect(((await openSealed(sealed, other)) as EventEnvelope<{ email: string }>).data.email).toBe(
      'meera@example.test',
    );
    await keyring.erase('u1');
    expect(store.get(piiKeyName('u1'))).toBe('erased');
    other.forget('u1'); // what the erasure channel does in a real process
    const opened = (await openSealed(sealed, other)) as EventEnvelope<Record<string, string>>;
    expect([opened.data.email, opened.data.fullname, opened.data.phone_number]).toEqual([
      ERASED_VALUE,
      ERASED_VALUE,
      ERASED_VALUE,
    ]);
    const later = (await sealEnvelope(registered(), other)) as EventEnvelope<Record<string, string>>;
    expect(later.data.email).toBe(ERASED_VALUE);
    expect(store.get(piiKeyName('u1'))).toBe('erased');
  });

  it("seals each field under its subject's key: the trip-day names by side, a report's messages by sender", async () => {
    const { redis } = fakeRedis();
    const keyring = new PiiKeyring(redis);
    const sealedMeeting = await sealEnvelope(meeting(), keyring);
    const m = sealedMeeting.data as {
      place: string;
      travellerFirstName: string;
      companionFirstName: string;
      trip: { firstName: string };
    };
    expect(m.place.startsWith(`${SEALED_PREFIX}provider|`)).toBe(true);
    expect(m.travellerFirstName.startsWith(`${SEALED_PREFIX}seeker|`)).toBe(true);
    expect(m.companionFirstName.startsWith(`${SEALED_PREFIX}provider|`)).toBe(true);
    expect(m.trip.firstName.startsWith(`${SEALED_PREFIX}provider,seeker|`)).toBe(true);
    await keyring.erase('seeker');
    const opened = (await openSealed(JSON.parse(JSON.stringify(sealedMeeting)), keyring)) as EventEnvelope<
      Record<string, string> & { trip: { firstName: string } }
    >;
    expect(opened.data.place).toBe('Gate 4, by the pharmacy');
    expect(opened.data.companionFirstName).toBe('Arjun');
    expect(opened.data.travellerFirstName).toBe(ERASED_VALUE);
    // Sealed under both: erasing either makes it unreadable.
    expect(opened.data.trip.firstName).toBe(ERASED_VALUE);

    const sealedReport = await sealEnvelope(reported(), keyring);
    await keyring.erase('s1');
    const report = (await openSealed(JSON.parse(JSON.stringify(sealedReport)), keyring)) as EventEnvelope<{
      subjectName: string;
      details: string;
      messages: Array<{ text: string }>;
    }>;
    expect(report.data.subjectName).toBe(ERASED_VALUE);
    expect(report.data.details).toBe('He asked me to carry a parcel');
    expect(report.data.messages.map((message) => message.text)).toEqual([ERASED_VALUE, 'no thank you']);
  });

  it('asks Redis once per subject, then seals and opens from its cache; events without personal fields pass as they are', async () => {
    const { redis, calls } = fakeRedis();
    const keyring = new PiiKeyring(redis);
    const sealed = await sealEnvelope(registered(), keyring);
    for (let i = 0; i < 20; i += 1) {
      await sealEnvelope(registered(), keyring);
      await openSealed(JSON.parse(JSON.stringify(sealed)), keyring);
    }
    expect(calls.count).toBe(1);
    const plain = buildEnvelope(
      'messages_read',
      'c1',
      { conversationId: 'c1', readerId: 'u1', lastReadSeq: 3, readAt: new Date().toISOString() },
      'chat',
    );
    expect(await sealEnvelope(plain, keyring)).toBe(plain);
    expect(await openSealed(plain, keyring)).toBe(plain);
  });

  it('a damaged, relabelled or transplanted ciphertext reads as erased, never throws', async () => {
    const { redis } = fakeRedis();
    const keyring = new PiiKeyring(redis);
    const sealed = JSON.parse(JSON.stringify(await sealEnvelope(registered(), keyring))) as SealedEnvelope;
    const emailOf = async (envelope: unknown) =>
      ((await openSealed(envelope, keyring)) as EventEnvelope<{ email: string }>).data.email;
    expect(await emailOf(sealed)).toBe('meera@example.test');
    const payload = sealed.sealed!.u1!;
    expect(await emailOf({ ...sealed, sealed: { u1: `${payload.slice(0, -4)}AAAA` } })).toBe(ERASED_VALUE);
    // The subjects are authenticated: the group relabelled to another subject does not open.
    await keyring.keyOf('u2', true);
    const relabelled = JSON.parse(
      JSON.stringify(sealed).replaceAll('pii1|u1|', 'pii1|u2|').replace('"u1":', '"u2":'),
    );
    expect(await emailOf(relabelled)).toBe(ERASED_VALUE);
    // So is the event: the same ciphertext under another event id does not open.
    expect(await emailOf({ ...sealed, id: '00000000-0000-4000-8000-000000000000' })).toBe(ERASED_VALUE);
    // A sealed field whose group is missing reads as erased.
    expect(await emailOf({ ...sealed, sealed: {} })).toBe(ERASED_VALUE);
  });

  it('seals the fields of one subject together: one ciphertext per group and event', async () => {
    const { redis } = fakeRedis();
    const keyring = new PiiKeyring(redis);
    const sealed = await sealEnvelope(reported(), keyring);
    // reporter (e-mail, details, their message), subject (name, their message): two groups.
    expect(Object.keys(sealed.sealed ?? {}).sort()).toEqual(['r1', 's1']);
    expect((sealed.data as { messages: Array<{ text: string }> }).messages.map((m) => m.text)).toEqual([
      `${SEALED_PREFIX}s1|#1`,
      `${SEALED_PREFIX}r1|#2`,
    ]);
  });
});
