import {
  CHAT_MESSAGES,
  FALLBACK_ISSUE_TYPES,
  SUPPORT_MESSAGES,
  type Identity,
  type Locale,
} from '@safarsaathi/contracts';
import {
  badRequest,
  notFound,
  outboxEvent,
  readableId,
  tooManyRequests,
  unauthorized,
  withEvents,
  type DocumentLocks,
  type OutboxTarget,
  type PiiKeyring,
  type SlidingWindowLimit,
} from '@safarsaathi/platform';
import type { AuditLog } from '../persistence/audit-log';
import type { CaseModel } from '../persistence/cases';
import type { SupportTrustModel } from '../persistence/trust';
import type { SupportUserModel } from '../persistence/users';
import { participantsOf, type ConversationModel } from '../persistence/conversations';

/** The issue types offered by the server (the client keeps the same list as its fallback). */
export const ISSUE_TYPES: readonly string[] = FALLBACK_ISSUE_TYPES;

export interface SupportContext {
  cases: CaseModel;
  /** Who is in each chat conversation (from chat's conversation_created). */
  conversations: ConversationModel;
  /** How long a report waits for a conversation not known here yet (SUPPORT_PROJECTION_WAIT_MS). */
  projectionWaitMs: number;
  limits: { perIp: SlidingWindowLimit; perAddress: SlidingWindowLimit; perUser: SlidingWindowLimit };
  users: SupportUserModel;
  /** Each user's reference figures (companion's trust_updated), for a case subject's history. */
  trust: SupportTrustModel;
  audit: AuditLog;
  locks: DocumentLocks;
  /** Publishes the events just staged; name the written case so only it is read. */
  flushOutbox: (target?: OutboxTarget) => void;
  /** The keys of personal fields: erasing a user destroys their cases' keys (issue 40). */
  pii: PiiKeyring;
}

export function issueTypes(): { issue_types: string[] } {
  return { issue_types: [...ISSUE_TYPES] };
}

/**
 * Every case sends a confirmation e-mail, so filing cases must not become a way to e-mail someone over
 * and over (SUPPORT_POLICY): a case for an address that is not the signed-in user's own — every
 * signed-out case — is limited per address; a user's cases about their own address per user; every
 * case per client IP. All counted atomically, so parallel requests cannot slip past together.
 */
async function checkLimits(
  ctx: SupportContext,
  identity: Identity | undefined,
  emailAddress: string,
  ip: string,
): Promise<void> {
  const perIp = await ctx.limits.perIp.hit(ip);
  if (!perIp.allowed) throw tooManyRequests(SUPPORT_MESSAGES.tooManyCases, perIp.retryAfterSeconds);
  const ownAddress = identity !== undefined && identity.email === emailAddress;
  const hit = ownAddress
    ? await ctx.limits.perUser.hit(identity.userId)
    : await ctx.limits.perAddress.hit(emailAddress);
  if (!hit.allowed) {
    throw tooManyRequests(
      ownAddress ? SUPPORT_MESSAGES.tooManyCases : SUPPORT_MESSAGES.tooManyForAddress,
      hit.retryAfterSeconds,
    );
  }
}

/**
 * A report names a conversation of the reporter's: anyone else's, or one that does not exist, answers 404
 * alike. A conversation just opened may not have reached this service yet (one Kafka hop), so an unknown
 * one is looked for again for up to projectionWaitMs.
 */
async function checkParticipant(
  ctx: SupportContext,
  userId: string,
  conversationId: string,
): Promise<{ subjectId: string | null }> {
  const deadline = Date.now() + ctx.projectionWaitMs;
  for (let pause = 50; ; pause = Math.min(pause * 2, 400)) {
    const participants = await participantsOf(ctx.conversations, conversationId);
    if (participants) {
      if (participants.includes(userId))
        return { subjectId: participants.find((id) => id !== userId) ?? null };
      break;
    }
    if (Date.now() + pause > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  // The chat service's own answer for a conversation that is not the caller's.
  throw notFound(CHAT_MESSAGES.conversationNotFound);
}

/**
 * POST /help-support/create-case: stored with its case_created event; the e-mail follows from the event.
 * A report from the chat dialog names its conversation: only a signed-in participant can send one.
 */
export async function createCase(
  ctx: SupportContext,
  identity: Identity | undefined,
  input: { issueType: string; emailAddress: string; details: string; conversation_id?: string },
  ip: string,
  /** The language of the page the case was sent from (Accept-Language): the confirmation e-mail is written in it. */
  locale?: Locale,
): Promise<{ success: true; case_id: string; status: string }> {
  if (!ISSUE_TYPES.includes(input.issueType)) throw badRequest(SUPPORT_MESSAGES.issueTypeRequired);
  if (input.conversation_id && !identity) throw unauthorized();
  await checkLimits(ctx, identity, input.emailAddress, ip);
  const subjectId = input.conversation_id
    ? (await checkParticipant(ctx, identity!.userId, input.conversation_id)).subjectId
    : null;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const caseId = readableId('SS');
    const event = outboxEvent('support', 'case_created', caseId, {
      caseId,
      userId: identity?.userId ?? null,
      emailAddress: input.emailAddress,
      issueType: input.issueType,
      ...(locale ? { locale } : {}),
    });
    try {
      const created = await ctx.cases.create({
        caseId,
        userId: identity?.userId ?? null,
        issueType: input.issueType,
        emailAddress: input.emailAddress,
        details: input.details,
        conversationId: input.conversation_id ?? null,
        type: input.conversation_id ? 'report' : 'support',
        subject_user_id: subjectId,
        locale: locale ?? null,
        status: 'open',
        created_at: new Date(),
        ...withEvents([event]),
      });
      // Named, so only this case is read (a sweep reads every case on FerretDB).
      ctx.flushOutbox({ model: ctx.cases, id: created._id, events: [event] });
      return { success: true, case_id: caseId, status: SUPPORT_MESSAGES.submitted };
    } catch (error) {
      // A clash of random ids (unique index): draw again.
      if ((error as { code?: number }).code !== 11000) throw error;
    }
  }
  throw new Error('could not allocate a unique case id');
}
