import { Router } from 'express';
import { createCaseRequestSchema } from '@safarsaathi/contracts';
import { endpoint } from '@safarsaathi/platform';
import type { CaseModel } from './persistence/cases';
import { createCase, issueTypes } from './use-cases/cases';

export function supportRoutes(cases: CaseModel, flushOutbox: () => void): Router {
  const router = Router();
  router.get('/help-support/issue-types', endpoint({}, () => issueTypes()));
  router.post(
    '/help-support/create-case',
    endpoint({ body: createCaseRequestSchema }, ({ body }, { identity }) => createCase(cases, identity, body, flushOutbox)),
  );
  return router;
}
