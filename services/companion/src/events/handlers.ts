/**
 * Every event the companion service reacts to, in one place (consumer group `companion`). processed_events
 * (startService) makes each handled once per event id; the writes are natural sets/upserts as well.
 */
import { TOPICS } from '@safarsaathi/contracts';
import type { EventHandlers, EventSubscriptions } from '@safarsaathi/platform';
import type { CompanionContext } from '../use-cases/context';
import { applyMatch, releaseMatch } from '../use-cases/matches';
import { deleteOwnerShareLinks } from '../use-cases/share-links';
import { eraseOwnerWords } from '../use-cases/erasure';
import { lateCancellationRecorded, referenceRecorded, tripCompleted } from '../use-cases/trust';
import {
  ownerConsentChanged,
  ownerDeleted,
  ownerLocaleChanged,
  ownerStatusChanged,
  rememberOwner,
} from '../use-cases/owners';
import { scheduleTripReminder } from '../use-cases/trip-reminder';

export const companionSubscriptions: EventSubscriptions = {
  topics: [TOPICS.authUsers, TOPICS.searchMatches, TOPICS.companionTrust],
  // Owners are remembered at registration, and their language when it changes (the printed card's default).
  // The trust topic's own results (figures, no-shows) are for search and support.
  ignores: ['trust_updated', 'no_show_recorded'],
};

export function companionHandlers(ctx: CompanionContext): EventHandlers {
  return {
    user_registered: async (event) => rememberOwner(ctx, event.data),
    profile_updated: async (event) => ownerLocaleChanged(ctx, event.data),
    user_deleted: async (event) => {
      await ownerDeleted(ctx, event.data);
      await deleteOwnerShareLinks(ctx, event.data.userId);
      // What they wrote and their names, in their requests, their partners' and their trips (issue 40).
      await eraseOwnerWords(ctx, event.data.userId);
    },
    user_status_changed: async (event) => ownerStatusChanged(ctx, event.data),
    // The emergency contact is shown only while its owner allows it (issue 40).
    consent_changed: async (event) => ownerConsentChanged(ctx, event.data),
    match_found: async (event) => {
      await applyMatch(ctx, event.data);
      // After the match is written (a redelivery schedules the same job id again: a no-op).
      await scheduleTripReminder(ctx, event.data.needCaseid);
    },
    match_released: async (event) => {
      await releaseMatch(ctx, event.data, event.occurredAt);
    },
    reference_recorded: async (event) => referenceRecorded(ctx, event.data),
    trip_completed: async (event) => tripCompleted(ctx, event.data),
    late_cancellation_recorded: async (event) => lateCancellationRecorded(ctx, event.data),
  };
}
