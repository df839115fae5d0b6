import { SUPPORT_POLICY } from '@safarsaathi/contracts';
import { SlidingWindowLimit, startService, type RunningService } from '@safarsaathi/platform';
import { loadSupportConfig, type SupportConfig } from './config';
import { auditLog } from './persistence/audit-log';
import { caseModel } from './persistence/cases';
import { supportTrustModel } from './persistence/trust';
import { supportUserModel } from './persistence/users';
import type { SupportContext } from './use-cases/cases';
import { migrateCaseTypes } from './use-cases/migrations';
import { conversationModel } from './persistence/conversations';
import { noShowModel } from './persistence/no-shows';
import { senderFlagsModel } from './persistence/flagged-messages';
import { supportHandlers, supportSubscriptions } from './events/handlers';
import { supportRoutes } from './routes';

export function startSupportService(
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunningService<SupportConfig>> {
  const config = loadSupportConfig(env);
  return startService('support', config, async (deps) => {
    const cases = caseModel(deps.mongo);
    await migrateCaseTypes(deps, cases);
    const prefix = config.RATE_LIMIT_KEY_PREFIX;
    const limits = {
      perIp: new SlidingWindowLimit(deps.redis, 'cases-ip', config.CASES_PER_IP_PER_HOUR, 3600_000, prefix),
      perAddress: new SlidingWindowLimit(
        deps.redis,
        'cases-address',
        SUPPORT_POLICY.casesPerAddressPerHour,
        3600_000,
        prefix,
      ),
      perUser: new SlidingWindowLimit(
        deps.redis,
        'cases-user',
        SUPPORT_POLICY.casesPerUserPerHour,
        3600_000,
        prefix,
      ),
    };
    const ctx: SupportContext = {
      cases,
      conversations: conversationModel(deps.mongo),
      users: supportUserModel(deps.mongo),
      trust: supportTrustModel(deps.mongo),
      audit: auditLog(deps.mongo),
      locks: deps.locks,
      limits,
      projectionWaitMs: config.SUPPORT_PROJECTION_WAIT_MS,
      flushOutbox: deps.flushOutbox,
    };
    return {
      routes: supportRoutes(ctx),
      subscriptions: supportSubscriptions,
      handlers: supportHandlers(ctx, deps.logger, noShowModel(deps.mongo), senderFlagsModel(deps.mongo)),
      outboxModels: [cases],
    };
  });
}
