import { connectedToFerretDb, startService, type RunningService } from '@safarsaathi/platform';
import { todayIso } from '@safarsaathi/contracts';
import { loadSearchConfig, type SearchConfig } from './config';
import { requestModel } from './persistence/requests';
import { matchModel } from './persistence/matches';
import { bucketModel } from './persistence/buckets';
import { ownerModel } from './persistence/owners';
import { searchRoutes } from './routes';
import { searchHandlers, searchSubscriptions } from './events/handlers';
import { SearchIndex } from './index/search-index';
import { startIndexFeed } from './index/index-feed';
import { ensureAirportsCsv } from './airports/airports-csv';

const PRUNE_EVERY_MS = 60 * 60 * 1000;

export function startSearchService(
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunningService<SearchConfig>> {
  const config = loadSearchConfig(env);
  return startService('search', config, async (deps) => {
    const requests = requestModel(deps.mongo);
    const buckets = bucketModel(deps.mongo);
    const owners = ownerModel(deps.mongo);
    const matches = matchModel(deps.mongo);
    const singleWriter = await connectedToFerretDb(deps.mongo);
    const index = new SearchIndex();
    const feed = await startIndexFeed(deps.bus, index, deps.logger);
    const pruner = setInterval(() => index.prune(todayIso()), PRUNE_EVERY_MS);
    pruner.unref();
    return {
      routes: searchRoutes(index, ensureAirportsCsv()),
      subscriptions: searchSubscriptions,
      handlers: searchHandlers({
        requests,
        buckets,
        owners,
        matches,
        singleWriter,
        logger: deps.logger,
        flushOutbox: deps.flushOutbox,
      }),
      outboxModels: [matches],
      readiness: { searchIndex: async () => feed.isCaughtUp() },
      onStop: async () => clearInterval(pruner),
    };
  });
}
