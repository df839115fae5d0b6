/**
 * The companion service's part of `GET /api/me/data` (issue 40; the gateway gathers the parts): the
 * caller's requests of every status with their trips, travel plans, references (given; received once
 * revealed, as the app shows them) and family links (never a token). Of the other traveller nothing but
 * that a request is matched: who with is theirs to tell.
 */
import { todayIso, type DataExportPart, type Identity } from '@safarsaathi/contracts';
import { findOwner } from '../persistence/owners';
import { findRequest, type StoredRequest } from '../persistence/requests';
import type { TravelPlanRecord } from '../persistence/travel-plans';
import type { Side, TripRecord } from '../persistence/trips';
import type { CompanionContext } from './context';
import { earliestTravelDate } from './dates';
import { loadOwned } from './owners';
import { viewStatus } from './request-view';
import { matchedPair, tripDate } from './trip';
import { otherSide, referencesView } from './trust';

type Part = DataExportPart<'companion'>;

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null | undefined) => (value ? iso(value) : null);

/** The trips this request was a side of: its current pair's and those it kept after a match ended. */
async function tripsOf(
  ctx: CompanionContext,
  record: StoredRequest,
): Promise<Array<{ trip: TripRecord; side: Side; travelDate: string | null }>> {
  const entries = new Map<string, { side: Side; travelDate: string | null }>();
  const pair = await matchedPair(ctx, record);
  if (pair) entries.set(pair.tripId, { side: pair.side, travelDate: tripDate(pair) });
  for (const kept of record.kept_trips ?? [])
    if (!entries.has(kept.trip_id))
      entries.set(kept.trip_id, { side: kept.side, travelDate: kept.travel_date });
  const found = [];
  for (const [id, entry] of entries) {
    // Read only: an export never makes a trip document.
    const trip = await ctx.trips.findOne({ _id: id }).lean<TripRecord>();
    if (trip?.[entry.side === 'need' ? 'need_caseid' : 'provide_caseid'] === record.caseid)
      found.push({ trip, ...entry });
  }
  return found;
}

export async function myCompanionData(ctx: CompanionContext, identity: Identity): Promise<Part> {
  const userId = identity.userId;
  const owner = await findOwner(ctx.owners, userId);
  const today = todayIso();
  const earliest = earliestTravelDate();
  const requests = await loadOwned(owner?.requestIds ?? [], userId, (caseid) =>
    findRequest(ctx.requests, caseid),
  );
  const companionRequests: Part['companion_requests'] = [];
  const given: Part['references']['given'] = [];
  const received: Part['references']['received'] = [];
  for (const record of requests) {
    const trips = await tripsOf(ctx, record);
    for (const { trip, side, travelDate } of trips) {
      const mine = trip.references?.[side];
      if (mine)
        given.push({
          trip_id: trip._id,
          rating: mine.rating,
          text: mine.text,
          no_show: mine.no_show,
          written_at: iso(mine.at),
        });
      const view = referencesView(side, trip, travelDate, today);
      const theirs = trip.references?.[otherSide(side)];
      if (theirs && view.received && view.received !== 'hidden')
        received.push({
          trip_id: trip._id,
          rating: theirs.rating,
          text: theirs.text,
          no_show: theirs.no_show,
        });
    }
    const who = (side: Side, by: Side) => (side === by ? ('me' as const) : ('other' as const));
    companionRequests.push({
      caseid: record.caseid,
      role: record.role,
      posted_for: record.posted_for ?? 'self',
      status: viewStatus(record, earliest),
      from_airport: record.from_airport,
      to_airport: record.to_airport,
      date: record.date ?? null,
      tentative_from_date: record.tentative_from_date ?? null,
      tentative_to_date: record.tentative_to_date ?? null,
      confirmed_ticket: Boolean(record.confirmed_ticket),
      airlines: record.airlines ?? null,
      flight_number: record.flight_number ?? null,
      departure_time: record.departure_time ?? null,
      arrival_date: record.arrival_date ?? null,
      arrival_time: record.arrival_time ?? null,
      layovers: record.layovers ?? [],
      passenger_name: record.passenger_name,
      passenger_age: record.passenger_age ?? null,
      passenger_gender: record.passenger_gender ?? null,
      languages_known: record.languages_known ?? null,
      companion_price: record.companion_price ?? null,
      description: record.description ?? null,
      emergency_contact: record.emergency_contact ?? null,
      destination_address: record.destination_address ?? null,
      receiver_name: record.receiver_name ?? null,
      assistance: record.assistance ?? null,
      matched: Boolean(record.companion_match),
      created_at: iso(record.created_at),
      updated_at: iso(record.updated_at),
      trips: trips.map(({ trip, side }) => ({
        trip_id: trip._id,
        side,
        meeting: trip.meeting
          ? {
              place: trip.meeting.place,
              time: trip.meeting.time,
              set_by: who(side, trip.meeting.set_by),
              updated_at: iso(trip.meeting.updated_at),
            }
          : null,
        milestones: trip.milestones.map((entry) => ({
          milestone: entry.milestone,
          at: iso(entry.at),
          by: who(side, entry.by),
        })),
        reminder_sent_at: isoOrNull(trip.reminder_sent_at),
        created_at: iso(trip.created_at),
      })),
    });
  }

  const plans = await loadOwned(owner?.planIds ?? [], userId, (id) =>
    ctx.travelPlans.findOne({ _id: id }).lean<{ _id: unknown } & TravelPlanRecord>(),
  );
  const links = await loadOwned(owner?.shareLinkIds ?? [], userId, (id) =>
    ctx.shareLinks.findOne({ _id: id }).lean(),
  );
  return {
    companion_requests: companionRequests,
    travel_plans: plans.map((plan) => ({
      id: String(plan._id),
      help_preference: plan.helpPreference,
      flights: plan.flights.map((flight) => ({
        from: flight.from,
        to: flight.to,
        date: flight.date,
        airline: flight.airline ?? null,
        flightNumber: flight.flightNumber ?? null,
      })),
      traveler: {
        name: plan.traveler?.name ?? null,
        age: plan.traveler?.age ?? null,
        gender: plan.traveler?.gender ?? null,
        languages: plan.traveler?.languages ?? null,
        specialNeeds: plan.traveler?.specialNeeds ?? null,
      },
      created_at: iso(plan.created_at),
      updated_at: isoOrNull(plan.updated_at),
    })),
    references: { given, received },
    share_links: links.map((link) => ({
      kind: link.kind,
      object_id: link.objectId,
      created_at: iso(link.created_at),
      revoked_at: isoOrNull(link.revoked_at),
    })),
  };
}
