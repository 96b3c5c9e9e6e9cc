import {
  accountDeletedSchema,
  accountDeletionConfirmSchema,
  accountDeletionRequestedSchema,
  apiErrorSchema,
  dataExportSchema,
  dataExportStateSchema,
} from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import type { AuthService } from '../auth/auth.service';
import type { YourDataService } from './your-data.service';

const tags = ['account'];
/** Exports and deletion are for a signed-in session only: a personal API token gets 403. */
const sessionResponses = { ...errorResponses, 403: apiErrorSchema } as const;
const exportParams = z.object({ id: z.uuid('must be an export id') });

/** Your data (issue 34): download everything, or delete the account. */
export function yourDataRoutes(deps: { auth: AuthService; yourData: YourDataService }): FastifyPluginAsyncZod {
  const { auth, yourData } = deps;
  return async (app) => {
    app.get(
      '/api/account/export',
      {
        schema: {
          tags,
          summary:
            'The latest export of your data: preparing, ready (with its download link and expiry) or failed; null when none',
          response: { 200: dataExportStateSchema, ...sessionResponses },
        },
      },
      async (request) => ({ export: await yourData.exportState((await auth.requireSession(request.headers)).user.id) }),
    );

    app.post(
      '/api/account/export',
      {
        schema: {
          tags,
          summary:
            'Starts an export of all your data (one zip: personas and versions, posts and outcomes, sources, metrics, notifications, settings, images; never secrets). 202 when started; 200 with the one being prepared when one already is. A notification and an e-mail say when it is ready',
          response: { 200: dataExportSchema, 202: dataExportSchema, ...sessionResponses },
        },
      },
      async (request, reply) => {
        const { user } = await auth.requireSession(request.headers);
        const { export: started, started: isNew } = await yourData.requestExport(user.id);
        return reply.status(isNew ? 202 : 200).send(started);
      },
    );

    app.get(
      '/api/account/export/:id',
      {
        schema: {
          tags,
          summary: 'Downloads a ready export (a zip archive); only its owner, signed in, may (another user: 404)',
          params: exportParams,
          response: { 200: z.any().meta({ type: 'string', format: 'binary' }), ...sessionResponses },
        },
      },
      async (request, reply) => {
        const { user } = await auth.requireSession(request.headers);
        const archive = await yourData.download(user.id, request.params.id);
        return reply
          .header('content-type', 'application/zip')
          .header('content-length', String(archive.bytes))
          .header('content-disposition', `attachment; filename="${archive.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(archive.stream);
      },
    );

    app.post(
      '/api/account/delete',
      {
        schema: {
          tags,
          summary:
            'Asks to delete your account: an e-mail with a confirmation link (single use, valid 60 minutes) goes to your address; nothing is deleted yet',
          response: { 200: accountDeletionRequestedSchema, ...sessionResponses },
        },
      },
      async (request) => yourData.requestDeletion((await auth.requireSession(request.headers)).user.id),
    );

    app.post(
      '/api/account/delete/confirm',
      {
        schema: {
          tags,
          summary:
            "Deletes the account the e-mail's token was sent for: connections revoked where the network allows, every row and image deleted, every session signed out. Needs no session: the token is the proof",
          body: accountDeletionConfirmSchema,
          // No 401: the token is the proof, whoever follows the link.
          response: { 200: accountDeletedSchema, 400: apiErrorSchema, 413: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const deleted = await yourData.confirmDeletion(request.body.token);
        auth.forgetPresented(request.headers);
        return reply.send(deleted);
      },
    );
  };
}
