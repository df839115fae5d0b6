/**
 * Every topic, consumer group and queue name of the system, in one list (design brief §4).
 * Topics are one per producing domain, keyed by the aggregate id.
 */
export const TOPICS = {
  authUsers: 'auth.users.v1',
  companionRequests: 'companion.requests.v1',
  /** Per user (keyed by user id or trip id): references, completed trips and the trust figures they add up to. */
  companionTrust: 'companion.trust.v1',
  searchMatches: 'search.matches.v1',
  chatConversations: 'chat.conversations.v1',
  supportCases: 'support.cases.v1',
} as const;

export type Topic = (typeof TOPICS)[keyof typeof TOPICS];
export const ALL_TOPICS: readonly Topic[] = Object.values(TOPICS);

/** Where a message goes after its bounded retries are used up. */
export function deadLetterTopic(topic: string): string {
  return `${topic}.dlt`;
}

/** Consumer groups are named after the consuming service. */
export const CONSUMER_GROUPS = {
  companion: 'companion',
  search: 'search',
  chat: 'chat',
  notifications: 'notifications',
} as const;

/** BullMQ queues. */
export const QUEUES = {
  email: 'email',
  /** Delayed checks "is this chat message still unread?" (notifications service), one per message and recipient. */
  chatUnread: 'chat-unread',
  /** Match e-mails waiting for their recipient's user_registered to reach the notifications service. */
  matchEmail: 'match-email',
  /** Web Push deliveries (notifications service), one job per (user, cause). */
  push: 'push',
  /**
   * Delayed trip reminders (companion service), one per matched pair and due time: the job only checks
   * the pair and stages `trip_reminder_triggered`, which the notifications service turns into notices and e-mails.
   */
  tripReminder: 'trip-reminder',
} as const;

/**
 * Each service's retention jobs (issue 40, platform/src/retention.ts): a queue of its own, so one service's
 * workers never take another's jobs.
 */
export const retentionQueueName = (service: string): string => `retention-${service}`;

export const SERVICE_NAMES = [
  'gateway',
  'auth',
  'companion',
  'search',
  'chat',
  'notifications',
  'support',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
