/**
 * Audit entries (addendum §2.3), all written through persistence/audit-log.ts (insert only). Status
 * changes are auth's: its user_status_changed says which admin and which tool. Case changes and replies are
 * this service's own: the request writes the entry at once and its case_updated or case_replied event writes
 * it again (same `_id`, so once), which keeps the entry even if the service stops between the two.
 */
import { randomUUID } from 'node:crypto';
import type { AuditAction, EventData, EventEnvelope } from '@safarsaathi/contracts';
import type { AuditLog } from '../persistence/audit-log';

export function recordStatusChange(
  audit: AuditLog,
  event: EventEnvelope<EventData<'user_status_changed'>>,
): Promise<void> {
  const change = event.data;
  return audit.append({
    _id: event.id,
    at: new Date(event.occurredAt),
    adminEmail: change.adminEmail ?? null,
    action: change.status === 'Block' ? 'user_blocked' : 'user_activated',
    target: `user ${change.userId}`,
    note: change.status_reason,
    via: change.via ?? null,
  });
}

export function caseAction(previous: 'open' | 'closed', status: 'open' | 'closed'): AuditAction {
  if (previous === status) return 'case_noted';
  return status === 'closed' ? 'case_closed' : 'case_reopened';
}

export function recordCaseUpdate(
  audit: AuditLog,
  eventId: string,
  update: EventData<'case_updated'>,
): Promise<void> {
  return audit.append({
    _id: eventId,
    at: new Date(update.updatedAt),
    adminEmail: update.adminEmail,
    action: caseAction(update.previousStatus, update.status),
    target: `case ${update.caseId}`,
    note: update.note,
    via: null,
  });
}

/**
 * An admin replied to a case's filer (issue 38): written by the request and again from its case_replied
 * (same `_id`), like a case update. The note is the reply as sent, so the log says what the filer was told.
 */
export function recordCaseReply(
  audit: AuditLog,
  eventId: string,
  reply: EventData<'case_replied'>,
): Promise<void> {
  return audit.append({
    _id: eventId,
    at: new Date(reply.repliedAt),
    adminEmail: reply.adminEmail,
    action: 'case_replied',
    target: `case ${reply.caseId}`,
    note: reply.reply,
    via: null,
  });
}

/**
 * An admin read a case's attached messages: chat text, which leaves chat only by the reporter's choice,
 * so each read that returns it is on record (who, which case, how many), written before the answer goes
 * out. Every read is its own entry.
 */
export function recordMessagesRead(
  audit: AuditLog,
  adminEmail: string,
  caseId: string,
  count: number,
): Promise<void> {
  return audit.append({
    _id: randomUUID(),
    at: new Date(),
    adminEmail,
    action: 'case_messages_read',
    target: `case ${caseId}`,
    note: `${count} attached message${count === 1 ? '' : 's'}`,
    via: null,
  });
}
