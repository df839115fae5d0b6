/**
 * The audit log of admin actions (addendum §2.3): append-only. This module is the log's only writer and
 * it only inserts: there is no update of an entry anywhere, and no route edits or deletes one. The one
 * remover is retention (issue 40): `expireOlderThan` deletes whole entries older than the data catalogue's
 * period (3 years), called only by the scheduled retention job (use-cases/retention.ts);
 * test/audit-append-only.unit.test.ts checks all of this in the source. `_id` is the id of the event or
 * request that caused the entry, so a redelivered event or a retried write adds nothing.
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { AuditAction } from '@safarsaathi/contracts';

export const AUDIT_COLLECTION = 'audit_log';

export interface AuditRecord {
  _id: string;
  at: Date;
  /** Null only for status changes of before the audit log (their events did not say who). */
  adminEmail: string | null;
  action: AuditAction;
  target: string;
  note: string;
  via: 'phone' | 'console' | null;
}

const auditSchema = new Schema<AuditRecord>(
  {
    _id: { type: String, required: true },
    at: { type: Date, required: true },
    adminEmail: { type: String, default: null },
    action: { type: String, required: true },
    target: { type: String, required: true },
    note: { type: String, default: '' },
    via: { type: String, default: null },
  },
  { collection: AUDIT_COLLECTION, versionKey: false },
);
auditSchema.index({ at: -1 });

type AuditModel = Model<AuditRecord>;

export interface AuditLog {
  append(entry: AuditRecord): Promise<void>;
  page(skip: number, limit: number): Promise<{ entries: AuditRecord[]; total: number }>;
  /** Retention only: entries older than `cutoff` go whole; answers how many. */
  expireOlderThan(cutoff: Date): Promise<number>;
}

export function auditLog(connection: Connection): AuditLog {
  const model: AuditModel =
    (connection.models.AuditRecord as AuditModel) ??
    connection.model<AuditRecord>('AuditRecord', auditSchema);
  return {
    async append(entry) {
      try {
        await model.create(entry);
      } catch (error) {
        // Written already (a redelivered event, or the request and its event both wrote it).
        if ((error as { code?: number }).code !== 11000) throw error;
      }
    },
    async page(skip, limit) {
      const [entries, total] = await Promise.all([
        model.find({}).sort({ at: -1, _id: -1 }).skip(skip).limit(limit).lean<AuditRecord[]>(),
        model.countDocuments({}),
      ]);
      return { entries, total };
    },
    async expireOlderThan(cutoff) {
      return (await model.deleteMany({ at: { $lt: cutoff } })).deletedCount;
    },
  };
}
