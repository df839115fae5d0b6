/**
 * The traveller without a smartphone (issue 39, addendum "Safe with strangers" §5) against the real stack:
 * the arrival and the need side's papers on every request (stored, validated, in each view that may carry
 * them and in no other), the traveller's card and the pickup pass read back as a reader would: their text
 * extracted by poppler's `pdftotext` (every field, in the traveller's language and in English), their QR code
 * decoded by `zbarimg` from the page rendered by `pdftoppm` and the family link it holds opened; who may have
 * them (the owner; 404 for anyone else, 404 for the pass of a companion's request; 400 for a bad `lang`).
 *
 * poppler-utils and zbar-tools are Debian packages (`npm run infra:install`, `.ci/run`): without them this
 * file fails at once, naming what to install.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  COMPANION_FIELD_MESSAGES,
  PAPER_TEXTS,
  CARD_PHRASES,
  TEXT_MESSAGES,
  addDays,
  companionRequestViewSchema,
  todayIso,
  type CompanionSubmissionInput,
  type EventData,
  type Locale,
  type SharedTrip,
} from '@safarsaathi/contracts';
import { freshMobileDigits, waitFor, type ApiClient } from '@safarsaathi/platform/src/testing';
import type { TestStack } from '../../../test/stack';
import { tripModel, type TripModel } from '../src/persistence/trips';
import { applyMatch } from '../src/use-cases/matches';
import { airportNamed } from '../src/documents/airport-names';
import { startCompanionHarness, type CompanionHarness, type CompanionTraveller } from './harness';

jest.setTimeout(120_000);

const TOOLS = { pdftotext: 'poppler-utils', pdftoppm: 'poppler-utils', zbarimg: 'zbar-tools' } as const;

let harness: CompanionHarness;
let stack: TestStack;
let trips: TripModel;
let scratch: string;

beforeAll(async () => {
  const missing = Object.entries(TOOLS).filter(([tool]) => spawnSync('which', [tool]).status !== 0);
  if (missing.length > 0)
    throw new Error(
      `missing ${missing.map(([tool, pkg]) => `${tool} (Debian ${pkg})`).join(', ')}: run \`npm run infra:install\` as root, or apt-get install poppler-utils zbar-tools`,
    );
  scratch = mkdtempSync(path.join(tmpdir(), 'traveller-card-'));
  harness = await startCompanionHarness('companion-traveller-card-test');
  stack = harness.stack;
  trips = tripModel(stack.companion.deps.mongo);
});
afterAll(async () => {
  await harness?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

// Real airports (their names are printed), on dates of this file's own so search pairs nobody else.
const FROM = 'ATQ';
const TO = 'YYZ';
let day = 200 + Math.floor(Math.random() * 100);
const nextDate = () => addDays(todayIso(), (day += 1));

const needInput = (change: Partial<CompanionSubmissionInput> = {}): CompanionSubmissionInput => ({
  serviceType: 'need',
  postedFor: 'family',
  fromAirport: FROM,
  toAirport: TO,
  airline: 'Air India',
  flightNumber: 'AI 187',
  travelDate: nextDate(),
  departureTime: '21:40',
  confirmedTicket: true,
  passengerName: 'Kamala Devi Rao',
  passengerAge: 72,
  passengerGender: 'female',
  languagesKnown: 'Hindi, Punjabi',
  emergencyContactName: 'Meera Rao',
  emergencyContactPhone: `+91${freshMobileDigits()}`,
  destinationAddress: '42 Maple Avenue, Apt 3B, Brampton, ON L6P 1A1, Canada',
  receiverName: 'Meera Rao',
  assistance: { wheelchair: 'booked', notes: 'Walks slowly; cannot climb stairs.' },
  ...change,
});

const provideInput = (need: CompanionSubmissionInput): CompanionSubmissionInput => ({
  ...need,
  serviceType: 'provide',
  postedFor: undefined,
  passengerName: 'Ravi Nair',
  passengerAge: 34,
  passengerGender: 'male',
  languagesKnown: 'Hindi, English',
  emergencyContactName: undefined,
  emergencyContactPhone: undefined,
  destinationAddress: undefined,
  receiverName: undefined,
  assistance: undefined,
  arrivalDate: undefined,
  arrivalTime: undefined,
});

interface Pair {
  asha: CompanionTraveller;
  ravi: CompanionTraveller;
  need: string;
  provide: string;
  input: CompanionSubmissionInput;
}

async function matched(input: CompanionSubmissionInput): Promise<Pair> {
  const asha = await harness.traveller('Asha Rao');
  const ravi = await harness.traveller('Ravi Nair');
  const need = await harness.create(asha.client, input);
  const provide = await harness.create(ravi.client, provideInput(input));
  const data: EventData<'match_found'> = {
    matchId: randomUUID(),
    needCaseid: need,
    needUserId: asha.userId,
    provideCaseid: provide,
    provideUserId: ravi.userId,
    match_details: { overall_status: 'complete_match', main_flight: { status: 'same_flight' }, layovers: [] },
  };
  const deps = stack.companion.deps;
  await applyMatch(
    { logger: deps.logger, requests: harness.requests, live: deps.live, locks: deps.locks, trips },
    data,
  );
  await waitFor(async () =>
    (await harness.stored(need)).companion_match_caseid === provide &&
    (await harness.stored(provide)).companion_match_caseid === need
      ? true
      : undefined,
  );
  return { asha, ravi, need, provide, input };
}

/** The raw answer of a GET through the gateway as `client` (the API client reads text; a PDF is bytes). */
async function fetchAs(client: ApiClient | null, pathname: string) {
  const cookie = client?.cookie('ss_session');
  const response = await fetch(new URL(pathname, stack.gatewayUrl), {
    headers: cookie ? { cookie: `ss_session=${cookie}` } : {},
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    headers: response.headers,
    body: Buffer.from(await response.arrayBuffer()),
  };
}

const cardPath = (caseid: string, lang?: string) =>
  `/api/companions/requests/${caseid}/traveller-card.pdf${lang ? `?lang=${lang}` : ''}`;
const passPath = (caseid: string, lang?: string) =>
  `/api/companions/requests/${caseid}/pickup-pass.pdf${lang ? `?lang=${lang}` : ''}`;

interface ReadPdf {
  text: string;
  /** The text with every run of white space as one space: what a reader sees, whatever the line breaks. */
  flat: string;
  link: string;
  pages: number;
}

/**
 * The PDF as a reader meets it: its text (pdftotext; `-raw` keeps the order the page draws its lines, so a
 * phrase wrapped over two lines is not interleaved with the English column beside it), its pages, and its
 * QR code's link (pdftoppm, zbarimg).
 */
function readPdf(pdf: Buffer, name: string): ReadPdf {
  const file = path.join(scratch, `${name}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  execFileSync('pdftoppm', ['-png', '-r', '150', '-singlefile', file, path.join(scratch, name)]);
  const decoded = execFileSync('zbarimg', ['--quiet', '--raw', path.join(scratch, `${name}.png`)], {
    encoding: 'utf8',
  }).trim();
  return {
    text,
    flat: text.replace(/\s+/g, ' '),
    link: decoded,
    pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
  };
}

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
const expectSays = (pdf: ReadPdf, ...texts: string[]) => {
  for (const text of texts) expect(pdf.flat).toContain(flat(text));
};

/** The family link the QR code holds answers, for this request. */
async function opensFamilyLink(link: string): Promise<SharedTrip> {
  const url = new URL(link);
  expect(url.origin).toBe('http://localhost:8080');
  expect(url.pathname).toMatch(/^\/shared\/[A-Za-z0-9_-]{43}$/);
  const token = url.pathname.split('/').at(-1)!;
  const shared = await fetch(new URL(`/api/shared/${token}${url.search}`, stack.gatewayUrl));
  expect(shared.status).toBe(200);
  return (await shared.json()) as SharedTrip;
}

const en = PAPER_TEXTS.en;
const enDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));

describe('the request fields (§5)', () => {
  test('arrival and the need side papers are stored, shown to the owner, changed by PUT and kept from a provider', async () => {
    const asha = await harness.traveller('Asha Rao');
    const input = needInput();
    const arrivalDate = addDays(input.travelDate!, 1);
    const caseid = await harness.create(asha.client, { ...input, arrivalDate, arrivalTime: '06:10' });
    const view = await harness.viewOf(asha.client, caseid);
    expect(companionRequestViewSchema.parse(view)).toEqual(view);
    expect(view).toMatchObject({
      arrival_date: arrivalDate,
      arrival_time: '06:10',
      destination_timezone: 'America/Toronto',
      origin_timezone: 'Asia/Kolkata',
      destination_address: input.destinationAddress,
      receiver_name: 'Meera Rao',
      assistance: { wheelchair: 'booked', notes: 'Walks slowly; cannot climb stairs.' },
    });
    // PUT takes the same fields: a changed arrival, no wheelchair, no notes (then there is no assistance).
    const changed = await asha.client.put(`/api/companions/requests/${caseid}`, {
      ...input,
      arrivalDate: input.travelDate,
      arrivalTime: '23:55',
      assistance: { wheelchair: 'none' },
      receiverName: '',
    });
    expect(changed.status).toBe(200);
    expect(await harness.viewOf(asha.client, caseid)).toMatchObject({
      arrival_date: input.travelDate,
      arrival_time: '23:55',
      receiver_name: null,
      assistance: null,
    });
    // A provider's papers are ignored, like a provider's emergency contact; their arrival is kept.
    const ravi = await harness.traveller('Ravi Nair');
    const offer = await harness.create(ravi.client, {
      ...provideInput(input),
      destinationAddress: 'Somewhere',
      receiverName: 'Someone',
      assistance: { wheelchair: 'requested' },
      arrivalDate,
      arrivalTime: '06:10',
    });
    expect(await harness.viewOf(ravi.client, offer)).toMatchObject({
      destination_address: null,
      receiver_name: null,
      assistance: null,
      arrival_time: '06:10',
    });
    // None of it travels in an event: search and chat never see the address, the receiver or the wheelchair.
    const stored = await harness.stored(caseid);
    expect(JSON.stringify(stored.pendingEvents)).not.toMatch(
      /Maple|Meera Rao|wheelchair|destination_address/,
    );
  });

  test.each([
    [{ arrivalTime: '25:00', arrivalDate: 'x' }, 'arrivalTime', COMPANION_FIELD_MESSAGES.arrivalTimeInvalid],
    [{ arrivalDate: '2030-02-30' }, 'arrivalDate', COMPANION_FIELD_MESSAGES.arrivalDateInvalid],
    [{ arrivalTime: '06:10' }, 'arrivalDate', COMPANION_FIELD_MESSAGES.arrivalDateRequired],
    [
      { destinationAddress: 'a'.repeat(201) },
      'destinationAddress',
      COMPANION_FIELD_MESSAGES.destinationAddressTooLong,
    ],
    [{ receiverName: 'Meera\u202eoaR' }, 'receiverName', TEXT_MESSAGES.directionControls],
    [{ assistance: { wheelchair: 'yes' } }, 'assistance', COMPANION_FIELD_MESSAGES.wheelchairInvalid],
    [
      { assistance: { wheelchair: 'none', notes: 'x'.repeat(201) } },
      'assistance',
      COMPANION_FIELD_MESSAGES.assistanceNotesTooLong,
    ],
  ])('%j is refused: 400 under its field', async (change, field, message) => {
    const asha = await harness.traveller('Asha Rao');
    const answer = await asha.client.post<{ error: string; details: Record<string, string> }>(
      '/api/companions/requests',
      needInput(change as Partial<CompanionSubmissionInput>),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.details[field]).toBe(message);
  });

  test('an arrival more than two days after the travel date is refused', async () => {
    const asha = await harness.traveller('Asha Rao');
    const input = needInput();
    const answer = await asha.client.post<{ details: Record<string, string> }>('/api/companions/requests', {
      ...input,
      arrivalDate: addDays(input.travelDate!, 3),
      arrivalTime: '06:10',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details.arrivalDate).toBe(COMPANION_FIELD_MESSAGES.arrivalDateRange);
  });

  test("the companion sees the assistance and the receiver's first name inside the trip window only; the family link never", async () => {
    const today = await matched(needInput({ travelDate: todayIso() }));
    const companionView = await harness.viewOf(today.ravi.client, today.provide);
    expect(companionView.trip.assistance).toEqual({
      wheelchair: 'booked',
      notes: 'Walks slowly; cannot climb stairs.',
    });
    expect(companionView.trip.receiver_first_name).toBe('Meera');
    // The seeker's own view has them as her own fields, not in the trip.
    const needView = await harness.viewOf(today.asha.client, today.need);
    expect(needView.trip.assistance).toBeUndefined();

    const later = await matched(needInput());
    const early = await harness.viewOf(later.ravi.client, later.provide);
    expect(early.trip.assistance ?? null).toBeNull();
    expect(early.trip.receiver_first_name ?? null).toBeNull();

    const link = await today.asha.client.post<{ token: string }>('/api/share-links', {
      kind: 'request',
      id: today.need,
    });
    const shared = await fetch(new URL(`/api/shared/${link.body.token}`, stack.gatewayUrl));
    const body = await shared.text();
    expect(body).not.toMatch(/Maple|Meera|wheelchair|Walks slowly|assistance|receiver|destination_address/i);
  });
});

describe('the traveller card (§5)', () => {
  test('Hindi beside English: every field, the phrases, the safety note, the QR code of the family link; never the companion’s surname, e-mail, phone or age', async () => {
    const input = needInput();
    const arrivalDate = addDays(input.travelDate!, 1);
    const pair = await matched({ ...input, arrivalDate, arrivalTime: '06:10' });
    const meeting = { place: 'Gate 14, by the Air India desk', time: `${input.travelDate}T19:30:00+05:30` };
    expect(
      (await pair.asha.client.put(`/api/companions/requests/${pair.need}/meeting`, meeting)).status,
    ).toBe(200);

    const started = Date.now();
    const answer = await fetchAs(pair.asha.client, cardPath(pair.need, 'hi'));
    const took = Date.now() - started;
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/pdf');
    expect(answer.headers.get('cache-control')).toContain('no-store');
    expect(answer.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(answer.body.length).toBeLessThan(300 * 1024);
    const pdf = readPdf(answer.body, 'card-hi');
    expect(pdf.pages).toBe(1);
    const hi = PAPER_TEXTS.hi;
    const from = airportNamed(FROM)!;
    const to = airportNamed(TO)!;
    expectSays(
      pdf,
      'Kamala Devi Rao',
      `Air India AI187 · ${enDate(input.travelDate!)}`,
      `${FROM} ${from.name}, ${from.city}`,
      `${TO} ${to.name}, ${to.city}`,
      `Departs 21:40, ${from.city} time`,
      `रवानगी 21:40, ${from.city} का समय`,
      `Arrives ${enDate(arrivalDate)}, 06:10, ${to.city} time`,
      'Ravi',
      'Speaks: Hindi, English',
      `${meeting.place} — ${enDate(input.travelDate!)}, 19:30, ${from.city} time`,
      en.card.safetyNote,
      hi.card.safetyNote,
      '42 Maple Avenue, Apt 3B, Brampton, ON L6P 1A1, Canada',
      'Meera Rao',
      en.card.wheelchairBooked,
      hi.card.wheelchairBooked,
      'Walks slowly; cannot climb stairs.',
      `Meera Rao · ${input.emergencyContactPhone}`,
      `${hi.card.title} · ${en.card.title}`,
    );
    expect(CARD_PHRASES.length).toBeGreaterThanOrEqual(6);
    for (const phrase of CARD_PHRASES) expectSays(pdf, en.phrases[phrase], hi.phrases[phrase]);
    // The spec's own phrases, in English, word for word.
    expectSays(
      pdf,
      'I need a wheelchair',
      'I do not speak English well; my companion is helping me',
      'Please call my family',
    );
    // Never the companion's surname, e-mail, phone or age; never the hand-over code.
    expect(pdf.text).not.toContain('Nair');
    expect(pdf.text).not.toContain(pair.ravi.email);
    expect(pdf.text).not.toMatch(/\b34\b/);
    const code = (await harness.viewOf(pair.asha.client, pair.need)).trip.handover_code!;
    expect(pdf.text).not.toContain(code);
    // The QR code opens this request's family link.
    const shared = await opensFamilyLink(pdf.link);
    expect(shared).toMatchObject({
      travellerFirstName: 'Kamala',
      from: FROM,
      to: TO,
      match: { firstName: 'Ravi' },
    });
    expect(shared.flights[0]).toMatchObject({ departureTime: '21:40', arrivalDate, arrivalTime: '06:10' });
    // Generated fast, off the event loop (the first document of a worker also loads it).
    const again = Date.now();
    expect((await fetchAs(pair.asha.client, cardPath(pair.need, 'hi'))).status).toBe(200);
    process.stdout.write(
      `traveller card (hi): ${answer.body.length} bytes, first ${took} ms, again ${Date.now() - again} ms\n`,
    );
  });

  test.each<Locale>(['ta', 'bn', 'en', 'gu', 'pa', 'te', 'mr', 'ml'])(
    'in %s: the phrases and the safety note as written, one page, the same family link',
    async (locale) => {
      const pair = await matched(needInput());
      const answer = await fetchAs(pair.asha.client, cardPath(pair.need, locale));
      expect(answer.status).toBe(200);
      expect(answer.body.length).toBeLessThan(300 * 1024);
      const pdf = readPdf(answer.body, `card-${locale}`);
      expect(pdf.pages).toBe(1);
      const words = PAPER_TEXTS[locale];
      expectSays(pdf, words.card.safetyNote, en.card.safetyNote, words.card.traveller, 'Kamala Devi Rao');
      for (const phrase of CARD_PHRASES) expectSays(pdf, words.phrases[phrase], en.phrases[phrase]);
      expect((await opensFamilyLink(pdf.link)).travellerFirstName).toBe('Kamala');
    },
  );

  test('printed before a match: it says to print again, and its QR code (the same link) keeps working after the match', async () => {
    const asha = await harness.traveller('Asha Rao');
    const input = needInput({ languagesKnown: 'Bengali' });
    const need = await harness.create(asha.client, input);
    const before = readPdf((await fetchAs(asha.client, cardPath(need, 'bn'))).body, 'card-unmatched');
    expectSays(before, en.card.noCompanion, PAPER_TEXTS.bn.card.noCompanion);
    expect((await opensFamilyLink(before.link)).match).toBeNull();
    // Matched later: the old card's QR code shows the companion.
    const ravi = await harness.traveller('Ravi Nair');
    const provide = await harness.create(ravi.client, provideInput(input));
    const deps = stack.companion.deps;
    await applyMatch(
      { logger: deps.logger, requests: harness.requests, live: deps.live, locks: deps.locks, trips },
      {
        matchId: randomUUID(),
        needCaseid: need,
        needUserId: asha.userId,
        provideCaseid: provide,
        provideUserId: ravi.userId,
        match_details: {
          overall_status: 'complete_match',
          main_flight: { status: 'same_flight' },
          layovers: [],
        },
      },
    );
    await waitFor(async () =>
      (await harness.stored(need)).companion_match_caseid === provide ? true : undefined,
    );
    expect((await opensFamilyLink(before.link)).match).toMatchObject({ firstName: 'Ravi' });
    const after = readPdf((await fetchAs(asha.client, cardPath(need, 'bn'))).body, 'card-matched');
    expect(after.link).toBe(before.link);
    expect(after.flat).not.toContain(flat(en.card.noCompanion));
  });

  test("the companion side's own card names the traveller they accompany by first name", async () => {
    const pair = await matched(needInput());
    const pdf = readPdf(
      (await fetchAs(pair.ravi.client, cardPath(pair.provide, 'en'))).body,
      'card-provider',
    );
    expectSays(pdf, 'Ravi Nair', en.card.companion, 'Kamala');
    expect(pdf.text).not.toContain('Kamala Devi Rao');
    expect(pdf.text).not.toContain('Maple');
    expect(pdf.text).not.toContain(pair.asha.email);
  });

  test("the owner's language by default", async () => {
    const asha = await harness.traveller('Asha Rao');
    expect((await asha.client.put('/api/auth/locale', { locale: 'ta' })).status).toBe(200);
    await waitFor(
      async () =>
        (await harness.owners.findOne({ _id: asha.userId }).lean())?.locale === 'ta' ? true : undefined,
      30_000,
    );
    const need = await harness.create(asha.client, needInput());
    const pdf = readPdf((await fetchAs(asha.client, cardPath(need))).body, 'card-default');
    expectSays(pdf, PAPER_TEXTS.ta.card.safetyNote);
  });
});

describe('the pickup pass (§5)', () => {
  test('the arrival, the companion, the current code in large digits and the line; a new code makes the printed pass outdated', async () => {
    const input = needInput();
    const arrivalDate = addDays(input.travelDate!, 1);
    const pair = await matched({ ...input, arrivalDate, arrivalTime: '06:10' });
    const code = (await harness.viewOf(pair.asha.client, pair.need)).trip.handover_code!;
    const answer = await fetchAs(pair.asha.client, passPath(pair.need, 'hi'));
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/pdf');
    const pdf = readPdf(answer.body, 'pass-hi');
    expect(pdf.pages).toBe(1);
    const to = airportNamed(TO)!;
    expectSays(
      pdf,
      `${TO} ${to.name}, ${to.city}`,
      `${enDate(arrivalDate)}, 06:10, ${to.city} time`,
      'Ravi',
      code,
      'Give this code to the companion only when Kamala is with you.',
      PAPER_TEXTS.hi.pass.giveCode.replace('{{traveller}}', 'Kamala'),
    );
    expect(pdf.text).not.toContain('Nair');
    const first = await opensFamilyLink(pdf.link);
    expect(first.pickupPass).toBe('current');
    // A new code: the printed pass's QR code now says it is out of date; a new pass is current again.
    expect((await pair.asha.client.post(`/api/companions/requests/${pair.need}/handover-code`)).status).toBe(
      200,
    );
    expect((await opensFamilyLink(pdf.link)).pickupPass).toBe('outdated');
    const renewed = readPdf((await fetchAs(pair.asha.client, passPath(pair.need, 'en'))).body, 'pass-new');
    expect(renewed.link).not.toBe(pdf.link);
    expect((await opensFamilyLink(renewed.link)).pickupPass).toBe('current');
    expect(renewed.flat).not.toContain(code);
  });

  test('before a match: no code, and it says to print again', async () => {
    const asha = await harness.traveller('Asha Rao');
    const need = await harness.create(asha.client, needInput());
    const pdf = readPdf((await fetchAs(asha.client, passPath(need, 'ta'))).body, 'pass-unmatched');
    expectSays(pdf, en.pass.noCode, PAPER_TEXTS.ta.pass.noCode);
    expect(pdf.text).not.toMatch(/\b\d{6}\b/);
  });
});

describe('who may have them', () => {
  test('a stranger 404, the companion side 404 for the pass and for the other side’s card, signed out 401, a bad lang 400', async () => {
    const pair = await matched(needInput());
    const stranger = await harness.traveller('Sunil Das');
    for (const pathname of [
      cardPath(pair.need),
      passPath(pair.need),
      cardPath(pair.provide),
      passPath(pair.provide),
    ])
      expect((await fetchAs(stranger.client, pathname)).status).toBe(404);
    expect((await fetchAs(pair.ravi.client, passPath(pair.provide))).status).toBe(404);
    expect((await fetchAs(pair.ravi.client, passPath(pair.need))).status).toBe(404);
    expect((await fetchAs(pair.ravi.client, cardPath(pair.need))).status).toBe(404);
    expect((await fetchAs(pair.asha.client, cardPath('SC-NOPE'))).status).toBe(404);
    expect((await fetchAs(null, cardPath(pair.need))).status).toBe(401);
    for (const lang of ['xx', 'HI', 'hi-IN', ''])
      expect((await fetchAs(pair.asha.client, `${cardPath(pair.need)}?lang=${lang}`)).status).toBe(400);
    expect((await fetchAs(pair.asha.client, `${passPath(pair.need)}?lang=fr`)).status).toBe(400);
    // A cancelled request has no family link, so no card.
    expect((await pair.asha.client.put(`/api/companions/requests/${pair.need}/cancel`)).status).toBe(200);
    expect((await fetchAs(pair.asha.client, cardPath(pair.need))).status).toBe(409);
  });
});
