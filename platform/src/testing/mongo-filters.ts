/**
 * Records the filters a mongoose connection sends (mongoose's per-connection `debug` hook), so a test can
 * assert that a hot path reads and writes by `_id` only: on FerretDB any other filter reads the whole
 * collection (docs/decisions.md "FerretDB realities").
 */
import type { Connection } from 'mongoose';

export interface RecordedCall {
  collection: string;
  method: string;
  filter: unknown;
}

/** Methods whose first argument is a filter. */
const FILTERED = new Set([
  'find',
  'findOne',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'updateOne',
  'updateMany',
  'replaceOne',
  'deleteOne',
  'deleteMany',
  'countDocuments',
  'estimatedDocumentCount',
  'distinct',
  'aggregate',
]);

export interface FilterRecorder {
  calls: RecordedCall[];
  /**
   * The calls that are not one document by `_id`: a filter other than `{ _id: <value> }` (with
   * `allowRevision`, `{ _id, rev }` too: revisedWrite's check on MongoDB), or a method that has no such
   * form (aggregate, distinct, counts, many-document updates and deletes).
   */
  offending: (options?: { allowRevision?: boolean }) => RecordedCall[];
  stop: () => void;
}

const isPlainValue = (value: unknown) =>
  value === null ||
  ['string', 'number', 'boolean'].includes(typeof value) ||
  (typeof value === 'object' && !Object.keys(value as object).some((key) => key.startsWith('$')));

export function isIdFilter(filter: unknown, allowRevision = false): boolean {
  if (!filter || typeof filter !== 'object') return false;
  const keys = Object.keys(filter);
  const allowed = allowRevision ? ['_id', 'rev'] : ['_id'];
  if (!keys.includes('_id') || keys.some((key) => !allowed.includes(key))) return false;
  const record = filter as Record<string, unknown>;
  // `rev` may be `{ $exists: false }` (the first write of a document).
  return isPlainValue(record._id);
}

export function recordFilters(connection: Connection): FilterRecorder {
  const calls: RecordedCall[] = [];
  const previous = connection.get('debug');
  connection.set('debug', (collection: string, method: string, ...args: unknown[]) => {
    if (FILTERED.has(method)) calls.push({ collection, method, filter: args[0] });
  });
  return {
    calls,
    offending: ({ allowRevision = false } = {}) =>
      calls.filter(
        (call) =>
          !['find', 'findOne', 'findOneAndUpdate', 'updateOne', 'deleteOne', 'replaceOne'].includes(
            call.method,
          ) || !isIdFilter(call.filter, allowRevision),
      ),
    stop: () => connection.set('debug', previous ?? false),
  };
}
