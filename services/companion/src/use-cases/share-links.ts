/**
 * Shared trip links (issue 14): the owner of a request or travel plan gets one read-only link per trip
 * (the same link until it is revoked), and anyone holding it sees a small public view of the trip.
 * Every read is by `_id`. The object's `share_link` pointer decides whether a link works (see
 * persistence/share-links.ts), so the two documents never have to be written together.
 */
import { isValidObjectId } from 'mongoose';
import {
  SHARED_TRIP_PAGE,
  SHARE_MESSAGES,
  SHARE_TEXT,
  hasMatch,
  matchLabel,
  shareExpiry,
  todayIso,
  travelPlanStatus,
  type Identity,
  type ShareKind,
  type ShareLink,
  type SharedTrip,
  firstNameOf,
} from '@safarsaathi/contracts';
import { HttpError, conflict, ipSubject, notFound, tooManyRequests } from '@safarsaathi/platform';
import { findRequest, requestLockKey, type StoredRequest } from '../persistence/requests';
import { addOwned, findOwner, ownedIds } from '../persistence/owners';
import { travelPlanLockKey, type ShareLinkPointer } from '../persistence/share-links';
import type { TravelPlanRecord } from '../persistence/travel-plans';
import type { CompanionContext } from './context';
import { earliestTravelDate } from './dates';
import { refuseDeletedOwner } from './owners';
import { toRequestView } from './request-view';
import { matchedPair, sharedTripDay } from './trip';
import { airportTimeZone } from './origin-timezone';
import { newShareToken, shareTokenHash } from './share-tokens';
import { endFamilyLink } from './family-live';
import { passVersion } from '../documents/pass-version';
import type { TripRecord } from '../persistence/trips';

const gone = (message: string) => new HttpError(410, message);

/** A shareable object, whichever kind it is. */
interface Trip {
  ownerId: string;
  pointer: ShareLinkPointer | null;
  /** Still there for its owner: an active, visible request (not cancelled, inactive or hidden), or a plan. */
  live: boolean;
  /** The last day of travel (booked date, end of a tentative range, or the last flight of a plan). */
  lastTravelDay: string | null;
  writePointer: (pointer: ShareLinkPointer | null) => Promise<void>;
  publicView: () => Promise<Omit<SharedTrip, 'expiresAt'>>;
  /** Whether a printed pickup pass of this version still holds the current hand-over code (issue 39). */
  passStatus: (version: string) => Promise<'current' | 'outdated'>;
}

type StoredPlan = TravelPlanRecord & { _id: { toString(): string } };

const lockKey = (kind: ShareKind, id: string) =>
  kind === 'request' ? requestLockKey(id) : travelPlanLockKey(id);

const languagesOf = (text: string) =>
  text
    .split(',')
    .map((language) => language.trim())
    .filter(Boolean);

function requestTrip(ctx: CompanionContext, record: StoredRequest): Trip {
  return {
    ownerId: record.ownerId,
    pointer: record.share_link ?? null,
    live: record.status === 'active' && !record.hidden,
    lastTravelDay: (record.confirmed_ticket ? record.date : record.tentative_to_date) ?? null,
    writePointer: async (pointer) => {
      await ctx.requests.updateOne({ _id: record._id }, { $set: { share_link: pointer } });
    },
    publicView: async () => {
      const view = toRequestView(record, earliestTravelDate());
      const day = await sharedTripDay(ctx, record);
      // Only a match both sides still hold names a companion: one who left is never shown (even before
      // search's release reaches this request), and the page says a new companion is being looked for.
      const matched =
        hasMatch(view) && view.matched_companion !== null && (await matchedPair(ctx, record)) !== null;
      const lookingAgain =
        view.status === 'active' && !matched && (view.looking_again || view.companion_match);
      return {
        kind: 'request',
        lookingFor: record.role,
        // The passenger: for a request posted for family the parent, else the owner (who typed their name).
        travellerFirstName: firstNameOf(record.passenger_name, '') || null,
        from: record.from_airport,
        to: record.to_airport,
        date: record.confirmed_ticket ? (record.date ?? null) : null,
        tentative:
          !record.confirmed_ticket && record.tentative_from_date && record.tentative_to_date
            ? { from: record.tentative_from_date, to: record.tentative_to_date }
            : null,
        flights: [
          {
            from: record.from_airport,
            to: record.to_airport,
            date: record.confirmed_ticket ? (record.date ?? null) : null,
            airline: record.airlines ?? null,
            flightNumber: record.flight_number ?? null,
            // Issue 39: each time on its airport's clock (the page names the city).
            departureTime: record.departure_time ?? null,
            arrivalDate: record.arrival_date ?? null,
            arrivalTime: record.arrival_time ?? null,
          },
        ],
        layovers: (record.layovers ?? []).flatMap((layover) =>
          Object.entries(layover).map(([airport, flight]) => ({
            airport,
            airline: flight.airlines || null,
            flightNumber: flight.flight_number || null,
          })),
        ),
        status:
          view.status === 'active'
            ? matched
              ? 'Match Found'
              : lookingAgain
                ? SHARE_TEXT.lookingAgain
                : 'Match Not Found'
            : view.status,
        lookingAgain,
        // Only a first name, languages and the badge: the companion's age, gender and price stay private.
        match: matched
          ? {
              firstName: firstNameOf(view.matched_companion!.name),
              languages: languagesOf(view.matched_companion!.languages_known),
              badge: matchLabel(view),
            }
          : null,
        meeting: day.meeting,
        milestones: day.milestones,
        origin_timezone: airportTimeZone(record.from_airport),
        destination_timezone: airportTimeZone(record.to_airport),
      };
    },
    passStatus: async (version) => {
      // A public read writes nothing: a pair without its trip document yet has no code, so version "0".
      const pair = await matchedPair(ctx, record);
      const trip = pair ? await ctx.trips.findOne({ _id: pair.tripId }).lean<TripRecord>() : null;
      return version === passVersion(trip) ? 'current' : 'outdated';
    },
  };
}

function planTrip(ctx: CompanionContext, record: StoredPlan): Trip {
  const first = record.flights[0]!;
  const last = record.flights[record.flights.length - 1]!;
  const lastTravelDay =
    record.flights
      .map((flight) => flight.date)
      .sort()
      .at(-1) ?? null;
  return {
    ownerId: record.ownerId,
    pointer: record.share_link ?? null,
    live: true,
    lastTravelDay,
    writePointer: async (pointer) => {
      await ctx.travelPlans.updateOne({ _id: record._id }, { $set: { share_link: pointer } });
    },
    publicView: async () => {
      const status = travelPlanStatus(record.date, todayIso());
      // The plan's traveller when the form named one, else its owner: the one who travels.
      const named = firstNameOf(record.traveler?.name, '');
      const travellerFirstName =
        named || firstNameOf((await findOwner(ctx.owners, record.ownerId))?.fullname, '') || null;
      return {
        kind: 'travel-plan',
        lookingFor: record.helpPreference === 'need_help' ? 'need' : 'provide',
        travellerFirstName,
        from: first.from,
        to: last.to,
        date: first.date,
        tentative: null,
        flights: record.flights.map((flight) => ({
          from: flight.from,
          to: flight.to,
          date: flight.date,
          airline: flight.airline ?? null,
          flightNumber: flight.flightNumber ?? null,
        })),
        layovers: [],
        status: status.charAt(0).toUpperCase() + status.slice(1),
        match: null,
        lookingAgain: false,
        meeting: null,
        milestones: [],
        origin_timezone: airportTimeZone(first.from),
        destination_timezone: airportTimeZone(last.to),
      };
    },
    // A plan has no pickup pass.
    passStatus: async () => 'outdated',
  };
}

async function loadTrip(ctx: CompanionContext, kind: ShareKind, id: string): Promise<Trip | null> {
  if (kind === 'request') {
    const record = await findRequest(ctx.requests, id);
    return record ? requestTrip(ctx, record) : null;
  }
  if (!isValidObjectId(id)) return null;
  const record = await ctx.travelPlans.findById(id).lean<StoredPlan>();
  return record ? planTrip(ctx, record) : null;
}

async function ownTrip(
  ctx: CompanionContext,
  identity: Identity,
  kind: ShareKind,
  id: string,
): Promise<Trip> {
  const trip = await loadTrip(ctx, kind, id);
  if (!trip || trip.ownerId !== identity.userId) throw notFound(SHARE_MESSAGES.objectNotFound);
  return trip;
}

function linkOf(
  kind: ShareKind,
  id: string,
  token: string,
  createdAt: Date,
  lastTravelDay: string,
): ShareLink {
  return {
    kind,
    id,
    token,
    path: `${SHARED_TRIP_PAGE}${token}`,
    createdAt: createdAt.toISOString(),
    ...shareExpiry(lastTravelDay),
  };
}

/**
 * POST /api/share-links: the trip's current link, or a new one. Only the owner's own trip (404 for
 * anyone else's, like a missing one), and only while it is live and not over (409).
 */
export async function shareTrip(
  ctx: CompanionContext,
  identity: Identity,
  kind: ShareKind,
  id: string,
): Promise<ShareLink> {
  return ctx.locks.around(lockKey(kind, id), async () => {
    const trip = await ownTrip(ctx, identity, kind, id);
    const lastTravelDay = trip.lastTravelDay;
    // A trip over before yesterday (UTC): its link would have expired already (shareExpiry).
    if (!trip.live || !lastTravelDay || lastTravelDay < earliestTravelDate())
      throw conflict(SHARE_MESSAGES.notShareable);
    if (trip.pointer) {
      const current = await ctx.shareLinks.findById(trip.pointer.id).lean();
      const token =
        current && !current.revoked_at ? ctx.shareSeal.open(trip.pointer.sealed, trip.pointer.id) : null;
      if (token) return linkOf(kind, id, token, trip.pointer.created_at, lastTravelDay);
    }
    const token = newShareToken();
    const linkId = shareTokenHash(token);
    const createdAt = new Date();
    // The owner's index first (so the owner's deletion finds the link), then the link, then the pointer:
    // until the object names it, the link opens nothing (a crash in between leaves a dead link).
    await addOwned(ctx, identity.userId, 'shareLinkIds', linkId, refuseDeletedOwner, async () => {
      await ctx.shareLinks.create({
        _id: linkId,
        ownerId: identity.userId,
        kind,
        objectId: id,
        created_at: createdAt,
        revoked_at: null,
      });
    });
    await trip.writePointer({ id: linkId, sealed: ctx.shareSeal.seal(token, linkId), created_at: createdAt });
    return linkOf(kind, id, token, createdAt, lastTravelDay);
  });
}

/** DELETE /api/share-links/:kind/:id: the link stops working at once. Harmless when nothing is shared. */
export async function stopSharing(
  ctx: CompanionContext,
  identity: Identity,
  kind: ShareKind,
  id: string,
): Promise<{ success: true }> {
  return ctx.locks.around(lockKey(kind, id), async () => {
    const trip = await ownTrip(ctx, identity, kind, id);
    if (trip.pointer) {
      // Unnamed by its object, the link is dead already; revoked_at only lets it say why.
      await trip.writePointer(null);
      await ctx.shareLinks.updateOne({ _id: trip.pointer.id }, { $set: { revoked_at: new Date() } });
      endFamilyLink(ctx, trip.pointer.id);
    }
    return { success: true as const };
  });
}

/**
 * GET /api/shared/:token (public): counted per client IP before anything is read, so guessing tokens
 * costs the guesser, not the database. Unknown 404; revoked, expired, cancelled or deleted 410. With `pass`
 * (a printed pickup pass's QR code, issue 39) the view says whether that pass is still current.
 */
export async function viewSharedTrip(
  ctx: CompanionContext,
  token: string,
  ip: string,
  pass?: string,
): Promise<SharedTrip> {
  // Per network (an IPv6 /64 counts once), like every per-IP limit: one household may rotate its addresses.
  const hit = await ctx.shareViewsPerIp.hit(ipSubject(ip));
  if (!hit.allowed) throw tooManyRequests(SHARE_MESSAGES.tooMany, hit.retryAfterSeconds);
  const link = await ctx.shareLinks.findById(shareTokenHash(token)).lean();
  if (!link) throw notFound(SHARE_MESSAGES.notFound);
  if (link.revoked_at) throw gone(SHARE_MESSAGES.revoked);
  const trip = await loadTrip(ctx, link.kind, link.objectId);
  if (!trip || trip.ownerId !== link.ownerId || trip.pointer?.id !== link._id)
    throw gone(SHARE_MESSAGES.gone);
  if (!trip.lastTravelDay) throw gone(SHARE_MESSAGES.gone);
  const expiry = shareExpiry(trip.lastTravelDay);
  if (Date.now() >= Date.parse(expiry.expiresAt)) throw gone(SHARE_MESSAGES.expired);
  if (!trip.live) throw gone(SHARE_MESSAGES.gone);
  return {
    ...(await trip.publicView()),
    pickupPass: pass === undefined ? null : await trip.passStatus(pass),
    expiresAt: expiry.expiresAt,
  };
}

/**
 * A deleted user's links stop working (issue 40: 410, not 404, so the family knows the link was real and is
 * over): each is turned off, found through the owner's index by `_id`. A link document names no person (the
 * token's hash, the owner's id, what it shared), so it stays to say "gone". Idempotent.
 */
export async function deleteOwnerShareLinks(ctx: CompanionContext, ownerId: string): Promise<void> {
  const linkIds = await ownedIds(ctx.owners, ownerId, 'shareLinkIds');
  for (const linkId of linkIds) {
    // By `_id` alone (FerretDB reads a collection whole for any other filter); a redelivery finds it revoked.
    const link = await ctx.shareLinks
      .findOne({ _id: linkId }, { revoked_at: 1 })
      .lean<{ revoked_at?: Date | null }>();
    if (link && !link.revoked_at)
      await ctx.shareLinks.updateOne({ _id: linkId }, { $set: { revoked_at: new Date() } });
    endFamilyLink(ctx, linkId);
  }
}
