/**
 * Every event this service reacts to, in one place. Notifications are created once per (user, cause);
 * e-mails and pushes are queued with a deterministic job id, so a redelivered event never notifies twice.
 */
import type { Queue } from 'bullmq';
import {
  TOPICS,
  firstNameOf,
  matchNotificationText,
  tripParams,
  tripSummaryOf,
  type EventData,
  type NotificationText,
  renderCaseEmail,
  type EmailJob,
  type PushJob,
} from '@safarsaathi/contracts';
import {
  enqueueEmail,
  jobId,
  removeJobsWhere,
  type EventHandlers,
  type EventSubscriptions,
  type LivePublisher,
  type Logger,
} from '@safarsaathi/platform';
import type { Mention, NewNotification } from '../persistence/notifications';
import {
  applyConsent,
  applyLocale,
  findRecipient,
  forgetRecipient,
  rememberRecipient,
  type RecipientStore,
} from '../persistence/recipients';
import {
  addNotification,
  deleteNotificationsOf,
  forgetMentionsOf,
  type NotificationDepsForUseCases,
} from '../use-cases/notifications';
import { recordRead, scheduleUnreadChecks, type ChatUnreadDeps } from '../use-cases/chat-unread';
import { sendOrWaitForRecipient, type MatchEmailJob } from '../use-cases/match-email';
import { pushForNotification } from '../use-cases/push-delivery';
import { forgetPushUser, withdrawPush, type PushSubscriptionDeps } from '../use-cases/push-subscriptions';
import { tellCaseReply } from '../use-cases/case-reply';
import { tellTripReminder } from '../use-cases/trip-reminder';

export interface NotificationDeps {
  notifications: NotificationDepsForUseCases;
  recipients: RecipientStore;
  emailQueue: Queue<EmailJob>;
  chatUnread: ChatUnreadDeps;
  live: LivePublisher;
  /** Match e-mails whose recipient is not known here yet. */
  matchEmailWait: Queue<MatchEmailJob>;
  /** Web Push: one job per (user, notification) of a pushed kind. */
  pushQueue: Queue<PushJob>;
  push: PushSubscriptionDeps;
  logger: Logger;
  /** The product's address (PUBLIC_URL): e-mails that repeat a notice get a button to its place. */
  publicUrl: string;
}

/** A trip-day notice's values: the recipient's case, the pair by first names and the trip's flight. */
function tripDayParams(
  caseid: string,
  data: Pick<EventData<'trip_meeting_set'>, 'travellerFirstName' | 'companionFirstName' | 'trip'>,
): Record<string, string> {
  return {
    caseid,
    ...(data.travellerFirstName ? { traveller: data.travellerFirstName } : {}),
    ...(data.companionFirstName ? { companion: data.companionFirstName } : {}),
    ...tripParams(data.trip),
  };
}

/** A trip-day notice goes to the other party and names the one who acted by the side they are on. */
function setterMention(
  data: Pick<
    EventData<'trip_meeting_set'>,
    'tripId' | 'caseid' | 'userId' | 'travellerFirstName' | 'companionFirstName'
  >,
): Mention[] {
  const setterIsSeeker = data.tripId.startsWith(`${data.caseid}:`);
  const param = setterIsSeeker ? 'traveller' : 'companion';
  const named = setterIsSeeker ? data.travellerFirstName : data.companionFirstName;
  return named ? [{ param, userId: data.userId, caseid: data.caseid }] : [];
}

/** The words for a match a party left: the seeker hears of a new companion, the companion of someone new to help. */
function leftNoticeKey(
  data: EventData<'match_released'>,
): 'companion_left' | 'companion_left_unnamed' | 'traveller_left' | 'traveller_left_unnamed' {
  const named = Boolean(data.formerFirstName);
  if (data.releasedRole === 'provide') return named ? 'traveller_left' : 'traveller_left_unnamed';
  return named ? 'companion_left' : 'companion_left_unnamed';
}

export const notificationSubscriptions: EventSubscriptions = {
  topics: [
    TOPICS.authUsers,
    TOPICS.companionRequests,
    TOPICS.searchMatches,
    TOPICS.chatConversations,
    TOPICS.supportCases,
  ],
  // No notification is owed for these: a status change, a travel plan, a conversation before its messages.
  // An edit is the owner's own doing; a match it ends is told with match_released.
  ignores: [
    'user_status_changed',
    'travel_plan_created',
    'travel_plan_updated',
    'conversation_created',
    'request_updated',
    // A report's confirmation e-mail follows the case_created support writes for it; a case change is ops' own.
    'conversation_reported',
    'case_updated',
  ],
};

export function notificationHandlers({
  notifications,
  recipients,
  emailQueue,
  chatUnread,
  live,
  matchEmailWait,
  pushQueue,
  push,
  logger,
  publicUrl,
}: NotificationDeps): EventHandlers {
  /**
   * Creates the notification once and tells the user's open browsers (the bell). A redelivered event
   * tells them again even when the notification already existed: the process may have stopped between
   * the write and the publish, and one more refetch costs nothing.
   */
  const notify = async (record: NewNotification) => {
    const id = await addNotification(notifications, record);
    void live.publish(record.userId, 'notification.created', id ? { notification_id: id } : {});
    // Queued again on a redelivery too (the process may have stopped before it): the job id dedupes it.
    await pushForNotification(pushQueue, record);
  };

  /**
   * In-app notification and e-mail (the same words, with a button to the same place) for one side of a
   * match: each at most once per (match, user). Events from before summaries keep the case-id words.
   */
  const tellAboutMatch = async (
    userId: string,
    caseid: string,
    otherCaseid: string,
    matchId: string,
    text: NotificationText,
    complete: boolean,
    named: boolean,
    mentions?: Mention[],
  ) => {
    await notify({
      userId,
      sourceKey: `match_found:${matchId}`,
      notification_type: 'match_found',
      service_type: 'companion',
      text,
      ...(named && mentions ? { mentions } : {}),
    });
    await sendOrWaitForRecipient(
      { recipients: recipients.model, emailQueue, waitQueue: matchEmailWait, publicUrl },
      // Named: the notice's words and button; an event from before summaries: the match e-mail of before.
      {
        userId,
        matchId,
        caseid,
        otherCaseid,
        complete,
        ...(named ? { kind: text.key, params: text.params } : {}),
      },
    );
  };

  return {
    match_found: async (event) => {
      const { matchId, needCaseid, needUserId, provideCaseid, provideUserId, match_details } = event.data;
      // A side erased before this event was read has no first name any more (issue 40): case-id words then.
      const needSummary = event.data.needSummary?.firstName ? event.data.needSummary : undefined;
      const provideSummary = event.data.provideSummary?.firstName ? event.data.provideSummary : undefined;
      const complete = match_details.overall_status === 'complete_match';
      // "Meera (AI 105, 16 Dec) can be Kamala's companion." / "Kamala (AI 105, 16 Dec) needs a companion, …"
      const seekerText: NotificationText =
        needSummary && provideSummary
          ? {
              key: complete ? 'complete_match_found' : 'match_found',
              params: {
                caseid: needCaseid,
                other: provideSummary.firstName,
                traveller: needSummary.firstName,
                ...tripParams(provideSummary),
              },
            }
          : matchNotificationText({ caseid: needCaseid, otherCaseid: provideCaseid, complete });
      const companionText: NotificationText = needSummary
        ? {
            key: complete ? 'complete_match_found_provide' : 'match_found_provide',
            params: { caseid: provideCaseid, other: needSummary.firstName, ...tripParams(needSummary) },
          }
        : matchNotificationText({ caseid: provideCaseid, otherCaseid: needCaseid, complete });
      const named = Boolean(needSummary && provideSummary);
      // Each notice names the other side (erased with them, issue 40).
      await tellAboutMatch(needUserId, needCaseid, provideCaseid, matchId, seekerText, complete, named, [
        { param: 'other', userId: provideUserId, caseid: provideCaseid },
      ]);
      await tellAboutMatch(
        provideUserId,
        provideCaseid,
        needCaseid,
        matchId,
        companionText,
        complete,
        named,
        [{ param: 'other', userId: needUserId, caseid: needCaseid }],
      );
    },
    // In-app only: the match e-mail announces a match, and a released traveller hears again by e-mail when
    // their request is matched anew. Once per (released match, user), whatever the order or redeliveries.
    match_released: async (event) => {
      const { matchId, caseid, userId, reopened, formerCaseid, reason, changedCaseid } = event.data;
      // A request cancelled or hidden meanwhile has nothing to wait for.
      if (!reopened) return;
      // The values naming the former partner (erased with them, issue 40).
      const former = event.data.formerUserId;
      const mentionsOf = (params: Record<string, string>): { mentions?: Mention[] } => {
        const named = ['other', 'former', ...(event.data.releasedRole === 'provide' ? ['traveller'] : [])];
        const mentions = former
          ? named
              .filter((param) => params[param])
              .map((param) => ({ param, userId: former, caseid: formerCaseid }))
          : [];
        return mentions.length > 0 ? { mentions } : {};
      };
      // Who the notice names and which trip it is about (events from before summaries: the case ids).
      const named = {
        caseid,
        ...(event.data.formerFirstName ? { other: event.data.formerFirstName } : {}),
        ...tripParams(event.data.summary),
      };
      if (reason === 'left') {
        // The other party cancelled, deleted their profile or was blocked (docs/decisions.md "Matches that
        // hold"): notice, e-mail and push in plain words, naming people by first name (never a deleted one).
        const key = leftNoticeKey(event.data);
        const params = {
          caseid,
          traveller: event.data.travellerFirstName ?? '',
          ...(event.data.formerFirstName ? { former: event.data.formerFirstName } : {}),
        };
        await notify({
          userId,
          sourceKey: `match_released:${matchId}`,
          notification_type: 'match_released',
          service_type: 'companion',
          text: { key, params },
          ...mentionsOf(params),
        });
        await sendOrWaitForRecipient(
          { recipients: recipients.model, emailQueue, waitQueue: matchEmailWait, publicUrl },
          { userId, matchId, caseid, otherCaseid: formerCaseid, complete: false, kind: key, params },
        );
        return;
      }
      if (reason === 'flight_changed') {
        // Both parties, notice and e-mail (addendum §1.4); the one who changed the flight in words of their own.
        const key = changedCaseid === caseid ? 'flight_changed_self' : 'flight_changed';
        await notify({
          userId,
          sourceKey: `match_released:${matchId}`,
          notification_type: 'match_released',
          service_type: 'companion',
          text: { key, params: { ...named, otherCaseid: formerCaseid } },
          ...mentionsOf(named),
        });
        await sendOrWaitForRecipient(
          { recipients: recipients.model, emailQueue, waitQueue: matchEmailWait, publicUrl },
          { userId, matchId, caseid, otherCaseid: formerCaseid, complete: false, kind: key, params: named },
        );
        return;
      }
      await notify({
        userId,
        sourceKey: `match_released:${matchId}`,
        notification_type: 'other',
        service_type: 'companion',
        text: {
          key:
            reason === 'shared_language'
              ? 'match_released_language'
              : reason === 'restored'
                ? 'match_released_restored'
                : 'match_released',
          params: named,
        },
        ...mentionsOf(named),
      });
    },
    user_registered: async (event) => {
      const { locale, localeChangedAt } = event.data;
      await rememberRecipient(recipients, event.data.userId, {
        email: event.data.email,
        fullname: event.data.fullname,
        emailConsent: event.data.emailConsent ?? false,
        ...(locale && localeChangedAt ? { locale, localeChangedAt: new Date(localeChangedAt) } : {}),
      });
      await notify({
        userId: event.data.userId,
        sourceKey: `welcome`,
        notification_type: 'other',
        service_type: 'profile',
        text: { key: 'welcome', params: {} },
      });
    },
    profile_updated: async (event) => {
      const { locale, localeChangedAt, changed } = event.data;
      if (locale && localeChangedAt)
        await applyLocale(recipients, event.data.userId, locale, new Date(localeChangedAt));
      // Choosing a language is not news to tell the user about.
      if (changed.every((field) => field === 'locale')) return;
      await notify({
        userId: event.data.userId,
        sourceKey: `profile_updated:${event.id}`,
        notification_type: 'profile_updated',
        service_type: 'profile',
        text: {
          key: event.data.changed.includes('help_preference') ? 'help_preference_saved' : 'profile_updated',
          params: {},
        },
      });
    },
    request_created: async (event) => {
      const { caseid, ownerId } = event.data;
      // Keyed by the case id: an unblocked owner's request is announced again to search, not to its owner.
      await notify({
        userId: ownerId,
        sourceKey: `request_created:${caseid}`,
        notification_type: 'request_created',
        service_type: 'companion',
        // "Your request for Kamala (AI 105, 16 Dec) is posted." (an offer to help says it its own way)
        text: {
          key: event.data.role === 'provide' ? 'offer_created' : 'request_created',
          params: {
            caseid,
            traveller: firstNameOf(event.data.passenger_name, ''),
            ...tripParams(tripSummaryOf(event.data)),
          },
        },
      });
    },
    request_cancelled: async (event) => {
      const { caseid, ownerId, status } = event.data;
      // Only the owner's own cancellation: inactive (profile deleted) and hidden (blocked) say nothing.
      if (status !== 'cancelled') return;
      await notify({
        userId: ownerId,
        sourceKey: `request_cancelled:${caseid}`,
        notification_type: 'request_cancelled',
        service_type: 'companion',
        text: {
          key: 'request_cancelled',
          params: {
            caseid,
            ...(event.data.summary ? { traveller: event.data.summary.firstName } : {}),
            ...tripParams(event.data.summary),
          },
        },
      });
    },
    // The other party of a matched pair hears of the trip day (addendum §1.1, §1.2). A meeting point may be
    // changed: one notice per trip and party, updated to the latest change (the newest `updatedAt` wins,
    // whatever the order); a milestone happens once per trip (trip id and milestone).
    trip_meeting_set: async (event) => {
      const { otherUserId, otherCaseid, tripId, updatedAt, replaced } = event.data;
      await notify({
        userId: otherUserId,
        sourceKey: `meeting:${tripId}`,
        notification_type: 'meeting_set',
        service_type: 'companion',
        text: {
          key: replaced ? 'meeting_updated' : 'meeting_set',
          params: tripDayParams(otherCaseid, event.data),
        },
        revision: updatedAt,
        mentions: setterMention(event.data),
      });
    },
    trip_milestone_recorded: async (event) => {
      const { otherUserId, otherCaseid, tripId, milestone } = event.data;
      await notify({
        userId: otherUserId,
        sourceKey: `trip_milestone:${tripId}:${milestone}`,
        notification_type: 'trip_milestone',
        service_type: 'companion',
        text: { key: `milestone_${milestone}`, params: tripDayParams(otherCaseid, event.data) },
        mentions: setterMention(event.data),
      });
    },
    // Both parties, once per trip (the companion service stages it once; keyed by trip and user here).
    trip_reminder_triggered: async (event) =>
      tellTripReminder({ recipients: recipients.model, emailQueue, logger, notify }, event.data),
    // Erasure (issue 40): the feed, devices, address and name, every queued job for or naming the user, and
    // their first name in other people's notices. Read first: the address finds jobs queued before userId.
    user_deleted: async (event) => {
      const { userId } = event.data;
      const address = (await findRecipient(recipients.model, userId))?.email?.trim().toLowerCase();
      await deleteNotificationsOf(notifications, userId);
      await forgetMentionsOf(notifications, userId);
      await forgetPushUser(push, userId);
      await removeJobsWhere(
        emailQueue,
        (job) =>
          ('userId' in job && job.userId === userId) ||
          (!!address && job.to?.trim().toLowerCase() === address),
      );
      await removeJobsWhere(matchEmailWait, (job) => job.userId === userId);
      await removeJobsWhere(pushQueue, (job) => job.userId === userId);
      await forgetRecipient(recipients, userId);
    },
    // A privacy choice (issue 40): trip e-mails stop or start at once (checked before every e-mail, and
    // again when it is sent); withdrawing push removes the devices subscribed until then.
    consent_changed: async (event) => {
      await applyConsent(recipients, event.data);
      if (event.data.purpose === 'push' && !event.data.granted)
        await withdrawPush(push, event.data.userId, new Date(event.data.at));
    },
    message_sent: async (event) => scheduleUnreadChecks(chatUnread, event.data),
    messages_read: async (event) => recordRead(chatUnread, event.data),
    case_created: async (event) => {
      const { caseId, emailAddress, issueType, locale } = event.data;
      await enqueueEmail(
        emailQueue,
        { to: emailAddress, purpose: 'case_created', ...renderCaseEmail(caseId, issueType, locale) },
        jobId('case', caseId),
      );
    },
    // Support's reply to a case (issue 38): the filer's e-mail, and a notice for a signed-in filer.
    case_replied: async (event) =>
      tellCaseReply({ recipients: recipients.model, emailQueue, notify, publicUrl }, event.data),
  };
}
