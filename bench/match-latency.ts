/**
 * Time from `POST /api/companions/requests` (a seeker, against a companion posted just before) to the
 * match: visible by polling `GET /api/companions/requests`, and `request.matched` arriving on both
 * travellers' live streams. Each match is broken down into its hops from the Kafka message timestamps
 * (CreateTime, set by the producing service), the events' `occurredAt` (the write) and the live event's
 * id (Redis's clock when companion published it); one machine, one clock.
 */
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { TOPICS, addDays, todayIso, type EventEnvelope } from '@safarsaathi/contracts';
import { openEventStream, type ApiClient, type EventStreamClient } from '../platform/src/testing';
import { percentile } from './load';

export interface MatchSample {
  booked: boolean;
  /** POST → the match in GET /api/companions/requests (polled every 10 ms), or null. */
  visibleMs: number | null;
  /** POST → request.matched on the seeker's stream / the companion's stream, or null. */
  seekerStreamMs: number | null;
  companionStreamMs: number | null;
  hops?: Record<(typeof HOPS)[number], number>;
}

export const HOPS = [
  'POST → request written',
  'request outbox → Kafka',
  'Kafka → search matched (match_found written)',
  'match outbox → Kafka',
  'Kafka → companion applied (request.matched published)',
  'published → on the seeker’s stream',
  '(for comparison: Kafka → the bench’s own consumer, match_found)',
] as const;

interface Recorded {
  envelope: EventEnvelope;
  kafkaMs: number;
  /** When the bench's own consumer got it: Kafka's delivery time to any consumer. */
  receivedMs: number;
}

/** Records request_created and match_found with their Kafka timestamps, from now on. */
async function recordTopics(brokers: string) {
  const kafka = new Kafka({
    clientId: 'bench-recorder',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  });
  const consumer = kafka.consumer({ groupId: `bench-recorder-${randomUUID()}`, maxWaitTimeInMs: 100 });
  const byType = new Map<string, Recorded[]>();
  await consumer.connect();
  await consumer.subscribe({
    topics: [TOPICS.companionRequests, TOPICS.searchMatches],
    fromBeginning: false,
  });
  let joined!: () => void;
  const ready = new Promise<void>((resolve) => (joined = resolve));
  consumer.on(consumer.events.GROUP_JOIN, () => joined());
  await consumer.run({
    eachMessage: async ({ message }) => {
      try {
        const envelope = JSON.parse(message.value?.toString('utf8') ?? '') as EventEnvelope;
        const list = byType.get(envelope.type) ?? [];
        list.push({ envelope, kafkaMs: Number(message.timestamp), receivedMs: Date.now() });
        byType.set(envelope.type, list);
      } catch {
        // not an event
      }
    },
  });
  await ready;
  return { byType, stop: () => consumer.disconnect() };
}

export async function measureMatches(
  gateway: string,
  seeker: ApiClient,
  companion: ApiClient,
  options: {
    iterations: number;
    timeoutMs: number;
    brokers: string;
    poll: boolean;
    log?: (line: string) => void;
  },
): Promise<MatchSample[]> {
  const recorder = await recordTopics(options.brokers);
  const streamOf = (client: ApiClient) =>
    openEventStream(gateway, { cookie: `ss_session=${client.cookie('ss_session')}` });
  const [seekerStream, companionStream] = await Promise.all([streamOf(seeker), streamOf(companion)]);
  await Promise.all([seekerStream.waitForType('ready'), companionStream.waitForType('ready')]);
  const samples: MatchSample[] = [];
  try {
    for (let i = 0; i < options.iterations; i += 1) {
      // Dates past the seed's range: only the bench companion fits, but the lookup still sees the seeded route.
      const date = addDays(todayIso(), 200 + (Date.now() % 97) + i);
      const flightNumber = `AI${500 + ((Date.now() + i) % 400)}`;
      const common = {
        fromAirport: 'DEL',
        toAirport: 'JFK',
        passengerAge: 70,
        passengerGender: 'female',
        languagesKnown: 'Hindi',
        freeService: true,
        connectingFlights: [],
      };
      const provide = await companion.post('/api/companions/requests', {
        ...common,
        serviceType: 'provide',
        airline: 'Air India',
        flightNumber,
        travelDate: date,
        confirmedTicket: true,
        passengerName: 'Bench Companion',
      });
      if (provide.status !== 200) throw new Error(`provide failed: ${JSON.stringify(provide.body)}`);
      const provideCaseid = String(provide.body.caseid);
      // Let the companion's own request_created be handled first, so the seeker's is what is measured.
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Alternate booked and yet-to-book seekers: the latter scans the whole seeded route.
      const tentative = i % 2 === 1;
      const started = Date.now();
      const need = await seeker.post('/api/companions/requests', {
        ...common,
        serviceType: 'need',
        confirmedTicket: !tentative,
        ...(tentative
          ? { tentativeFromDate: addDays(date, -2), tentativeToDate: addDays(date, 2) }
          : { airline: 'Air India', flightNumber, travelDate: date }),
        passengerName: 'Bench Seeker',
      });
      if (need.status !== 200) throw new Error(`need failed: ${JSON.stringify(need.body)}`);
      const caseid = String(need.body.caseid);
      const arrival = (stream: EventStreamClient, ownCaseid: string) =>
        stream
          .waitForEvent(
            (e) => e.type === 'request.matched' && (e.body as { caseid?: string }).caseid === ownCaseid,
            options.timeoutMs,
          )
          .then(
            (event) => event,
            () => null,
          );
      // Polling competes with the match for the companion service (on FerretDB every list reads the
      // whole collection through its one connection): the stream pass does not poll.
      const pollVisible = async (): Promise<number | null> => {
        if (!options.poll) return null;
        while (Date.now() - started < options.timeoutMs) {
          const list =
            await seeker.get<Array<{ caseid: string; companion_match: boolean }>>('/api/companions/requests');
          if (list.body.find((r) => r.caseid === caseid)?.companion_match) return Date.now() - started;
          await new Promise((r) => setTimeout(r, 10));
        }
        return null;
      };
      const [visibleMs, seekerEvent, companionEvent] = await Promise.all([
        pollVisible(),
        arrival(seekerStream, caseid),
        arrival(companionStream, provideCaseid),
      ]);
      const sample: MatchSample = {
        booked: !tentative,
        visibleMs,
        seekerStreamMs: seekerEvent ? seekerEvent.receivedAt - started : null,
        companionStreamMs: companionEvent ? companionEvent.receivedAt - started : null,
      };
      // Give the recorder a moment to see both events, then break the match into its hops.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const created = recorder.byType
        .get('request_created')
        ?.find((r) => (r.envelope.data as { caseid: string }).caseid === caseid);
      const found = recorder.byType
        .get('match_found')
        ?.find((r) => (r.envelope.data as { needCaseid: string }).needCaseid === caseid);
      if (created && found && seekerEvent?.id) {
        const publishedMs = Number(seekerEvent.id.split('-')[0]);
        sample.hops = {
          [HOPS[0]]: Date.parse(created.envelope.occurredAt) - started,
          [HOPS[1]]: created.kafkaMs - Date.parse(created.envelope.occurredAt),
          [HOPS[2]]: Date.parse(found.envelope.occurredAt) - created.kafkaMs,
          [HOPS[3]]: found.kafkaMs - Date.parse(found.envelope.occurredAt),
          [HOPS[4]]: publishedMs - found.kafkaMs,
          [HOPS[5]]: seekerEvent.receivedAt - publishedMs,
          [HOPS[6]]: found.receivedMs - found.kafkaMs,
        } as MatchSample['hops'];
      }
      samples.push(sample);
      options.log?.(
        `  match ${i + 1}/${options.iterations} (${tentative ? 'yet-to-book' : 'booked'}): ${options.poll ? `visible ${sample.visibleMs ?? '-'} ms, ` : ''}streams ${sample.seekerStreamMs ?? '-'} / ${sample.companionStreamMs ?? '-'} ms` +
          (sample.hops
            ? ` [${Object.values(sample.hops).slice(0, 6).join(' + ')}; Kafka delivery ${sample.hops[HOPS[6]]}]`
            : ''),
      );
    }
  } finally {
    seekerStream.close();
    companionStream.close();
    await recorder.stop();
  }
  return samples;
}

export { percentile };

/** Markdown rows: p50/p95 of each measure and of each hop (stream pass), and the polling pass. */
export function matchReport(streamPass: MatchSample[], pollPass: MatchSample[], timeoutMs: number): string[] {
  const rows: string[] = [];
  const stat = (label: string, values: Array<number | null>, target?: string) => {
    const got = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
    const missed = values.length - got.length;
    const p95 =
      missed > 0 && missed / values.length > 0.05
        ? `> ${timeoutMs} ms (${missed} missing)`
        : `${percentile(got, 95)} ms`;
    rows.push(
      `| ${label} | ${got.length ? percentile(got, 50) : 'n/a'} ms | ${p95} | ${percentile(got, 100)} ms | ${target ?? ''} |`,
    );
  };
  const bothStreams = (s: MatchSample) =>
    s.seekerStreamMs === null || s.companionStreamMs === null
      ? null
      : Math.max(s.seekerStreamMs, s.companionStreamMs);
  rows.push('| measure | p50 | p95 | max | target |', '|---|---|---|---|---|');
  stat(
    `POST → request.matched on both streams (${streamPass.length} matches, no polling)`,
    streamPass.map(bothStreams),
    'p95 <= 300 ms',
  );
  for (const hop of HOPS)
    stat(
      `  hop: ${hop}`,
      streamPass.map((s) => s.hops?.[hop] ?? null),
    );
  if (pollPass.length) {
    stat(
      `POST → match visible by polling every 10 ms (${pollPass.length} matches)`,
      pollPass.map((s) => s.visibleMs),
      'p95 <= 1000 ms',
    );
    stat('  the same matches: request.matched on both streams', pollPass.map(bothStreams));
  }
  return rows;
}
