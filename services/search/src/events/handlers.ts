/**
 * The `search` consumer group: keeps the matching read model and runs matching. (Each instance's
 * in-memory search index has its own feed: index/index-feed.ts.)
 */
import type { EventHandlers } from '@safarsaathi/platform';
import { matchRequest, recordRequest, removeRequest, type MatchingContext } from '../use-cases/matching';

export function searchHandlers(ctx: MatchingContext): EventHandlers {
  return {
    request_created: async (event) => {
      await recordRequest(ctx, event);
      await matchRequest(ctx, event.data.caseid);
    },
    request_cancelled: async (event) => {
      await removeRequest(ctx, event.data.caseid, event.occurredAt);
    },
    user_deleted: async (event) => {
      await ctx.requests.updateMany({ ownerId: event.data.userId }, { $set: { status: 'removed' } });
    },
    user_status_changed: async (event) => {
      await ctx.requests.updateMany({ ownerId: event.data.userId }, { $set: { hidden: event.data.status === 'Block' } });
    },
  };
}
