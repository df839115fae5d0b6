/**
 * Every event the chat service reacts to, in one place (consumer group `chat`). processed_events
 * (startService) makes each handled once per event id; the writes are guarded as well (projections.ts),
 * so a redelivered or late event changes nothing.
 */
import { TOPICS } from '@safarsaathi/contracts';
import type { EventHandlers, EventSubscriptions } from '@safarsaathi/platform';
import type { ChatContext } from '../use-cases/context';
import {
  matchFound,
  matchReleased,
  requestCancelled,
  requestCreated,
  userDeleted,
  userRegistered,
  userStatusChanged,
} from '../use-cases/projections';

export const chatSubscriptions: EventSubscriptions = {
  topics: [TOPICS.companionRequests, TOPICS.searchMatches, TOPICS.authUsers],
  // Conversations open from matches, not from travel plans; chat keeps no profile fields that change.
  // An edit changes neither owner nor status; a match it ends comes as match_released.
  ignores: [
    'request_updated',
    'travel_plan_created',
    'travel_plan_updated',
    'profile_updated',
    // Privacy choices (issue 40): none is about chats.
    'consent_changed',
    'trip_meeting_set',
    'trip_milestone_recorded',
    'trip_reminder_triggered',
  ],
};

export function chatHandlers(ctx: ChatContext): EventHandlers {
  return {
    request_created: (event) => requestCreated(ctx, event),
    request_cancelled: (event) => requestCancelled(ctx, event),
    match_found: (event) => matchFound(ctx, event.data),
    match_released: (event) => matchReleased(ctx, event.data),
    user_registered: (event) => userRegistered(ctx, event.data),
    user_status_changed: (event) => userStatusChanged(ctx, event.data),
    user_deleted: (event) => userDeleted(ctx, event.data),
  };
}
