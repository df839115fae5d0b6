/** The chat service's REST routes (spec §7 and the chat issue): thin handlers over the use-cases. */
import { Router } from 'express';
import {
  DATA_EXPORT_PART_PATH,
  checkSearchContactRequestSchema,
  conversationIdParamsSchema,
  createSearchConversationRequestSchema,
  localeFromAcceptLanguage,
  messagesQuerySchema,
  reportConversationRequestSchema,
  sendMessageRequestSchema,
  startChatRequestSchema,
} from '@safarsaathi/contracts';
import { authedEndpoint } from '@safarsaathi/platform';
import type { ChatContext } from './use-cases/context';
import { checkSearchContact, createSearchConversation, startChat } from './use-cases/contacts';
import {
  block,
  conversationRequests,
  listConversationsJson,
  unblock,
  unreadCount,
} from './use-cases/conversations';
import { listMessages, markRead, sendMessage } from './use-cases/messages';
import { reportConversation } from './use-cases/reports';
import { myChatData } from './use-cases/my-data';

export function chatRoutes(ctx: ChatContext): Router {
  const router = Router();
  const params = conversationIdParamsSchema;

  // This service's part of the data export (issue 40): the gateway calls it, it is not in its route table.
  router.get(
    DATA_EXPORT_PART_PATH,
    authedEndpoint({}, (_input, { identity }) => myChatData(ctx, identity)),
  );

  router.post(
    '/api/chat/check-search-contact',
    authedEndpoint({ body: checkSearchContactRequestSchema }, ({ body }, { identity }) =>
      checkSearchContact(ctx, identity, body),
    ),
  );
  router.post(
    '/api/chat/create-search-conversation',
    authedEndpoint({ body: createSearchConversationRequestSchema }, ({ body }, { identity }) =>
      createSearchConversation(ctx, identity, body),
    ),
  );
  router.post(
    '/api/chat/start-chat',
    authedEndpoint({ body: startChatRequestSchema }, ({ body }, { identity }) =>
      startChat(ctx, identity, body),
    ),
  );

  router.get(
    '/api/chat/conversations',
    authedEndpoint({}, async (_input, { identity, res }) => {
      // It carries message previews: like the messages, never kept by a cache.
      res.setHeader('Cache-Control', 'no-store');
      res.type('application/json').send(await listConversationsJson(ctx, identity));
    }),
  );
  router.get(
    '/api/chat/unread-count',
    authedEndpoint({}, (_input, { identity }) => unreadCount(ctx, identity)),
  );
  router.get(
    '/api/chat/conversations/:id/messages',
    authedEndpoint({ params, query: messagesQuerySchema }, ({ params, query }, { identity, res }) => {
      // Private messages are never kept by a browser or a proxy cache.
      res.setHeader('Cache-Control', 'no-store');
      return listMessages(ctx, identity, params.id, query.before);
    }),
  );
  router.post(
    '/api/chat/conversations/:id/messages',
    authedEndpoint({ params, body: sendMessageRequestSchema }, ({ params, body }, { identity }) =>
      sendMessage(ctx, identity, params.id, body.message_text),
    ),
  );
  router.get(
    '/api/chat/conversations/:id/requests',
    authedEndpoint({ params }, ({ params }, { identity, res }) => {
      res.setHeader('Cache-Control', 'no-store');
      return conversationRequests(ctx, identity, params.id);
    }),
  );
  router.put(
    '/api/chat/conversations/:id/mark-read',
    authedEndpoint({ params }, ({ params }, { identity }) => markRead(ctx, identity, params.id)),
  );
  router.put(
    '/api/chat/conversations/:id/block',
    authedEndpoint({ params }, ({ params }, { identity }) => block(ctx, identity, params.id)),
  );
  router.delete(
    '/api/chat/conversations/:id/block',
    authedEndpoint({ params }, ({ params }, { identity }) => unblock(ctx, identity, params.id)),
  );
  router.post(
    '/api/chat/conversations/:id/report',
    authedEndpoint(
      { params, body: reportConversationRequestSchema },
      ({ params, body }, { identity, req }) =>
        reportConversation(
          ctx,
          identity,
          params.id,
          body,
          // The reporter's confirmation e-mail is written in the page's language.
          localeFromAcceptLanguage(req.headers['accept-language']),
        ),
      { status: 201 },
    ),
  );
  return router;
}
