/**
 * Flight changes in the matching engine (addendum §1.4, docs/decisions.md "Flight changes"), fed straight
 * into the `search` group's handlers against the real database (FerretDB locally, MongoDB in Docker): the
 * three events of a flight change in all six orders end in the same pairing, a match that still holds
 * stays, and a redelivered edit changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import {
  addDays,
  todayIso,
  type EventData,
  type EventEnvelope,
  type EventType,
} from '@safarsaathi/contracts';
import {
  connectMongo,
  connectedToFerretDb,
  createLogger,
  ensureIndexes,
  outboxEvent,
  type EventHandlers,
} from '@safarsaathi/platform';
import { testDatabase } from '@safarsaathi/platform/src/testing';
import { searchHandlers } from '../src/events/handlers';
import { requestModel, type StoredRequest } from '../src/persistence/requests';
import { bucketModel } from '../src/persistence/buckets';
import { ownerModel } from '../src/persistence/owners';
import { matchModel, type MatchRecord } from '../src/persistence/matches';
import type { MatchingContext } from '../src/use-cases/matching';
import { requestCreated } from './fixtures';

let db: Connection;
let ctx: MatchingContext;
let handlers: EventHandlers;

beforeAll(async () => {
  db = await connectMongo(
    process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
    testDatabase(`search_flight_${randomUUID().slice(0, 6)}`),
  );
  ctx = {
    requests: requestModel(db),
    buckets: bucketModel(db),
    owners: ownerModel(db),
    matches: matchModel(db),
    singleWriter: await connectedToFerretDb(db),
    logger: createLogger('flight-change-test', 'silent'),
    // Staged events stay on their documents, where the test reads them.
    flushOutbox: () => undefined,
  };
  await ensureIndexes(db);
  handlers = searchHandlers(ctx);
});
afterAll(async () => {
  await db?.dropDatabase();
  await db?.close();
});

const date = addDays(todayIso(), 20);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const code = () => Array.from({ length: 3 }, () => LETTERS[Math.floor(Math.random() * 26)]).join('');

async function handle<T extends EventType>(event: EventEnvelope<EventData<T>>): Promise<void> {
  const handler = handlers[event.type as T] as (e: EventEnvelope<EventData<T>>) => Promise<void>;
  await handler(event);
}

const created = (data: EventData<'request_created'>) =>
  outboxEvent('companion', 'request_created', data.caseid, data) as EventEnvelope<
    EventData<'request_created'>
  >;
const updated = (data: EventData<'request_created'>, version: number) =>
  outboxEvent('companion', 'request_updated', data.caseid, {
    ...data,
    version,
    updatedAt: new Date().toISOString(),
  }) as EventEnvelope<EventData<'request_updated'>>;

const matchedWith = async (caseid: string) =>
  (await ctx.requests.findById(caseid).lean<StoredRequest>())?.matchedWith ?? null;

/** A need A and a companion B matched on AI 101, on a route of their own. */
async function matchedPair(tag: string) {
  const route = { from_airport: code(), to_airport: code(), date };
  const id = (label: string) => `SC-FC${tag}${label}${randomUUID().slice(0, 4).toUpperCase()}`;
  const request = (label: string, role: 'need' | 'provide', flight: string) =>
    requestCreated({
      ...route,
      caseid: id(label),
      ownerId: `owner-${label}-${randomUUID()}`,
      role,
      flight_number: flight,
      createdAt: new Date().toISOString(),
    });
  const A = request('A', 'need', 'AI101');
  const B = request('B', 'provide', 'AI101');
  await handle(created(A));
  await handle(created(B));
  expect(await matchedWith(A.caseid)).toBe(B.caseid);
  return { A, B, request };
}

/**
 * The three events of a flight change: U, A moves to AI 202 (no longer B's flight); C, a companion on
 * A's new flight; D, a need on B's flight (B's counterpart once released). Whatever the order: A–C and B–D.
 */
const ORDERS: Array<Array<'U' | 'C' | 'D'>> = [
  ['U', 'C', 'D'],
  ['U', 'D', 'C'],
  ['C', 'U', 'D'],
  ['C', 'D', 'U'],
  ['D', 'U', 'C'],
  ['D', 'C', 'U'],
];

test.each(ORDERS)(
  'the three events of a flight change in the order %s, %s, %s end in the same pairing',
  async (...order) => {
    const { A, B, request } = await matchedPair(order.join(''));
    const C = request('C', 'provide', 'AI202');
    const D = request('D', 'need', 'AI101');
    const events = {
      U: () => handle(updated({ ...A, flight_number: 'AI202' }, 1)),
      C: () => handle(created(C)),
      D: () => handle(created(D)),
    };
    for (const label of order) await events[label]();

    const pairing = Object.fromEntries(
      await Promise.all([A, B, C, D].map(async (r, i) => ['ABCD'[i], await matchedWith(r.caseid)])),
    );
    expect(pairing).toEqual({ A: C.caseid, C: A.caseid, B: D.caseid, D: B.caseid });
    // The edit released the first match for both, saying why (its events wait on the ended match).
    const ended = await ctx.matches
      .findById(`${A.caseid}:${B.caseid}`)
      .lean<MatchRecord & { pendingEvents: EventEnvelope<EventData<'match_released'>>[] }>();
    expect(ended?.released).toBe(true);
    const releases = ended!.pendingEvents.filter((e) => e.type === 'match_released').map((e) => e.data);
    expect(releases).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ caseid: A.caseid, reason: 'flight_changed', changedCaseid: A.caseid }),
        expect.objectContaining({ caseid: B.caseid, reason: 'flight_changed', changedCaseid: A.caseid }),
      ]),
    );
  },
);

/**
 * With only one newcomer, the released pair must not take each other on the route while one of them has
 * a counterpart on its exact flight waiting: then the arrival order would decide (docs/decisions.md).
 */
test.each([
  ['C', 'U', 'C'],
  ['C', 'C', 'U'],
  ['D', 'U', 'D'],
  ['D', 'D', 'U'],
] as const)('with only %s: %s then %s ends the same', async (only, ...order) => {
  const { A, B, request } = await matchedPair(`${only}${order.join('')}`);
  const newcomer = only === 'C' ? request('C', 'provide', 'AI202') : request('D', 'need', 'AI101');
  for (const label of order)
    await (label === 'U' ? handle(updated({ ...A, flight_number: 'AI202' }, 1)) : handle(created(newcomer)));
  const [partner, alone] = only === 'C' ? [A, B] : [B, A];
  expect(await matchedWith(partner.caseid)).toBe(newcomer.caseid);
  expect(await matchedWith(newcomer.caseid)).toBe(partner.caseid);
  expect(await matchedWith(alone.caseid)).toBeNull();
});

test('an edit that keeps the pair on one flight keeps the match: one new match_found with the new details, nothing released; a redelivered or older edit changes nothing', async () => {
  const { A, B } = await matchedPair('K');
  const matchId = `${A.caseid}:${B.caseid}`;
  const before = await ctx.requests.findById(A.caseid).lean<StoredRequest>();
  // A new layover, on the same main flight.
  const edit = updated({ ...A, passenger_age: 73, layovers: [{ LHR: { flight_number: 'BA1' } }] }, 1);
  await handle(edit);
  const after = await ctx.requests.findById(A.caseid).lean<StoredRequest>();
  expect(after).toMatchObject({ matchedWith: B.caseid, version: 1, passenger_age: 73, matchId });
  expect(after!.matchRevision).toBe(before!.matchRevision! + 1);
  const record = await ctx.matches.findById(matchId).lean<MatchRecord & { pendingEvents: EventEnvelope[] }>();
  expect(record?.released).toBeUndefined();
  const found = record!.pendingEvents.filter((e) => e.type === 'match_found');
  expect(found).toHaveLength(2);
  expect(found[1]!.data).toMatchObject({
    matchId,
    needRevision: after!.matchRevision,
    match_details: { layovers: [{ airport: 'LHR', status: 'different' }] },
  });
  expect(record!.pendingEvents.some((e) => e.type === 'match_released')).toBe(false);

  // Delivered again, and a stale copy of edit 1 with other fields: nothing moves.
  await handle({ ...edit, id: randomUUID() });
  await handle(updated({ ...A, flight_number: 'AI999' }, 1));
  expect(await ctx.requests.findById(A.caseid).lean<StoredRequest>()).toMatchObject({
    matchedWith: B.caseid,
    matchRevision: after!.matchRevision,
    flight_number: 'AI101',
  });
  expect(
    (await ctx.matches.findById(matchId).lean<MatchRecord & { pendingEvents: unknown[] }>())!.pendingEvents,
  ).toHaveLength(2);
});

test('a flight change and back: the pair matched again has a match id of its own', async () => {
  const { A, B } = await matchedPair('R');
  await handle(updated({ ...A, date: addDays(date, 1) }, 1));
  expect(await matchedWith(A.caseid)).toBeNull();
  expect(await matchedWith(B.caseid)).toBeNull();
  await handle(updated({ ...A }, 2));
  const again = await ctx.requests.findById(A.caseid).lean<StoredRequest>();
  expect(again?.matchedWith).toBe(B.caseid);
  expect(again?.matchId).toMatch(new RegExp(`^${A.caseid}:${B.caseid}#\\d+\\.\\d+$`));
  const record = await ctx.matches
    .findById(again!.matchId!)
    .lean<MatchRecord & { pendingEvents: EventEnvelope<EventData<'match_found'>>[] }>();
  expect(record?.pendingEvents.map((e) => [e.type, e.data.matchId])).toEqual([
    ['match_found', again!.matchId],
  ]);
});
