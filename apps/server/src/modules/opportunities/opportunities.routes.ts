import { dismissOpportunitiesSchema, opportunityListSchema } from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import type { Access } from '../workspaces/access';
import type { OpportunitiesService } from './opportunities.service';

/** The dashboard's upcoming engagement opportunities, and dismissing them (kept per user). */
export function opportunitiesRoutes(deps: {
  access: Access;
  opportunities: OpportunitiesService;
}): FastifyPluginAsyncZod {
  const { access, opportunities } = deps;
  return async (app) => {
    app.get(
      '/api/opportunities',
      {
        schema: {
          tags: ['dashboard'],
          summary:
            'What the user could act on now: mentions without a reply, reply drafts waiting for review, a post taking off, fresh source items; dismissed ones left out until something newer comes',
          response: { 200: opportunityListSchema, ...errorResponses },
        },
      },
      async (request) => opportunities.list(await access.workspaceId(request.headers, 'read')),
    );

    app.post(
      '/api/opportunities/dismiss',
      {
        schema: {
          tags: ['dashboard'],
          summary:
            'Hides opportunities as the user saw them (their newest thing), on every device, until something newer comes',
          body: dismissOpportunitiesSchema,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await opportunities.dismiss(await access.workspaceId(request.headers, 'write'), request.body);
        return reply.status(204).send(null);
      },
    );
  };
}
