import { apiErrorSchema, feedTitlesQuerySchema, feedTitlesSchema } from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import type { Access } from '../workspaces/access';
import type { FeedsService } from './feeds.service';

export function feedsRoutes(deps: { access: Access; feeds: FeedsService }): FastifyPluginAsyncZod {
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
        await deps.access.workspaceId(request.headers, 'read');
        return deps.feeds.titles(request.query);
      },
    );
  };
}
