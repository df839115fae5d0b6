/**
 * Keeps the matching read model and finds matches (design brief §5). Runs in the `search` consumer
 * group, so each request event is handled by one instance. Every read and write is by `_id`: requests by
 * case id, candidate buckets by route and date, owners by owner id (persistence/). Claims are
 * single-document compare-and-set writes, so two instances can never give one companion to two seekers;
 * a crash between the claims and the match record is repaired when the event is redelivered.
 * A match is upgraded when a free counterpart that makes a better pair appears (on the same flight instead
 * of the route, or sharing a language where the pair shares none); the partner it leaves is released and
 * matched afresh (docs/decisions.md "Re-matching", "Search by language"), unless the match is locked (its
 * travel date is near, or its pair set a meeting point or a milestone). A party who leaves (cancel, profile
 * deleted, blocked) releases the other, who is matched afresh (docs/decisions.md "Matches that hold").
 */
import {
  addDays,
  firstNameOf,
  todayIso,
  tripSummaryOf,
  type EventData,
  type EventEnvelope,
} from '@safarsaathi/contracts';
import { outboxEvent, stageEvents, withEvents, type Logger, type OutboxTarget } from '@safarsaathi/platform';
import { evaluateMatch, matchPlan, rankCandidates, sharesLanguage } from '../matching/engine';
import {
  createdFields,
  isLocked,
  isOpenForMatching,
  isUpgradable,
  revisionOf,
  type RequestModel,
  type StoredRequest,
} from '../persistence/requests';
import {
  bucketKeyOf,
  candidateBucketKeysOf,
  memberFits,
  memberOf,
  upgradableBucketKeysOf,
  upgradableKeyOf,
  type BucketMember,
  type BucketModel,
} from '../persistence/buckets';
import type { OwnerModel, OwnerRequests } from '../persistence/owners';
import { matchIdOf, newMatchIdOf, type MatchEnd, type MatchModel } from '../persistence/matches';
import { guardedFilter, updateIf, type Conditions } from '../persistence/guarded-writes';

export interface MatchingContext {
  requests: RequestModel;
  buckets: BucketModel;
  owners: OwnerModel;
  matches: MatchModel;
  /** True on FerretDB: guards are checked on documents read by `_id` (persistence/guarded-writes.ts). */
  singleWriter: boolean;
  logger: Logger;
  /** Publishes the staged match_found now, reading only the written match (by `_id`). */
  flushOutbox: (written?: OutboxTarget) => void;
}

const isDuplicateKey = (error: unknown) => (error as { code?: number }).code === 11000;

/**
 * A request is in its bucket exactly while it is open for matching, and in its upgradable bucket exactly
 * while it holds an upgradable match. Idempotent, so redeliveries repair a crash.
 */
async function syncBucket(ctx: MatchingContext, request: StoredRequest): Promise<void> {
  const member = memberOf(request);
  const place = (key: string | null, inside: boolean) =>
    key === null
      ? undefined
      : inside
        ? ctx.buckets.updateOne({ _id: key }, { $addToSet: { members: member } }, { upsert: true })
        : ctx.buckets.updateOne({ _id: key }, { $pull: { members: member } });
  await place(bucketKeyOf(request), isOpenForMatching(request));
  await place(upgradableKeyOf(request), isUpgradable(request));
}

/**
 * Adds the case id to its owner's index before anything that may stop early (the index lists every case id
 * its owner ever had), and answers the owner's document.
 */
async function indexOwnerRequest(
  ctx: MatchingContext,
  ownerId: string,
  caseid: string,
): Promise<OwnerRequests | null> {
  return ctx.owners
    .findOneAndUpdate({ _id: ownerId }, { $addToSet: { caseids: caseid } }, { upsert: true, new: true })
    .lean<OwnerRequests>();
}

/** What a deleted owner's requests keep of their names and words in the read model: nothing (issue 40). */
const ERASED_FIELDS = { passenger_name: '', ownerFirstName: '', description: null };

/**
 * A request of a deleted owner is stored removed and without names or words, a blocked owner's hidden
 * (their events may come first).
 */
function ownerStateOn<T extends Pick<StoredRequest, 'status' | 'hidden'>>(
  fields: T,
  owner: OwnerRequests | null,
): T {
  return {
    ...fields,
    ...(owner?.deleted ? { status: 'removed' as const, ...ERASED_FIELDS } : {}),
    ...(owner?.blocked ? { hidden: true } : {}),
  };
}

/**
 * Applies a request_created (or re-created after an unblock) unless a newer event already did, and
 * returns the request's state afterwards.
 */
export async function recordRequest(
  ctx: MatchingContext,
  event: EventEnvelope<EventData<'request_created'>>,
): Promise<StoredRequest | null> {
  const data = event.data;
  const owner = await indexOwnerRequest(ctx, data.ownerId, data.caseid);
  const current = await ctx.requests.findById(data.caseid).lean<StoredRequest>();
  let stored = current;
  if (!current || current.lastEventAt <= event.occurredAt) {
    const fields = ownerStateOn(createdFields(data, event.occurredAt), owner);
    try {
      await ctx.requests.updateOne(
        guardedFilter(data.caseid, { lastEventAt: { $lte: event.occurredAt } }, ctx.singleWriter),
        { $set: fields, $setOnInsert: { matchedWith: null } },
        { upsert: true },
      );
      // The match fields (partner, revision, release) stay as they were.
      stored = { ...current, _id: data.caseid, ...fields, matchedWith: current?.matchedWith ?? null };
    } catch (error) {
      // Another instance stored a newer event meanwhile: the upsert's insert clashes with it, and it stands.
      if (!isDuplicateKey(error)) throw error;
      stored = await ctx.requests.findById(data.caseid).lean<StoredRequest>();
    }
  }
  if (stored) await syncBucket(ctx, stored);
  return stored;
}

/** Why a party left its match, from request_cancelled's status (the companion service's words for it). */
export type LeftBecause = 'cancelled' | 'deleted' | 'blocked';
export function leftBecauseOf(status: string): LeftBecause {
  return status === 'inactive' ? 'deleted' : status === 'hidden' ? 'blocked' : 'cancelled';
}

/**
 * request_cancelled (a cancel, or the owner's profile deleted or blocked): the request is never matched
 * again, and the partner it was matched with is released and matched afresh.
 */
export async function removeRequest(
  ctx: MatchingContext,
  caseid: string,
  occurredAt: string,
  because: LeftBecause = 'cancelled',
): Promise<void> {
  const current = await ctx.requests.findById(caseid).lean<StoredRequest>();
  if (!current) return;
  const removed = await updateIf(
    ctx.requests,
    current,
    { lastEventAt: { $lte: occurredAt } },
    { $set: { status: 'removed', lastEventAt: occurredAt } },
    ctx.singleWriter,
  );
  // Also when nothing changed (a redelivery): a crash may have come between the write and the bucket.
  await syncBucket(ctx, removed ? { ...current, status: 'removed', lastEventAt: occurredAt } : current);
  await releaseOnLeave(ctx, caseid, because);
}

/**
 * Sets `change` on every request of `ownerId`, found through the owner index, and keeps the buckets in
 * step; the owner document remembers it for requests heard of later. A request that leaves matching
 * releases its partner; one that comes back (unblocked) is matched.
 */
async function changeOwnedRequests(
  ctx: MatchingContext,
  ownerId: string,
  ownerChange: Pick<OwnerRequests, 'deleted'> | Pick<OwnerRequests, 'blocked'>,
  change: Partial<
    Pick<StoredRequest, 'status' | 'hidden' | 'passenger_name' | 'ownerFirstName' | 'description'>
  >,
  because: LeftBecause | null,
): Promise<void> {
  const owner = await ctx.owners
    .findOneAndUpdate({ _id: ownerId }, { $set: ownerChange }, { upsert: true, new: true })
    .lean<OwnerRequests>();
  for (const caseid of owner?.caseids ?? []) {
    const current = await ctx.requests.findById(caseid).lean<StoredRequest>();
    if (!current) continue;
    const changed = { ...current, ...change };
    if (Object.entries(change).some(([field, value]) => current[field as keyof StoredRequest] !== value)) {
      await ctx.requests.updateOne({ _id: caseid }, { $set: change });
    }
    await syncBucket(ctx, changed);
    if (because) await releaseOnLeave(ctx, caseid, because);
    else await matchRequest(ctx, caseid);
  }
}

/**
 * user_deleted: the owner's requests are never matched again and keep no name or words; their partners are
 * matched afresh.
 */
export function removeOwnerRequests(ctx: MatchingContext, ownerId: string): Promise<void> {
  return changeOwnedRequests(
    ctx,
    ownerId,
    { deleted: true },
    { status: 'removed', ...ERASED_FIELDS },
    'deleted',
  );
}

/** user_status_changed: a blocked owner's requests are hidden from matching; unblocked, they can be matched again. */
export function setOwnerHidden(ctx: MatchingContext, ownerId: string, hidden: boolean): Promise<void> {
  return changeOwnedRequests(ctx, ownerId, { blocked: hidden }, { hidden }, hidden ? 'blocked' : null);
}

interface LoadedMember {
  bucket: string;
  member: BucketMember;
  request: StoredRequest | null;
}

/**
 * Drops bucket members that can never be matched again: the request is unknown, or its match is
 * recorded. (A bucket write racing a claim on another instance can leave such members behind.)
 * Removed and hidden requests are left to their own events, which may still bring them back.
 */
async function pruneSettled(ctx: MatchingContext, loaded: LoadedMember[]): Promise<void> {
  for (const { bucket, member, request } of loaded) {
    if (request && !request.matchedWith) continue;
    const settled =
      !request ||
      (await ctx.matches.exists({
        _id:
          request.matchId ??
          (request.role === 'need'
            ? matchIdOf(request._id, request.matchedWith!)
            : matchIdOf(request.matchedWith!, request._id)),
      }));
    if (settled) await ctx.buckets.updateOne({ _id: bucket }, { $pull: { members: member } });
  }
}

async function candidatesFor(ctx: MatchingContext, request: StoredRequest): Promise<StoredRequest[]> {
  const keys = candidateBucketKeysOf(request, addDays(todayIso(), -1));
  const buckets = await Promise.all(keys.map((key) => ctx.buckets.findById(key).lean()));
  const fitting = new Map<string, { bucket: string; member: BucketMember }>();
  buckets.forEach((bucket, i) => {
    for (const member of bucket?.members ?? [])
      if (memberFits(request, member)) fitting.set(member.caseid, { bucket: keys[i]!, member });
  });
  const loaded: LoadedMember[] = await Promise.all(
    [...fitting.values()].map(async (entry) => ({
      ...entry,
      request: await ctx.requests.findById(entry.member.caseid).lean<StoredRequest>(),
    })),
  );
  await pruneSettled(ctx, loaded);
  return (
    loaded
      .map((entry) => entry.request)
      .filter(
        (candidate): candidate is StoredRequest =>
          candidate !== null && isOpenForMatching(candidate) && candidate.ownerId !== request.ownerId,
      )
      // Oldest first: the earliest request wins a tie in the ranking.
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id))
  );
}

/**
 * Requests holding a match that `request` could upgrade (engine's matchPlan decides which it would): found
 * through the upgradable buckets where it would look for open counterparts, loaded by `_id`, oldest
 * first. A member whose state no longer fits is put back where its state says (a write racing a claim
 * can leave one behind).
 */
async function holdersFor(ctx: MatchingContext, request: StoredRequest): Promise<StoredRequest[]> {
  const keys = upgradableBucketKeysOf(request, addDays(todayIso(), -1));
  const buckets = await Promise.all(keys.map((key) => ctx.buckets.findById(key).lean()));
  const holders = new Map<string, StoredRequest>();
  for (const [i, bucket] of buckets.entries()) {
    for (const member of bucket?.members ?? []) {
      if (!memberFits(request, member) || holders.has(member.caseid)) continue;
      const holder = await ctx.requests.findById(member.caseid).lean<StoredRequest>();
      if (!holder) await ctx.buckets.updateOne({ _id: keys[i]! }, { $pull: { members: member } });
      else if (!isUpgradable(holder)) await syncBucket(ctx, holder);
      else if (holder.ownerId !== request.ownerId) holders.set(holder._id, holder);
    }
  }
  return [...holders.values()].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id),
  );
}

type MatchFields = Pick<
  StoredRequest,
  'matchedWith' | 'matchedFlight' | 'matchedShares' | 'matchRevision' | 'leftBehind' | 'matchId' | 'matchDate'
> &
  Partial<Pick<StoredRequest, 'lastRelease' | 'settledVersion' | 'lockedMatchId'>>;

/** A pair's travel date: the seeker's booked date, else the companion's (always booked). */
const pairDateOf = (a: StoredRequest, b: StoredRequest): string | null => {
  const [need, provide] = a.role === 'need' ? [a, b] : [b, a];
  return need.date ?? provide.date ?? null;
};

/** A new match state for `request` (`partner` in match `matchId`, or none), one revision on. */
function matchFields(
  request: StoredRequest,
  partner: StoredRequest | null,
  matchedFlight: StoredRequest['matchedFlight'],
  leftBehind: string | null = null,
  matchId: string | null = null,
): MatchFields {
  const matchedWith = partner?._id ?? null;
  return {
    matchedWith,
    matchedFlight,
    matchedShares: partner ? sharesLanguage(request.languages_known, partner.languages_known) : null,
    matchRevision: revisionOf(request) + 1,
    leftBehind,
    matchId: matchedWith ? matchId : null,
    matchDate: partner ? pairDateOf(request, partner) : null,
  };
}

/**
 * Writes a new match state if `request` is still as read: the revision it was read at, plus `conditions`
 * (a compare-and-set by `_id`, see guarded-writes.ts). Returns the state written, or null when it lost.
 */
async function rewriteMatch(
  ctx: MatchingContext,
  request: StoredRequest,
  conditions: Conditions,
  fields: MatchFields,
): Promise<StoredRequest | null> {
  const guard: Conditions = { ...conditions, matchRevision: request.matchRevision ?? null };
  const written = await updateIf(ctx.requests, request, guard, { $set: fields }, ctx.singleWriter);
  return written ? { ...request, ...fields } : null;
}

const matchIdOfPair = (a: StoredRequest, b: StoredRequest) =>
  a.role === 'need' ? matchIdOf(a._id, b._id) : matchIdOf(b._id, a._id);

/** The id of the match `a` holds with `b` (claims from before instance ids: the pair's id). */
const currentMatchIdOf = (a: StoredRequest, b: StoredRequest) => a.matchId ?? matchIdOfPair(a, b);

/** A match is over: a new match of the same pair gets an id of its own (newMatchIdOf). */
const markReleased = (ctx: MatchingContext, matchId: string, endedBy: MatchEnd) =>
  ctx.matches.updateOne({ _id: matchId }, { $set: { released: true, endedBy } });

interface Release {
  /** The released request's state after the release. */
  request: StoredRequest;
  event: ReturnType<typeof outboxEvent>;
  /** Still unmatched: it should look for a counterpart again. */
  open: boolean;
}

/**
 * Releases the partner an upgraded `holder` left behind (if it still points at the holder) and builds its
 * match_released. Safe to repeat: a redelivery after a crash finishes what the first run began.
 */
async function releaseLeftBehind(ctx: MatchingContext, holder: StoredRequest): Promise<Release | null> {
  let state: StoredRequest | null = null;
  // A lost compare-and-set (another write to the partner in between, MongoDB only) reads it again.
  for (let attempt = 0; attempt < 3 && !state; attempt += 1) {
    const former = await ctx.requests.findById(holder.leftBehind!).lean<StoredRequest>();
    if (!former) return null;
    if (former.matchedWith !== holder._id) state = former;
    else {
      // The holder's new pair is no better on the flight than this one was: it was taken for a language.
      const forLanguage = former.matchedFlight === holder.matchedFlight;
      const lastRelease = {
        matchId: currentMatchIdOf(former, holder),
        formerCaseid: holder._id,
        revision: revisionOf(former) + 1,
        ...(forLanguage ? { reason: 'shared_language' as const } : {}),
      };
      state = await rewriteMatch(
        ctx,
        former,
        { matchedWith: holder._id },
        { ...matchFields(former, null, null), lastRelease },
      );
      if (state) ctx.logger.info({ caseid: former._id, formerCaseid: holder._id }, 'match released');
    }
  }
  if (!state?.lastRelease || state.lastRelease.formerCaseid !== holder._id) return null;
  const matchId = state.lastRelease.matchId;
  await markReleased(
    ctx,
    matchId,
    state.lastRelease.reason === 'shared_language' ? 'shared_language' : 'upgrade',
  );
  const open = isOpenForMatching(state);
  const event = outboxEvent('search', 'match_released', state._id, {
    matchId,
    caseid: state._id,
    userId: state.ownerId,
    formerCaseid: holder._id,
    revision: state.lastRelease.revision,
    reopened: open,
    ...(state.lastRelease.reason ? { reason: state.lastRelease.reason } : {}),
    releasedRole: state.role,
    formerFirstName: firstNameOf(holder.passenger_name),
    formerUserId: holder.ownerId,
    travellerFirstName: firstNameOf((state.role === 'need' ? state : holder).passenger_name),
    summary: tripSummaryOf(state),
  });
  return { request: state, event, open };
}

/**
 * The match_found of a pair as it now is: the seeker's details, each side's revision (matches recorded
 * before revisions existed are repaired without them: consumers count them as 1) and each side's summary
 * for the notices (first name and trip).
 */
function matchFoundEvent(
  need: StoredRequest,
  provide: StoredRequest,
  matchId: string,
  details: EventData<'match_found'>['match_details'],
) {
  return outboxEvent('search', 'match_found', need._id, {
    matchId,
    needCaseid: need._id,
    needUserId: need.ownerId,
    provideCaseid: provide._id,
    provideUserId: provide.ownerId,
    match_details: details,
    ...(need.matchRevision ? { needRevision: need.matchRevision } : {}),
    ...(provide.matchRevision ? { provideRevision: provide.matchRevision } : {}),
    needSummary: tripSummaryOf(need),
    provideSummary: tripSummaryOf(provide),
  });
}

async function recordMatch(
  ctx: MatchingContext,
  request: StoredRequest,
  other: StoredRequest,
  released: Release | null,
): Promise<boolean> {
  const need = request.role === 'need' ? request : other;
  const provide = request.role === 'need' ? other : request;
  const details = rankCandidates(need, [provide])[0]?.details;
  if (!details) return false;
  const matchId = need.matchId ?? provide.matchId ?? matchIdOf(need.caseid, provide.caseid);
  const event = matchFoundEvent(need, provide, matchId, details);
  // The release first: one document's events are published in order.
  const events = released ? [released.event, event] : [event];
  try {
    await ctx.matches.create({
      _id: matchId,
      matchId,
      needCaseid: need.caseid,
      provideCaseid: provide.caseid,
      created_at: new Date(),
      ...withEvents(events),
    });
    ctx.flushOutbox({ model: ctx.matches, id: matchId });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  return true;
}

/**
 * Records the pair's match, releases the partner an upgrade left behind, puts all of them in the buckets
 * their state says, and matches the released partner afresh; safe to repeat.
 */
async function settleMatch(
  ctx: MatchingContext,
  request: StoredRequest,
  other: StoredRequest,
): Promise<void> {
  const holder = request.leftBehind ? request : other.leftBehind ? other : null;
  const released = holder ? await releaseLeftBehind(ctx, holder) : null;
  await recordMatch(ctx, request, other, released);
  await syncBucket(ctx, request);
  await syncBucket(ctx, other);
  if (released) {
    await syncBucket(ctx, released.request);
    if (released.open) await matchRequest(ctx, released.request._id, released.request);
  }
}

/**
 * Finds the best counterpart for `caseid` and records the match; returns the counterpart's case id.
 * `known` is the request's state when the caller has just read or written it (saves a read).
 * `sameFlightOnly`: only counterparts on its exact flight (open, or holders it upgrades): the first round
 * of matching two requests a flight change released (matchAfresh).
 */
export async function matchRequest(
  ctx: MatchingContext,
  caseid: string,
  known?: StoredRequest | null,
  options: { sameFlightOnly?: boolean } = {},
): Promise<string | null> {
  const request = known !== undefined ? known : await ctx.requests.findById(caseid).lean<StoredRequest>();
  if (!request || request.status !== 'active' || request.hidden || request.service_type !== 'companion')
    return null;
  if (request.matchedWith) {
    // Claimed before a crash or a redelivery: make sure the match record (and any release) exists.
    const other = await ctx.requests.findById(request.matchedWith).lean<StoredRequest>();
    if (other && other.matchedWith === caseid) await settleMatch(ctx, request, other);
    return request.matchedWith;
  }
  let current = request;
  const plan = matchPlan(request, await candidatesFor(ctx, request), await holdersFor(ctx, request));
  for (const { candidate, details, upgrade } of plan) {
    const flight = details.main_flight.status === 'same_flight' ? 'same_flight' : 'same_route';
    if (options.sameFlightOnly && flight !== 'same_flight') break;
    const [need, provide] = request.role === 'need' ? [current, candidate] : [candidate, current];
    const matchId = await newMatchIdOf(
      ctx.matches,
      need.caseid,
      provide.caseid,
      revisionOf(need) + 1,
      revisionOf(provide) + 1,
    );
    const mine = await rewriteMatch(
      ctx,
      current,
      { matchedWith: null, status: 'active' },
      matchFields(current, candidate, flight, null, matchId),
    );
    if (!mine) return null;
    const theirs = upgrade
      ? // Only while it still holds the same match it was found with (its revision is checked too).
        await rewriteMatch(
          ctx,
          candidate,
          {
            matchedWith: candidate.matchedWith!,
            matchedFlight: candidate.matchedFlight!,
            status: 'active',
            hidden: false,
          },
          matchFields(candidate, current, flight, candidate.matchedWith, matchId),
        )
      : await rewriteMatch(
          ctx,
          candidate,
          { matchedWith: null, status: 'active', hidden: false },
          matchFields(candidate, current, flight, null, matchId),
        );
    if (theirs) {
      await settleMatch(ctx, mine, theirs);
      ctx.logger.info({ caseid, matchedWith: candidate.caseid, upgrade }, 'match found');
      return candidate.caseid;
    }
    // Someone else took this candidate meanwhile: let go of our claim and try the next.
    const released = await rewriteMatch(
      ctx,
      mine,
      { matchedWith: candidate.caseid },
      matchFields(mine, null, null),
    );
    if (!released) return null;
    current = released;
  }
  return null;
}

type RequestUpdated = EventData<'request_updated'>;

/** What the flight status of a pair's match is, or null when the two no longer match at all. */
function flightOf(a: StoredRequest, b: StoredRequest): 'same_flight' | 'same_route' | null {
  const [need, provide] = a.role === 'need' ? [a, b] : [b, a];
  const details = evaluateMatch(need, provide);
  if (!details) return null;
  return details.main_flight.status === 'same_flight' ? 'same_flight' : 'same_route';
}

/**
 * request_updated (addendum §1.4, docs/decisions.md "Flight changes"): the owner changed the request. Its
 * fields are replaced unless a later edit is already stored (`version`), it moves to the buckets of its new
 * route and date, and then its match is decided: kept when the pair still matches the same way (still on
 * the same flight; or matched on the route and still on it, unless it now has a counterpart on its exact
 * flight), else released for both and both matched afresh. Safe to repeat: `settledVersion` records the
 * edit whose consequences are done, and a redelivery finishes what a crash left.
 */
export async function recordUpdate(
  ctx: MatchingContext,
  event: EventEnvelope<RequestUpdated>,
): Promise<void> {
  const { version, updatedAt: _updatedAt, ...edited } = event.data;
  const owner = await ctx.owners
    .findOneAndUpdate(
      { _id: edited.ownerId },
      { $addToSet: { caseids: edited.caseid } },
      { upsert: true, new: true },
    )
    .lean<OwnerRequests>();
  // A deleted owner's edit heard of late keeps no name or words either.
  const data = owner?.deleted ? { ...edited, ...ERASED_FIELDS } : edited;
  const current = await ctx.requests.findById(data.caseid).lean<StoredRequest>();
  if (!current) {
    // Never seen created (it cannot happen in one partition's order; be safe): as a new request.
    await ctx.requests.updateOne(
      { _id: data.caseid },
      { $set: { ...createdFields(data, event.occurredAt), version }, $setOnInsert: { matchedWith: null } },
      { upsert: true },
    );
    const stored = await ctx.requests.findById(data.caseid).lean<StoredRequest>();
    if (stored) await syncBucket(ctx, stored);
    await matchRequest(ctx, data.caseid, stored);
    return;
  }
  if ((current.version ?? 0) > version) return;
  let request = current;
  if ((current.version ?? 0) < version) {
    // Status and hidden stay: they come from request_cancelled and the owner's status, not from an edit.
    const fields = {
      ...data,
      version,
      lastEventAt: current.lastEventAt > event.occurredAt ? current.lastEventAt : event.occurredAt,
    };
    const written = await updateIf(
      ctx.requests,
      current,
      { version: current.version ?? null },
      { $set: fields },
      ctx.singleWriter,
    );
    // Lost to a concurrent newer edit (MongoDB, several instances): that edit decides.
    if (!written) return;
    request = { ...current, ...fields };
    // Out of the buckets of its old route and date (the same summary as it was added with).
    for (const key of [bucketKeyOf(current), upgradableKeyOf(current)])
      if (key !== null) await ctx.buckets.updateOne({ _id: key }, { $pull: { members: memberOf(current) } });
    await syncBucket(ctx, request);
  }
  await settleEdit(ctx, request, version, current);
}

/** Decides what an edit of `request` means for its match (see recordUpdate). */
async function settleEdit(
  ctx: MatchingContext,
  request: StoredRequest,
  version: number,
  before: StoredRequest,
): Promise<void> {
  if (request.status !== 'active' || request.hidden) return;
  const partner = request.matchedWith
    ? await ctx.requests.findById(request.matchedWith).lean<StoredRequest>()
    : null;
  if (!partner || partner.matchedWith !== request._id) {
    // Released by this edit before a crash: finish the release of the partner, the events and the rematch.
    const release = request.lastRelease;
    if (!request.matchedWith && release && (request.settledVersion ?? 0) >= version) {
      const former = await ctx.requests.findById(release.formerCaseid).lean<StoredRequest>();
      if (former) await releaseForChange(ctx, request, former, version, release.matchId);
      return;
    }
    // Unmatched (or a claim a redelivery settles): matched as if newly posted.
    await matchRequest(ctx, request._id, request);
    return;
  }
  if ((request.settledVersion ?? 0) >= version) return;
  const flight = flightOf(request, partner);
  // How they were matched: as stored with the match, else (older matches) as the old fields say.
  const was = request.matchedFlight ?? flightOf(before, partner) ?? 'same_flight';
  let kept = flight === 'same_flight' || (flight === 'same_route' && was === 'same_route');
  if (kept && flight === 'same_route' && !isLocked(request) && !isLocked(partner)) {
    // A match on the route gives way to the exact flight, as it would had the request been posted so;
    // a locked match does not (that would be an automatic re-pairing).
    const plan = matchPlan(request, await candidatesFor(ctx, request), await holdersFor(ctx, request));
    kept = !plan.some((entry) => entry.details.main_flight.status === 'same_flight');
  }
  const matchId = currentMatchIdOf(request, partner);
  if (kept) await refreshMatch(ctx, request, partner, flight!, version, matchId);
  else await releaseForChange(ctx, request, partner, version, matchId);
}

/**
 * The match stays: both sides move one revision on (same match id) and a new match_found carries the
 * new details, so every consumer shows the changed flight; nobody is told of a new match (same id).
 */
async function refreshMatch(
  ctx: MatchingContext,
  request: StoredRequest,
  partner: StoredRequest,
  flight: 'same_flight' | 'same_route',
  version: number,
  matchId: string,
): Promise<void> {
  const mine = await rewriteMatch(
    ctx,
    request,
    { matchedWith: partner._id },
    { ...matchFields(request, partner, flight, null, matchId), settledVersion: version },
  );
  if (!mine) return;
  const theirs = await rewriteMatch(
    ctx,
    partner,
    { matchedWith: request._id },
    matchFields(partner, request, flight, null, matchId),
  );
  if (!theirs) return;
  const [need, provide] = mine.role === 'need' ? [mine, theirs] : [theirs, mine];
  const event = matchFoundEvent(need, provide, matchId, rankCandidates(need, [provide])[0]!.details);
  await ctx.matches.updateOne(
    { _id: matchId },
    stageEvents([event], {
      $setOnInsert: {
        matchId,
        needCaseid: need.caseid,
        provideCaseid: provide.caseid,
        created_at: new Date(),
      },
    }),
    { upsert: true },
  );
  ctx.flushOutbox({ model: ctx.matches, id: matchId });
  await syncBucket(ctx, mine);
  await syncBucket(ctx, theirs);
}

/** How a match ends when it is not an upgrade: what its match_released events say. */
interface Ending {
  reason: 'flight_changed' | 'left' | 'restored';
  /** The request whose change ended it (edited, left, or taken back into its locked match). */
  changedCaseid: string;
  leftBecause?: LeftBecause;
}

/** Releases `self` from `partner` (once: only while it still points at the partner). */
async function releaseSide(
  ctx: MatchingContext,
  self: StoredRequest,
  partner: StoredRequest,
  matchId: string,
  reason: Ending['reason'],
  settledVersion?: number,
): Promise<StoredRequest> {
  if (self.matchedWith !== partner._id) return self;
  const revision = revisionOf(self) + 1;
  const fields = {
    ...matchFields(self, null, null),
    lastRelease: { matchId, formerCaseid: partner._id, revision, reason },
    ...(settledVersion !== undefined ? { settledVersion } : {}),
  };
  return (await rewriteMatch(ctx, self, { matchedWith: partner._id }, fields)) ?? self;
}

/**
 * Ends the match of `request` and `partner` for both (the partner first; `settledVersion` goes with the
 * request's own release), stages one match_released per side on the ended match's document, once (it is
 * marked released, with what ended it), and puts both in the buckets their state says. Safe to repeat.
 * `quiet` sides are not told even when open (a side taken straight back into its locked match).
 */
async function endMatch(
  ctx: MatchingContext,
  request: StoredRequest,
  partner: StoredRequest,
  matchId: string,
  ending: Ending,
  options: { settledVersion?: number; quiet?: string[] } = {},
): Promise<[StoredRequest, StoredRequest]> {
  const theirs = await releaseSide(ctx, partner, request, matchId, ending.reason);
  const mine = await releaseSide(ctx, request, partner, matchId, ending.reason, options.settledVersion);
  const ended = await ctx.matches.findById(matchId).lean();
  const need = request.role === 'need' ? request : partner;
  const leaver = ending.reason === 'left';
  const events = [mine, theirs]
    .filter((side) => side.lastRelease?.matchId === matchId && !side.matchedWith)
    .map((side) =>
      outboxEvent('search', 'match_released', side._id, {
        matchId,
        caseid: side._id,
        userId: side.ownerId,
        formerCaseid: side._id === request._id ? partner._id : request._id,
        revision: side.lastRelease!.revision,
        reopened: isOpenForMatching(side) && !options.quiet?.includes(side._id),
        reason: ending.reason,
        changedCaseid: ending.changedCaseid,
        releasedRole: side.role,
        summary: tripSummaryOf(side),
        travellerFirstName: firstNameOf(need.passenger_name),
        // A deleted person is not named, not even by first name.
        formerFirstName:
          ending.leftBecause === 'deleted'
            ? null
            : firstNameOf((side._id === request._id ? partner : request).passenger_name),
        formerUserId: (side._id === request._id ? partner : request).ownerId,
        ...(leaver ? { leftBecause: ending.leftBecause ?? 'cancelled' } : {}),
      }),
    );
  if (!ended?.released && events.length > 0) {
    await ctx.matches.updateOne(
      { _id: matchId },
      stageEvents(events, {
        $set: { released: true, endedBy: ending.reason },
        $setOnInsert: {
          matchId,
          needCaseid: need._id,
          provideCaseid: request.role === 'need' ? partner._id : request._id,
          created_at: new Date(),
        },
      }),
      { upsert: true },
    );
    ctx.flushOutbox({ model: ctx.matches, id: matchId });
    ctx.logger.info({ caseid: request._id, formerCaseid: partner._id, reason: ending.reason }, 'match ended');
  }
  await syncBucket(ctx, mine);
  await syncBucket(ctx, theirs);
  return [mine, theirs];
}

/**
 * The match no longer holds after a flight change: both sides are released (match_released with reason
 * `flight_changed`; the edited request's release records the edit as settled) and matched afresh.
 */
async function releaseForChange(
  ctx: MatchingContext,
  request: StoredRequest,
  partner: StoredRequest,
  version: number,
  matchId: string,
): Promise<void> {
  await endMatch(
    ctx,
    request,
    partner,
    matchId,
    { reason: 'flight_changed', changedCaseid: request._id },
    { settledVersion: version },
  );
  await matchAfresh(ctx, [partner._id, request._id]);
}

/**
 * A party left (cancelled, deleted, blocked): the match ends for both, whatever its lock, and the partner
 * is matched afresh. Safe to repeat, and in any order with the claims: it reads both sides as they are now.
 */
async function releaseOnLeave(ctx: MatchingContext, caseid: string, because: LeftBecause): Promise<void> {
  const leaving = await ctx.requests.findById(caseid).lean<StoredRequest>();
  if (!leaving?.matchedWith) return;
  const partner = await ctx.requests.findById(leaving.matchedWith).lean<StoredRequest>();
  // A one-sided claim is let go by its claimer (its claim of a removed request fails).
  if (!partner || partner.matchedWith !== leaving._id) return;
  await endMatch(ctx, leaving, partner, currentMatchIdOf(leaving, partner), {
    reason: 'left',
    changedCaseid: leaving._id,
    leftBecause: because,
  });
  await matchAfresh(ctx, [partner._id]);
}

type TripLock = EventData<'trip_meeting_set'> | EventData<'trip_milestone_recorded'>;

/**
 * trip_meeting_set, trip_milestone_recorded: the pair's match (`tripId` is its match id) is locked. When the
 * lock arrives after an automatic re-pairing ended that match (the events travel on different partitions,
 * so nothing orders them), the pair is put back together under the same match id and the partners the
 * re-pairing gave them are released: the outcome is the one the lock arriving first gives. A match ended
 * by a cancel, a flight change, a block or a deletion stays ended. Safe to repeat.
 */
export async function lockMatch(ctx: MatchingContext, data: TripLock): Promise<void> {
  const matchId = data.tripId;
  const [a, b] = await Promise.all(
    [data.caseid, data.otherCaseid].map((id) => ctx.requests.findById(id).lean<StoredRequest>()),
  );
  if (!a || !b || a.role === b.role) return;
  await ctx.matches.updateOne({ _id: matchId }, { $set: { locked: true } });
  if (a.matchedWith === b._id && b.matchedWith === a._id) {
    // Still together (under this match, or the same pair matched again since): lock what they hold.
    await holdLock(ctx, a, b);
    return;
  }
  const ended = await ctx.matches.findById(matchId).lean();
  const automatic = ended?.endedBy === 'upgrade' || ended?.endedBy === 'shared_language';
  if (!automatic || !isActive(a) || !isActive(b)) return;
  // A side now in another locked match stays there: that lock came first for it.
  for (const side of [a, b])
    if (side.matchedWith && side.matchedWith !== (side === a ? b : a)._id && isLocked(side)) return;
  await restoreLockedMatch(ctx, a, b, matchId);
}

const isActive = (request: StoredRequest) => request.status === 'active' && !request.hidden;

/** Marks both sides' current match as locked, and takes them out of the upgradable buckets. */
async function holdLock(ctx: MatchingContext, a: StoredRequest, b: StoredRequest): Promise<void> {
  const matchId = currentMatchIdOf(a, b);
  for (const side of [a, b]) {
    if (side.lockedMatchId === matchId) continue;
    await ctx.requests.updateOne({ _id: side._id }, { $set: { lockedMatchId: matchId } });
    await syncBucket(ctx, { ...side, lockedMatchId: matchId });
  }
}

/** Puts a locked pair back together under `matchId` (see lockMatch), releasing whoever each side holds now. */
async function restoreLockedMatch(
  ctx: MatchingContext,
  a: StoredRequest,
  b: StoredRequest,
  matchId: string,
): Promise<void> {
  const released: string[] = [];
  const sides: StoredRequest[] = [];
  for (const [self, wanted] of [
    [a, b],
    [b, a],
  ] as const) {
    let current = self;
    const other = current.matchedWith
      ? await ctx.requests.findById(current.matchedWith).lean<StoredRequest>()
      : null;
    if (other && other._id !== wanted._id && other.matchedWith === current._id) {
      [current] = await endMatch(
        ctx,
        current,
        other,
        currentMatchIdOf(current, other),
        { reason: 'restored', changedCaseid: current._id },
        { quiet: [current._id] },
      );
      released.push(other._id);
    }
    sides.push(current);
  }
  const [first, second] = sides as [StoredRequest, StoredRequest];
  const flight = flightOf(first, second);
  if (!flight) {
    // They no longer match at all (an edit since): each is matched afresh instead.
    await matchAfresh(ctx, [...released, first._id, second._id]);
    return;
  }
  const claim = (self: StoredRequest, other: StoredRequest) =>
    self.matchedWith === other._id
      ? Promise.resolve(self)
      : rewriteMatch(
          ctx,
          self,
          { matchedWith: null, status: 'active', hidden: false },
          {
            ...matchFields(self, other, flight, null, matchId),
            lockedMatchId: matchId,
          },
        );
  const mine = await claim(first, second);
  const theirs = mine ? await claim(second, first) : null;
  if (!mine || !theirs) {
    // Another claim won meanwhile (MongoDB, several instances): let go of ours, and match the rest afresh.
    if (mine && mine.matchedWith === second._id)
      await rewriteMatch(ctx, mine, { matchedWith: second._id }, matchFields(mine, null, null));
    await matchAfresh(ctx, [...released, first._id, second._id]);
    return;
  }
  const [need, provide] = mine.role === 'need' ? [mine, theirs] : [theirs, mine];
  const event = matchFoundEvent(need, provide, matchId, rankCandidates(need, [provide])[0]!.details);
  await ctx.matches.updateOne(
    { _id: matchId },
    stageEvents([event], { $set: { released: false, endedBy: null, locked: true } }),
  );
  ctx.flushOutbox({ model: ctx.matches, id: matchId });
  ctx.logger.info({ caseid: mine._id, matchedWith: theirs._id, matchId }, 'locked match restored');
  await syncBucket(ctx, mine);
  await syncBucket(ctx, theirs);
  await matchAfresh(ctx, released);
}

/**
 * Matches released requests as if newly posted, first each only on its exact flight, then on the route:
 * so neither takes the other (or anyone) on the route while a counterpart on its exact flight waits, which
 * would make the outcome depend on the order of events (docs/decisions.md "Flight changes").
 */
async function matchAfresh(ctx: MatchingContext, caseids: string[]): Promise<void> {
  for (const sameFlightOnly of [true, false])
    for (const caseid of caseids) await matchRequest(ctx, caseid, undefined, { sameFlightOnly });
}
