/**
 * Compare-and-set writes by `_id` that are atomic on MongoDB and cheap on FerretDB.
 *
 * MongoDB: the conditions are part of the filter, so a write is atomic even with several instances.
 * FerretDB 1.24: a filter with anything beside `_id` reads the whole collection, so there the filter is
 * `{ _id }` alone and the conditions are checked on the document the caller has just read by `_id`. That
 * holds because on FerretDB a service runs as one instance with one connection and its consumer handles
 * one event at a time: nothing else writes the read model in between (docs/decisions.md).
 */
import type { Model, UpdateQuery } from 'mongoose';

/** Equality (`null` also matches a missing field) or `$lte`: all the read model's guards need. */
export type Condition = string | number | boolean | null | { $lte: string };
export type Conditions = Record<string, Condition>;

export function meetsConditions(document: object | null | undefined, conditions: Conditions): boolean {
  if (!document) return false;
  return Object.entries(conditions).every(([field, condition]) => {
    const value = (document as Record<string, unknown>)[field];
    if (condition === null) return value === null || value === undefined;
    if (typeof condition === 'object') return typeof value === 'string' && value <= condition.$lte;
    return value === condition;
  });
}

export function guardedFilter(
  id: string,
  conditions: Conditions,
  singleWriter: boolean,
): Record<string, unknown> {
  return singleWriter ? { _id: id } : { _id: id, ...conditions };
}

/** Applies `update` to `current` (read by `_id`) if it meets `conditions`; true when it did. */
export async function updateIf<T extends { _id: string }>(
  model: Model<T>,
  current: T | null | undefined,
  conditions: Conditions,
  update: UpdateQuery<T>,
  singleWriter: boolean,
): Promise<boolean> {
  if (!current || !meetsConditions(current, conditions)) return false;
  const result = await model.updateOne(guardedFilter(current._id, conditions, singleWriter), update);
  return result.matchedCount === 1;
}
