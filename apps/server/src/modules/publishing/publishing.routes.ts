import {
  apiErrorSchema,
  idempotencyKeySchema,
  personaIdParamsSchema,
  publishRequestSchema,
  publishResponseSchema,
} from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import type { Access } from '../workspaces/access';
import { actorOf } from '../workspaces/approval';
import type { PublishingService } from './publishing.service';

export function publishingRoutes(deps: {
  access: Access;
  publishing: PublishingService;
  idempotency: IdempotencyService;
}): FastifyPluginAsyncZod {
  const { access, publishing, idempotency } = deps;
  return async (app) => {
    app.post(
      '/api/personas/:id/post',
      {
        // Each call posts to real accounts: a generous human pace, not a loop.
        config: { rateLimit: { max: 30, timeWindow: 60_000 } },
        schema: {
          tags: ['publishing'],
          summary:
            'Posts now to X and/or Bluesky as the persona (a thread with `parts`); 200 when any platform posted, with a result per platform. With an `Idempotency-Key`, the same key again answers the first answer (never posts twice); 409 `duplicate_post` when the same text went out to a network in the last ten minutes, unless `confirmDuplicate`',
          params: personaIdParamsSchema,
          headers: z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() }),
          body: publishRequestSchema,
          response: {
            200: publishResponseSchema,
            202: publishResponseSchema,
            ...errorResponses,
            422: apiErrorSchema,
            429: errorResponses[400],
            502: errorResponses[400],
          },
        },
      },
      async (request, reply) => {
        const who = await access.require(request.headers, 'write');
        const answer = await idempotency.once({
          userId: who.userId,
          key: request.headers['idempotency-key'],
          route: 'POST /api/personas/{id}/post',
          request: { params: request.params, body: request.body },
          work: () => publishing.publishNow(actorOf(who), request.params.id, request.body),
        });
        // Sent to review instead (the workspace's posts need approval): accepted, not posted.
        return reply.status(answer.review ? 202 : 200).send(answer);
      },
    );
  };
}
