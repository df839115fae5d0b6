/**
 * What the traveller's card and the pickup pass say (issue 39, addendum §5), as blocks for the page layout:
 * every text in the document's language beside English (a desk or immigration officer reads the English),
 * every time on its airport's clock named by its city, never a raw zone name. Runs in the documents' worker
 * thread; pure, so its unit test reads the blocks without drawing them.
 */
import {
  CARD_PHRASES,
  INTL_LOCALE,
  PAPER_TEXTS,
  fillText,
  wallTimeIn,
  type Assistance,
  type Locale,
  type PaperTexts,
} from '@safarsaathi/contracts';
import { airportTimeZone } from '../use-cases/origin-timezone';
import { airportNamed } from './airport-names';
import type { Block, DocumentSpec } from './typeset/layout';

/** One flight of the trip, as the request holds it: codes, the local times as typed. */
export interface PaperFlight {
  from: string;
  to: string;
  airline: string | null;
  flightNumber: string | null;
  date: string | null;
  /** "HH:MM" at `from` (known for the first flight only). */
  departureTime: string | null;
  /** The arrival at `to`, local (known for the last flight only). */
  arrivalDate: string | null;
  arrivalTime: string | null;
}

/** Everything a document prints, gathered by the companion service (papers.ts) from the request and its trip. */
export interface PaperInput {
  kind: 'card' | 'pass';
  locale: Locale;
  /** The passenger's full name (the card is hers); the pass says her first name. */
  traveller: string;
  travellerFirstName: string;
  flights: PaperFlight[];
  /** A seeker who has not booked yet: the range of dates. */
  tentative: { from: string; to: string } | null;
  /** The matched companion: first name and languages only (never a surname, e-mail, phone or age). */
  companion: { firstName: string; languages: string[] } | null;
  /** The meeting point: `time` with its UTC offset, as the pair agreed it. */
  meeting: { place: string; time: string } | null;
  destinationAddress: string | null;
  receiverName: string | null;
  assistance: Assistance | null;
  emergencyContact: { name: string; phone: string } | null;
  /** The pass only: the current hand-over code (null before a match). */
  handoverCode: string | null;
  /** The family link the QR code opens (the pass's carries its version). */
  link: string;
  /** YYYY-MM-DD. */
  printedOn: string;
}

/** The date in the reader's language ("26 Nov 2026"; English day first, unambiguous wherever it is read). */
function formatDate(iso: string, locale: Locale): string {
  const intl = locale === 'en' ? 'en-GB' : INTL_LOCALE[locale];
  return new Intl.DateTimeFormat(intl, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
}

const airportLine = (code: string) => {
  const airport = airportNamed(code);
  return airport ? `${code} ${airport.name}${airport.city ? `, ${airport.city}` : ''}` : code;
};
const cityOf = (code: string) => airportNamed(code)?.city || code;

/** The two languages of a document: `say` gives a text in both (once when the document is English). */
function bilingual(locale: Locale) {
  const local = PAPER_TEXTS[locale];
  const en = PAPER_TEXTS.en;
  const english = locale === 'en';
  const pick = (texts: PaperTexts, path: (t: PaperTexts) => string, values?: Record<string, string>) =>
    fillText(path(texts), values);
  return {
    local,
    en,
    english,
    /** A heading: "मिलने की जगह · Where we meet". */
    heading(path: (t: PaperTexts) => string, gap = 9): Block {
      const text = english ? pick(en, path) : `${pick(local, path)} · ${pick(en, path)}`;
      return { kind: 'text', text, style: 'heading', gap };
    },
    /** A sentence in the reader's language, then in English (smaller, grey). */
    say(
      path: (t: PaperTexts) => string,
      values: Record<string, string> | ((locale: Locale) => Record<string, string>) = {},
      style: 'body' | 'strong' = 'body',
    ): Block[] {
      const of = (l: Locale) => (typeof values === 'function' ? values(l) : values);
      const first: Block = { kind: 'text', text: pick(local, path, of(locale)), style };
      return english ? [first] : [first, { kind: 'text', text: pick(en, path, of('en')), style: 'english' }];
    },
  };
}

/** A wall-clock time at an airport in a language: "21:40, New Delhi time". */
function cityTime(locale: Locale, time: string, airport: string, date?: string | null): string {
  const when = date ? `${formatDate(date, locale)}, ${time}` : time;
  return fillText(PAPER_TEXTS[locale].cityTime, { time: when, city: cityOf(airport) });
}

function flightBlocks(input: PaperInput, say: ReturnType<typeof bilingual>['say']): Block[] {
  const blocks: Block[] = [];
  if (input.tentative) {
    return say(
      (t) => t.card.notBooked,
      (l) => ({ from: formatDate(input.tentative!.from, l), to: formatDate(input.tentative!.to, l) }),
    ).concat(
      { kind: 'text', text: `${airportLine(input.flights[0]!.from)}`, style: 'body' },
      { kind: 'text', text: `${airportLine(input.flights.at(-1)!.to)}`, style: 'body' },
    );
  }
  input.flights.forEach((flight, index) => {
    const name = [flight.airline, flight.flightNumber].filter(Boolean).join(' ');
    const date = flight.date ? formatDate(flight.date, 'en') : '';
    blocks.push({
      kind: 'text',
      text: [name, date].filter(Boolean).join(' · ') || '—',
      style: 'strong',
      gap: index > 0 ? 5 : 2,
    });
    blocks.push({ kind: 'text', text: airportLine(flight.from), style: 'body', indent: 8 });
    blocks.push({ kind: 'text', text: airportLine(flight.to), style: 'body', indent: 8 });
    if (flight.departureTime)
      blocks.push(
        ...say(
          (t) => t.card.departs,
          (l) => ({ time: cityTime(l, flight.departureTime!, flight.from) }),
        ).map((b) => ({ ...b, indent: 8 })),
      );
    if (flight.arrivalTime)
      blocks.push(
        ...say(
          (t) => t.card.arrives,
          (l) => ({ time: cityTime(l, flight.arrivalTime!, flight.to, flight.arrivalDate) }),
        ).map((b) => ({ ...b, indent: 8 })),
      );
  });
  return blocks;
}

function phraseRows(input: PaperInput, words: ReturnType<typeof bilingual>): Block[] {
  if (words.english) {
    return CARD_PHRASES.map(
      (key) => ({ kind: 'text', text: `• ${words.en.phrases[key]}`, style: 'body' }) as Block,
    );
  }
  return [
    {
      kind: 'pairs',
      rows: CARD_PHRASES.map((key) => [words.local.phrases[key], words.en.phrases[key]] as const),
    },
  ];
}

/** The meeting point's time on the origin's clock, named by its city. */
function meetingText(input: PaperInput, locale: Locale): string {
  const meeting = input.meeting!;
  const origin = input.flights[0]!.from;
  const zone = airportTimeZone(origin);
  if (!zone) return `${meeting.place}, ${meeting.time}`;
  const at = wallTimeIn(meeting.time, zone);
  return `${meeting.place} — ${cityTime(locale, at.time, origin, at.date)}`;
}

export function travellerCard(input: PaperInput): DocumentSpec {
  const words = bilingual(input.locale);
  const { say, heading } = words;
  const blocks: Block[] = [
    {
      kind: 'text',
      text: words.english ? words.en.card.title : `${words.local.card.title} · ${words.en.card.title}`,
      style: 'title',
    },
    ...say((t) => t.card.intro),
  ];
  // Printed before a match: it says so at once, and that the QR code keeps working.
  if (!input.companion) blocks.push({ kind: 'panel', blocks: say((t) => t.card.noCompanion, {}, 'strong') });
  blocks.push(
    heading((t) => t.card.traveller),
    { kind: 'text', text: input.traveller, style: 'big' },
  );
  blocks.push(
    heading((t) => t.card.flights),
    ...flightBlocks(input, say),
  );
  if (input.companion) {
    blocks.push(
      heading((t) => t.card.companion),
      { kind: 'text', text: input.companion.firstName, style: 'big' },
    );
    if (input.companion.languages.length > 0)
      blocks.push(...say((t) => t.card.speaks, { languages: input.companion.languages.join(', ') }));
  }
  blocks.push(heading((t) => t.card.meeting));
  if (input.meeting)
    blocks.push(
      ...say(
        () => '{{meeting}}',
        (l) => ({ meeting: meetingText(input, l) }),
        'strong',
      ),
    );
  else blocks.push(...say((t) => t.card.noMeeting));
  blocks.push(
    { kind: 'space', height: 6 },
    {
      kind: 'panel',
      blocks: [heading((t) => t.card.safety, 0), ...say((t) => t.card.safetyNote, {}, 'strong')],
    },
  );
  if (input.destinationAddress)
    blocks.push(
      heading((t) => t.card.destination),
      { kind: 'text', text: input.destinationAddress, style: 'big' },
    );
  if (input.receiverName)
    blocks.push(
      heading((t) => t.card.receiver),
      { kind: 'text', text: input.receiverName, style: 'big' },
    );
  const assistance = input.assistance;
  if (assistance && (assistance.wheelchair !== 'none' || assistance.notes)) {
    blocks.push(heading((t) => t.card.assistance));
    if (assistance.wheelchair === 'requested') blocks.push(...say((t) => t.card.wheelchairRequested));
    if (assistance.wheelchair === 'booked') blocks.push(...say((t) => t.card.wheelchairBooked));
    if (assistance.notes) blocks.push({ kind: 'text', text: assistance.notes, style: 'body' });
  }
  blocks.push(
    heading((t) => t.card.phrases),
    ...phraseRows(input, words),
  );
  if (input.emergencyContact)
    blocks.push(
      heading((t) => t.card.emergency),
      {
        kind: 'text',
        text: `${input.emergencyContact.name} · ${input.emergencyContact.phone}`,
        style: 'big',
      },
    );
  blocks.push({
    kind: 'text',
    text: fillText(words.en.card.printed, { date: formatDate(input.printedOn, 'en') }),
    style: 'small',
    gap: 8,
  });
  return {
    title: words.english ? words.en.card.title : `${words.local.card.title} · ${words.en.card.title}`,
    lang: input.locale,
    blocks,
    qr: { link: input.link, caption: qrCaption(words, (t) => t.card.qr, input.link) },
  };
}

function qrCaption(
  words: ReturnType<typeof bilingual>,
  path: (t: PaperTexts) => string,
  link: string,
): string[] {
  const texts = words.english
    ? [fillText(path(words.en))]
    : [fillText(path(words.local)), fillText(path(words.en))];
  return [...texts, link];
}

export function pickupPass(input: PaperInput): DocumentSpec {
  const words = bilingual(input.locale);
  const { say, heading } = words;
  const traveller = { traveller: input.travellerFirstName };
  const last = input.flights.at(-1)!;
  const blocks: Block[] = [
    {
      kind: 'text',
      text: words.english ? words.en.pass.title : `${words.local.pass.title} · ${words.en.pass.title}`,
      style: 'title',
    },
    ...say((t) => t.pass.forWhom, traveller),
    heading((t) => t.pass.arrival),
    { kind: 'text', text: airportLine(last.to), style: 'big' },
  ];
  if (last.arrivalTime)
    blocks.push(
      ...say(
        () => '{{time}}',
        (l) => ({ time: cityTime(l, last.arrivalTime!, last.to, last.arrivalDate) }),
        'strong',
      ),
    );
  else blocks.push(...say((t) => t.pass.noArrival));
  const flightName = [last.airline, last.flightNumber].filter(Boolean).join(' ');
  if (flightName || last.date)
    blocks.push(
      heading((t) => t.pass.flight),
      {
        kind: 'text',
        text: [flightName, `${last.from} – ${last.to}`, last.date ? formatDate(last.date, 'en') : null]
          .filter(Boolean)
          .join(' · '),
        style: 'strong',
      },
    );
  if (input.companion && input.handoverCode) {
    blocks.push(
      heading((t) => t.pass.companion),
      { kind: 'text', text: input.companion.firstName, style: 'big' },
    );
    blocks.push(
      { kind: 'space', height: 8 },
      {
        kind: 'panel',
        center: true,
        blocks: [
          heading((t) => t.pass.code, 0),
          { kind: 'text', text: input.handoverCode, style: 'code', gap: 4 },
          ...say((t) => t.pass.giveCode, traveller, 'strong'),
        ],
      },
      ...say((t) => t.pass.keep),
    );
  } else
    blocks.push(
      { kind: 'space', height: 8 },
      { kind: 'panel', blocks: say((t) => t.pass.noCode, {}, 'strong') },
    );
  blocks.push({
    kind: 'text',
    text: fillText(words.en.card.printed, { date: formatDate(input.printedOn, 'en') }),
    style: 'small',
    gap: 8,
  });
  return {
    title: words.english ? words.en.pass.title : `${words.local.pass.title} · ${words.en.pass.title}`,
    lang: input.locale,
    blocks,
    qr: { link: input.link, caption: qrCaption(words, (t) => t.pass.qr, input.link) },
  };
}
