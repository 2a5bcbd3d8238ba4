import type {} from '@fastify/rate-limit';
import {
  CHAT_EMAIL_DELAY_MINUTES,
  ChatCreatedSchema,
  ChatCreateSchema,
  ChatListSchema,
  ChatMessagePageSchema,
  ChatMessageSchema,
  ChatParamsSchema,
  ChatReadSchema,
  ChatSummarySchema,
  MessageCreateSchema,
  MessagesQuerySchema,
  UnreadCountSchema,
} from '@nbr/domain/chats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { NO_CONTENT } from '../../platform/http/openapi.ts';
import { perAccountBudget } from '../../platform/http/rate-limit.ts';
import type { ChatsDeps } from './chats.deps.ts';
import * as service from './chats.service.ts';

/** Messages a person may write per minute (new chats and answers alike): a lively chat, not a spammer. */
export const MESSAGES_PER_ACCOUNT_PER_MINUTE = 30;

export interface ChatsRoutesOptions {
  deps: ChatsDeps;
}

const TAGS = ['chats'];

/**
 * Chats of the acting party (SPEC §7: GET|POST /chats/, GET|POST /chats/{id}/messages), plus the
 * unread badge, one chat, and the read position. Reading is for anyone signed in (their own chats;
 * staff switched in may look); writing is the person's own act, so not while switched in.
 */
export const chatsRoutes: FastifyPluginAsyncZod<ChatsRoutesOptions> = async (app, options) => {
  const { deps } = options;
  const messageBudget = () => perAccountBudget(app, MESSAGES_PER_ACCOUNT_PER_MINUTE, '1 minute');

  app.get(
    '/chats',
    {
      schema: {
        tags: TAGS,
        summary: 'My chats, newest activity first, each with its last message and unread count',
        response: { 200: ChatListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.listChats(deps, requireAuth(request)),
  );

  app.post(
    '/chats',
    {
      schema: {
        tags: TAGS,
        summary:
          "Send a draft: to a transfer's or request's chat I take part in, or to the owner of a bike I may see (409 own_bike for my own)",
        body: ChatCreateSchema,
        response: { 201: ChatCreatedSchema },
      },
      config: { access: 'signed_in_self' },
      preHandler: messageBudget(),
    },
    async (request, reply) => {
      const created = await service.createChat(deps, requireAuth(request), request.body, request.log);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/chats/unread',
    {
      schema: {
        tags: TAGS,
        summary: 'How many messages in my chats I have not read (the badge of Messages)',
        response: { 200: UnreadCountSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.countUnread(deps, requireAuth(request)),
  );

  app.get(
    '/chats/:chat_id',
    {
      schema: {
        tags: TAGS,
        summary: 'One of my chats; 404 for anyone not taking part',
        params: ChatParamsSchema,
        response: { 200: ChatSummarySchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.getChat(deps, requireAuth(request), request.params.chat_id),
  );

  app.get(
    '/chats/:chat_id/messages',
    {
      schema: {
        tags: TAGS,
        summary:
          'Messages of one of my chats: the newest page (or the one before `before`), oldest first within the page',
        params: ChatParamsSchema,
        querystring: MessagesQuerySchema,
        response: { 200: ChatMessagePageSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) =>
      service.listMessages(deps, requireAuth(request), request.params.chat_id, request.query.before),
  );

  app.post(
    '/chats/:chat_id/messages',
    {
      schema: {
        tags: TAGS,
        summary: 'Write in one of my chats; the others get it live, or by e-mail when they are away',
        params: ChatParamsSchema,
        body: MessageCreateSchema,
        response: { 201: ChatMessageSchema },
      },
      config: { access: 'signed_in_self' },
      preHandler: messageBudget(),
    },
    async (request, reply) => {
      const message = await service.sendMessage(
        deps,
        requireAuth(request),
        request.params.chat_id,
        request.body.content,
        request.log,
      );
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/chats/:chat_id/read',
    {
      schema: {
        tags: TAGS,
        summary: 'I have read everything up to this message (the position never moves back)',
        params: ChatParamsSchema,
        body: ChatReadSchema,
        response: { 204: NO_CONTENT },
      },
      config: { access: 'signed_in' },
    },
    async (request, reply) => {
      await service.markChatRead(deps, requireAuth(request), request.params.chat_id, request.body.message_id);
      return reply.code(204).send();
    },
  );
};

const NotifierReportSchema = z.object({
  mailed: z.number().int(),
  online: z.number().int(),
  busy: z.number().int(),
  skipped: z.number().int(),
});

/**
 * POST /dev/chats/notify — runs one pass of the unread-messages mailer as if every message had waited
 * its CHAT_EMAIL_DELAY_MINUTES already, so a demo or an end-to-end journey sees the mails (the owner's
 * unread messages, a guest's "the owner answered") without waiting. Never in production.
 */
export const devChatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/chats/notify', { schema: { hide: true, response: { 200: NotifierReportSchema } } }, async () =>
    app.chatNotifier.runOnce(new Date(Date.now() + (CHAT_EMAIL_DELAY_MINUTES + 1) * 60_000)),
  );
};
