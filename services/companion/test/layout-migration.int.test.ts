/**
 * The start-up migration to the `_id` layout: documents written by the old layout (owners keyed by
 * ObjectId, requests stored under an ObjectId, plans and links found by owner) are in everyone's lists
 * after the upgrade, with two instances starting at once, and a second start changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { Types, type Connection } from 'mongoose';
import { addDays, todayIso, type CompanionRequestView, type TravelPlanView } from '@safarsaathi/contracts';
import {
  LAYOUT_MIGRATIONS_COLLECTION,
  connectMongo,
  signIdentity,
  type RunningService,
} from '@safarsaathi/platform';
import { testDatabase } from '@safarsaathi/platform/src/testing';
import { testEnv } from '../../../test/stack';
import { startCompanionService } from '../src/app';
import { COMPANION_LAYOUT_MIGRATION, REQUEST_MOVES } from '../src/use-cases/layout-migration';

const database = testDatabase(`companion_migration_${randomUUID().slice(0, 6)}`);
let db: Connection;
let services: RunningService[] = [];

const env = () =>
  testEnv({ MONGO_DB: database, KAFKA_GROUP_SUFFIX: `-migration-${randomUUID().slice(0, 6)}` });

beforeAll(async () => {
  db = await connectMongo(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017', database);
});
afterAll(async () => {
  await Promise.all(services.map((service) => service.stop()));
  await db?.dropDatabase().catch(() => undefined);
  await db?.close();
});

const inDays = (days: number) => addDays(todayIso(), days);
const request = (caseid: string, ownerId: string, created: string) => ({
  caseid,
  ownerId,
  service_type: 'companion',
  role: 'need',
  from_airport: 'DEL',
  to_airport: 'JFK',
  confirmed_ticket: true,
  date: inDays(30),
  airlines: 'Air India',
  flight_number: 'AI 101',
  tentative_from_date: null,
  tentative_to_date: null,
  layovers: [],
  passenger_name: 'Kamala Rao',
  passenger_age: 72,
  passenger_gender: 'female',
  languages_known: 'Hindi',
  companion_price: 0,
  description: null,
  status: 'active',
  hidden: false,
  companion_match: false,
  companion_match_caseid: null,
  companion_match_id: null,
  matched_companion: null,
  match_details: null,
  created_at: new Date(created),
  updated_at: new Date(created),
});

async function call<T>(service: RunningService, userId: string, path: string): Promise<T> {
  const identity = signIdentity(
    { userId, email: `${userId}@example.test`, role: 'user', sessionId: 's' },
    service.deps.config.INTERNAL_HMAC_SECRET,
  );
  const response = await fetch(`${service.url}${path}`, { headers: identity });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

test('old-layout owners, requests (also under an ObjectId, also half moved by a crash), plans and links are indexed at start, once, with two instances starting together', async () => {
  const asha = `old-asha-${randomUUID().slice(0, 6)}`;
  const ravi = `old-ravi-${randomUUID().slice(0, 6)}`;
  // The old layout, as the previous version wrote it (its indexes too: the case id is unique).
  await db.collection('owners').createIndex({ userId: 1 }, { unique: true });
  await db.collection('owners').insertMany([
    {
      _id: new Types.ObjectId(),
      userId: asha,
      fullname: 'Asha Rao',
      blocked: false,
      updated_at: new Date('2026-01-01'),
    },
    {
      _id: new Types.ObjectId(),
      userId: ravi,
      fullname: 'Ravi Nair',
      blocked: true,
      updated_at: new Date('2026-01-02'),
    },
  ] as never[]);
  await db.collection('companion_requests').createIndex({ caseid: 1 }, { unique: true });
  const legacyId = new Types.ObjectId();
  await db.collection('companion_requests').insertMany([
    { _id: 'SC-NEWER001', ...request('SC-NEWER001', asha, '2026-02-01') },
    { _id: legacyId, ...request('SC-LEGACY01', asha, '2026-01-05') },
    { _id: 'SC-RAVI0001', ...request('SC-RAVI0001', ravi, '2026-01-06') },
  ] as never[]);
  // A move that a crash stopped after deleting the old document: only its copy is left.
  await db.collection(REQUEST_MOVES).insertOne({
    _id: 'SC-CRASHED1',
    document: { _id: new Types.ObjectId(), ...request('SC-CRASHED1', ravi, '2026-01-07') },
  } as never);
  const planId = new Types.ObjectId();
  await db.collection('travel_plans').insertOne({
    _id: planId,
    ownerId: asha,
    helpPreference: 'need_help',
    flights: [{ from: 'DEL', to: 'JFK', date: inDays(12), airline: null, flightNumber: null }],
    date: inDays(12),
    traveler: { name: null, age: null, gender: null, languages: null, specialNeeds: null },
    submittedAt: null,
    share_link: null,
    created_at: new Date('2026-01-03'),
  } as never);
  await db.collection('share_links').insertOne({
    _id: 'old-link-hash',
    ownerId: asha,
    kind: 'request',
    objectId: 'SC-NEWER001',
    created_at: new Date(),
    revoked_at: null,
  } as never);

  // Two instances start at once: one migrates, the other waits for it.
  services = await Promise.all([startCompanionService(env()), startCompanionService(env())]);
  const [first, second] = services as [RunningService, RunningService];

  const owners = db.collection<{
    _id: string;
    fullname: string;
    blocked: boolean;
    requestIds: string[];
    planIds: string[];
    shareLinkIds: string[];
  }>('companion_owners');
  expect(await owners.findOne({ _id: asha })).toMatchObject({
    fullname: 'Asha Rao',
    blocked: false,
    requestIds: ['SC-LEGACY01', 'SC-NEWER001'],
    planIds: [String(planId)],
    shareLinkIds: ['old-link-hash'],
  });
  expect(await owners.findOne({ _id: ravi })).toMatchObject({
    fullname: 'Ravi Nair',
    blocked: true,
    requestIds: ['SC-RAVI0001', 'SC-CRASHED1'],
  });
  // Requests live under their case ids now, the half-done move finished.
  expect(await db.collection('companion_requests').findOne({ _id: legacyId })).toBeNull();
  expect(await db.collection('companion_requests').findOne({ _id: 'SC-LEGACY01' as never })).toMatchObject({
    ownerId: asha,
  });
  expect(await db.collection('companion_requests').findOne({ _id: 'SC-CRASHED1' as never })).toMatchObject({
    ownerId: ravi,
  });
  expect(await db.collection(REQUEST_MOVES).countDocuments()).toBe(0);
  expect((await db.db!.listCollections({ name: 'owners' }).toArray()).length).toBe(0);
  expect(
    await db.collection(LAYOUT_MIGRATIONS_COLLECTION).findOne({ _id: COMPANION_LAYOUT_MIGRATION as never }),
  ).toMatchObject({
    summary: expect.objectContaining({ moved: 1 }),
  });

  // Each owner's lists, through either instance.
  expect(
    (await call<CompanionRequestView[]>(first, asha, '/api/companions/requests')).map((r) => r.caseid),
  ).toEqual(['SC-NEWER001', 'SC-LEGACY01']);
  expect(
    (await call<CompanionRequestView[]>(second, ravi, '/api/companions/requests')).map((r) => r.caseid),
  ).toEqual(['SC-CRASHED1', 'SC-RAVI0001']);
  expect((await call<TravelPlanView[]>(second, asha, '/api/travels')).map((plan) => plan.id)).toEqual([
    String(planId),
  ]);

  // A later start finds the marker and changes nothing.
  await Promise.all(services.map((service) => service.stop()));
  services = [await startCompanionService(env())];
  expect((await owners.findOne({ _id: asha }))!.requestIds).toEqual(['SC-LEGACY01', 'SC-NEWER001']);
  expect(
    (await call<CompanionRequestView[]>(services[0]!, asha, '/api/companions/requests')).map((r) => r.caseid),
  ).toEqual(['SC-NEWER001', 'SC-LEGACY01']);

  // An instance of the previous version registered someone and took a request since (it writes `owners`
  // and no index): the next start runs the step again and indexes it.
  const meera = `old-meera-${randomUUID().slice(0, 6)}`;
  await db.collection('owners').insertOne({
    _id: new Types.ObjectId(),
    userId: meera,
    fullname: 'Meera Iyer',
    blocked: false,
    updated_at: new Date(),
  } as never);
  await db
    .collection('companion_requests')
    .insertOne({ _id: 'SC-LATE0001', ...request('SC-LATE0001', asha, '2026-03-01') } as never);
  await services[0]!.stop();
  services = [await startCompanionService(env())];
  expect((await owners.findOne({ _id: meera }))!.fullname).toBe('Meera Iyer');
  expect(
    (await call<CompanionRequestView[]>(services[0]!, asha, '/api/companions/requests')).map((r) => r.caseid),
  ).toEqual(['SC-LATE0001', 'SC-NEWER001', 'SC-LEGACY01']);
});
