/**
 * GET /api/companions/requests/:id/traveller-card.pdf and …/pickup-pass.pdf (issue 39, addendum §5): the
 * request's owner only (404 for anyone else's, an unknown or a deleted owner's request, like every route
 * here). The service gathers what the documents print, makes sure the trip has a family link for the QR
 * code (shareTrip: the current one, or a new one), and the documents' worker makes the page (renderer.ts).
 *
 * Never printed: the companion's surname, e-mail, phone or age (only `firstNameOf` of the matched request's
 * passenger and its languages), and the hand-over code on the card (the pass alone carries it).
 */
import {
  COMPANION_MESSAGES,
  firstNameOf,
  todayIso,
  type Identity,
  type Locale,
} from '@safarsaathi/contracts';
import { notFound } from '@safarsaathi/platform';
import { findRequest, type StoredRequest } from '../persistence/requests';
import { findOwner } from '../persistence/owners';
import type { TripRecord } from '../persistence/trips';
import type { CompanionContext } from '../use-cases/context';
import { shareTrip } from '../use-cases/share-links';
import { matchedPair, tripOf } from '../use-cases/trip';
import type { PaperFlight, PaperInput } from './compose';
import { passVersion } from './pass-version';

export interface PaperFile {
  filename: string;
  body: Buffer;
}

/** The flights of a request, in order: the main flight to the first layover, each layover's onward flight. */
export function flightsOf(record: StoredRequest): PaperFlight[] {
  const stops = (record.layovers ?? []).flatMap((layover) => Object.entries(layover));
  const airports = [record.from_airport, ...stops.map(([airport]) => airport), record.to_airport];
  const legs = [
    { airline: record.airlines, flightNumber: record.flight_number, date: record.date },
    ...stops.map(([, flight]) => ({
      airline: flight.airlines ?? null,
      flightNumber: flight.flight_number ?? null,
      date: flight.date ?? null,
    })),
  ];
  return legs.map((leg, index) => ({
    from: airports[index]!,
    to: airports[index + 1]!,
    airline: leg.airline ?? null,
    flightNumber: leg.flightNumber ?? null,
    date: leg.date ?? null,
    departureTime: index === 0 ? (record.departure_time ?? null) : null,
    arrivalDate: index === legs.length - 1 ? (record.arrival_date ?? null) : null,
    arrivalTime: index === legs.length - 1 ? (record.arrival_time ?? null) : null,
  }));
}

async function ownRequest(ctx: CompanionContext, identity: Identity, caseid: string): Promise<StoredRequest> {
  const record = await findRequest(ctx.requests, caseid);
  if (!record || record.ownerId !== identity.userId || record.status === 'inactive')
    throw notFound(COMPANION_MESSAGES.notFound);
  return record;
}

/** What both documents print of a request, its match and its trip. */
async function gather(
  ctx: CompanionContext,
  identity: Identity,
  record: StoredRequest,
  kind: PaperInput['kind'],
  locale: Locale,
): Promise<{ input: PaperInput; trip: TripRecord | null }> {
  const pair = await matchedPair(ctx, record);
  const trip = pair ? await tripOf(ctx, pair) : null;
  // The family link of this request (made now when none works): its 409 for a trip that cannot be shared
  // (cancelled, over) is the documents' answer too.
  const link = await shareTrip(ctx, identity, 'request', record.caseid);
  const url = new URL(link.path, ctx.publicUrl);
  if (kind === 'pass') url.searchParams.set('pass', passVersion(trip));
  const flights = flightsOf(record.date || !pair ? record : pair.other);
  return {
    trip,
    input: {
      kind,
      locale,
      traveller: record.passenger_name,
      travellerFirstName: firstNameOf(record.passenger_name),
      flights,
      tentative:
        !record.confirmed_ticket && !pair && record.tentative_from_date && record.tentative_to_date
          ? { from: record.tentative_from_date, to: record.tentative_to_date }
          : null,
      // The card of a provider names the traveller they accompany as "my companion": each is the other's.
      companion: pair
        ? {
            firstName: firstNameOf(pair.other.passenger_name),
            languages: pair.other.languages_known
              .split(',')
              .map((language) => language.trim())
              .filter(Boolean),
          }
        : null,
      meeting: trip?.meeting ? { place: trip.meeting.place, time: trip.meeting.time } : null,
      // The need side's own papers; a provider's card has none of them.
      destinationAddress: record.role === 'need' ? (record.destination_address ?? null) : null,
      receiverName: record.role === 'need' ? (record.receiver_name ?? null) : null,
      assistance: record.role === 'need' ? (record.assistance ?? null) : null,
      emergencyContact: record.emergency_contact ?? null,
      handoverCode: kind === 'pass' && trip ? trip.handover.code : null,
      link: url.toString(),
      printedOn: todayIso(),
    },
  };
}

/** The language asked for, else the owner's (their account's), else English. */
async function paperLocale(
  ctx: CompanionContext,
  ownerId: string,
  asked: Locale | undefined,
): Promise<Locale> {
  return asked ?? (await findOwner(ctx.owners, ownerId))?.locale ?? 'en';
}

export async function travellerCardPdf(
  ctx: CompanionContext,
  identity: Identity,
  caseid: string,
  lang: Locale | undefined,
): Promise<PaperFile> {
  const record = await ownRequest(ctx, identity, caseid);
  const { input } = await gather(ctx, identity, record, 'card', await paperLocale(ctx, record.ownerId, lang));
  return { filename: `safarsaathi-card-${record.caseid}.pdf`, body: await ctx.papers.render(input) };
}

/** The need side only: a companion's request has no pass (404, as if it did not exist). */
export async function pickupPassPdf(
  ctx: CompanionContext,
  identity: Identity,
  caseid: string,
  lang: Locale | undefined,
): Promise<PaperFile> {
  const record = await ownRequest(ctx, identity, caseid);
  if (record.role !== 'need') throw notFound(COMPANION_MESSAGES.notFound);
  const { input } = await gather(ctx, identity, record, 'pass', await paperLocale(ctx, record.ownerId, lang));
  return { filename: `safarsaathi-pickup-pass-${record.caseid}.pdf`, body: await ctx.papers.render(input) };
}
