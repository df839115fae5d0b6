/** The companion service's REST routes: thin handlers over the use-cases. */
import { Router } from 'express';
import { caseIdParamsSchema } from '@safarsaathi/contracts';
import { authedEndpoint } from '@safarsaathi/platform';
import type { CompanionContext } from './use-cases/context';
import { cancelRequest, createRequest, listRequests } from './use-cases/requests';
import { createTravelPlan, deleteTravelPlan, getTravelPlan, listTravelPlans, updateTravelPlan } from './use-cases/travel-plans';

export function companionRoutes(ctx: CompanionContext): Router {
  const router = Router();
  router.get('/api/companions/requests', authedEndpoint({}, (_input, { identity }) => listRequests(ctx, identity)));
  // Bodies are checked in the use-cases: by the form's own rules, which answer in the form's words.
  router.post('/api/companions/requests', authedEndpoint({}, (_input, { identity, req }) => createRequest(ctx, identity, req.body)));
  router.put(
    '/api/companions/requests/:id/cancel',
    authedEndpoint({ params: caseIdParamsSchema }, ({ params }, { identity }) => cancelRequest(ctx, identity, params.id)),
  );

  router.post(
    '/api/travel',
    authedEndpoint({}, (_input, { identity, req }) => createTravelPlan(ctx, identity, req.body)),
  );
  router.get('/api/travels', authedEndpoint({}, (_input, { identity }) => listTravelPlans(ctx, identity)));
  router.get(
    '/api/travels/:id',
    authedEndpoint({ params: caseIdParamsSchema }, ({ params }, { identity }) => getTravelPlan(ctx, identity, params.id)),
  );
  // The body is checked in the use-case, by the same rules (and words) as a new plan.
  router.put(
    '/api/travels/:id',
    authedEndpoint({ params: caseIdParamsSchema }, ({ params }, { identity, req }) => updateTravelPlan(ctx, identity, params.id, req.body)),
  );
  router.delete(
    '/api/travels/:id',
    authedEndpoint({ params: caseIdParamsSchema }, ({ params }, { identity }) => deleteTravelPlan(ctx, identity, params.id)),
  );
  return router;
}
