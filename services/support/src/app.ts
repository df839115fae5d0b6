import { SUPPORT_POLICY } from '@safarsaathi/contracts';
import { SlidingWindowLimit, startRetention, startService, type RunningService } from '@safarsaathi/platform';
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
import { supportRetentionJobs } from './use-cases/retention';

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
        // Counted per address, named by its HMAC (no key holds an address, issue 40).
        config.INTERNAL_HMAC_SECRET,
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
      pii: deps.pii,
    };
    const senderFlags = senderFlagsModel(deps.mongo);
    // Closed cases, shield flags and audit entries past their periods (issue 40): scheduled, once across instances.
    const retention = await startRetention({
      service: 'support',
      jobs: supportRetentionJobs({ ...ctx, senderFlags, publishOutboxNow: deps.publishOutboxNow }),
      redis: deps.redis,
      logger: deps.logger,
      prefix: config.QUEUE_PREFIX,
    });
    return {
      routes: supportRoutes(ctx),
      subscriptions: supportSubscriptions,
      handlers: supportHandlers(ctx, deps.logger, noShowModel(deps.mongo), senderFlags),
      outboxModels: [cases],
      workers: [retention.worker],
      queues: [retention.queue],
      onStop: () => retention.queue.close(),
    };
  });
}
