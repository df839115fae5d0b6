import { Router } from 'express';

/** The notifications REST API (list, unread count, mark read) arrives with the accounts issue. */
export function notificationRoutes(): Router {
  return Router();
}
