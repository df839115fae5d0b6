/**
 * Starting a conversation (spec §4 Contact flow, §7): from a search result (check-search-contact, then
 * create-search-conversation once the caller has a request) or with a match (start-chat). The target is
 * always named by a case id; a client's `target_user_email` is ignored.
 */
import {
  CHAT_MESSAGES,
  type CheckSearchContactRequest,
  type CheckSearchContactResponse,
  type ConversationStartResponse,
  type CreateSearchConversationRequest,
  type Identity,
  type ServiceType,
  type StartChatRequest,
} from '@safarsaathi/contracts';
import { conflict, notFound } from '@safarsaathi/platform';
import type { ChatRequest } from '../persistence/requests';
import type { ChatContext } from './context';
import { openConversation } from './conversation-store';

const POLL_MS = 150;

/**
 * Reads a request by case id until `settled` holds or CHAT_PROJECTION_WAIT_MS have passed: a request or
 * match submitted a moment ago may still be one Kafka hop away from this service.
 */
async function requestWhen(
  ctx: ChatContext,
  caseid: string,
  settled: (request: ChatRequest | null) => boolean,
  deadline = Date.now() + ctx.config.CHAT_PROJECTION_WAIT_MS,
): Promise<ChatRequest | null> {
  for (;;) {
    const request = await ctx.requests.findOne({ _id: caseid }).lean<ChatRequest>();
    if (settled(request) || Date.now() >= deadline) return request;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Settled once its state is known: a request never seen, or seen only in a match, may still arrive. */
const known = (request: ChatRequest | null) => request !== null && request.status !== 'unknown';

/** The caller's own active request, or a refusal. */
async function ownActiveRequest(
  ctx: ChatContext,
  identity: Identity,
  caseid: string,
  deadline?: number,
): Promise<ChatRequest> {
  const request = await requestWhen(
    ctx,
    caseid,
    (r) => known(r) || (r !== null && r.ownerId !== identity.userId),
    deadline,
  );
  if (!request || request.ownerId !== identity.userId || request.status !== 'active')
    throw notFound(CHAT_MESSAGES.ownRequestRequired);
  return request;
}

/** Someone else's active request that the caller wants to contact. */
async function contactableRequest(
  ctx: ChatContext,
  identity: Identity,
  caseid: string,
  deadline?: number,
): Promise<ChatRequest> {
  const target = await requestWhen(ctx, caseid, known, deadline);
  if (!target || target.status !== 'active') throw notFound(CHAT_MESSAGES.targetUnavailable);
  if (target.ownerId === identity.userId) throw conflict(CHAT_MESSAGES.withYourself);
  return target;
}

/** Full names of both participants for the new conversation (the caller's own is shown to the other). */
async function namesOf(ctx: ChatContext, userIds: string[]): Promise<Record<string, string>> {
  const names: Record<string, string> = {};
  for (const userId of userIds) {
    const user = await ctx.users.findOne({ _id: userId }).lean();
    if (user?.status === 'deleted') throw notFound(CHAT_MESSAGES.targetUnavailable);
    if (user?.fullname) names[userId] = user.fullname;
  }
  return names;
}

async function open(
  ctx: ChatContext,
  identity: Identity,
  otherId: string,
  serviceType: ServiceType,
): Promise<ConversationStartResponse> {
  if (otherId === identity.userId) throw conflict(CHAT_MESSAGES.withYourself);
  return openConversation(
    ctx,
    identity.userId,
    otherId,
    serviceType,
    await namesOf(ctx, [identity.userId, otherId]),
  );
}

/** The caller's active requests of one service type (their case ids come from the user projection). */
async function holdsActiveRequest(
  ctx: ChatContext,
  userId: string,
  serviceType: ServiceType,
): Promise<boolean> {
  const user = await ctx.users.findOne({ _id: userId }).lean();
  for (const caseid of user?.caseids ?? []) {
    const request = await ctx.requests.findOne({ _id: caseid }).lean<ChatRequest>();
    if (request?.ownerId === userId && request.status === 'active' && request.service_type === serviceType)
      return true;
  }
  return false;
}

/** POST /api/chat/check-search-contact */
export async function checkSearchContact(
  ctx: ChatContext,
  identity: Identity,
  input: CheckSearchContactRequest,
): Promise<CheckSearchContactResponse> {
  const target = await contactableRequest(ctx, identity, input.target_caseid);
  if (target.service_type !== input.service_type) throw notFound(CHAT_MESSAGES.targetUnavailable);
  if (!(await holdsActiveRequest(ctx, identity.userId, input.service_type)))
    return { status: 'need_case_creation' };
  return open(ctx, identity, target.ownerId, input.service_type);
}

/** POST /api/chat/create-search-conversation: after the caller has created a request of their own. */
export async function createSearchConversation(
  ctx: ChatContext,
  identity: Identity,
  input: CreateSearchConversationRequest,
): Promise<ConversationStartResponse> {
  // One projection wait for the whole call (two in a row could pass the request deadline).
  const deadline = Date.now() + ctx.config.CHAT_PROJECTION_WAIT_MS;
  const own = await ownActiveRequest(ctx, identity, input.user_caseid, deadline);
  const target = await contactableRequest(ctx, identity, input.target_caseid, deadline);
  if (!own.service_type || own.service_type !== target.service_type)
    throw conflict(CHAT_MESSAGES.serviceMismatch);
  return open(ctx, identity, target.ownerId, target.service_type);
}

/** POST /api/chat/start-chat: with the request the caller's own request was matched with. */
export async function startChat(
  ctx: ChatContext,
  identity: Identity,
  input: StartChatRequest,
): Promise<ConversationStartResponse> {
  // One projection wait for the whole call: waits in a row could pass the request deadline
  // (REQUEST_DEADLINE_MS), e.g. when the pair is not matched. match_found may be a hop behind the requests.
  const deadline = Date.now() + ctx.config.CHAT_PROJECTION_WAIT_MS;
  await ownActiveRequest(ctx, identity, input.user_caseid, deadline);
  const matchedEither = (own: ChatRequest | null) => own?.matchedWith === input.matched_caseid;
  const own = await requestWhen(ctx, input.user_caseid, matchedEither, deadline);
  const matched = await requestWhen(
    ctx,
    input.matched_caseid,
    (r) => r?.matchedWith === input.user_caseid,
    deadline,
  );
  if (!matchedEither(own) || matched?.matchedWith !== input.user_caseid)
    throw conflict(CHAT_MESSAGES.notMatched);
  if (own!.service_type !== input.service_type) throw conflict(CHAT_MESSAGES.serviceMismatch);
  return open(ctx, identity, matched.ownerId, input.service_type);
}
