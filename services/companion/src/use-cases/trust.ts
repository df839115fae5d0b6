/**
 * Trust figures and the double-blind view of references (addendum §2.1, docs/decisions.md "References and
 * trust").
 *
 * - The figures of each user (persistence/trust.ts) follow from the companion's own reference_recorded and
 *   trip_completed (events/handlers.ts); each change stages trust_updated (search keeps the figures from
 *   it) and, for a new no-show, no_show_recorded (support opens the case).
 * - Double-blind: a received reference is shown once both sides wrote theirs, or from 14 days after the
 *   travel date; the figures count it from the same day (`visible_from`), so they cannot give it away.
 * - Only past trips count, each counterpart once (figuresOn): two fresh accounts cannot make trust today.
 */
import {
  LATE_CANCELLATION,
  addDays,
  memberSinceOf,
  monthsBefore,
  referenceWindow,
  revealDate,
  todayIso,
  type EventData,
  type EventEnvelope,
  type Reference,
  type ReferencesView,
  type Trust,
  type TrustStep,
} from '@safarsaathi/contracts';
import { outboxEvent, revisedWrite, stageEvents } from '@safarsaathi/platform';
import { findOwner } from '../persistence/owners';
import type { Side, StoredReference, TripRecord } from '../persistence/trips';
import {
  findTrust,
  trustLockKey,
  type CompletedTrip,
  type LateCancellation,
  type ReceivedReference,
  type TrustRecord,
} from '../persistence/trust';
import type { CompanionContext } from './context';

const PRODUCER = 'companion';
export const otherSide = (side: Side): Side => (side === 'need' ? 'provide' : 'need');
const shown = (reference: StoredReference): Reference => ({
  rating: reference.rating,
  text: reference.text,
  no_show: reference.no_show,
});

/** What the owner of `side` sees of the trip's references. */
export function referencesView(
  side: Side,
  trip: TripRecord,
  travelDate: string | null,
  today: string = todayIso(),
): ReferencesView {
  const mine = trip.references?.[side];
  const theirs = trip.references?.[otherSide(side)];
  const revealed = Boolean(mine && theirs) || (travelDate !== null && today >= revealDate(travelDate));
  return {
    given: mine ? shown(mine) : null,
    received: theirs ? (revealed ? shown(theirs) : 'hidden') : null,
    can_write: !mine && referenceWindow(travelDate, today) === 'open',
  };
}

/** The counts a user's trust record adds up to on one day (figuresOn). */
type Counts = Omit<TrustStep, 'from'>;

const addMonths = (isoDate: string, months: number) => monthsBefore(isoDate, -months);
const tripEntry = (entry: CompletedTrip | string): CompletedTrip =>
  // Entries from before counterparts were kept: a past trip with a counterpart of its own.
  typeof entry === 'string' ? { trip_id: entry, counterpart: entry, travel_date: '0000-01-01' } : entry;

/**
 * What a trust record counts on `day` (docs/decisions.md "Trust that cannot be forged"): trips with a
 * recorded hand-over whose travel date is before that day, each counterpart once; revealed references of
 * such trips, one per author (the latest trip's), a no-show as negative; late cancellations in the 12
 * months before it. A trip run and reviewed today counts from tomorrow, and two accounts that travel
 * together again and again count as one trip and one reference each.
 */
export function figuresOn(
  record: Pick<TrustRecord, 'trips' | 'received' | 'late_cancellations'> | null,
  day: string,
): Counts {
  const counterparts = new Set(
    (record?.trips ?? [])
      .map(tripEntry)
      .filter((trip) => trip.travel_date < day)
      .map((trip) => trip.counterpart),
  );
  const latestByAuthor = new Map<string, ReceivedReference>();
  for (const entry of record?.received ?? []) {
    if (entry.travel_date >= day || entry.visible_from > day) continue;
    const kept = latestByAuthor.get(entry.author);
    const later =
      !kept ||
      entry.travel_date > kept.travel_date ||
      (entry.travel_date === kept.travel_date && entry.id > kept.id);
    if (later) latestByAuthor.set(entry.author, entry);
  }
  const references = { positive: 0, neutral: 0, negative: 0 };
  for (const entry of latestByAuthor.values()) references[entry.no_show ? 'negative' : entry.rating] += 1;
  const since = monthsBefore(day, LATE_CANCELLATION.countedMonths);
  const late = (record?.late_cancellations ?? []).filter((entry) => entry.on > since && entry.on <= day);
  return { trips_completed: counterparts.size, references, late_cancellations: late.length };
}

/**
 * The figures on `today` and every later day on which they change (a trip or reference starts to count, a
 * late cancellation leaves the 12 months): trust_updated carries them, so readers need no event when a
 * day passes (trustAsOf).
 */
export function trustTimeline(
  record: Pick<TrustRecord, 'trips' | 'received' | 'late_cancellations'> | null,
  today: string,
): { today: Counts; steps: TrustStep[] } {
  const days = new Set<string>();
  for (const trip of (record?.trips ?? []).map(tripEntry)) days.add(addDays(trip.travel_date, 1));
  for (const entry of record?.received ?? []) {
    const counted = addDays(entry.travel_date, 1);
    days.add(entry.visible_from > counted ? entry.visible_from : counted);
  }
  for (const entry of record?.late_cancellations ?? []) {
    const leaves = addMonths(entry.on, LATE_CANCELLATION.countedMonths);
    days.add(leaves).add(addDays(leaves, 1));
  }
  const current = figuresOn(record, today);
  const steps: TrustStep[] = [];
  let previous = JSON.stringify(current);
  for (const day of [...days].filter((candidate) => candidate > today).sort()) {
    const counts = figuresOn(record, day);
    const key = JSON.stringify(counts);
    if (key !== previous) steps.push({ from: day, ...counts });
    previous = key;
  }
  return { today: current, steps };
}

async function memberSince(ctx: Pick<CompanionContext, 'owners'>, userId: string): Promise<string> {
  const owner = await findOwner(ctx.owners, userId);
  return memberSinceOf(userId, owner?.registered_at) ?? todayIso().slice(0, 7);
}

/** A user's trust figures as of now (views of a matched request: `matched_companion.trust`). */
export async function trustOf(
  ctx: Pick<CompanionContext, 'owners' | 'trust'>,
  userId: string,
  today: string = todayIso(),
): Promise<Trust> {
  const [record, since] = await Promise.all([findTrust(ctx.trust, userId), memberSince(ctx, userId)]);
  return { ...figuresOn(record, today), member_since: since };
}

/**
 * Applies `change` to the user's trust record; when it changes, trust_updated (version = the record's
 * revision, so a reader keeps the newest whatever the order) and `extra(record)` are staged in the write.
 */
async function writeTrust(
  ctx: CompanionContext,
  userId: string,
  change: (
    current: TrustRecord | null,
  ) => Pick<TrustRecord, 'trips' | 'received' | 'late_cancellations'> | null,
  extra: (current: TrustRecord | null) => EventEnvelope[] = () => [],
): Promise<void> {
  const since = await memberSince(ctx, userId);
  let staged: EventEnvelope[] = [];
  const { changed } = await revisedWrite(ctx.trust, ctx.locks, trustLockKey(userId), userId, (current) => {
    staged = [];
    const next = change(current);
    if (!next) return null;
    const version = (current?.rev ?? 0) + 1;
    const { today, steps } = trustTimeline(next, todayIso());
    staged = [
      outboxEvent(PRODUCER, 'trust_updated', userId, {
        userId,
        version,
        ...today,
        // Readers of the figures count from `steps` (trustAsOf); nothing is pending outside them.
        pending: [],
        member_since: since,
        steps,
      }),
      ...extra(current),
    ];
    return stageEvents(staged, { $set: { ...next, updated_at: new Date() } });
  });
  if (changed) ctx.flushOutbox({ model: ctx.trust, id: userId, events: staged });
}

/** reference_recorded: each reference joins its subject's record, keeping the earliest day it is revealed. */
export async function referenceRecorded(
  ctx: CompanionContext,
  data: EventData<'reference_recorded'>,
): Promise<void> {
  for (const reference of data.references) {
    const entry: ReceivedReference = {
      id: reference.referenceId,
      trip_id: data.tripId,
      author: reference.authorUserId,
      rating: reference.rating,
      no_show: reference.no_show,
      travel_date: data.travelDate,
      visible_from: reference.visibleFrom,
    };
    const known = (current: TrustRecord | null) =>
      (current?.received ?? []).find((item) => item.id === entry.id);
    await writeTrust(
      ctx,
      reference.subjectUserId,
      (current) => {
        const found = known(current);
        if (found && found.visible_from <= entry.visible_from) return null;
        const others = (current?.received ?? []).filter((item) => item.id !== entry.id);
        return {
          trips: current?.trips ?? [],
          received: [...others, found ? { ...found, visible_from: entry.visible_from } : entry],
          late_cancellations: current?.late_cancellations ?? [],
        };
      },
      (current) =>
        entry.no_show && !known(current)
          ? [
              outboxEvent(PRODUCER, 'no_show_recorded', reference.subjectUserId, {
                referenceId: entry.id,
                tripId: data.tripId,
                subjectUserId: reference.subjectUserId,
                reporterUserId: reference.authorUserId,
                travelDate: data.travelDate,
                recordedAt: new Date().toISOString(),
              }),
            ]
          : [],
    );
  }
}

/** trip_completed: the trip joins both parties' records (once each), with the other party and its date. */
export async function tripCompleted(ctx: CompanionContext, data: EventData<'trip_completed'>): Promise<void> {
  for (const [index, userId] of data.userIds.entries()) {
    const entry: CompletedTrip = {
      trip_id: data.tripId,
      counterpart: data.userIds[1 - index]!,
      // Events from before carried no date: the hand-over's own day.
      travel_date: data.travelDate ?? data.at.slice(0, 10),
    };
    await writeTrust(ctx, userId, (current) =>
      current?.trips.some((trip) => tripEntry(trip).trip_id === data.tripId)
        ? null
        : {
            trips: [...(current?.trips ?? []), entry],
            received: current?.received ?? [],
            late_cancellations: current?.late_cancellations ?? [],
          },
    );
  }
}

/** late_cancellation_recorded: counted in the canceller's figures for 12 months (once per request). */
export async function lateCancellationRecorded(
  ctx: CompanionContext,
  data: EventData<'late_cancellation_recorded'>,
): Promise<void> {
  const entry: LateCancellation = { caseid: data.caseid, on: data.cancelledAt.slice(0, 10) };
  await writeTrust(ctx, data.userId, (current) =>
    current?.late_cancellations?.some((known) => known.caseid === entry.caseid)
      ? null
      : {
          trips: current?.trips ?? [],
          received: current?.received ?? [],
          late_cancellations: [...(current?.late_cancellations ?? []), entry],
        },
  );
}
