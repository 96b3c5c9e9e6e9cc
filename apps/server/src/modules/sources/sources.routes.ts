import { apiErrorSchema, ingestRequestSchema, ingestResultSchema } from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import type { AuthService } from '../auth/auth.service';
import type { SourcesService } from './sources.service';

export function sourcesRoutes(deps: { auth: AuthService; sources: SourcesService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/ingest',
      {
        schema: {
          tags: ['sources'],
          summary: "Fetch a persona's source now and keep its items",
          body: ingestRequestSchema,
          response: { 200: ingestResultSchema, ...errorResponses, 422: apiErrorSchema },
        },
      },
      async (request) => deps.sources.ingest(await deps.auth.requireUserId(request.headers), request.body),
    );
  };
}
