/** The companion service's REST routes: thin handlers over the use-cases. */
import { Router, type Response } from 'express';
import {
  DATA_EXPORT_PART_PATH,
  calendarQuerySchema,
  caseIdParamsSchema,
  createShareLinkRequestSchema,
  localeFromAcceptLanguage,
  meetingRequestSchema,
  milestoneRequestSchema,
  paperQuerySchema,
  referenceRequestSchema,
  shareLinkParamsSchema,
  shareTokenParamsSchema,
  sharedTripQuerySchema,
} from '@safarsaathi/contracts';
import { authedEndpoint, clientIp, endpoint } from '@safarsaathi/platform';
import type { CompanionContext } from './use-cases/context';
import { requestCalendar } from './use-cases/calendar';
import { pickupPassPdf, travellerCardPdf, type PaperFile } from './documents/papers';
import { myCompanionData } from './use-cases/my-data';
import { cancelRequest, createRequest, listRequests, updateRequest } from './use-cases/requests';
import { shareTrip, stopSharing, viewSharedTrip } from './use-cases/share-links';
import { writeReference } from './use-cases/references';
import { newHandoverCode, recordMilestone, safetyNoteSeen, setMeeting } from './use-cases/trip';
import {
  createTravelPlan,
  deleteTravelPlan,
  getTravelPlan,
  listTravelPlans,
  updateTravelPlan,
} from './use-cases/travel-plans';

export function companionRoutes(ctx: CompanionContext): Router {
  const router = Router();
  // This service's part of the data export (issue 40): the gateway calls it, it is not in its route table.
  router.get(
    DATA_EXPORT_PART_PATH,
    authedEndpoint({}, (_input, { identity }) => myCompanionData(ctx, identity)),
  );
  router.get(
    '/api/companions/requests',
    authedEndpoint({}, (_input, { identity }) => listRequests(ctx, identity)),
  );
  // Bodies are checked in the use-cases: by the form's own rules, which answer in the form's words.
  router.post(
    '/api/companions/requests',
    authedEndpoint({}, (_input, { identity, req }) => createRequest(ctx, identity, req.body)),
  );
  // The same body and rules as the POST (checked in the use-case, in the form's words).
  router.put(
    '/api/companions/requests/:id',
    authedEndpoint({ params: caseIdParamsSchema }, ({ params }, { identity, req }) =>
      updateRequest(ctx, identity, params.id, req.body),
    ),
  );
  router.put(
    '/api/companions/requests/:id/cancel',
    authedEndpoint({ params: caseIdParamsSchema }, ({ params }, { identity }) =>
      cancelRequest(ctx, identity, params.id),
    ),
  );
  router.put(
    '/api/companions/requests/:id/meeting',
    authedEndpoint(
      { params: caseIdParamsSchema, body: meetingRequestSchema },
      ({ params, body }, { identity }) => setMeeting(ctx, identity, params.id, body),
    ),
  );
  router.post(
    '/api/companions/requests/:id/milestones',
    authedEndpoint(
      { params: caseIdParamsSchema, body: milestoneRequestSchema },
      ({ params, body }, { identity }) => recordMilestone(ctx, identity, params.id, body),
    ),
  );
  router.get(
    '/api/companions/requests/:id/calendar.ics',
    authedEndpoint(
      { params: caseIdParamsSchema, query: calendarQuerySchema },
      async ({ params, query }, { identity, req, res }) => {
        const locale = query.lang ?? localeFromAcceptLanguage(req.get('accept-language')) ?? 'en';
        const file = await requestCalendar(ctx, identity, params.id, locale);
        res
          .status(200)
          .type('text/calendar; charset=utf-8')
          .setHeader('Content-Disposition', `attachment; filename="${file.filename}"`)
          // The owner's own data: no shared cache keeps it.
          .setHeader('Cache-Control', 'private, no-store')
          .send(file.body);
      },
    ),
  );
  // The traveller's card and the pickup pass (issue 39): the owner's own, like the calendar file.
  const pdf = (file: PaperFile, res: Response) =>
    res
      .status(200)
      .type('application/pdf')
      .setHeader('Content-Disposition', `inline; filename="${file.filename}"`)
      .setHeader('Cache-Control', 'private, no-store')
      .send(file.body);
  router.get(
    '/api/companions/requests/:id/traveller-card.pdf',
    authedEndpoint(
      { params: caseIdParamsSchema, query: paperQuerySchema },
      async ({ params, query }, { identity, res }) =>
        pdf(await travellerCardPdf(ctx, identity, params.id, query.lang), res),
    ),
  );
  router.get(
    '/api/companions/requests/:id/pickup-pass.pdf',
    authedEndpoint(
      { params: caseIdParamsSchema, query: paperQuerySchema },
      async ({ params, query }, { identity, res }) =>
        pdf(await pickupPassPdf(ctx, identity, params.id, query.lang), res),
    ),
  );
  router.post(
    '/api/companions/requests/:id/reference',
    authedEndpoint(
      { params: caseIdParamsSchema, body: referenceRequestSchema },
      ({ params, body }, { identity }) => writeReference(ctx, identity, params.id, body),
      { status: 201 },
    ),
  );
  router.put(
    '/api/companions/requests/:id/safety-note',
    authedEndpoint({ params: caseIdParamsSchema }, ({ params }, { identity }) =>
      safetyNoteSeen(ctx, identity, params.id),
    ),
  );
  router.post(
    '/api/companions/requests/:id/handover-code',
    authedEndpoint({ params: caseIdParamsSchema }, ({ params }, { identity }) =>
      newHandoverCode(ctx, identity, params.id),
    ),
  );

  router.post(
    '/api/travel',
    authedEndpoint({}, (_input, { identity, req }) => createTravelPlan(ctx, identity, req.body)),
  );
  router.get(
    '/api/travels',
    authedEndpoint({}, (_input, { identity }) => listTravelPlans(ctx, identity)),
  );
  router.get(
    '/api/travels/:id',
    authedEndpoint({ params: caseIdParamsSchema }, ({ params }, { identity }) =>
      getTravelPlan(ctx, identity, params.id),
    ),
  );
  // The body is checked in the use-case, by the same rules (and words) as a new plan.
  router.put(
    '/api/travels/:id',
    authedEndpoint({ params: caseIdParamsSchema }, ({ params }, { identity, req }) =>
      updateTravelPlan(ctx, identity, params.id, req.body),
    ),
  );
  router.delete(
    '/api/travels/:id',
    authedEndpoint({ params: caseIdParamsSchema }, ({ params }, { identity }) =>
      deleteTravelPlan(ctx, identity, params.id),
    ),
  );

  router.post(
    '/api/share-links',
    authedEndpoint({ body: createShareLinkRequestSchema }, ({ body }, { identity }) =>
      shareTrip(ctx, identity, body.kind, body.id),
    ),
  );
  router.delete(
    '/api/share-links/:kind/:id',
    authedEndpoint({ params: shareLinkParamsSchema }, ({ params }, { identity }) =>
      stopSharing(ctx, identity, params.kind, params.id),
    ),
  );
  router.get(
    '/api/shared/:token',
    // Nothing of a shared trip is kept by a browser or a proxy, errors included: a revoked link must stop at once.
    (_req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
    endpoint({ params: shareTokenParamsSchema, query: sharedTripQuerySchema }, ({ params, query }, { req }) =>
      viewSharedTrip(ctx, params.token, clientIp(req), query.pass),
    ),
  );
  return router;
}
