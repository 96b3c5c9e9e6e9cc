import {
  encodeCursor,
  inAppNotificationListSchema,
  NOTIFICATION_LIST_MAX,
  notificationIdParamsSchema,
  PAGE_DEFAULT,
  pageQuerySchema,
} from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../errors';
import { errorResponses } from '../../plugins/error-responses';
import type { Access } from '../workspaces/access';
import type { InboxRepository } from './inbox.repository';

/** The in-app notifications: the list with its unread count, and marking them read. */
export function inboxRoutes(deps: { access: Access; inbox: InboxRepository }): FastifyPluginAsyncZod {
  const { access, inbox } = deps;
  return async (app) => {
    app.get(
      '/api/notifications',
      {
        schema: {
          tags: ['notifications'],
          summary: `The newest ${NOTIFICATION_LIST_MAX} in-app notifications and how many are unread; with \`limit\` or \`cursor\`, one page, newest first, and \`nextCursor\``,
          querystring: pageQuerySchema,
          response: { 200: inAppNotificationListSchema, ...errorResponses },
        },
      },
      async (request) => {
        const workspaceId = await access.workspaceId(request.headers, 'read');
        const { limit, cursor } = request.query;
        if (limit === undefined && cursor === undefined) {
          const [items, unread] = await Promise.all([
            inbox.list(workspaceId, NOTIFICATION_LIST_MAX),
            inbox.unreadCount(workspaceId),
          ]);
          return { items, unread };
        }
        const [page, unread] = await Promise.all([
          inbox.page(workspaceId, limit ?? PAGE_DEFAULT, cursor),
          inbox.unreadCount(workspaceId),
        ]);
        return { items: page.items, unread, nextCursor: page.next ? encodeCursor(page.next) : null };
      },
    );

    app.post(
      '/api/notifications/:id/read',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Marks one notification read',
          params: notificationIdParamsSchema,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        const workspaceId = await access.workspaceId(request.headers, 'write');
        if (!(await inbox.markRead(workspaceId, request.params.id, new Date()))) {
          throw new NotFoundError('Notification not found');
        }
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/notifications/read-all',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Marks every notification read',
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await inbox.markAllRead(await access.workspaceId(request.headers, 'write'), new Date());
        return reply.status(204).send(null);
      },
    );
  };
}
