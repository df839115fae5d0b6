import { startService, type RunningService } from '@safarsaathi/platform';
import { loadCompanionConfig, type CompanionConfig } from './config';
import { requestModel } from './persistence/requests';
import { ownerModel } from './persistence/owners';
import { travelPlanModel } from './persistence/travel-plans';
import { companionRoutes } from './routes';
import { companionHandlers, companionSubscriptions } from './events/handlers';
import type { CompanionContext } from './use-cases/context';

/** Starts the companion service; tests pass their own env (e.g. PORT=0). */
export function startCompanionService(env: NodeJS.ProcessEnv = process.env): Promise<RunningService<CompanionConfig>> {
  const config = loadCompanionConfig(env);
  return startService('companion', config, (deps) => {
    const ctx: CompanionContext = {
      logger: deps.logger,
      requests: requestModel(deps.mongo),
      owners: ownerModel(deps.mongo),
      travelPlans: travelPlanModel(deps.mongo),
      flushOutbox: deps.flushOutbox,
      publishOutboxNow: deps.publishOutboxNow,
      live: deps.live,
      locks: deps.locks,
    };
    return {
      routes: companionRoutes(ctx),
      subscriptions: companionSubscriptions,
      handlers: companionHandlers(ctx),
      outboxModels: [ctx.requests, ctx.travelPlans],
    };
  });
}
