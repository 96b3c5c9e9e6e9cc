import { accountListSchema, accountParamsSchema, personaIdParamsSchema } from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import type { Access } from '../workspaces/access';
import type { AccountsService } from './accounts.service';

const tags = ['accounts'];

export function accountsRoutes(deps: { access: Access; accounts: AccountsService }): FastifyPluginAsyncZod {
  const { access, accounts } = deps;
  return async (app) => {
    app.get(
      '/api/personas/:id/accounts',
      {
        schema: {
          tags,
          summary: "A persona's connected X and Bluesky accounts (the connection report; never tokens)",
          params: personaIdParamsSchema,
          response: { 200: accountListSchema, ...errorResponses },
        },
      },
      async (request) => accounts.list(await access.workspaceId(request.headers, 'read'), request.params.id),
    );

    app.delete(
      '/api/personas/:id/accounts/:platform',
      {
        schema: {
          tags,
          summary: 'Disconnect: deletes the stored tokens or session and asks the platform to revoke them',
          params: accountParamsSchema,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await accounts.disconnect(
          await access.workspaceId(request.headers, 'manage'),
          request.params.id,
          request.params.platform,
        );
        return reply.status(204).send(null);
      },
    );
  };
}
