import { apiErrorSchema, devOutboxSchema } from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DevOutboxRepository } from './dev-outbox.repository';

/** Registered only outside production. */
export function devOutboxRoutes(repository: DevOutboxRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/dev/outbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'Mail kept by the dev mailer, newest first (not in production)',
          response: { 200: devOutboxSchema, 500: apiErrorSchema },
        },
      },
      () => repository.list(),
    );
  };
}
