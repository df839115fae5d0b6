import { Router } from 'express';
import { searchQuerySchema } from '@safarsaathi/contracts';
import { authedEndpoint, endpoint } from '@safarsaathi/platform';
import type { SearchIndex } from './index/search-index';
import { SearchAnswers } from './use-cases/search';

export function searchRoutes(index: SearchIndex, airportsCsvPath: string): Router {
  const router = Router();
  const answers = new SearchAnswers(index);
  router.get(
    '/api/search/unified',
    authedEndpoint({ query: searchQuerySchema }, ({ query }, { identity, res }) => {
      res.type('application/json').send(answers.answer(query, identity.userId, 'unified'));
    }),
  );
  router.get(
    '/api/search/public',
    endpoint({ query: searchQuerySchema }, ({ query }, { res }) => {
      res.type('application/json').send(answers.answer(query, undefined, 'public'));
    }),
  );
  router.get('/data/airports.csv', (_req, res) => {
    // The list changes only with a new build: a day of caching; the ETag revalidates after that.
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('text/csv').sendFile(airportsCsvPath);
  });
  return router;
}
