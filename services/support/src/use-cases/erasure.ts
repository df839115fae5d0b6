/**
 * Erasure of a deleted user in support (issue 40, docs/decisions.md "Erasure that leaves nothing"):
 * - the users projection keeps no name or block reason (a tombstone: a late registration adds nothing);
 * - every case they filed keeps no contact address, details or reply text, and the messages they attached
 *   that they wrote lose their text; its key (`case:<id>`) is destroyed, so its events' address, notes and
 *   replies on support.cases.v1 are unreadable too;
 * - every case about them (a report, a no-show, a safety case) keeps no name of theirs and none of their
 *   attached words; the reporter's own words stay the reporter's.
 * Events still staged on those cases lose the person. Idempotent: a write happens only when something is left.
 * The audit log is append-only and names users by id (its notes are the admins' words): it stays.
 */
import { caseSubject } from '@safarsaathi/contracts';
import { erasePendingEvents } from '@safarsaathi/platform';
import type { AttachedMessage, SupportCase } from '../persistence/cases';
import type { SupportUser } from '../persistence/users';
import type { SupportContext } from './cases';

type ErasureContext = Pick<SupportContext, 'cases' | 'users' | 'locks' | 'pii'>;

const withoutTheirText = (messages: AttachedMessage[], userId: string) =>
  messages.map((message) =>
    message.senderId === userId && message.text ? { ...message, text: '' } : message,
  );

export async function eraseSupportUser(ctx: ErasureContext, userId: string): Promise<void> {
  await ctx.users.updateOne(
    { _id: userId },
    { $set: { deleted: true, fullname: '', status_reason: null } },
    { upsert: true },
  );
  const filed = await ctx.cases.find({ userId }, { caseId: 1 }).lean<Array<Pick<SupportCase, 'caseId'>>>();
  for (const { caseId } of filed) {
    await ctx.pii.erase(caseSubject(caseId));
    await eraseCase(ctx, caseId, userId, true);
  }
  const about = await ctx.cases
    .find({ subject_user_id: userId }, { caseId: 1 })
    .lean<Array<Pick<SupportCase, 'caseId'>>>();
  for (const { caseId } of about) await eraseCase(ctx, caseId, userId, false);
}

async function eraseCase(ctx: ErasureContext, caseId: string, userId: string, filedByThem: boolean) {
  await ctx.locks.around(`case:${caseId}`, async () => {
    const doc = await ctx.cases.findOne({ caseId }).lean<SupportCase & { _id: unknown }>();
    if (!doc) return;
    // The relay removes support's published events by value, not under this lock: compare-and-set.
    await erasePendingEvents(ctx.cases, doc._id, caseSubject(caseId), false);
    await erasePendingEvents(ctx.cases, doc._id, userId, false);
    const set: Record<string, unknown> = {};
    const attached = withoutTheirText(doc.attachedMessages ?? [], userId);
    if (attached.some((message, i) => message !== doc.attachedMessages[i])) set.attachedMessages = attached;
    if (doc.subject_user_id === userId && doc.subjectName) set.subjectName = '';
    if (filedByThem) {
      if (doc.emailAddress) set.emailAddress = '';
      if (doc.details) set.details = '';
      if (doc.replies?.some((reply) => reply.text))
        set.replies = doc.replies.map((reply) => ({ ...reply, text: '' }));
    }
    if (Object.keys(set).length > 0) await ctx.cases.updateOne({ _id: doc._id }, { $set: set });
  });
}

/** user_registered: the name, unless the user was erased meanwhile (events of two topics, any order). */
export async function rememberSupportUser(
  ctx: Pick<SupportContext, 'users'>,
  data: { userId: string; fullname: string },
): Promise<void> {
  const current = await ctx.users.findOne({ _id: data.userId }).lean<SupportUser>();
  if (current?.deleted) return;
  await ctx.users.updateOne({ _id: data.userId }, { $set: { fullname: data.fullname } }, { upsert: true });
}
