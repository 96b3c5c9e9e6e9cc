import { apiErrorSchema, devOutboxSchema } from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../../errors';
import type { DevOutboxRepository } from './dev-outbox.repository';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Registered only outside production, and only answered to this machine: the outbox holds
 * everyone's sign-in links.
 */
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
      (request) => {
        if (!LOOPBACK.test(request.socket.remoteAddress ?? ''))
          throw new NotFoundError('Route GET /api/dev/outbox not found');
        return repository.list();
      },
    );
  };
}
