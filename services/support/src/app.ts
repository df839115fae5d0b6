import { startService, type RunningService } from '@safarsaathi/platform';
import { loadSupportConfig, type SupportConfig } from './config';
import { caseModel } from './persistence/cases';
import { supportRoutes } from './routes';

export function startSupportService(env: NodeJS.ProcessEnv = process.env): Promise<RunningService<SupportConfig>> {
  const config = loadSupportConfig(env);
  return startService('support', config, (deps) => {
    const cases = caseModel(deps.mongo);
    return { routes: supportRoutes(cases, deps.flushOutbox), outboxModels: [cases] };
  });
}
