/**
 * Seeds the search side with N active companion requests spread like real traffic: most on a few
 * dozen India–US/UK/Gulf routes, the rest scattered. The requests go to the topic (which rebuilds every
 * search index) and to the matching read model; the `search` group is then moved past them, so the
 * seed is not matched pair by pair. Run with the services stopped.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { Kafka, Partitioners, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { LANGUAGES, TOPICS, addDays, todayIso, type EventData } from '@safarsaathi/contracts';
import { buildEnvelope } from '@safarsaathi/platform';
import { keysOf } from '../services/search/src/persistence/requests';

const ORIGINS = ['DEL', 'BOM', 'BLR', 'HYD', 'MAA', 'AMD'];
const DESTINATIONS = ['JFK', 'EWR', 'ORD', 'SFO', 'LHR', 'DXB'];
const OTHER = ['ATL', 'IAD', 'DFW', 'YYZ', 'SIN', 'DOH', 'FRA', 'CDG', 'MAN', 'AUH', 'KWI', 'NRT', 'COK', 'CCU', 'GOI', 'IST'];
const AIRLINES = ['Air India', 'United Airlines', 'Emirates', 'Lufthansa', 'Qatar Airways', 'British Airways'];
const NAMES = ['Asha', 'Ravi', 'Meera', 'Arjun', 'Kamala', 'Suresh', 'Priya', 'Vikram', 'Lakshmi', 'Anil'];

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;

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
    layovers: randomInt(4) === 0 ? [{ [pick(['DXB', 'DOH', 'FRA', 'LHR'])]: { airlines: airline, flight_number: `X${randomInt(999)}` } }] : [],
    passenger_name: `${pick(NAMES)} ${pick(['Sharma', 'Iyer', 'Nair', 'Rao', 'Patel'])}`,
    passenger_age: 18 + randomInt(70),
    passenger_gender: pick(['male', 'female', 'other'] as const),
    languages_known: [...new Set([pick(LANGUAGES), pick(LANGUAGES), 'English'])].join(', '),
    companion_price: role === 'provide' && randomInt(4) === 0 ? 20 + randomInt(100) : 0,
    description: null,
    createdAt: new Date(Date.now() - randomInt(30 * 86_400_000)).toISOString(),
  };
}

export async function seed(count: number, env: { KAFKA_BROKERS: string; MONGO_URL: string }): Promise<{ ms: number }> {
  const started = Date.now();
  const kafka = new Kafka({ clientId: 'bench-seed', brokers: env.KAFKA_BROKERS.split(','), logLevel: logLevel.WARN });
  const producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
  const mongo = new MongoClient(env.MONGO_URL);
  await Promise.all([producer.connect(), mongo.connect()]);
  const collection = mongo.db('safarsaathi_search').collection('requests');
  const batch = 1000;
  for (let offset = 0; offset < count; offset += batch) {
    const requests = Array.from({ length: Math.min(batch, count - offset) }, (_, i) => seedRequest(offset + i));
    const envelopes = requests.map((request) => buildEnvelope('request_created', request.caseid, request, 'bench'));
    await producer.send({
      topic: TOPICS.companionRequests,
      messages: envelopes.map((envelope) => ({ key: envelope.key, value: JSON.stringify(envelope) })),
    });
    await collection.insertMany(
      requests.map((request, i) => ({
        ...request,
        ...keysOf(request),
        status: 'active',
        hidden: false,
        matchedWith: null,
        lastEventAt: envelopes[i]!.occurredAt,
      })),
      { ordered: false },
    );
    if ((offset / batch) % 10 === 0) process.stdout.write(`  seeded ${offset + requests.length}/${count}\n`);
  }
  // The seed is already in the matching read model: move the `search` group past it.
  const admin = kafka.admin();
  await admin.connect();
  await admin.resetOffsets({ groupId: 'search', topic: TOPICS.companionRequests, earliest: false }).catch(async () => {
    // A group that never existed has no offsets to reset: commit the end offsets for it instead.
    const offsets = await admin.fetchTopicOffsets(TOPICS.companionRequests);
    await admin.setOffsets({ groupId: 'search', topic: TOPICS.companionRequests, partitions: offsets.map((o) => ({ partition: o.partition, offset: o.high })) });
  });
  await admin.disconnect();
  await Promise.all([producer.disconnect(), mongo.close()]);
  return { ms: Date.now() - started };
}
