import { apiErrorSchema, feedTitlesQuerySchema, feedTitlesSchema } from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import type { AuthService } from '../auth/auth.service';
import type { FeedsService } from './feeds.service';

export function feedsRoutes(deps: { auth: AuthService; feeds: FeedsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/feed-titles',
      {
        schema: {
          tags: ['sources'],
          summary: "A source's latest titles (RSS/Atom feed, subreddit or web page), fetched by the server",
          querystring: feedTitlesQuerySchema,
          response: { 200: feedTitlesSchema, ...errorResponses, 422: apiErrorSchema },
        },
      },
      async (request) => {
        await deps.auth.requireUserId(request.headers);
        return deps.feeds.titles(request.query);
      },
    );
  };
}
