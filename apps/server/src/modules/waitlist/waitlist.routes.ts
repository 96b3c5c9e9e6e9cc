import { apiErrorSchema, waitlistRequestSchema, waitlistResponseSchema } from '@plume/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WaitlistService } from './waitlist.service';

export function waitlistRoutes(deps: {
  waitlist: WaitlistService;
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
        const answer = await waitlist.join(request.body.email);
        return reply.status(answer.status === 'joined' ? 201 : 200).send(answer);
      },
    );
  };
}
