/**
 * Seeds the search side with N active companion requests spread like real traffic: most on a few
 * dozen India–US/UK/Gulf routes, the rest scattered. The requests go to the topic (which rebuilds every
 * search index) and to the matching read model; the `search` and `notifications` groups are then moved
 * past them, so the seed is neither matched pair by pair nor notified. Run with the services stopped.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { Kafka, Partitioners, logLevel } from 'kafkajs';
import { MongoClient, MongoBulkWriteError, type Db } from 'mongodb';
import { LANGUAGES, TOPICS, addDays, todayIso, type EventData } from '@safarsaathi/contracts';
import { buildEnvelope } from '@safarsaathi/platform';
import {
  REQUESTS_COLLECTION,
  newStoredRequest,
  type StoredRequest,
} from '../services/search/src/persistence/requests';
import { BUCKETS_COLLECTION, bucketsOf, type Bucket } from '../services/search/src/persistence/buckets';
import { OWNERS_COLLECTION, ownersOf, type OwnerRequests } from '../services/search/src/persistence/owners';

export const ORIGINS = ['DEL', 'BOM', 'BLR', 'HYD', 'MAA', 'AMD'];
export const DESTINATIONS = ['JFK', 'EWR', 'ORD', 'SFO', 'LHR', 'DXB'];
const OTHER = [
  'ATL',
  'IAD',
  'DFW',
  'YYZ',
  'SIN',
  'DOH',
  'FRA',
  'CDG',
  'MAN',
  'AUH',
  'KWI',
  'NRT',
  'COK',
  'CCU',
  'GOI',
  'IST',
];
export const AIRLINES = [
  'Air India',
  'United Airlines',
  'Emirates',
  'Lufthansa',
  'Qatar Airways',
  'British Airways',
];
export const NAMES = [
  'Asha',
  'Ravi',
  'Meera',
  'Arjun',
  'Kamala',
  'Suresh',
  'Priya',
  'Vikram',
  'Lakshmi',
  'Anil',
];

export const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;

function route(): [string, string] {
  if (randomInt(100) < 85) return [pick(ORIGINS), pick(DESTINATIONS)];
  const from = pick([...ORIGINS, ...OTHER]);
  let to = pick([...DESTINATIONS, ...OTHER]);
  while (to === from) to = pick(OTHER);
  return [from, to];
}

export function seedRequest(index: number): EventData<'request_created'> {
  const [from, to] = route();
  const role = randomInt(2) === 0 ? 'need' : 'provide';
  const tentative = role === 'need' && randomInt(10) < 3;
  const date = addDays(todayIso(), 1 + randomInt(180));
  const airline = pick(AIRLINES);
  return {
    caseid: `BENCH-${index.toString(36).toUpperCase()}-${randomUUID().slice(0, 4)}`,
    ownerId: `bench-owner-${index}`,
    ownerFirstName: pick(NAMES),
    service_type: 'companion',
    role,
    from_airport: from,
    to_airport: to,
    date: tentative ? null : date,
    tentative_from_date: tentative ? date : null,
    tentative_to_date: tentative ? addDays(date, 3 + randomInt(14)) : null,
    confirmed_ticket: !tentative,
    airlines: tentative ? null : airline,
    flight_number: tentative ? null : `${airline.slice(0, 2).toUpperCase()}${100 + randomInt(900)}`,
    layovers:
      randomInt(4) === 0
        ? [
            {
              [pick(['DXB', 'DOH', 'FRA', 'LHR'])]: {
                airlines: airline,
                flight_number: `X${randomInt(999)}`,
              },
            },
          ]
        : [],
    passenger_name: `${pick(NAMES)} ${pick(['Sharma', 'Iyer', 'Nair', 'Rao', 'Patel'])}`,
    passenger_age: 18 + randomInt(70),
    passenger_gender: pick(['male', 'female', 'other'] as const),
    languages_known: [...new Set([pick(LANGUAGES), pick(LANGUAGES), 'English'])].join(', '),
    companion_price: role === 'provide' && randomInt(4) === 0 ? 20 + randomInt(100) : 0,
    description: null,
    createdAt: new Date(Date.now() - randomInt(30 * 86_400_000)).toISOString(),
  };
}

/** Writes a batch of fresh requests into the matching read model's request documents (`_id` = case id). */
export async function insertRequestDocuments(
  db: Db,
  requests: Array<{ data: EventData<'request_created'>; occurredAt: string }>,
): Promise<void> {
  await db.collection<StoredRequest>(REQUESTS_COLLECTION).insertMany(
    requests.map(({ data, occurredAt }) => newStoredRequest(data, occurredAt)),
    { ordered: false },
  );
}

/**
 * Inserts documents in bulk; those whose `_id` exists already (an earlier seed, or the product's own
 * writes) are merged in one by one instead.
 */
async function insertOrMerge<T extends { _id: string }>(
  documents: T[],
  insert: (chunk: T[]) => Promise<unknown>,
  merge: (document: T) => Promise<unknown>,
): Promise<void> {
  for (let offset = 0; offset < documents.length; offset += 1000) {
    const chunk = documents.slice(offset, offset + 1000);
    try {
      await insert(chunk);
    } catch (error) {
      if (!(error instanceof MongoBulkWriteError)) throw error;
      const failed = [error.writeErrors].flat();
      if (failed.some((writeError) => writeError.code !== 11000)) throw error;
      for (const { index } of failed) await merge(chunk[index]!);
    }
  }
}

/** Writes the candidate buckets and the owner index for fresh requests, built in memory (persistence/ layout). */
export async function insertBucketsAndOwners(
  db: Db,
  requests: Array<EventData<'request_created'>>,
): Promise<void> {
  const buckets = db.collection<Bucket>(BUCKETS_COLLECTION);
  await insertOrMerge(
    bucketsOf(requests),
    (chunk) => buckets.insertMany(chunk, { ordered: false }),
    (bucket) =>
      buckets.updateOne(
        { _id: bucket._id },
        { $addToSet: { members: { $each: bucket.members } } },
        { upsert: true },
      ),
  );
  const owners = db.collection<OwnerRequests>(OWNERS_COLLECTION);
  await insertOrMerge(
    ownersOf(requests),
    (chunk) => owners.insertMany(chunk, { ordered: false }),
    (owner) =>
      owners.updateOne(
        { _id: owner._id },
        { $addToSet: { caseids: { $each: owner.caseids } } },
        { upsert: true },
      ),
  );
}

export async function seed(
  count: number,
  env: { KAFKA_BROKERS: string; MONGO_URL: string },
): Promise<{ ms: number }> {
  const started = Date.now();
  const kafka = new Kafka({
    clientId: 'bench-seed',
    brokers: env.KAFKA_BROKERS.split(','),
    logLevel: logLevel.WARN,
  });
  const producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
  const mongo = new MongoClient(env.MONGO_URL);
  await Promise.all([producer.connect(), mongo.connect()]);
  const db = mongo.db('safarsaathi_search');
  const seeded: Array<EventData<'request_created'>> = [];
  const batch = 1000;
  for (let offset = 0; offset < count; offset += batch) {
    const requests = Array.from({ length: Math.min(batch, count - offset) }, (_, i) =>
      seedRequest(offset + i),
    );
    const envelopes = requests.map((request) =>
      buildEnvelope('request_created', request.caseid, request, 'bench'),
    );
    await producer.send({
      topic: TOPICS.companionRequests,
      messages: envelopes.map((envelope) => ({ key: envelope.key, value: JSON.stringify(envelope) })),
    });
    await insertRequestDocuments(
      db,
      requests.map((data, i) => ({ data, occurredAt: envelopes[i]!.occurredAt })),
    );
    seeded.push(...requests);
    if ((offset / batch) % 10 === 0) process.stdout.write(`  seeded ${offset + requests.length}/${count}\n`);
  }
  await insertBucketsAndOwners(db, seeded);
  // The seed is already in the matching read model, and nobody should be told about 100,000 requests:
  // move the `search`, `notifications` and `chat` groups past it (only the search indexes replay it). Explicit end
  // offsets: kafkajs's resetOffsets commits -1, which a consumer reads as "no offset" and, with
  // fromBeginning, starts over at the first seeded event.
  const admin = kafka.admin();
  await admin.connect();
  const ends = await admin.fetchTopicOffsets(TOPICS.companionRequests);
  for (const groupId of ['search', 'notifications', 'chat']) {
    await admin.setOffsets({
      groupId,
      topic: TOPICS.companionRequests,
      partitions: ends.map((o) => ({ partition: o.partition, offset: o.high })),
    });
  }
  await admin.disconnect();
  await Promise.all([producer.disconnect(), mongo.close()]);
  return { ms: Date.now() - started };
}
