import { healthSchema } from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export function healthRoutes(deps: { database: 'pglite' | 'postgres'; version: string }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      { schema: { tags: ['meta'], summary: 'Liveness and which database is in use', response: { 200: healthSchema } } },
      () => ({ status: 'ok' as const, database: deps.database, version: deps.version }),
    );
  };
}
