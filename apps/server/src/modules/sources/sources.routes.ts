import { apiErrorSchema, ingestRequestSchema, ingestResultSchema } from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import type { Access } from '../workspaces/access';
import type { SourcesService } from './sources.service';

export function sourcesRoutes(deps: { access: Access; sources: SourcesService }): FastifyPluginAsyncZod {
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
      async (request) => deps.sources.ingest(await deps.access.workspaceId(request.headers, 'write'), request.body),
    );
  };
}
