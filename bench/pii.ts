/**
 * What sealing personal fields costs an event (issue 40, platform/src/pii.ts): the producer's side (build the
 * envelope, seal, serialise: what EventBus.publishEnvelope does before the send) and the consumer's side
 * (parse, open, validate: what the consumer runner does before the handler), without sealing and with it,
 * for an event with personal fields (request_created: three fields) and one without (messages_read). Keys
 * come from the local Redis (REDIS_URL), cached after the first use of each subject, as in a service; the
 * first use of a subject (one Redis round trip) is measured apart. `npx tsx bench/pii.ts`.
 */
import { randomUUID } from 'node:crypto';
import { parseEvent, type EventEnvelope } from '@safarsaathi/contracts';
import { buildEnvelope, hasSealed, openKeyring, openSealed, sealEnvelope } from '@safarsaathi/platform';

const ROUNDS = 20_000;

function requestCreated(ownerId: string): EventEnvelope {
  return buildEnvelope(
    'request_created',
    'SC-BENCH',
    {
      caseid: 'SC-BENCH',
      ownerId,
      ownerFirstName: 'Meera',
      service_type: 'companion',
      role: 'need',
      from_airport: 'DEL',
      to_airport: 'EWR',
      date: '2026-12-16',
      tentative_from_date: null,
      tentative_to_date: null,
      confirmed_ticket: true,
      airlines: 'Air India',
      flight_number: 'AI 105',
      layovers: [],
      passenger_name: 'Kamala Sharma',
      passenger_age: 72,
      passenger_gender: 'female',
      languages_known: 'Hindi, English',
      companion_price: 0,
      description: 'Please walk my mother to the gate; she speaks little English.',
      createdAt: new Date().toISOString(),
    },
    'companion',
  );
}

const messagesRead = () =>
  buildEnvelope(
    'messages_read',
    'c1',
    { conversationId: 'c1', readerId: 'u1', lastReadSeq: 3, readAt: new Date().toISOString() },
    'chat',
  );

async function time(label: string, rounds: number, run: () => Promise<unknown> | unknown): Promise<number> {
  for (let i = 0; i < Math.min(2000, rounds); i += 1) await run();
  const started = process.hrtime.bigint();
  for (let i = 0; i < rounds; i += 1) await run();
  const micros = Number(process.hrtime.bigint() - started) / 1000 / rounds;
  process.stdout.write(`${label.padEnd(58)} ${micros.toFixed(1).padStart(7)} µs\n`);
  return micros;
}

async function main(): Promise<void> {
  const keyring = await openKeyring(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const ownerId = `bench-${randomUUID()}`;
  try {
    for (const [name, make] of [
      ['request_created (3 personal fields)', () => requestCreated(ownerId)],
      ['messages_read (none)', messagesRead],
    ] as const) {
      const plainText = JSON.stringify(make());
      const sealedText = JSON.stringify(await sealEnvelope(make(), keyring));
      process.stdout.write(`\n${name}: ${plainText.length} bytes plain, ${sealedText.length} sealed\n`);
      const publishBefore = await time('  publish: build + serialise (before)', ROUNDS, () =>
        JSON.stringify(make()),
      );
      const publishAfter = await time('  publish: build + seal + serialise (after)', ROUNDS, async () =>
        JSON.stringify(await sealEnvelope(make(), keyring)),
      );
      const consumeBefore = await time('  consume: parse + validate (before)', ROUNDS, () =>
        parseEvent(JSON.parse(plainText)),
      );
      const consumeAfter = await time('  consume: parse + open + validate (after)', ROUNDS, async () => {
        let raw: unknown = JSON.parse(sealedText);
        if (hasSealed(sealedText)) raw = await openSealed(raw, keyring);
        return parseEvent(raw as EventEnvelope);
      });
      process.stdout.write(
        `  added: publish +${(publishAfter - publishBefore).toFixed(1)} µs, consume +${(consumeAfter - consumeBefore).toFixed(1)} µs\n`,
      );
    }
    // A subject's first event: one Redis round trip (get-or-create), then cached.
    const firsts: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const started = process.hrtime.bigint();
      await sealEnvelope(requestCreated(`bench-${randomUUID()}`), keyring);
      firsts.push(Number(process.hrtime.bigint() - started) / 1000);
    }
    firsts.sort((a, b) => a - b);
    process.stdout.write(
      `\nfirst event of a new subject (key made in Redis): median ${firsts[100]!.toFixed(0)} µs, p95 ${firsts[190]!.toFixed(0)} µs\n`,
    );
  } finally {
    await keyring.close();
  }
}

void main();
