/**
 * Read, decide, write, for documents several writers share (e.g. a chat conversation, a user's inbox): the
 * document is read by `_id`, the change is decided on what was read, and it is written back by `_id`, so
 * FerretDB never scans (docs/decisions.md: only a bare `{ _id }` filter reaches SQLite).
 *
 * - FerretDB: the whole read-decide-write runs inside `locks.around(key)` (a Redis lock per document), so
 *   no other writer, in this process or another instance, comes in between.
 * - MongoDB (locks disabled): the write carries the revision it read (`{ _id, rev }`), and a lost race
 *   reads again and decides again. Each document's `rev` goes up by one with every write.
 */
import type { Model, UpdateQuery } from 'mongoose';
import type { DocumentLocks } from './document-locks';

export interface Revised {
  _id: string;
  rev: number;
}

export interface RevisedWrite<T> {
  /** The document as written (or as read, when `decide` changed nothing); null when it does not exist. */
  doc: T | null;
  changed: boolean;
}

/**
 * `decide(current)` answers the update to apply (its `$inc` is merged with the revision bump), or null
 * to leave the document as it is; it may throw (e.g. an HttpError) to refuse. A missing document is
 * created by the update (upsert) when `decide` answers one for `null`. `within(written)` runs inside the
 * same lock after a successful write (e.g. a second document that must be written in the same order).
 */
export async function revisedWrite<T extends Revised>(
  model: Model<T>,
  locks: DocumentLocks,
  lockKey: string,
  id: string,
  decide: (current: T | null) => UpdateQuery<T> | null | Promise<UpdateQuery<T> | null>,
  within?: (written: T, before: T | null) => Promise<void>,
): Promise<RevisedWrite<T>> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const outcome = await locks.around(lockKey, async (): Promise<RevisedWrite<T> | undefined> => {
      const current = (await model.findOne({ _id: id }).lean()) as T | null;
      const update = await decide(current);
      if (!update) return { doc: current, changed: false };
      const filter = locks.enabled
        ? { _id: id }
        : current
          ? { _id: id, rev: current.rev }
          : { _id: id, rev: { $exists: false } };
      const inc = { ...(update.$inc as Record<string, number> | undefined), rev: 1 };
      try {
        const written = (await model
          .findOneAndUpdate(filter, { ...update, $inc: inc } as UpdateQuery<T>, {
            new: true,
            upsert: !current,
          })
          .lean()) as T | null;
        if (!written) return undefined;
        await within?.(written, current);
        return { doc: written, changed: true };
      } catch (error) {
        // Another writer created the document first: read it and decide again.
        if ((error as { code?: number }).code === 11000) return undefined;
        throw error;
      }
    });
    if (outcome) return outcome;
  }
  throw new Error(`${model.modelName} ${id}: too many concurrent writes`);
}
