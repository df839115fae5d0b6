/**
 * The `search` consumer group: keeps the matching read model and runs matching. (Each instance's
 * in-memory search index has its own feed: index/index-feed.ts.)
 */
import { TOPICS } from '@safarsaathi/contracts';
import type { EventHandlers, EventSubscriptions } from '@safarsaathi/platform';
import {
  leftBecauseOf,
  lockMatch,
  matchRequest,
  recordRequest,
  recordUpdate,
  removeOwnerRequests,
  removeRequest,
  setOwnerHidden,
  type MatchingContext,
} from '../use-cases/matching';

export const searchSubscriptions: EventSubscriptions = {
  topics: [TOPICS.companionRequests, TOPICS.authUsers],
  // Travel plans are not matched; owner names and profile changes play no part in matching.
  ignores: [
    'travel_plan_created',
    'travel_plan_updated',
    'user_registered',
    'profile_updated',
    'trip_reminder_triggered',
    // Privacy choices (issue 40) play no part in matching.
    'consent_changed',
  ],
};

export function searchHandlers(ctx: MatchingContext): EventHandlers {
  return {
    request_created: async (event) => {
      const stored = await recordRequest(ctx, event);
      await matchRequest(ctx, event.data.caseid, stored);
    },
    request_updated: async (event) => {
      await recordUpdate(ctx, event);
    },
    request_cancelled: async (event) => {
      await removeRequest(ctx, event.data.caseid, event.occurredAt, leftBecauseOf(event.data.status));
    },
    // A meeting point or a milestone locks the pair's match (docs/decisions.md "Matches that hold").
    trip_meeting_set: async (event) => lockMatch(ctx, event.data),
    trip_milestone_recorded: async (event) => lockMatch(ctx, event.data),
    user_deleted: async (event) => {
      await removeOwnerRequests(ctx, event.data.userId);
    },
    user_status_changed: async (event) => {
      await setOwnerHidden(ctx, event.data.userId, event.data.status === 'Block');
    },
  };
}
