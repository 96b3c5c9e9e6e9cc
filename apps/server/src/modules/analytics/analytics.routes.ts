import { analyticsQuerySchema, analyticsSchema, personaIdParamsSchema } from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import type { AuthService } from '../auth/auth.service';
import type { AnalyticsService } from './analytics.service';

export function analyticsRoutes(deps: { auth: AuthService; analytics: AnalyticsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/personas/:id/analytics',
      {
        schema: {
          tags: ['analytics'],
          summary:
            "A persona's analytics over 7, 30 or 90 days in the user's zone: days, stat cards, key events, top posts, recommendations, the week's insights",
          params: personaIdParamsSchema,
          querystring: analyticsQuerySchema,
          response: { 200: analyticsSchema, ...errorResponses },
        },
      },
      async (request) =>
        deps.analytics.persona(await deps.auth.requireUserId(request.headers), request.params.id, request.query),
    );
  };
}
