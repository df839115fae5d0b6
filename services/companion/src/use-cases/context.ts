import type {
  DocumentLocks,
  LivePublisher,
  Logger,
  OutboxTarget,
  SlidingWindowLimit,
} from '@safarsaathi/platform';
import type { RequestModel } from '../persistence/requests';
import type { OwnerModel } from '../persistence/owners';
import type { TravelPlanModel } from '../persistence/travel-plans';
import type { ShareLinkModel } from '../persistence/share-links';
import type { TripModel } from '../persistence/trips';
import type { TrustModel } from '../persistence/trust';
import type { ShareTokenSeal } from './share-tokens';
import type { TripReminders } from './trip-reminder';
import type { DocumentRenderer } from '../documents/renderer';

/** Everything the companion use-cases need, built once in app.ts. */
export interface CompanionContext {
  logger: Logger;
  requests: RequestModel;
  owners: OwnerModel;
  travelPlans: TravelPlanModel;
  shareLinks: ShareLinkModel;
  /** The trip day of each matched pair (persistence/trips.ts). */
  trips: TripModel;
  /** Trust figures per user (persistence/trust.ts). */
  trust: TrustModel;
  /** Seals share tokens kept on the shared object (share-tokens.ts). */
  shareSeal: ShareTokenSeal;
  /** Views of shared trips per client IP (the public route is limited where the data lives). */
  shareViewsPerIp: SlidingWindowLimit;
  /** Meeting point changes per trip in 24 hours (contracts MEETING_CHANGES_PER_DAY). */
  meetingChanges: SlidingWindowLimit;
  /** Publishes staged outbox events now instead of at the next relay tick (name the written document). */
  flushOutbox: (written?: OutboxTarget) => void;
  /** Publishes a document's pending events and waits for it: before a delete, which would drop them. */
  publishOutboxNow: (target: OutboxTarget) => Promise<void>;
  /** One writer at a time per request on FerretDB (no-op on MongoDB). */
  locks: DocumentLocks;
  /** Held on every database: one new request or plan per user at a time, so its cap holds (quotas.ts). */
  quotaLocks: DocumentLocks;
  /** Active requests and upcoming plans one user may have (config, contracts LIMITS by default). */
  quotas: { requests: number; plans: number };
  /** Live updates to the owners' browsers (request.matched). */
  live: LivePublisher;
  /** The delayed 24-hour reminders of matched pairs (trip-reminder.ts). */
  reminders: TripReminders;
  /** Makes the traveller's card and the pickup pass in a worker thread (documents/renderer.ts). */
  papers: Pick<DocumentRenderer, 'render'>;
  /** The product's address (PUBLIC_URL): the printed QR codes open the family link there. */
  publicUrl: string;
}
