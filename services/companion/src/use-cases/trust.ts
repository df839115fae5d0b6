/**
 * Trust figures and the double-blind view of references (addendum §2.1, docs/decisions.md "References and
 * trust").
 *
 * - The figures of each user (persistence/trust.ts) follow from the companion's own reference_recorded and
 *   trip_completed (events/handlers.ts); each change stages trust_updated (search keeps the figures from
 *   it) and, for a new no-show, no_show_recorded (support opens the case).
 * - Double-blind: a received reference is shown once both sides wrote theirs, or from 14 days after the
 *   travel date; the figures count it from the same day (`visible_from`), so they cannot give it away.
 */
import {
  memberSinceOf,
  referenceWindow,
  revealDate,
  todayIso,
  trustAsOf,
  type EventData,
  type EventEnvelope,
  type PendingReference,
  type Reference,
  type ReferencesView,
  type Trust,
} from '@safarsaathi/contracts';
import { outboxEvent, revisedWrite, stageEvents } from '@safarsaathi/platform';
import { findOwner } from '../persistence/owners';
import type { Side, StoredReference, TripRecord } from '../persistence/trips';
import { findTrust, trustLockKey, type ReceivedReference, type TrustRecord } from '../persistence/trust';
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

interface Figures {
  trips_completed: number;
  references: Trust['references'];
  pending: PendingReference[];
  member_since: string;
}

/** The figures of a trust record: references revealed by `today` counted, later ones pending with their day. */
export function figuresOf(record: TrustRecord | null, memberSince: string, today: string): Figures {
  const references = { positive: 0, neutral: 0, negative: 0 };
  const pending: PendingReference[] = [];
  for (const entry of record?.received ?? []) {
    const rating = entry.no_show ? 'negative' : entry.rating;
    if (entry.visible_from <= today) references[rating] += 1;
    else pending.push({ rating, visible_from: entry.visible_from });
  }
  return { trips_completed: record?.trips.length ?? 0, references, pending, member_since: memberSince };
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
  return trustAsOf(figuresOf(record, since, today), today);
}

/**
 * Applies `change` to the user's trust record; when it changes, trust_updated (version = the record's
 * revision, so a reader keeps the newest whatever the order) and `extra(record)` are staged in the write.
 */
async function writeTrust(
  ctx: CompanionContext,
  userId: string,
  change: (current: TrustRecord | null) => Pick<TrustRecord, 'trips' | 'received'> | null,
  extra: (current: TrustRecord | null) => EventEnvelope[] = () => [],
): Promise<void> {
  const since = await memberSince(ctx, userId);
  let staged: EventEnvelope[] = [];
  const { changed } = await revisedWrite(ctx.trust, ctx.locks, trustLockKey(userId), userId, (current) => {
    staged = [];
    const next = change(current);
    if (!next) return null;
    const version = (current?.rev ?? 0) + 1;
    const { pending, ...figures } = figuresOf({ ...next, rev: version } as TrustRecord, since, todayIso());
    staged = [
      outboxEvent(PRODUCER, 'trust_updated', userId, { userId, version, ...figures, pending }),
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

/** trip_completed: the trip counts for both parties (once each). */
export async function tripCompleted(ctx: CompanionContext, data: EventData<'trip_completed'>): Promise<void> {
  for (const userId of data.userIds) {
    await writeTrust(ctx, userId, (current) =>
      current?.trips.includes(data.tripId)
        ? null
        : { trips: [...(current?.trips ?? []), data.tripId], received: current?.received ?? [] },
    );
  }
}
