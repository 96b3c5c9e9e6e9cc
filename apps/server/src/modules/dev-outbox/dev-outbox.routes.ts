import { apiErrorSchema, devOutboxSchema } from '@plume/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../../errors';
import type { DevOutboxRepository } from './dev-outbox.repository';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Whether a request really comes from this machine: its connection is from loopback, the client
 * address Fastify works out (TRUST_PROXY) is loopback too, and no proxy says it passed it on. A
 * reverse proxy on the same host connects from loopback for clients anywhere.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? '') && LOOPBACK.test(request.ip);
}

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
        if (!fromThisMachine(request)) throw new NotFoundError('Route GET /api/dev/outbox not found');
        return repository.list();
      },
    );
  };
}
