import { Router } from 'express';
import { createCaseRequestSchema, localeFromAcceptLanguage } from '@safarsaathi/contracts';
import { clientIp, endpoint } from '@safarsaathi/platform';
import { createCase, issueTypes, type SupportContext } from './use-cases/cases';

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
  return router;
}
