/**
 * Keeps the matching read model and finds matches (design brief §5). Runs in the `search` consumer
 * group, so each request event is handled by one instance. Every read and write is by `_id`: requests by
 * case id, candidate buckets by route and date, owners by owner id (persistence/). Claims are
 * single-document compare-and-set writes, so two instances can never give one companion to two seekers;
 * a crash between the claims and the match record is repaired when the event is redelivered.
 */
import { addDays, todayIso, type EventData, type EventEnvelope } from '@safarsaathi/contracts';
import { outboxEvent, withEvents, type Logger, type OutboxTarget } from '@safarsaathi/platform';
import { rankCandidates } from '../matching/engine';
import { createdFields, isOpenForMatching, type RequestModel, type StoredRequest } from '../persistence/requests';
import { bucketKeyOf, candidateBucketKeysOf, memberFits, memberOf, type BucketMember, type BucketModel } from '../persistence/buckets';
import type { OwnerModel } from '../persistence/owners';
import { matchIdOf, type MatchModel } from '../persistence/matches';
import { guardedFilter, updateIf } from '../persistence/guarded-writes';

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

/** A request is in its bucket exactly while it is open for matching. Idempotent, so redeliveries repair a crash. */
async function syncBucket(ctx: MatchingContext, request: StoredRequest): Promise<void> {
  const key = bucketKeyOf(request);
  if (key === null) return;
  if (isOpenForMatching(request)) await ctx.buckets.updateOne({ _id: key }, { $addToSet: { members: memberOf(request) } }, { upsert: true });
  else await ctx.buckets.updateOne({ _id: key }, { $pull: { members: memberOf(request) } });
}

/**
 * Applies a request_created (or re-created after an unblock) unless a newer event already did, and
 * returns the request's state afterwards.
 */
export async function recordRequest(ctx: MatchingContext, event: EventEnvelope<EventData<'request_created'>>): Promise<StoredRequest | null> {
  const data = event.data;
  // Before anything that may stop early: the owner index lists every case id its owner ever had.
  await ctx.owners.updateOne({ _id: data.ownerId }, { $addToSet: { caseids: data.caseid } }, { upsert: true });
  const current = await ctx.requests.findById(data.caseid).lean<StoredRequest>();
  let stored = current;
  if (!current || current.lastEventAt <= event.occurredAt) {
    const fields = createdFields(data, event.occurredAt);
    try {
      await ctx.requests.updateOne(
        guardedFilter(data.caseid, { lastEventAt: { $lte: event.occurredAt } }, ctx.singleWriter),
        { $set: fields, $setOnInsert: { matchedWith: null } },
        { upsert: true },
      );
      stored = { _id: data.caseid, ...fields, matchedWith: current?.matchedWith ?? null };
    } catch (error) {
      // Another instance stored a newer event meanwhile: the upsert's insert clashes with it, and it stands.
      if (!isDuplicateKey(error)) throw error;
      stored = await ctx.requests.findById(data.caseid).lean<StoredRequest>();
    }
  }
  if (stored) await syncBucket(ctx, stored);
  return stored;
}

export async function removeRequest(ctx: MatchingContext, caseid: string, occurredAt: string): Promise<void> {
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
}

/** Sets `change` on every request of `ownerId`, found through the owner index, and keeps the buckets in step. */
async function changeOwnedRequests(ctx: MatchingContext, ownerId: string, change: Partial<Pick<StoredRequest, 'status' | 'hidden'>>): Promise<void> {
  const owner = await ctx.owners.findById(ownerId).lean();
  for (const caseid of owner?.caseids ?? []) {
    const current = await ctx.requests.findById(caseid).lean<StoredRequest>();
    if (!current) continue;
    const changed = { ...current, ...change };
    if (Object.entries(change).some(([field, value]) => current[field as keyof StoredRequest] !== value)) {
      await ctx.requests.updateOne({ _id: caseid }, { $set: change });
    }
    await syncBucket(ctx, changed);
  }
}

/** user_deleted: the owner's requests are never matched again. */
export function removeOwnerRequests(ctx: MatchingContext, ownerId: string): Promise<void> {
  return changeOwnedRequests(ctx, ownerId, { status: 'removed' });
}

/** user_status_changed: a blocked owner's requests are hidden from matching; unblocked, they can be matched again. */
export function setOwnerHidden(ctx: MatchingContext, ownerId: string, hidden: boolean): Promise<void> {
  return changeOwnedRequests(ctx, ownerId, { hidden });
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
      !request || (await ctx.matches.exists({ _id: request.role === 'need' ? matchIdOf(request._id, request.matchedWith!) : matchIdOf(request.matchedWith!, request._id) }));
    if (settled) await ctx.buckets.updateOne({ _id: bucket }, { $pull: { members: member } });
  }
}

async function candidatesFor(ctx: MatchingContext, request: StoredRequest): Promise<StoredRequest[]> {
  const keys = candidateBucketKeysOf(request, addDays(todayIso(), -1));
  const buckets = await Promise.all(keys.map((key) => ctx.buckets.findById(key).lean()));
  const fitting = new Map<string, { bucket: string; member: BucketMember }>();
  buckets.forEach((bucket, i) => {
    for (const member of bucket?.members ?? []) if (memberFits(request, member)) fitting.set(member.caseid, { bucket: keys[i]!, member });
  });
  const loaded: LoadedMember[] = await Promise.all(
    [...fitting.values()].map(async (entry) => ({ ...entry, request: await ctx.requests.findById(entry.member.caseid).lean<StoredRequest>() })),
  );
  await pruneSettled(ctx, loaded);
  return (
    loaded
      .map((entry) => entry.request)
      .filter((candidate): candidate is StoredRequest => candidate !== null && isOpenForMatching(candidate) && candidate.ownerId !== request.ownerId)
      // Oldest first: the earliest request wins a tie in the ranking.
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id))
  );
}

async function recordMatch(ctx: MatchingContext, request: StoredRequest, other: StoredRequest): Promise<boolean> {
  const need = request.role === 'need' ? request : other;
  const provide = request.role === 'need' ? other : request;
  const details = rankCandidates(need, [provide])[0]?.details;
  if (!details) return false;
  const matchId = matchIdOf(need.caseid, provide.caseid);
  const event = outboxEvent('search', 'match_found', need.caseid, {
    matchId,
    needCaseid: need.caseid,
    needUserId: need.ownerId,
    provideCaseid: provide.caseid,
    provideUserId: provide.ownerId,
    match_details: details,
  });
  try {
    await ctx.matches.create({ _id: matchId, matchId, needCaseid: need.caseid, provideCaseid: provide.caseid, created_at: new Date(), ...withEvents([event]) });
    ctx.flushOutbox({ model: ctx.matches, id: matchId });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  return true;
}

/** Records the pair's match and takes both out of their buckets; safe to repeat. */
async function settleMatch(ctx: MatchingContext, request: StoredRequest, other: StoredRequest): Promise<void> {
  await recordMatch(ctx, request, other);
  await syncBucket(ctx, request);
  await syncBucket(ctx, other);
}

/**
 * Finds the best counterpart for `caseid` and records the match; returns the counterpart's case id.
 * `known` is the request's state when the caller has just read or written it (saves a read).
 */
export async function matchRequest(ctx: MatchingContext, caseid: string, known?: StoredRequest | null): Promise<string | null> {
  const request = known !== undefined ? known : await ctx.requests.findById(caseid).lean<StoredRequest>();
  if (!request || request.status !== 'active' || request.hidden || request.service_type !== 'companion') return null;
  if (request.matchedWith) {
    // Claimed before a crash or a redelivery: make sure the match record exists.
    const other = await ctx.requests.findById(request.matchedWith).lean<StoredRequest>();
    if (other && other.matchedWith === caseid) await settleMatch(ctx, request, other);
    return request.matchedWith;
  }
  for (const { candidate } of rankCandidates(request, await candidatesFor(ctx, request))) {
    const mine = await updateIf(ctx.requests, request, { matchedWith: null, status: 'active' }, { $set: { matchedWith: candidate.caseid } }, ctx.singleWriter);
    if (!mine) return null;
    const theirs = await updateIf(
      ctx.requests,
      candidate,
      { matchedWith: null, status: 'active', hidden: false },
      { $set: { matchedWith: caseid } },
      ctx.singleWriter,
    );
    if (theirs) {
      await settleMatch(ctx, { ...request, matchedWith: candidate.caseid }, { ...candidate, matchedWith: caseid });
      ctx.logger.info({ caseid, matchedWith: candidate.caseid }, 'match found');
      return candidate.caseid;
    }
    // Someone else took this candidate meanwhile: let go of our claim and try the next.
    const claimed = { ...request, matchedWith: candidate.caseid };
    await updateIf(ctx.requests, claimed, { matchedWith: candidate.caseid }, { $set: { matchedWith: null } }, ctx.singleWriter);
  }
  return null;
}
