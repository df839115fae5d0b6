/**
 * The e-mail about a match. `match_found` may reach this service before the recipient's `user_registered`
 * (different topics, no order between them): then the e-mail waits on the `match-email` queue, retried
 * with back-off until the recipient is known, instead of being dropped.
 */
import type { Queue } from 'bullmq';
import { z } from 'zod';
import { jobCorrelationId, renderMatchEmail, renderNoticeEmail, type EmailJob } from '@safarsaathi/contracts';
import { enqueueEmail, jobId, traced } from '@safarsaathi/platform';
import { findRecipient, type RecipientModel } from '../persistence/recipients';

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
  kind: z
    .enum([
      'found',
      'flight_changed',
      'flight_changed_self',
      'companion_left',
      'companion_left_unnamed',
      'traveller_left',
      'traveller_left_unnamed',
    ])
    .optional(),
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
}

/** Queues the e-mail now when the recipient is known; throws RecipientNotKnownYet otherwise. */
export async function sendMatchEmail(
  deps: Pick<MatchEmailDeps, 'recipients' | 'emailQueue'>,
  job: MatchEmailJob,
): Promise<void> {
  const recipient = await findRecipient(deps.recipients, job.userId);
  // Only a language change known so far: the address comes with user_registered.
  if (!recipient?.email) throw new RecipientNotKnownYet(job.userId);
  const kind = job.kind ?? 'found';
  // In the recipient's language as known when the e-mail is queued.
  const { subject, text, html } =
    kind === 'found'
      ? renderMatchEmail(job, recipient.fullname, recipient.locale)
      : renderNoticeEmail(
          { key: kind, params: { caseid: job.caseid, otherCaseid: job.otherCaseid, ...job.params } },
          recipient.fullname,
          recipient.locale,
        );
  await enqueueEmail(
    deps.emailQueue,
    {
      to: recipient.email,
      purpose: kind === 'found' ? 'match_found' : 'match_released',
      subject,
      text,
      html,
    },
    // Once per (match, user, what it says), whichever path sends it and however often the event comes.
    kind === 'found'
      ? jobId('match', job.matchId, job.userId)
      : jobId('match-released', job.matchId, job.userId),
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
        (job.kind ?? 'found') === 'found'
          ? jobId('match-wait', job.matchId, job.userId)
          : jobId('match-released-wait', job.matchId, job.userId),
      ...MATCH_EMAIL_WAIT,
    });
    return 'waiting';
  }
}
