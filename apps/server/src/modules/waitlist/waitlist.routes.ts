import { apiErrorSchema, waitlistRequestSchema, waitlistResponseSchema } from '@plume/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WaitlistRepository } from './waitlist.repository';

export function waitlistRoutes(deps: {
  waitlist: WaitlistRepository;
  /** Sign-ups a minute from one address. */
  rateLimit: number;
}): FastifyPluginAsyncZod {
  const { waitlist } = deps;
  return async (app) => {
    app.post(
      '/api/waitlist',
      {
        config: {
          rateLimit: {
            max: deps.rateLimit,
            timeWindow: 60_000,
            keyGenerator: (request: FastifyRequest) => `waitlist|${request.ip}`,
          },
        },
        schema: {
          tags: ['landing'],
          summary:
            'Public: joins the early-access waitlist; 201 `joined`, or 200 `already_joined` when the address (in any case) is on it',
          body: waitlistRequestSchema,
          response: {
            200: waitlistResponseSchema,
            201: waitlistResponseSchema,
            400: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const joined = await waitlist.join(request.body.email);
        return joined
          ? reply.status(201).send({ status: 'joined' as const })
          : reply.status(200).send({ status: 'already_joined' as const });
      },
    );
  };
}
