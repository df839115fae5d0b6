import { FALLBACK_ISSUE_TYPES, SUPPORT_MESSAGES, type Identity } from '@safarsaathi/contracts';
import { badRequest, outboxEvent, readableId, unauthorized, withEvents } from '@safarsaathi/platform';
import type { CaseModel } from '../persistence/cases';

/** The issue types offered by the server (the client keeps the same list as its fallback). */
export const ISSUE_TYPES: readonly string[] = FALLBACK_ISSUE_TYPES;

export function issueTypes(): { issue_types: string[] } {
  return { issue_types: [...ISSUE_TYPES] };
}

/**
 * POST /help-support/create-case: stored with its case_created event; the e-mail follows from the event.
 * A report from the chat dialog names its conversation: only a signed-in user can send one.
 */
export async function createCase(
  cases: CaseModel,
  identity: Identity | undefined,
  input: { issueType: string; emailAddress: string; details: string; conversation_id?: string },
  flushOutbox: () => void,
): Promise<{ success: true; case_id: string; status: string }> {
  if (!ISSUE_TYPES.includes(input.issueType)) throw badRequest(SUPPORT_MESSAGES.issueTypeRequired);
  if (input.conversation_id && !identity) throw unauthorized();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const caseId = readableId('SS');
    const event = outboxEvent('support', 'case_created', caseId, {
      caseId,
      userId: identity?.userId ?? null,
      emailAddress: input.emailAddress,
      issueType: input.issueType,
    });
    try {
      await cases.create({
        caseId,
        userId: identity?.userId ?? null,
        issueType: input.issueType,
        emailAddress: input.emailAddress,
        details: input.details,
        conversationId: input.conversation_id ?? null,
        status: 'open',
        created_at: new Date(),
        ...withEvents([event]),
      });
      flushOutbox();
      return { success: true, case_id: caseId, status: SUPPORT_MESSAGES.submitted };
    } catch (error) {
      // A clash of random ids (unique index): draw again.
      if ((error as { code?: number }).code !== 11000) throw error;
    }
  }
  throw new Error('could not allocate a unique case id');
}
