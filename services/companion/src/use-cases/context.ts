import type { LivePublisher, Logger } from '@safarsaathi/platform';
import type { RequestModel } from '../persistence/requests';
import type { OwnerModel } from '../persistence/owners';
import type { TravelPlanModel } from '../persistence/travel-plans';

/** Everything the companion use-cases need, built once in app.ts. */
export interface CompanionContext {
  logger: Logger;
  requests: RequestModel;
  owners: OwnerModel;
  travelPlans: TravelPlanModel;
  /** Publishes staged outbox events now instead of at the next relay tick. */
  flushOutbox: () => void;
  /** Live updates to the owners' browsers (request.matched). */
  live: LivePublisher;
}
