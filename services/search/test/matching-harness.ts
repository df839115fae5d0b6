/**
 * The `search` group's handlers against the real database (FerretDB locally, MongoDB in Docker), fed events
 * straight, for tests that put events in every order. Staged events stay on their documents, where a test
 * reads them (`flushOutbox` does nothing).
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

export interface MatchingHarness {
  ctx: MatchingContext;
  handle: <T extends EventType>(event: EventEnvelope<EventData<T>>) => Promise<void>;
  stop: () => Promise<void>;
}

export async function startMatchingHarness(name: string): Promise<MatchingHarness> {
  const db: Connection = await connectMongo(
    process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
    testDatabase(`search_${name}_${randomUUID().slice(0, 6)}`),
  );
  const ctx: MatchingContext = {
    requests: requestModel(db),
    buckets: bucketModel(db),
    owners: ownerModel(db),
    matches: matchModel(db),
    singleWriter: await connectedToFerretDb(db),
    logger: createLogger(`${name}-test`, 'silent'),
    flushOutbox: () => undefined,
  };
  await ensureIndexes(db);
  const handlers: EventHandlers = searchHandlers(ctx);
  return {
    ctx,
    handle: async <T extends EventType>(event: EventEnvelope<EventData<T>>) => {
      const handler = handlers[event.type as T] as
        ((e: EventEnvelope<EventData<T>>) => Promise<void>) | undefined;
      // An event the group declares it ignores is skipped, as the consumer does.
      await handler?.(event);
    },
    stop: async () => {
      await db.dropDatabase();
      await db.close();
    },
  };
}

export const event = <T extends EventType>(type: T, key: string, data: EventData<T>) =>
  outboxEvent('companion', type, key, data) as EventEnvelope<EventData<T>>;

export const created = (data: EventData<'request_created'>) => event('request_created', data.caseid, data);

export const updated = (data: EventData<'request_created'>, version: number) =>
  event('request_updated', data.caseid, { ...data, version, updatedAt: new Date().toISOString() });

export const DEFAULT_DATE = addDays(todayIso(), 20);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A three-letter airport code of its own, so each test's requests meet only each other. */
export const freshCode = () =>
  Array.from({ length: 3 }, () => LETTERS[Math.floor(Math.random() * 26)]).join('');

/** A route (and date) of its own, and a maker of requests on it labelled for the test. */
export function freshRoute(tag: string, date: string = DEFAULT_DATE) {
  const route = { from_airport: freshCode(), to_airport: freshCode(), date };
  const request = (
    label: string,
    role: 'need' | 'provide',
    flight: string,
    overrides: Partial<EventData<'request_created'>> = {},
  ) =>
    requestCreated({
      ...route,
      caseid: `SC-${tag}${label}${randomUUID().slice(0, 4).toUpperCase()}`,
      ownerId: `owner-${label}-${randomUUID()}`,
      role,
      flight_number: flight,
      createdAt: new Date().toISOString(),
      ...overrides,
    });
  return { route, request };
}

export const readRequest = (ctx: MatchingContext, caseid: string) =>
  ctx.requests.findById(caseid).lean<StoredRequest>();

export const matchedWithOf = async (ctx: MatchingContext, caseid: string) =>
  (await readRequest(ctx, caseid))?.matchedWith ?? null;

export type StagedMatch = MatchRecord & { pendingEvents: EventEnvelope[] };

/** The events staged on a match's document (the outbox), of one type. */
export async function stagedOn<T extends EventType>(
  ctx: MatchingContext,
  matchId: string,
  type: T,
): Promise<Array<EventData<T>>> {
  const record = await ctx.matches.findById(matchId).lean<StagedMatch>();
  return (record?.pendingEvents ?? []).filter((e) => e.type === type).map((e) => e.data as EventData<T>);
}
