import { Router } from 'express';
import {
  DATA_EXPORT_PART_PATH,
  adminAuditQuerySchema,
  adminCaseParamsSchema,
  adminCasesQuerySchema,
  createCaseRequestSchema,
  localeFromAcceptLanguage,
  myCasesQuerySchema,
  updateCaseRequestSchema,
} from '@safarsaathi/contracts';
import { adminEndpoint, authedEndpoint, clientIp, endpoint } from '@safarsaathi/platform';
import { auditPage, caseDetail, listCases, updateCase } from './use-cases/admin';
import { createCase, issueTypes, type SupportContext } from './use-cases/cases';
import { myCases } from './use-cases/my-cases';
import { mySupportData } from './use-cases/my-data';

export function supportRoutes(ctx: SupportContext): Router {
  const router = Router();
  router.get(
    '/help-support/issue-types',
    endpoint({}, () => issueTypes()),
  );
  router.post(
    '/help-support/create-case',
    endpoint({ body: createCaseRequestSchema }, ({ body }, { identity, req }) =>
      createCase(
        ctx,
        identity,
        body,
        clientIp(req),
        localeFromAcceptLanguage(req.headers['accept-language']),
      ),
    ),
  );
  // The caller's own cases and the replies to them (issue 38): the filter is the caller's user id.
  router.get(
    '/help-support/my-cases',
    authedEndpoint({ query: myCasesQuerySchema }, ({ query }, { identity }) =>
      myCases(ctx, identity, query.page),
    ),
  );

  // This service's part of the data export (issue 40): the gateway calls it, it is not in its route table.
  router.get(
    DATA_EXPORT_PART_PATH,
    authedEndpoint({}, (_input, { identity }) => mySupportData(ctx, identity)),
  );

  // The ops console (addendum §2.3). The audit log has a GET only: no call edits or deletes an entry.
  router.get(
    '/api/admin/cases',
    adminEndpoint({ query: adminCasesQuerySchema }, ({ query }, { res }) => {
      res.setHeader('Cache-Control', 'no-store');
      return listCases(ctx, query);
    }),
  );
  router.get(
    '/api/admin/cases/:case_id',
    adminEndpoint({ params: adminCaseParamsSchema }, ({ params }, { res, identity }) => {
      // Attached messages are private: never kept by a browser or a proxy cache.
      res.setHeader('Cache-Control', 'no-store');
      return caseDetail(ctx, identity, params.case_id);
    }),
  );
  router.put(
    '/api/admin/cases/:case_id',
    adminEndpoint(
      { params: adminCaseParamsSchema, body: updateCaseRequestSchema },
      ({ params, body }, { identity }) => updateCase(ctx, identity, params.case_id, body),
    ),
  );
  router.get(
    '/api/admin/audit',
    adminEndpoint({ query: adminAuditQuerySchema }, ({ query }, { res }) => {
      res.setHeader('Cache-Control', 'no-store');
      return auditPage(ctx, query.page);
    }),
  );
  return router;
}
