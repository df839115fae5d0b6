/**
 * Support's retention jobs (issue 40), each period from the data catalogue:
 *
 * - `closed-cases`: a closed case goes 2 years after it was closed (the latest note that closed it; a case
 *   closed without one counts from when it was opened). Open cases stay: someone is still waiting.
 * - `sender-flags`: the shield's flags per sender (never text) go 2 years after the message was sent.
 * - `audit-log`: entries go 3 years after they were written. The audit log is append-only by design; this
 *   job is its one remover (persistence/audit-log.ts, test/audit-append-only.unit.test.ts).
 */
import { retentionMs } from '@safarsaathi/contracts';
import type { RetentionJob } from '@safarsaathi/platform';
import type { SupportCase } from '../persistence/cases';
import type { SenderFlags, SenderFlagsModel } from '../persistence/flagged-messages';
import type { SupportContext } from './cases';

type RetentionContext = Pick<SupportContext, 'cases' | 'audit'> & {
  senderFlags: SenderFlagsModel;
  /** Publishes a case's staged events before it goes (they would be deleted with it). */
  publishOutboxNow: (target: { model: SupportContext['cases']; id: unknown }) => Promise<void>;
};

/** When a closed case was closed: the latest note that closed it, else when it was opened. */
export function closedAt(doc: Pick<SupportCase, 'notes' | 'created_at'>): Date {
  const closing = (doc.notes ?? []).filter((note) => note.status === 'closed');
  const times = closing.map((note) => new Date(note.at).getTime());
  return new Date(times.length > 0 ? Math.max(...times) : new Date(doc.created_at).getTime());
}

export async function expireClosedCases(ctx: RetentionContext, now: Date): Promise<{ cases: number }> {
  const cutoff = now.getTime() - retentionMs('support_cases');
  const closed = await ctx.cases
    .find({ status: 'closed' }, { _id: 1, notes: 1, created_at: 1 })
    .lean<Array<Pick<SupportCase, 'notes' | 'created_at'> & { _id: unknown }>>();
  let removed = 0;
  for (const doc of closed) {
    if (closedAt(doc).getTime() >= cutoff) continue;
    await ctx.publishOutboxNow({ model: ctx.cases, id: doc._id });
    // Still closed (a reopened case is someone's again).
    removed += (await ctx.cases.deleteOne({ _id: doc._id, status: 'closed' })).deletedCount;
  }
  return { cases: removed };
}

export async function expireSenderFlags(
  ctx: RetentionContext,
  now: Date,
): Promise<{ senders: number; flags: number }> {
  const cutoff = now.getTime() - retentionMs('safety_flags');
  const senders = await ctx.senderFlags.find({}, { _id: 1 }).lean<Array<{ _id: string }>>();
  let touched = 0;
  let removed = 0;
  for (const { _id: senderId } of senders) {
    const doc = await ctx.senderFlags.findOne({ _id: senderId }).lean<SenderFlags>();
    const old = (doc?.entries ?? []).filter((entry) => Date.parse(entry.sentAt) < cutoff);
    if (old.length === 0) continue;
    // By exact value (FerretDB has no $pull by condition): an entry added meanwhile ($addToSet) stays.
    await ctx.senderFlags.updateOne({ _id: senderId }, { $pullAll: { entries: old } });
    await ctx.senderFlags.deleteOne({ _id: senderId, entries: { $size: 0 } });
    touched += 1;
    removed += old.length;
  }
  return { senders: touched, flags: removed };
}

export async function expireAuditLog(ctx: RetentionContext, now: Date): Promise<{ entries: number }> {
  return { entries: await ctx.audit.expireOlderThan(new Date(now.getTime() - retentionMs('audit_entries'))) };
}

export function supportRetentionJobs(ctx: RetentionContext): RetentionJob[] {
  return [
    { name: 'closed-cases', run: (now) => expireClosedCases(ctx, now) },
    { name: 'sender-flags', run: (now) => expireSenderFlags(ctx, now) },
    { name: 'audit-log', run: (now) => expireAuditLog(ctx, now) },
  ];
}
