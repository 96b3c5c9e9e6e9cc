import {
  apiErrorSchema,
  idempotencyKeySchema,
  mentionItemSchema,
  mentionListQuerySchema,
  mentionListSchema,
  mentionParamsSchema,
  mentionReplySchema,
  personaIdParamsSchema,
} from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import type { Access } from '../workspaces/access';
import { actorOf } from '../workspaces/approval';
import type { MentionsService } from './mentions.service';

/** A persona's mentions inbox: what was read for it and decided, answered by hand or drafted on request. */
export function mentionsRoutes(deps: {
  access: Access;
  mentions: MentionsService;
  idempotency: IdempotencyService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/personas/:id/mentions',
      {
        schema: {
          tags: ['automation'],
          summary:
            "A persona's mentions, replies and quotes, newest first, each with what automation decided and why (paged by `cursor`)",
          params: personaIdParamsSchema,
          querystring: mentionListQuerySchema,
          response: { 200: mentionListSchema, ...errorResponses },
        },
      },
      async (request) =>
        deps.mentions.list(await deps.access.workspaceId(request.headers, 'read'), request.params.id, request.query),
    );

    app.post(
      '/api/personas/:id/mentions/:mentionId/reply',
      {
        schema: {
          tags: ['automation'],
          summary:
            'Answers a mention by hand: the reply is checked and posted now, threaded under the mention. With an `Idempotency-Key`, the same key again answers the first answer (never replies twice)',
          params: mentionParamsSchema,
          headers: z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() }),
          body: mentionReplySchema,
          response: { 200: mentionItemSchema, ...errorResponses, 422: apiErrorSchema },
        },
      },
      async (request) => {
        const who = await deps.access.require(request.headers, 'write');
        return deps.idempotency.once({
          userId: who.userId,
          key: request.headers['idempotency-key'],
          route: 'POST /api/personas/{id}/mentions/{mentionId}/reply',
          request: { params: request.params, body: request.body },
          work: () => deps.mentions.reply(actorOf(who), request.params.id, request.params.mentionId, request.body),
        });
      },
    );

    app.post(
      '/api/personas/:id/mentions/:mentionId/draft',
      {
        schema: {
          tags: ['automation'],
          summary: 'Has the persona draft a reply to a mention now; the draft waits in the review queue',
          params: mentionParamsSchema,
          response: { 200: mentionItemSchema, ...errorResponses },
        },
      },
      async (request) =>
        deps.mentions.draft(
          await deps.access.workspaceId(request.headers, 'write'),
          request.params.id,
          request.params.mentionId,
        ),
    );
  };
}
