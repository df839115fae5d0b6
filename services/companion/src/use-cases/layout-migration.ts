/**
 * The start-up step to the `_id` layout (docs/decisions.md "Notifications and companion by `_id`"): the
 * old `owners` projection (ObjectId `_id`, `userId` field) is merged into `companion_owners`, requests
 * stored under an ObjectId by early versions are moved to `_id` = case id, and every owner's index
 * (request, plan and share link ids) is built from the collections. Runs once per database through
 * platform's runStartupMigration (a Redis lease, a marker when finished), before the service consumes
 * or serves. Idempotent: owners are merged field by field (the newer `updated_at` wins), ids are added to
 * an index only when missing, and a request move keeps a copy in `request_moves` until it is finished,
 * so a crash part way is completed by the next run. The old `owners` collection is dropped at the end;
 * when it exists again (an instance of the previous version registered someone since), the next start
 * runs the step again.
 */
import type { Connection } from 'mongoose';
import {
  collectionExists,
  revisedWrite,
  runStartupMigration,
  type Logger,
  type Redis,
} from '@safarsaathi/platform';
import { ownerLockKey, type OwnedKind, type OwnerRecord } from '../persistence/owners';
import { requestLockKey } from '../persistence/requests';
import type { CompanionContext } from './context';

export const COMPANION_LAYOUT_MIGRATION = 'companion-by-id-1';
export const OLD_OWNERS = 'owners';
/** A request being moved to its case id: the whole old document, until the move is done. */
export const REQUEST_MOVES = 'request_moves';

interface OldOwner {
  userId?: string;
  fullname?: string;
  blocked?: boolean;
  updated_at?: Date;
}

interface Owned {
  ownerId: string;
  id: string;
  created_at: Date;
}

export type LayoutMigrationContext = Pick<
  CompanionContext,
  'owners' | 'requests' | 'travelPlans' | 'shareLinks' | 'locks'
> & {
  mongo: Connection;
  redis: Redis;
  logger: Logger;
};

async function mergeOldOwners(ctx: LayoutMigrationContext): Promise<number> {
  if (!(await collectionExists(ctx.mongo, OLD_OWNERS))) return 0;
  let merged = 0;
  for await (const old of ctx.mongo.db!.collection<OldOwner>(OLD_OWNERS).find({})) {
    if (!old.userId) continue;
    const oldAt = old.updated_at ? new Date(old.updated_at).getTime() : 0;
    await revisedWrite(ctx.owners, ctx.locks, ownerLockKey(old.userId), old.userId, (owner) => {
      if (owner?.deleted) return null;
      const ownerAt = owner?.updated_at ? new Date(owner.updated_at).getTime() : -1;
      if (owner && ownerAt >= oldAt)
        return owner.fullname || !old.fullname ? null : { $set: { fullname: old.fullname } };
      return {
        $set: {
          fullname: old.fullname || owner?.fullname || '',
          blocked: old.blocked === true,
          updated_at: old.updated_at ?? new Date(0),
        },
      };
    });
    merged += 1;
  }
  return merged;
}

/** Moves one request document from `oldId` to `_id` = case id, under the request's lock. */
async function moveRequest(ctx: LayoutMigrationContext, caseid: string, oldId: unknown): Promise<void> {
  const moves = ctx.mongo.db!.collection<Record<string, unknown> & { _id: string }>(REQUEST_MOVES);
  const requests = ctx.requests.collection;
  await ctx.locks.around(requestLockKey(caseid), async () => {
    const old = await requests.findOne({ _id: oldId as never });
    // The copy first: between the delete and the insert it is the only one.
    if (old) await moves.updateOne({ _id: caseid }, { $set: { document: old } }, { upsert: true });
    const move = await moves.findOne({ _id: caseid });
    if (!move) return;
    const document = move.document as Record<string, unknown>;
    // The old document holds the case id's unique index entry, so it goes before the new one comes.
    await requests.deleteOne({ _id: document._id as never });
    try {
      await requests.insertOne({ ...document, _id: caseid } as never);
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
    }
    await moves.deleteOne({ _id: caseid });
  });
}

/** Moves a crash left half done (before the requests are read, so the moved ones are among them). */
async function finishLeftoverMoves(ctx: LayoutMigrationContext): Promise<void> {
  if (!(await collectionExists(ctx.mongo, REQUEST_MOVES))) return;
  const leftovers = await ctx.mongo
    .db!.collection<{ _id: string }>(REQUEST_MOVES)
    .find({}, { projection: { _id: 1 } })
    .toArray();
  for (const move of leftovers) await moveRequest(ctx, move._id, undefined);
}

async function moveLegacyRequests(
  ctx: LayoutMigrationContext,
  requests: Array<Owned & { _id: unknown }>,
): Promise<number> {
  const legacy = requests.filter((request) => request._id !== request.id);
  for (const request of legacy) await moveRequest(ctx, request.id, request._id);
  return legacy.length;
}

async function scan(
  model: {
    collection: { find: (filter: object, options: object) => AsyncIterable<Record<string, unknown>> };
  },
  idOf: (document: Record<string, unknown>) => string,
) {
  const found: Array<Owned & { _id: unknown }> = [];
  for await (const document of model.collection.find(
    {},
    { projection: { _id: 1, caseid: 1, ownerId: 1, created_at: 1 } },
  )) {
    if (typeof document.ownerId !== 'string') continue;
    found.push({
      _id: document._id,
      id: idOf(document),
      ownerId: document.ownerId,
      created_at: new Date((document.created_at as Date | undefined) ?? 0),
    });
  }
  return found;
}

/** Adds every owner's missing ids, oldest first, before the ids already indexed. */
async function buildIndexes(ctx: LayoutMigrationContext, owned: Record<OwnedKind, Owned[]>): Promise<number> {
  const byOwner = new Map<string, Partial<Record<OwnedKind, Owned[]>>>();
  for (const kind of Object.keys(owned) as OwnedKind[]) {
    for (const entry of owned[kind]) {
      const lists = byOwner.get(entry.ownerId) ?? {};
      (lists[kind] ??= []).push(entry);
      byOwner.set(entry.ownerId, lists);
    }
  }
  for (const [ownerId, lists] of byOwner) {
    await revisedWrite(ctx.owners, ctx.locks, ownerLockKey(ownerId), ownerId, (owner: OwnerRecord | null) => {
      const set: Record<string, string[]> = {};
      for (const kind of Object.keys(lists) as OwnedKind[]) {
        const known = owner?.[kind] ?? [];
        const missing = lists[kind]!.sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
          .map((entry) => entry.id)
          .filter((id) => !known.includes(id));
        if (missing.length > 0) set[kind] = [...missing, ...known];
      }
      return Object.keys(set).length > 0 ? { $set: set } : null;
    });
  }
  return byOwner.size;
}

export async function migrateToIdLayout(ctx: LayoutMigrationContext): Promise<void> {
  await runStartupMigration(
    ctx,
    COMPANION_LAYOUT_MIGRATION,
    async () => {
      const owners = await mergeOldOwners(ctx);
      await finishLeftoverMoves(ctx);
      const requests = await scan(ctx.requests, (document) => String(document.caseid ?? document._id));
      const moved = await moveLegacyRequests(ctx, requests);
      const plans = await scan(ctx.travelPlans, (document) => String(document._id));
      const links = await scan(ctx.shareLinks, (document) => String(document._id));
      const indexed = await buildIndexes(ctx, { requestIds: requests, planIds: plans, shareLinkIds: links });
      // Only once everything is merged: a crash before this leaves it for the next start's run.
      if (await collectionExists(ctx.mongo, OLD_OWNERS)) await ctx.mongo.db!.dropCollection(OLD_OWNERS);
      return { owners, requests: requests.length, moved, plans: plans.length, links: links.length, indexed };
      // The previous version writes `owners` at every registration: when it is back, that version ran since.
    },
    { alsoWhen: () => collectionExists(ctx.mongo, OLD_OWNERS) },
  );
}
