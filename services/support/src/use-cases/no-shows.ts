/**
 * The no-show rule (addendum §2.1): a second no-show against the same user within 12 months opens a case
 * of type `no_show` about that user. Decided on the set of no-shows known (persistence/no-shows.ts): every
 * no-show with an earlier one (by travel date) at most 12 months before it opens the case `NS-<its
 * reference id>`, so the same set gives the same cases in any order of arrival, and the case id's unique
 * index makes a redelivery or a race create nothing twice. No case_created: no one is e-mailed.
 */
import { REFERENCE_LIMITS, monthsBefore, type EventData } from '@safarsaathi/contracts';
import type { CaseModel } from '../persistence/cases';
import { recordNoShow, type NoShowEntry, type NoShowModel } from '../persistence/no-shows';

const earlier = (a: NoShowEntry, b: NoShowEntry) =>
  a.travelDate < b.travelDate || (a.travelDate === b.travelDate && a.referenceId < b.referenceId);

/** The no-shows that open a case, each with the one before it. */
export function casesDue(entries: NoShowEntry[]): Array<{ entry: NoShowEntry; previous: NoShowEntry }> {
  const due: Array<{ entry: NoShowEntry; previous: NoShowEntry }> = [];
  for (const entry of entries) {
    const since = monthsBefore(entry.travelDate, REFERENCE_LIMITS.noShowMonths);
    const previous = entries
      .filter((other) => earlier(other, entry) && other.travelDate >= since)
      .sort((a, b) => (earlier(a, b) ? 1 : -1))[0];
    if (previous) due.push({ entry, previous });
  }
  return due;
}

export const noShowCaseId = (referenceId: string) => `NS-${referenceId}`;

export async function noShowRecorded(
  ctx: { cases: CaseModel; noShows: NoShowModel },
  data: EventData<'no_show_recorded'>,
): Promise<void> {
  const entries = await recordNoShow(ctx.noShows, data.subjectUserId, {
    referenceId: data.referenceId,
    tripId: data.tripId,
    reporterUserId: data.reporterUserId,
    travelDate: data.travelDate,
  });
  for (const { entry, previous } of casesDue(entries)) {
    try {
      await ctx.cases.create({
        caseId: noShowCaseId(entry.referenceId),
        type: 'no_show',
        subject_user_id: data.subjectUserId,
        userId: null,
        issueType: 'No-show',
        emailAddress: '',
        details:
          `Second no-show within ${REFERENCE_LIMITS.noShowMonths} months: trip ${entry.tripId} on ${entry.travelDate} ` +
          `(reference ${entry.referenceId}); the one before: trip ${previous.tripId} on ${previous.travelDate} ` +
          `(reference ${previous.referenceId}).`,
        conversationId: null,
        status: 'open',
        created_at: new Date(),
      });
    } catch (error) {
      // Already opened (a redelivery, or an earlier event of the same set).
      if ((error as { code?: number }).code !== 11000) throw error;
    }
  }
}
