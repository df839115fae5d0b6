import { SUPPORT_POLICY } from '@safarsaathi/contracts';
import { SlidingWindowLimit, startService, type RunningService } from '@safarsaathi/platform';
import { loadSupportConfig, type SupportConfig } from './config';
import { caseModel } from './persistence/cases';
import { conversationModel } from './persistence/conversations';
import { noShowModel } from './persistence/no-shows';
import { supportHandlers, supportSubscriptions } from './events/handlers';
import { supportRoutes } from './routes';

export function startSupportService(
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunningService<SupportConfig>> {
  const config = loadSupportConfig(env);
  return startService('support', config, (deps) => {
    const cases = caseModel(deps.mongo);
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
    const conversations = conversationModel(deps.mongo);
    return {
      routes: supportRoutes({
        cases,
        conversations,
        limits,
        projectionWaitMs: config.SUPPORT_PROJECTION_WAIT_MS,
        flushOutbox: deps.flushOutbox,
      }),
      subscriptions: supportSubscriptions,
      handlers: supportHandlers({ conversations, cases, noShows: noShowModel(deps.mongo) }),
      outboxModels: [cases],
    };
  });
}
