import type { DocumentLocks, LivePublisher, Logger, OutboxTarget } from '@safarsaathi/platform';
import type { RequestModel } from '../persistence/requests';
import type { OwnerModel } from '../persistence/owners';
import type { TravelPlanModel } from '../persistence/travel-plans';

/** Everything the companion use-cases need, built once in app.ts. */
export interface CompanionContext {
  logger: Logger;
  requests: RequestModel;
  owners: OwnerModel;
  travelPlans: TravelPlanModel;
  /** Publishes staged outbox events now instead of at the next relay tick (name the written document). */
  flushOutbox: (written?: OutboxTarget) => void;
  /** Publishes a document's pending events and waits for it: before a delete, which would drop them. */
  publishOutboxNow: (target: OutboxTarget) => Promise<void>;
  /** One writer at a time per request on FerretDB (no-op on MongoDB). */
  locks: DocumentLocks;
  /** Live updates to the owners' browsers (request.matched). */
  live: LivePublisher;
}
