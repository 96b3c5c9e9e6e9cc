import { personaIdParamsSchema, publishRequestSchema, publishResponseSchema } from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import type { AuthService } from '../auth/auth.service';
import type { PublishingService } from './publishing.service';

export function publishingRoutes(deps: { auth: AuthService; publishing: PublishingService }): FastifyPluginAsyncZod {
  const { auth, publishing } = deps;
  return async (app) => {
    app.post(
      '/api/personas/:id/post',
      {
        // Each call posts to real accounts: a generous human pace, not a loop.
        config: { rateLimit: { max: 30, timeWindow: 60_000 } },
        schema: {
          tags: ['publishing'],
          summary:
            'Posts now to X and/or Bluesky as the persona (a thread with `parts`); 200 when any platform posted, with a result per platform',
          params: personaIdParamsSchema,
          body: publishRequestSchema,
          response: {
            200: publishResponseSchema,
            ...errorResponses,
            429: errorResponses[400],
            502: errorResponses[400],
          },
        },
      },
      async (request) =>
        publishing.publishNow(await auth.requireUserId(request.headers), request.params.id, request.body),
    );
  };
}
