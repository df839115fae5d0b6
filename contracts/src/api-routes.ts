/**
 * The REST surface of the product (spec §7, design brief §3): one entry per operation. The gateway's
 * route table and the OpenAPI document are both generated from this list, so they cannot drift apart.
 * Request and response schemas are attached as each issue delivers its endpoints.
 */
import type { ServiceName } from './topics';
import {
  endOtherSessionsResponseSchema,
  environmentInfoResponseSchema,
  altchaChallengeSchema,
  sessionIdParamsSchema,
  sessionsResponseSchema,
  registerUserRequestSchema,
  registerUserResponseSchema,
  sendCodeRequestSchema,
  sendCodeResponseSchema,
  successResponseSchema,
  toggleRealOtpRequestSchema,
  toggleRealOtpResponseSchema,
  updateUserStatusRequestSchema,
  userInfoResponseSchema,
  verifyOtpRequestSchema,
  verifyOtpResponseSchema,
} from './auth';
import { setLocaleRequestSchema, setLocaleResponseSchema } from './locale';
import {
  helpPreferenceRequestSchema,
  profileQuerySchema,
  simpleProfileSchema,
  tourStatusSchema,
} from './accounts';
import {
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationSchema,
  unreadCountSchema,
} from './notifications';
import { createCaseRequestSchema, createCaseResponseSchema, issueTypesResponseSchema } from './support';
import {
  caseIdParamsSchema,
  companionRequestBodySchema,
  companionRequestViewSchema,
  createCompanionResponseSchema,
  travelPlanDetailsSchema,
  travelPlanRequestSchema,
  travelPlanViewSchema,
} from './companion';
import {
  createShareLinkRequestSchema,
  shareLinkParamsSchema,
  shareLinkSchema,
  sharedTripSchema,
  shareTokenParamsSchema,
} from './share-links';
import { meetingRequestSchema, milestoneRequestSchema } from './trip';
import {
  checkSearchContactRequestSchema,
  checkSearchContactResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
} from './search';
import {
  chatUnreadCountSchema,
  conversationIdParamsSchema,
  conversationSchema,
  conversationStartResponseSchema,
  createSearchConversationRequestSchema,
  markReadResponseSchema,
  messagesQuerySchema,
  conversationRequestsSchema,
  messagesResponseSchema,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
  startChatRequestSchema,
} from './chat';
import { z as zod } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * public: anyone; optional: identity forwarded when signed in; session: signed in; admin: signed in
 * with the admin role (enforced by the gateway and again by the service).
 */
export type Access = 'public' | 'optional' | 'session' | 'admin';

export interface ApiRoute {
  method: HttpMethod;
  /** Express-style path, `:id` for parameters. */
  path: string;
  service: Exclude<ServiceName, 'gateway'>;
  access: Access;
  summary: string;
  /** Rate-limited per IP and per (e-mail, IP) at the gateway; the services keep their own limits too. */
  rateLimited?: boolean;
  body?: zod.ZodType;
  query?: zod.ZodType;
  /** Path parameters (`:id`), as the service checks them. */
  params?: zod.ZodType;
  response?: zod.ZodType;
  /** A success body that is not JSON. */
  responseType?: 'text/csv';
  /**
   * Error statuses the service itself answers beyond those every route of its kind can give (see
   * documentedStatuses in openapi.ts): e.g. 401 for a wrong code, 404 for an unknown phone, 409, 429.
   */
  errors?: readonly number[];
}

export const API_ROUTES: readonly ApiRoute[] = [
  // auth
  {
    method: 'POST',
    path: '/api/auth/register',
    service: 'auth',
    access: 'public',
    rateLimited: true,
    summary: 'Send a one-time code by e-mail',
    body: sendCodeRequestSchema,
    response: sendCodeResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/auth/challenge',
    service: 'auth',
    access: 'public',
    summary: 'A proof-of-work challenge (ALTCHA) for a code past the network budget',
    response: altchaChallengeSchema,
  },
  {
    method: 'POST',
    path: '/api/auth/verify-otp',
    service: 'auth',
    access: 'public',
    rateLimited: true,
    errors: [401],
    summary: 'Verify a code and start a session',
    body: verifyOtpRequestSchema,
    response: verifyOtpResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/auth/register-user',
    service: 'auth',
    access: 'session',
    errors: [409, 429],
    summary: 'Complete registration',
    body: registerUserRequestSchema,
    response: registerUserResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/auth/user-info',
    service: 'auth',
    access: 'session',
    summary: 'The signed-in user',
    response: userInfoResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/auth/environment-info',
    service: 'auth',
    access: 'public',
    summary: 'Development flags',
    response: environmentInfoResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/auth/toggle-real-otp',
    service: 'auth',
    access: 'public',
    rateLimited: true,
    summary: 'Switch real codes on or off (development only: from this machine or by an admin)',
    body: toggleRealOtpRequestSchema,
    response: toggleRealOtpResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    service: 'auth',
    access: 'optional',
    summary: 'End the session',
    response: successResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/auth/update-user-status',
    service: 'auth',
    access: 'admin',
    errors: [404],
    summary: 'Block or unblock a user by phone number',
    body: updateUserStatusRequestSchema,
    response: successResponseSchema,
  },
  {
    method: 'DELETE',
    path: '/users/delete-account',
    service: 'auth',
    access: 'session',
    summary: 'Delete the signed-in profile',
    response: successResponseSchema,
  },
  {
    method: 'GET',
    path: '/users/profile',
    service: 'auth',
    access: 'session',
    summary: 'Simple profile of the signed-in user',
    query: profileQuerySchema,
    response: simpleProfileSchema,
  },
  {
    method: 'PUT',
    path: '/users/help-preference',
    service: 'auth',
    access: 'session',
    summary: 'Set the help preference',
    body: helpPreferenceRequestSchema,
  },
  {
    method: 'PUT',
    path: '/api/auth/locale',
    service: 'auth',
    access: 'session',
    summary: "Set the signed-in user's language (en or hi): the web app and e-mails follow it",
    body: setLocaleRequestSchema,
    response: setLocaleResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/auth/sessions',
    service: 'auth',
    access: 'session',
    summary: "The signed-in user's active sessions",
    response: sessionsResponseSchema,
  },
  {
    method: 'DELETE',
    path: '/api/auth/sessions/:id',
    service: 'auth',
    access: 'session',
    summary: "End one of the user's other sessions",
    params: sessionIdParamsSchema,
    response: successResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/auth/logout-others',
    service: 'auth',
    access: 'session',
    summary: 'End every session of the user but this one',
    response: endOtherSessionsResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/tour/status',
    service: 'auth',
    access: 'session',
    summary: 'Guided tour status',
    response: tourStatusSchema,
  },
  {
    method: 'POST',
    path: '/api/tour/complete',
    service: 'auth',
    access: 'session',
    summary: 'Mark the tour completed',
    response: tourStatusSchema,
  },
  {
    method: 'POST',
    path: '/api/tour/reset',
    service: 'auth',
    access: 'session',
    summary: 'Show the tour again',
    response: tourStatusSchema,
  },
  // companion
  {
    method: 'GET',
    path: '/api/companions/requests',
    service: 'companion',
    access: 'session',
    summary: 'Own companion requests',
    response: zod.array(companionRequestViewSchema),
  },
  {
    method: 'POST',
    path: '/api/companions/requests',
    service: 'companion',
    access: 'session',
    errors: [409],
    summary: 'Create a companion request (409 when the user already has the most active ones allowed)',
    body: companionRequestBodySchema,
    response: createCompanionResponseSchema,
  },
  {
    method: 'PUT',
    path: '/api/companions/requests/:id/cancel',
    service: 'companion',
    access: 'session',
    summary: 'Cancel an own request',
    params: caseIdParamsSchema,
    response: zod.object({
      success: zod.literal(true),
      caseid: zod.string(),
      status: zod.literal('cancelled'),
    }),
  },
  {
    method: 'PUT',
    path: '/api/companions/requests/:id/meeting',
    service: 'companion',
    access: 'session',
    errors: [404, 409],
    summary: 'Set the meeting point of an own matched request (409 when it has no match)',
    params: caseIdParamsSchema,
    body: meetingRequestSchema,
    response: companionRequestViewSchema,
  },
  {
    method: 'POST',
    path: '/api/companions/requests/:id/milestones',
    service: 'companion',
    access: 'session',
    errors: [403, 404, 409, 429],
    summary:
      "Record a milestone of an own matched trip (hand-over: the companion, with the traveller's code)",
    params: caseIdParamsSchema,
    body: milestoneRequestSchema,
    response: companionRequestViewSchema,
  },
  {
    method: 'POST',
    path: '/api/companions/requests/:id/handover-code',
    service: 'companion',
    access: 'session',
    errors: [403, 404, 409],
    summary: 'Make a new hand-over code (the traveller who asked for a companion)',
    params: caseIdParamsSchema,
    response: companionRequestViewSchema,
  },
  {
    method: 'POST',
    path: '/api/travel',
    service: 'companion',
    access: 'session',
    errors: [409],
    summary: 'Create a travel plan (409 when the user already has the most upcoming ones allowed)',
    body: travelPlanRequestSchema,
    response: zod.object({ success: zod.literal(true), message: zod.string(), data: travelPlanViewSchema }),
  },
  {
    method: 'GET',
    path: '/api/travels',
    service: 'companion',
    access: 'session',
    summary: 'Own travel plans',
    response: zod.array(travelPlanViewSchema),
  },
  {
    method: 'GET',
    path: '/api/travels/:id',
    service: 'companion',
    access: 'session',
    summary: 'One own travel plan in full',
    params: caseIdParamsSchema,
    response: travelPlanDetailsSchema,
  },
  {
    method: 'PUT',
    path: '/api/travels/:id',
    service: 'companion',
    access: 'session',
    summary: 'Edit an own travel plan',
    params: caseIdParamsSchema,
    body: travelPlanRequestSchema,
    response: zod.object({
      success: zod.literal(true),
      message: zod.string(),
      data: travelPlanDetailsSchema,
    }),
  },
  {
    method: 'DELETE',
    path: '/api/travels/:id',
    service: 'companion',
    access: 'session',
    summary: 'Delete an own travel plan',
    params: caseIdParamsSchema,
    response: successResponseSchema,
  },
  // share links (issue 14): the owner's link to a trip, and the public read-only view it opens
  {
    method: 'POST',
    path: '/api/share-links',
    service: 'companion',
    access: 'session',
    errors: [404, 409],
    summary: 'Share an own trip: its read-only link (the current one when it exists)',
    body: createShareLinkRequestSchema,
    response: shareLinkSchema,
  },
  {
    method: 'DELETE',
    path: '/api/share-links/:kind/:id',
    service: 'companion',
    access: 'session',
    summary: 'Stop sharing an own trip: its link stops working',
    params: shareLinkParamsSchema,
    response: successResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/shared/:token',
    service: 'companion',
    access: 'public',
    errors: [404, 410, 429],
    summary: 'A shared trip, read-only (410 when the link was revoked or has expired)',
    params: shareTokenParamsSchema,
    response: sharedTripSchema,
  },
  // search
  {
    method: 'GET',
    path: '/api/search/unified',
    service: 'search',
    access: 'session',
    summary: 'Search (signed in)',
    query: searchQuerySchema,
    response: searchResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/search/public',
    service: 'search',
    access: 'public',
    summary: 'Search (public fields only)',
    query: searchQuerySchema,
    response: searchResponseSchema,
  },
  {
    method: 'GET',
    path: '/data/airports.csv',
    service: 'search',
    access: 'public',
    summary: 'Airports served (CSV: iata_code,name,iso_country,municipality)',
    responseType: 'text/csv',
  },
  // chat
  {
    method: 'POST',
    path: '/api/chat/check-search-contact',
    service: 'chat',
    access: 'session',
    errors: [404, 409, 429],
    summary: 'Contact from a search result',
    body: checkSearchContactRequestSchema,
    response: checkSearchContactResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/chat/create-search-conversation',
    service: 'chat',
    access: 'session',
    errors: [404, 409, 429],
    summary: 'Start a conversation after creating a request',
    body: createSearchConversationRequestSchema,
    response: conversationStartResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/chat/start-chat',
    service: 'chat',
    access: 'session',
    errors: [404, 409, 429],
    summary: 'Start a chat with a match',
    body: startChatRequestSchema,
    response: conversationStartResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/chat/conversations',
    service: 'chat',
    access: 'session',
    summary: 'Own conversations',
    response: zod.array(conversationSchema),
  },
  {
    method: 'GET',
    path: '/api/chat/conversations/:id/messages',
    service: 'chat',
    access: 'session',
    params: conversationIdParamsSchema,
    summary: 'Messages of an own conversation',
    query: messagesQuerySchema,
    response: messagesResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/chat/conversations/:id/messages',
    service: 'chat',
    access: 'session',
    params: conversationIdParamsSchema,
    errors: [429],
    summary: 'Send a message',
    body: sendMessageRequestSchema,
    response: sendMessageResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/chat/conversations/:id/requests',
    service: 'chat',
    access: 'session',
    params: conversationIdParamsSchema,
    summary: "The caller's own requests matched with the other participant's (their trip day)",
    response: conversationRequestsSchema,
  },
  {
    method: 'PUT',
    path: '/api/chat/conversations/:id/mark-read',
    service: 'chat',
    access: 'session',
    params: conversationIdParamsSchema,
    summary: 'Mark a conversation read',
    response: markReadResponseSchema,
  },
  {
    method: 'PUT',
    path: '/api/chat/conversations/:id/block',
    service: 'chat',
    access: 'session',
    params: conversationIdParamsSchema,
    summary: 'Block a conversation: neither side can send',
    response: conversationSchema,
  },
  {
    method: 'DELETE',
    path: '/api/chat/conversations/:id/block',
    service: 'chat',
    access: 'session',
    params: conversationIdParamsSchema,
    summary: 'Unblock a conversation the caller blocked',
    response: conversationSchema,
  },
  {
    method: 'GET',
    path: '/api/chat/unread-count',
    service: 'chat',
    access: 'session',
    summary: 'Unread chat messages',
    response: chatUnreadCountSchema,
  },
  // notifications
  {
    method: 'GET',
    path: '/api/notifications',
    service: 'notifications',
    access: 'session',
    summary: 'Latest notifications',
    query: notificationListQuerySchema,
    response: zod.array(notificationSchema),
  },
  {
    method: 'GET',
    path: '/api/notifications/unread-count',
    service: 'notifications',
    access: 'session',
    summary: 'Unread notifications',
    response: unreadCountSchema,
  },
  {
    method: 'PUT',
    path: '/api/notifications/mark-all-read',
    service: 'notifications',
    access: 'session',
    summary: 'Mark all read',
    response: successResponseSchema,
  },
  {
    method: 'PUT',
    path: '/api/notifications/:id/read',
    service: 'notifications',
    access: 'session',
    summary: 'Mark one read',
    params: notificationIdParamsSchema,
    response: successResponseSchema,
  },
  // support
  {
    method: 'GET',
    path: '/help-support/issue-types',
    service: 'support',
    access: 'public',
    summary: 'Issue types',
    response: issueTypesResponseSchema,
  },
  {
    method: 'POST',
    path: '/help-support/create-case',
    service: 'support',
    access: 'optional',
    rateLimited: true,
    errors: [401, 404],
    summary:
      "Create a support case (a report names a conversation of the reporter's: 401 signed out, 404 when not theirs)",
    body: createCaseRequestSchema,
    response: createCaseResponseSchema,
  },
];
