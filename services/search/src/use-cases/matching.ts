/**
 * Keeps the matching read model and finds matches (design brief §5). Runs in the `search` consumer
 * group, so each request event is handled by one instance. Claims are single-document compare-and-set
 * writes, so two instances can never give one companion to two seekers; a crash between the claims and
 * the match record is repaired when the event is redelivered.
 */
import type { EventData, EventEnvelope } from '@safarsaathi/contracts';
import { outboxEvent, withEvents, type Logger } from '@safarsaathi/platform';
import { rankCandidates } from '../matching/engine';
import { keysOf, routeOf, type RequestModel, type StoredRequest } from '../persistence/requests';
import type { MatchModel } from '../persistence/matches';

export interface MatchingContext {
  requests: RequestModel;
  matches: MatchModel;
  logger: Logger;
  flushOutbox: () => void;
}

const isDuplicateKey = (error: unknown) => (error as { code?: number }).code === 11000;

/** Applies a request_created (or re-created after an unblock) unless a newer event already did. */
export async function recordRequest(ctx: MatchingContext, event: EventEnvelope<EventData<'request_created'>>): Promise<void> {
  const data = event.data;
  try {
    await ctx.requests.updateOne(
      { caseid: data.caseid, lastEventAt: { $lte: event.occurredAt } },
      {
        $set: { ...data, ...keysOf(data), status: 'active', hidden: false, lastEventAt: event.occurredAt },
        $setOnInsert: { matchedWith: null },
      },
      { upsert: true },
    );
  } catch (error) {
    // A newer event for this case id exists: the upsert's insert clashes with it, and that is fine.
    if (!isDuplicateKey(error)) throw error;
  }
}

export async function removeRequest(ctx: MatchingContext, caseid: string, occurredAt: string): Promise<void> {
  await ctx.requests.updateOne({ caseid, lastEventAt: { $lte: occurredAt } }, { $set: { status: 'removed', lastEventAt: occurredAt } });
}

async function candidatesFor(ctx: MatchingContext, request: StoredRequest): Promise<StoredRequest[]> {
  const base = { status: 'active', hidden: false, matchedWith: null };
  let found: StoredRequest[];
  if (request.role === 'need') {
    found = request.confirmed_ticket
      ? await ctx.requests.find({ ...base, matchKey: `${routeOf('provide', request.from_airport, request.to_airport)}|${request.date}` }).lean()
      : await ctx.requests.find({ ...base, routeKey: routeOf('provide', request.from_airport, request.to_airport) }).lean();
  } else {
    const route = routeOf('need', request.from_airport, request.to_airport);
    const [booked, tentative] = await Promise.all([
      ctx.requests.find({ ...base, matchKey: `${route}|${request.date}` }).lean(),
      ctx.requests.find({ ...base, routeKey: `${route}|tentative` }).lean(),
    ]);
    found = [...booked, ...tentative];
  }
  // Oldest first: the earliest request wins a tie in the ranking.
  return found.filter((candidate) => candidate.ownerId !== request.ownerId).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

async function recordMatch(ctx: MatchingContext, request: StoredRequest, other: StoredRequest): Promise<boolean> {
  const need = request.role === 'need' ? request : other;
  const provide = request.role === 'need' ? other : request;
  const details = rankCandidates(need, [provide])[0]?.details;
  if (!details) return false;
  const matchId = `${need.caseid}:${provide.caseid}`;
  const event = outboxEvent('search', 'match_found', need.caseid, {
    matchId,
    needCaseid: need.caseid,
    needUserId: need.ownerId,
    provideCaseid: provide.caseid,
    provideUserId: provide.ownerId,
    match_details: details,
  });
  try {
    await ctx.matches.create({ matchId, needCaseid: need.caseid, provideCaseid: provide.caseid, created_at: new Date(), ...withEvents([event]) });
    ctx.flushOutbox();
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  return true;
}

/** Finds the best counterpart for `caseid` and records the match; returns the counterpart's case id. */
export async function matchRequest(ctx: MatchingContext, caseid: string): Promise<string | null> {
  const request = await ctx.requests.findOne({ caseid }).lean();
  if (!request || request.status !== 'active' || request.hidden || request.service_type !== 'companion') return null;
  if (request.matchedWith) {
    // Claimed before a crash or a redelivery: make sure the match record exists.
    const other = await ctx.requests.findOne({ caseid: request.matchedWith }).lean();
    if (other && other.matchedWith === caseid) await recordMatch(ctx, request, other);
    return request.matchedWith;
  }
  for (const { candidate } of rankCandidates(request, await candidatesFor(ctx, request))) {
    const mine = await ctx.requests.updateOne({ caseid, matchedWith: null, status: 'active' }, { $set: { matchedWith: candidate.caseid } });
    if (mine.modifiedCount === 0) return null;
    const theirs = await ctx.requests.updateOne(
      { caseid: candidate.caseid, matchedWith: null, status: 'active', hidden: false },
      { $set: { matchedWith: caseid } },
    );
    if (theirs.modifiedCount === 1) {
      await recordMatch(ctx, { ...request, matchedWith: candidate.caseid }, { ...candidate, matchedWith: caseid });
      ctx.logger.info({ caseid, matchedWith: candidate.caseid }, 'match found');
      return candidate.caseid;
    }
    // Someone else took this candidate meanwhile: let go of our claim and try the next.
    await ctx.requests.updateOne({ caseid, matchedWith: candidate.caseid }, { $set: { matchedWith: null } });
  }
  return null;
}
