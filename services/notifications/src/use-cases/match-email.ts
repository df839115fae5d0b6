/**
 * The e-mail about a match. `match_found` may reach this service before the recipient's `user_registered`
 * (different topics, no order between them): then the e-mail waits on the `match-email` queue, retried
 * with back-off until the recipient is known, instead of being dropped.
 */
import type { Queue } from 'bullmq';
import { z } from 'zod';
import {
  NOTIFICATION_TEXT_KEYS,
  jobCorrelationId,
  renderMatchEmail,
  renderNoticeEmail,
  type EmailJob,
} from '@safarsaathi/contracts';
import { enqueueEmail, jobId, traced } from '@safarsaathi/platform';
import { findRecipient, tripEmailsAllowed, type RecipientModel } from '../persistence/recipients';

export const matchEmailJobSchema = z.object({
  userId: z.string().min(1),
  matchId: z.string().min(1),
  caseid: z.string().min(1),
  otherCaseid: z.string().min(1),
  complete: z.boolean(),
  /**
   * What the e-mail says: a match found (missing: jobs from before), or a match released because a flight
   * changed, to the other party or to the one who changed it (addendum §1.4).
   */
  kind: z.union([z.literal('found'), z.enum(NOTIFICATION_TEXT_KEYS)]).optional(),
  /** The notice's values when they are more than the two case ids (the names of a match a party left). */
  params: z.record(z.string(), z.string()).optional(),
  correlationId: jobCorrelationId,
});
export type MatchEmailJob = z.infer<typeof matchEmailJobSchema>;

/**
 * Attempts of a waiting e-mail, with exponential back-off from 2 s: about 2 hours in all. A recipient still
 * unknown by then never registered here (or was deleted meanwhile); the failed job stays for inspection.
 */
export const MATCH_EMAIL_WAIT = { attempts: 12, backoff: { type: 'exponential' as const, delay: 2_000 } };

export class RecipientNotKnownYet extends Error {
  constructor(userId: string) {
    super(`the recipient ${userId} is not known yet`);
    this.name = 'RecipientNotKnownYet';
  }
}

export interface MatchEmailDeps {
  recipients: RecipientModel;
  emailQueue: Queue<EmailJob>;
  waitQueue: Queue<MatchEmailJob>;
  /** The product's address: an e-mail's button opens the place its notice opens. */
  publicUrl?: string;
}

/** The words of a match found (either side, either kind), as opposed to a released one. */
const MATCH_FOUND_KEYS = new Set<string>([
  'match_found',
  'complete_match_found',
  'match_found_provide',
  'complete_match_found_provide',
]);

/** Queues the e-mail now when the recipient is known; throws RecipientNotKnownYet otherwise. */
export async function sendMatchEmail(
  deps: Pick<MatchEmailDeps, 'recipients' | 'emailQueue' | 'publicUrl'>,
  job: MatchEmailJob,
): Promise<void> {
  const recipient = await findRecipient(deps.recipients, job.userId);
  // Only a language change known so far: the address comes with user_registered.
  if (!recipient?.email) throw new RecipientNotKnownYet(job.userId);
  // Trip e-mails withdrawn (issue 40): the notice in the app is all they get.
  if (!tripEmailsAllowed(recipient)) return;
  const kind = job.kind ?? 'found';
  const found = kind === 'found' || MATCH_FOUND_KEYS.has(kind);
  // The match's own words (jobs of before: 'found'), or the notice's words with a button to its place; in
  // the recipient's language as known when the e-mail is queued.
  const { subject, text, html } =
    kind === 'found'
      ? renderMatchEmail(job, recipient.fullname, recipient.locale)
      : renderNoticeEmail(
          { key: kind, params: { caseid: job.caseid, otherCaseid: job.otherCaseid, ...job.params } },
          recipient.fullname,
          recipient.locale,
          deps.publicUrl,
          found ? job.caseid : undefined,
        );
  await enqueueEmail(
    deps.emailQueue,
    {
      to: recipient.email,
      userId: job.userId,
      purpose: found ? 'match_found' : 'match_released',
      subject,
      text,
      html,
    },
    // Once per (match, user, what it says), whichever path sends it and however often the event comes.
    found ? jobId('match', job.matchId, job.userId) : jobId('match-released', job.matchId, job.userId),
  );
}

/** The e-mail now, or a waiting job (one per match and user) that tries again until the recipient is known. */
export async function sendOrWaitForRecipient(
  deps: MatchEmailDeps,
  job: MatchEmailJob,
): Promise<'queued' | 'waiting'> {
  try {
    await sendMatchEmail(deps, job);
    return 'queued';
  } catch (error) {
    if (!(error instanceof RecipientNotKnownYet)) throw error;
    await deps.waitQueue.add('match-email', traced(job), {
      jobId:
        (job.kind ?? 'found') === 'found' || MATCH_FOUND_KEYS.has(job.kind!)
          ? jobId('match-wait', job.matchId, job.userId)
          : jobId('match-released-wait', job.matchId, job.userId),
      ...MATCH_EMAIL_WAIT,
    });
    return 'waiting';
  }
}
