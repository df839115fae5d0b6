/**
 * The data catalogue (issue 40): every item of personal data the product keeps, why, where, for how long
 * and on what basis. It is the one source of truth beside the code:
 *
 * - the privacy notice (`/privacy`, gateway) and `docs/privacy.md`'s records of processing are written from
 *   it (each item's words in the nine languages are in ./notice-texts, keyed by the item's id);
 * - the retention jobs read their periods from it (`retentionDays`);
 * - `contracts/test/data-catalogue.unit.test.ts` walks every mongoose schema of every service and fails on
 *   a persisted field that is neither in an item's `where` nor in PERSISTED_NOT_PERSONAL, and on a listed field that
 *   no schema has any more;
 * - the erasure scan (issue 40, part B) reads `where` to know what to look at.
 *
 * Shape, kept simple on purpose: an item names its stores; a Mongo store names its service, collection and
 * field paths (a path covers everything below it: `meeting` covers `meeting.place`; `*` as the collection
 * means every collection of the service that has the field, `*` as the service every service); a Redis store
 * names its key pattern; anything else (Kafka, logs) is described in words.
 */
import type { ServiceName } from '../topics';
import { OTP_POLICY } from '../reference-data';
import type { ConsentPurpose } from './consents';

/** Where a service's schemas live: `services/<name>/src/persistence`, and the service kit (`platform`). */
export type DataOwner = Exclude<ServiceName, 'gateway'> | 'platform' | 'gateway';

export type DataStore =
  | { service: DataOwner | '*'; collection: string; fields: readonly string[] }
  | { service: DataOwner; redis: string }
  | { service: DataOwner | '*'; elsewhere: string };

/**
 * How long an item is kept. `minutes`/`days`/`years` count from what the rule names; `with_account`:
 * until the account is deleted (then erased, issue 40 part B).
 */
export type Retention =
  | { rule: 'minutes'; minutes: number }
  | { rule: 'days'; days: number }
  | { rule: 'years'; years: number }
  | { rule: 'days_after_last_use'; days: number }
  | { rule: 'days_after_last_travel_or_message'; days: number }
  | { rule: 'days_after_sent_once_read'; days: number }
  | { rule: 'years_after_closed'; years: number }
  | { rule: 'with_account' };

/** Who removes it when its time is up. */
export type Enforcement = 'redis_expiry' | 'retention_job' | 'account_deletion' | 'hosting';

/**
 * Why we may keep it. `service`: needed for what the user asked for (DPDP: the consent given at sign-up,
 * withdrawn by deleting the account; GDPR Art. 6(1)(b)); `consent`: a purpose the user can turn off on its
 * own (the privacy choices); `safety`: keeping travellers safe and the service secure (DPDP s. 7 legitimate
 * uses; GDPR Art. 6(1)(f)); `legal`: a duty of ours (GDPR Art. 6(1)(c); CERT-In directions; proof of consent).
 */
export type LegalBasis =
  | { basis: 'service' }
  | { basis: 'consent'; purpose: ConsentPurpose }
  | { basis: 'safety' }
  | { basis: 'legal' };

export interface DataItem {
  id: string;
  /** English; the notice's other languages are in ./notice-texts. */
  item: string;
  purpose: string;
  where: readonly DataStore[];
  retention: Retention;
  enforcedBy: Enforcement;
  legal: LegalBasis;
}

const DAY_SECONDS = 86_400;

export const DATA_CATALOGUE = [
  {
    id: 'account_email',
    item: 'Your e-mail address',
    purpose:
      'It is your account: your sign-in codes, the e-mails you agreed to and replies to your support cases go to it.',
    where: [
      { service: 'auth', collection: 'users', fields: ['email'] },
      { service: 'notifications', collection: 'email_recipients', fields: ['email'] },
    ],
    retention: { rule: 'with_account' },
    enforcedBy: 'account_deletion',
    legal: { basis: 'consent', purpose: 'login_emails' },
  },
  {
    id: 'account_name',
    item: 'Your full name',
    purpose:
      'Travellers you are matched or chatting with see your first name; e-mails greet you by name; support staff see it on cases.',
    where: [
      { service: 'auth', collection: 'users', fields: ['fullname'] },
      { service: 'companion', collection: 'companion_owners', fields: ['fullname'] },
      { service: 'chat', collection: 'chat_users', fields: ['fullname'] },
      { service: 'chat', collection: 'conversations', fields: ['names'] },
      { service: 'notifications', collection: 'email_recipients', fields: ['fullname'] },
      { service: 'support', collection: 'support_users', fields: ['fullname'] },
      { service: 'support', collection: 'cases', fields: ['subjectName'] },
      { service: 'search', collection: 'match_requests', fields: ['ownerFirstName'] },
    ],
    retention: { rule: 'with_account' },
    enforcedBy: 'account_deletion',
    legal: { basis: 'service' },
  },
  {
    id: 'account_phone',
    item: 'Your mobile number',
    purpose: 'One account per number, so a blocked person cannot simply sign up again.',
    where: [{ service: 'auth', collection: 'users', fields: ['phone_number'] }],
    retention: { rule: 'with_account' },
    enforcedBy: 'account_deletion',
    legal: { basis: 'safety' },
  },
  {
    id: 'account_settings',
    item: 'Your account settings',
    purpose:
      'Your language, easy reading, help preference, the guided tour, when you registered and accepted the terms: to show the product the way you chose.',
    where: [
      {
        service: 'auth',
        collection: 'users',
        fields: [
          'accepted_terms',
          'is_registered',
          'registered_at',
          'help_preference',
          'tour_completed',
          'locale',
          'locale_changed_at',
          'large_text',
          'high_contrast',
          'deleted',
          'created_at',
          'updated_at',
        ],
      },
      {
        service: 'notifications',
        collection: 'email_recipients',
        fields: ['locale', 'localeChangedAt', 'deleted'],
      },
      {
        service: 'companion',
        collection: 'companion_owners',
        fields: ['registered_at', 'updated_at', 'deleted', 'locale', 'locale_changed_at'],
      },
    ],
    retention: { rule: 'with_account' },
    enforcedBy: 'account_deletion',
    legal: { basis: 'service' },
  },
  {
    id: 'account_status',
    item: 'Whether your account is blocked, and why',
    purpose: 'If support blocks an account to protect others, the person is told why and cannot be matched.',
    where: [
      { service: 'auth', collection: 'users', fields: ['status', 'status_reason'] },
      { service: 'auth', redis: 'blocked-user:<user id>' },
      // Issue 40: a blocked account that is erased leaves only a keyed hash of its mailbox (its `_id`) and the reason.
      { service: 'auth', collection: 'blocked_emails', fields: ['reason', 'blocked_at'] },
      { service: 'companion', collection: 'companion_owners', fields: ['blocked'] },
      { service: 'chat', collection: 'chat_users', fields: ['status'] },
      { service: 'support', collection: 'support_users', fields: ['status', 'status_reason', 'deleted'] },
      { service: 'search', collection: 'match_owners', fields: ['blocked', 'deleted'] },
    ],
    retention: { rule: 'with_account' },
    enforcedBy: 'account_deletion',
    legal: { basis: 'safety' },
  },
  {
    id: 'consents',
    item: 'Your privacy choices and their history',
    purpose: 'To do only what you allow, and to show what you agreed to and when.',
    where: [
      {
        service: 'auth',
        collection: 'users',
        fields: ['consents', 'consent_history', 'consents_version', 'email_consent'],
      },
      { service: 'notifications', collection: 'email_recipients', fields: ['emailConsent', 'consents'] },
      { service: 'companion', collection: 'companion_owners', fields: ['consents'] },
    ],
    retention: { rule: 'with_account' },
    enforcedBy: 'account_deletion',
    legal: { basis: 'legal' },
  },
  {
    id: 'signin_codes',
    item: 'Sign-in codes',
    purpose: 'To e-mail you a code and check the one you type (only a hash of it is kept to check it).',
    where: [
      { service: 'auth', redis: 'otp:<keyed hash of the e-mail>:<browser>' },
      { service: 'auth', redis: 'otp-cooldown:<keyed hash of the e-mail>|<browser>' },
      { service: 'auth', redis: 'otp-failures:<keyed hash of the e-mail>' },
      { service: 'auth', redis: 'email-secret:<reference>' },
    ],
    retention: { rule: 'minutes', minutes: OTP_POLICY.ttlSeconds / 60 },
    enforcedBy: 'redis_expiry',
    legal: { basis: 'consent', purpose: 'login_emails' },
  },
  {
    id: 'signin_devices',
    item: 'Browsers you signed in from (a hash of a cookie, not the browser itself)',
    purpose: 'So a browser you used before is not held back by the limits meant for strangers.',
    where: [{ service: 'auth', redis: 'otp-devices:<keyed hash of the e-mail>' }],
    retention: { rule: 'days', days: OTP_POLICY.knownDeviceDays },
    enforcedBy: 'redis_expiry',
    legal: { basis: 'safety' },
  },
  {
    id: 'sessions',
    item: 'Where you are signed in (the browser and when you signed in)',
    purpose: 'To keep you signed in, and so you can see and end your other sessions.',
    where: [
      { service: 'auth', redis: 'session:<hash of the cookie>' },
      { service: 'auth', redis: 'user-sessions:<user id>' },
      { service: 'gateway', redis: 'live:<user id> (what changed for your open pages, never its content)' },
    ],
    // A session ends 7 days after sign-in (SESSION_LIFETIME_SECONDS): never later than 30 days after its last use.
    retention: { rule: 'days_after_last_use', days: 30 },
    enforcedBy: 'redis_expiry',
    legal: { basis: 'service' },
  },
  {
    id: 'rate_limits',
    item: 'Counts of recent requests (by e-mail address, account or network address)',
    purpose: 'To stop abuse, such as someone flooding an address with codes or scraping the product.',
    where: [
      { service: 'auth', redis: 'limit:<what>:<e-mail, account or network>' },
      { service: 'gateway', redis: 'limit:<what>:<e-mail, account or network>' },
    ],
    retention: { rule: 'days', days: 1 },
    enforcedBy: 'redis_expiry',
    legal: { basis: 'safety' },
  },
  {
    id: 'companion_requests',
    item: 'Your companion requests and offers',
    purpose:
      'The route, dates, flights, who travels (name, age, gender, languages) and your description and price: to find a companion. Matching travellers see the first name, never the rest of the name.',
    where: [
      {
        service: 'companion',
        collection: 'companion_requests',
        fields: [
          'caseid',
          'ownerId',
          'service_type',
          'role',
          'posted_for',
          'from_airport',
          'to_airport',
          'confirmed_ticket',
          'date',
          'airlines',
          'flight_number',
          'departure_time',
          'arrival_date',
          'arrival_time',
          'tentative_from_date',
          'tentative_to_date',
          'layovers',
          'passenger_name',
          'passenger_age',
          'passenger_gender',
          'languages_known',
          'companion_price',
          'description',
          'status',
          'hidden',
          'edit_version',
          'safety_note_seen',
          'created_at',
          'updated_at',
        ],
      },
      { service: 'companion', collection: 'companion_owners', fields: ['requestIds'] },
      {
        service: 'search',
        collection: 'match_requests',
        fields: [
          'caseid',
          'ownerId',
          'service_type',
          'role',
          'from_airport',
          'to_airport',
          'date',
          'tentative_from_date',
          'tentative_to_date',
          'confirmed_ticket',
          'airlines',
          'flight_number',
          'layovers',
          'passenger_name',
          'passenger_age',
          'passenger_gender',
          'languages_known',
          'companion_price',
          'description',
          'createdAt',
          'status',
          'hidden',
          'version',
          'settledVersion',
          'lastEventAt',
        ],
      },
      { service: 'search', collection: 'match_buckets', fields: ['members'] },
      { service: 'search', collection: 'match_owners', fields: ['caseids'] },
      {
        service: 'chat',
        collection: 'chat_requests',
        fields: ['ownerId', 'service_type', 'status', 'lastEventAt', 'travelDate'],
      },
      { service: 'chat', collection: 'chat_users', fields: ['caseids'] },
    ],
    retention: { rule: 'with_account' },
    enforcedBy: 'account_deletion',
    legal: { basis: 'service' },
  },
  {
    id: 'emergency_contact',
    item: 'The emergency contact on a request (name and phone)',
    purpose: 'Shown to your matched companion around the flight, only while you allow it.',
    where: [{ service: 'companion', collection: 'companion_requests', fields: ['emergency_contact'] }],
    retention: { rule: 'with_account' },
    enforcedBy: 'account_deletion',
    legal: { basis: 'consent', purpose: 'emergency_contact_sharing' },
  },
  {
    // Issue 39: printed on the traveller's card and the pickup pass (the owner's own papers; never shown to others).
    id: 'traveller_papers',
    item: "The traveller's card details: the address at the destination, who collects the traveller, wheelchair help and notes",
    purpose:
      "Printed on the traveller's card and the pickup pass you download, so staff and the person collecting the traveller know where they go and what help they need.",
    where: [
      {
        service: 'companion',
        collection: 'companion_requests',
        fields: ['destination_address', 'receiver_name', 'assistance'],
      },
    ],
    retention: { rule: 'with_account' },
    enforcedBy: 'account_deletion',
    legal: { basis: 'service' },
  },
  {
    id: 'matches',
    item: 'Your matches',
    purpose:
      'Which request yours is matched with and how well, and what you are shown of the matched traveller (first name, trust figures).',
    where: [
      {
        service: 'companion',
        collection: 'companion_requests',
        fields: [
          'companion_match',
          'companion_match_caseid',
          'companion_match_id',
          'companion_match_revision',
          'matched_companion',
          'match_details',
          'released_from_match',
          'kept_trips',
        ],
      },
      {
        service: 'search',
        collection: 'matches',
        fields: ['matchId', 'needCaseid', 'provideCaseid', 'created_at', 'released', 'endedBy', 'locked'],
      },
      {
        service: 'search',
        collection: 'match_requests',
        fields: [
          'matchedWith',
          'matchRevision',
          'matchedFlight',
          'matchedShares',
          'leftBehind',
          'lastRelease',
          'matchId',
          'lockedMatchId',
          'matchDate',
        ],
      },
      { service: 'chat', collection: 'chat_requests', fields: ['matchedWith', 'matchRevision'] },
    ],
    retention: { rule: 'with_account' },
    enforcedBy: 'account_deletion',
    legal: { basis: 'service' },
  },
  {
    id: 'travel_plans',
    item: 'Your travel plans',
    purpose:
      'Flights you plan and who travels, so you can keep them in one place and share them with family.',
    where: [
      {
        service: 'companion',
        collection: 'travel_plans',
        fields: [
          'ownerId',
          'helpPreference',
          'flights',
          'date',
          'traveler',
          'submittedAt',
          'created_at',
          'updated_at',
        ],
      },
      { service: 'companion', collection: 'companion_owners', fields: ['planIds'] },
    ],
    retention: { rule: 'with_account' },
    enforcedBy: 'account_deletion',
    legal: { basis: 'service' },
  },
  {
    id: 'trips',
    item: 'The trip day: meeting point, milestones, hand-over code, reminder',
    purpose: 'So you and your companion can meet, follow the trip and hand over safely.',
    where: [
      {
        service: 'companion',
        collection: 'companion_trips',
        fields: [
          'need_caseid',
          'provide_caseid',
          'need_owner',
          'provide_owner',
          'meeting',
          'milestones',
          'handover',
          'reminder_sent_at',
          'created_at',
        ],
      },
    ],
    retention: { rule: 'with_account' },
    enforcedBy: 'account_deletion',
    legal: { basis: 'service' },
  },
  {
    id: 'references',
    item: 'References you wrote and received (rating, words, no-show)',
    purpose:
      'So travellers can trust each other; a received reference is shown once both wrote, or 14 days after the trip.',
    where: [
      { service: 'companion', collection: 'companion_trips', fields: ['references'] },
      { service: 'companion', collection: 'companion_trust', fields: ['received'] },
      { service: 'support', collection: 'subject_no_shows', fields: ['entries'] },
    ],
    retention: { rule: 'with_account' },
    enforcedBy: 'account_deletion',
    legal: { basis: 'safety' },
  },
  {
    id: 'trust',
    item: 'Your trust figures (trips completed, references, late cancellations, member since)',
    purpose: 'Shown to travellers you may be matched with, and to support on a case about you.',
    where: [
      {
        service: 'companion',
        collection: 'companion_trust',
        fields: ['trips', 'late_cancellations', 'updated_at'],
      },
      {
        service: 'support',
        collection: 'support_trust',
        fields: [
          'version',
          'trips_completed',
          'references',
          'pending',
          'member_since',
          'late_cancellations',
          'steps',
        ],
      },
    ],
    retention: { rule: 'with_account' },
    enforcedBy: 'account_deletion',
    legal: { basis: 'safety' },
  },
  {
    id: 'share_links',
    item: 'Family links you made',
    purpose: 'So your family can follow a trip without an account (only a hash of each link is kept).',
    where: [
      {
        service: 'companion',
        collection: 'share_links',
        fields: ['ownerId', 'kind', 'objectId', 'created_at', 'revoked_at'],
      },
      { service: 'companion', collection: 'companion_requests', fields: ['share_link'] },
      { service: 'companion', collection: 'travel_plans', fields: ['share_link'] },
      { service: 'companion', collection: 'companion_owners', fields: ['shareLinkIds'] },
    ],
    retention: { rule: 'with_account' },
    enforcedBy: 'account_deletion',
    legal: { basis: 'service' },
  },
  {
    id: 'chat_messages',
    item: 'The words of your chat messages, and what the safety shield noticed in them',
    purpose:
      'To deliver your messages to the traveller you write to, to show the conversation to both of you, and to warn the reader of a request to carry something or to pay.',
    where: [
      { service: 'chat', collection: 'conversations', fields: ['recent', 'lastMessage'] },
      { service: 'chat', collection: 'message_chunks', fields: ['messages'] },
      { service: 'chat', collection: 'inboxes', fields: ['conversations'] },
      {
        service: 'chat',
        redis: 'chat:conversation:<id>, chat:inbox:<user id> (copies for speed, 2 minutes)',
      },
    ],
    retention: { rule: 'days_after_last_travel_or_message', days: 180 },
    enforcedBy: 'retention_job',
    legal: { basis: 'service' },
  },
  {
    id: 'chat_conversations',
    item: 'Your conversations: who with, what was read, who blocked',
    purpose: 'To list your conversations, count unread messages and e-mail you about one you did not read.',
    where: [
      {
        service: 'chat',
        collection: 'conversations',
        fields: [
          'participantIds',
          'service_type',
          'deletedIds',
          'seq',
          'reads',
          'blockedBy',
          'createdBy',
          'createdAt',
          'updatedAt',
        ],
      },
      { service: 'chat', collection: 'message_chunks', fields: ['conversationId', 'index'] },
      {
        service: 'support',
        collection: 'conversation_participants',
        fields: ['participantIds', 'created_at'],
      },
      { service: 'notifications', collection: 'chat_read_pointers', fields: ['lastReadSeq'] },
      { service: 'notifications', collection: 'chat_email_claims', fields: ['lastSentAt', 'seq', 'queued'] },
    ],
    retention: { rule: 'with_account' },
    enforcedBy: 'account_deletion',
    legal: { basis: 'service' },
  },
  {
    id: 'safety_flags',
    item: 'What the safety shield noticed in messages you sent (a request to carry something or to pay), never the words',
    purpose: 'So support can look into someone asking many people to carry something or to pay.',
    // The flags on the messages themselves go with their words (chat_messages).
    where: [{ service: 'support', collection: 'sender_flags', fields: ['entries'] }],
    retention: { rule: 'years', years: 2 },
    enforcedBy: 'retention_job',
    legal: { basis: 'safety' },
  },
  {
    id: 'notifications',
    item: 'Your notifications',
    purpose: 'To tell you in the product about matches, messages, the trip day and your cases.',
    where: [
      {
        service: 'notifications',
        collection: 'notification_feeds',
        fields: ['items', 'unreadEvicted', 'deleted'],
      },
      {
        service: 'notifications',
        collection: 'notification_sources',
        fields: ['notificationId', 'created_at'],
      },
    ],
    retention: { rule: 'days_after_sent_once_read', days: 180 },
    enforcedBy: 'retention_job',
    legal: { basis: 'service' },
  },
  {
    id: 'push_subscriptions',
    item: 'Devices you turned notifications on for (the browser’s push address and keys) and which kinds',
    purpose: 'To send notifications to those devices.',
    where: [
      { service: 'notifications', collection: 'push_devices', fields: ['devices', 'preferences'] },
      { service: 'notifications', collection: 'push_endpoints', fields: ['userId'] },
    ],
    retention: { rule: 'with_account' },
    enforcedBy: 'account_deletion',
    legal: { basis: 'consent', purpose: 'push' },
  },
  {
    id: 'support_cases',
    item: 'Your support cases and reports',
    purpose:
      'To answer you: the address and details you gave, messages you attached to a report, our replies and staff notes.',
    where: [
      {
        service: 'support',
        collection: 'cases',
        fields: [
          'caseId',
          'type',
          'userId',
          'issueType',
          'emailAddress',
          'details',
          'conversationId',
          'subject_user_id',
          'reason',
          'attachedMessages',
          'notes',
          'replies',
          'locale',
          'status',
          'created_at',
        ],
      },
    ],
    retention: { rule: 'years_after_closed', years: 2 },
    enforcedBy: 'retention_job',
    legal: { basis: 'service' },
  },
  {
    id: 'audit_entries',
    item: 'The audit log of staff actions (blocks, case changes, replies)',
    purpose: 'So every action taken about an account can be checked later.',
    where: [
      {
        service: 'support',
        collection: 'audit_log',
        fields: ['at', 'adminEmail', 'action', 'target', 'note', 'via'],
      },
    ],
    retention: { rule: 'years', years: 3 },
    enforcedBy: 'retention_job',
    legal: { basis: 'legal' },
  },
  {
    id: 'events',
    item: 'Messages between the parts of the product, and e-mails and notifications waiting to go out',
    purpose:
      'So each part learns what it needs (a match, a new message) and your e-mails and notifications are sent.',
    where: [
      { service: '*', collection: '*', fields: ['pendingEvents'] },
      { service: '*', elsewhere: 'Kafka topics (auth.users.v1, companion.requests.v1, …)' },
      {
        service: 'notifications',
        redis: 'bull:email, bull:push, bull:chat-unread, bull:match-email (queued jobs)',
      },
      { service: 'companion', redis: 'bull:trip-reminder (queued jobs)' },
    ],
    retention: { rule: 'with_account' },
    enforcedBy: 'account_deletion',
    legal: { basis: 'service' },
  },
  {
    id: 'logs',
    item: 'Server logs (times, network addresses, account ids, what was asked; never e-mail addresses, phone numbers or names)',
    purpose: 'To keep the service running and secure, and to look into incidents.',
    where: [{ service: '*', elsewhere: 'the services’ logs, kept by the hosting' }],
    retention: { rule: 'days', days: 180 },
    enforcedBy: 'hosting',
    legal: { basis: 'legal' },
  },
] as const satisfies readonly DataItem[];

export type DataItemId = (typeof DATA_CATALOGUE)[number]['id'];
export const DATA_ITEM_IDS = DATA_CATALOGUE.map((item) => item.id) as readonly DataItemId[];

/**
 * Persisted fields that identify nobody and say nothing about anyone: ids, revisions and outbox
 * bookkeeping in every collection, settings of the deployment, consumer bookkeeping. Each with why.
 */
export const PERSISTED_NOT_PERSONAL: ReadonlyArray<{
  service: DataOwner | '*';
  collection: string;
  fields: readonly string[];
  why: string;
}> = [
  {
    service: '*',
    collection: '*',
    fields: ['_id', '__v', 'rev', 'outboxVersion', 'hasPendingEvents'],
    why: 'A document’s id (an opaque id), its versions and outbox flags; what they point at is listed by its item.',
  },
  {
    service: 'auth',
    collection: 'settings',
    fields: ['value'],
    why: 'Deployment switches (real sign-in codes on or off in development).',
  },
  {
    service: 'platform',
    collection: 'processed_events',
    fields: ['processedAt', 'attempts', 'attemptedAt', 'lastError'],
    why: 'Which event each consumer handled (an event id and the handler), deleted after 7 days.',
  },
  {
    service: 'notifications',
    collection: 'notification_mentions',
    fields: ['feeds'],
    why: 'Whose notices name a user (user ids only), so erasing that user finds them (issue 40).',
  },
];

/** The catalogue's item by id (throws for an unknown one: a typo must not read as "keep forever"). */
export function dataItem(id: DataItemId): (typeof DATA_CATALOGUE)[number] {
  const found = DATA_CATALOGUE.find((item) => item.id === id);
  if (!found) throw new Error(`no data item ${id}`);
  return found;
}

/** How many days an item is kept by its rule (years are 365 days: never longer than the years said). */
export function retentionDays(id: DataItemId): number {
  const retention: Retention = dataItem(id).retention;
  switch (retention.rule) {
    case 'days':
    case 'days_after_last_use':
    case 'days_after_last_travel_or_message':
    case 'days_after_sent_once_read':
      return retention.days;
    case 'years':
    case 'years_after_closed':
      return retention.years * 365;
    case 'minutes':
      return retention.minutes / (24 * 60);
    case 'with_account':
      throw new Error(`${id} is kept with the account, not for a period`);
  }
}

export const retentionMs = (id: DataItemId): number => retentionDays(id) * DAY_SECONDS * 1000;
