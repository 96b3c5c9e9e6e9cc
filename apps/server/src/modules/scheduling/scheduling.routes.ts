import {
  itemParamsSchema,
  NEXT_CURSOR_HEADER,
  nextSlotQuerySchema,
  nextSlotSchema,
  reviewApproveSchema,
  reviewBulkResultSchema,
  reviewBulkSchema,
  reviewCountSchema,
  reviewCreateSchema,
  scheduleBatchSchema,
  scheduleCreateSchema,
  scheduledItemListSchema,
  scheduledItemSchema,
  scheduleQuerySchema,
  scheduleUpdateSchema,
} from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import type { Access } from '../workspaces/access';
import { actorOf } from '../workspaces/approval';
import type { SchedulingService } from './scheduling.service';

const tags = ['scheduling'];
/** The spec's /schedule calls live at the root and under /api; /api is documented. */
const both = (path: string) => [`/api${path}`, path] as const;

export function schedulingRoutes(deps: { access: Access; scheduling: SchedulingService }): FastifyPluginAsyncZod {
  const { access, scheduling } = deps;
  return async (app) => {
    for (const url of both('/schedule')) {
      const hide = !url.startsWith('/api');
      app.get(
        url,
        {
          schema: {
            hide,
            tags,
            summary:
              "The user's posts on the schedule: scheduled, in review, posted, failed, unconfirmed (a window, a persona, statuses); with `limit` or `cursor`, one page, and the next page's cursor in the `X-Next-Cursor` header (none: the last page)",
            querystring: scheduleQuerySchema,
            response: { 200: scheduledItemListSchema, ...errorResponses },
          },
        },
        async (request, reply) => {
          // The spec's body is a bare list: a page's next cursor rides in a header (decision 044-list-paging).
          const { items, nextCursor } = await scheduling.list(
            await access.workspaceId(request.headers, 'read'),
            request.query,
          );
          if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
          return items;
        },
      );
      app.post(
        url,
        {
          schema: {
            hide,
            tags,
            summary:
              "Schedules a post for `runAt` (in the future), or for the persona's next free slot with `queue: true`",
            body: scheduleCreateSchema,
            response: { 201: scheduledItemSchema, ...errorResponses },
          },
        },
        async (request, reply) =>
          reply
            .status(201)
            .send(await scheduling.create(actorOf(await access.require(request.headers, 'write')), request.body)),
      );
      app.patch(
        `${url}/:id`,
        {
          schema: {
            hide,
            tags,
            summary: 'Edits or reschedules a post that has not gone out',
            params: itemParamsSchema,
            body: scheduleUpdateSchema,
            response: { 200: scheduledItemSchema, ...errorResponses },
          },
        },
        async (request) =>
          scheduling.update(actorOf(await access.require(request.headers, 'write')), request.params.id, request.body),
      );
      app.delete(
        `${url}/:id`,
        {
          schema: {
            hide,
            tags,
            summary: 'Cancels a post that has not gone out',
            params: itemParamsSchema,
            response: { 204: z.null(), ...errorResponses },
          },
        },
        async (request, reply) => {
          await scheduling.cancel(await access.workspaceId(request.headers, 'write'), request.params.id);
          return reply.status(204).send(null);
        },
      );
    }

    app.post(
      '/api/schedule/batch',
      {
        schema: {
          tags,
          summary:
            'Schedules many posts at once (up to 500), each as `POST /api/schedule` takes one: all or none (an error names `body.items.N.<field>`); the created posts in the order sent',
          body: scheduleBatchSchema,
          response: { 201: scheduledItemListSchema, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await scheduling.createMany(actorOf(await access.require(request.headers, 'write')), request.body)),
    );
    app.get(
      '/api/schedule/next-slot',
      {
        schema: {
          tags,
          summary:
            "The persona's next free posting slot: where 'Add to queue' (scheduling or approving) puts a post if sent now",
          querystring: nextSlotQuerySchema,
          response: { 200: nextSlotSchema, ...errorResponses },
        },
      },
      async (request) =>
        scheduling.nextSlot(
          await access.workspaceId(request.headers, 'read'),
          request.query.personaId,
          request.query.timeZone,
        ),
    );
    app.post(
      '/api/schedule/:id/retry',
      {
        schema: {
          tags,
          summary: 'Publishes a failed or unconfirmed post again now',
          params: itemParamsSchema,
          response: { 200: scheduledItemSchema, ...errorResponses },
        },
      },
      async (request) => scheduling.retry(actorOf(await access.require(request.headers, 'write')), request.params.id),
    );
    app.post(
      '/api/schedule/:id/mark-posted',
      {
        schema: {
          tags,
          summary: 'Marks an unconfirmed or failed post as posted (the user saw it on the account)',
          params: itemParamsSchema,
          response: { 200: scheduledItemSchema, ...errorResponses },
        },
      },
      async (request) =>
        scheduling.markPosted(actorOf(await access.require(request.headers, 'write')), request.params.id),
    );

    app.get(
      '/api/review/count',
      {
        schema: {
          tags: ['review'],
          summary: 'How many drafts wait for review',
          response: { 200: reviewCountSchema, ...errorResponses },
        },
      },
      async (request) => ({ waiting: await scheduling.reviewCount(await access.workspaceId(request.headers, 'read')) }),
    );
    app.post(
      '/api/review',
      {
        schema: {
          tags: ['review'],
          summary: 'Puts a draft in the review queue',
          body: reviewCreateSchema,
          response: { 201: scheduledItemSchema, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await scheduling.submitForReview(actorOf(await access.require(request.headers, 'write')), request.body),
          ),
    );
    app.post(
      '/api/review/:id/approve',
      {
        schema: {
          tags: ['review'],
          summary:
            "Approves a draft: at its own time (no `runAt`, `queue` or `now`; now when that time has passed), a chosen time (`runAt`), the persona's next free slot (`queue: true`) or at once (`now: true`)",
          params: itemParamsSchema,
          body: reviewApproveSchema,
          response: { 200: scheduledItemSchema, ...errorResponses },
        },
      },
      async (request) =>
        scheduling.approve(actorOf(await access.require(request.headers, 'approve')), request.params.id, request.body),
    );
    app.post(
      '/api/review/bulk',
      {
        schema: {
          tags: ['review'],
          summary:
            'Approves (each at its own time, or `now`) or rejects several drafts; each item says whether it was done or why not',
          body: reviewBulkSchema,
          response: { 200: reviewBulkResultSchema, ...errorResponses },
        },
      },
      async (request) => scheduling.bulk(actorOf(await access.require(request.headers, 'approve')), request.body),
    );
    app.post(
      '/api/review/:id/reject',
      {
        schema: {
          tags: ['review'],
          summary: 'Rejects a draft (it is canceled)',
          params: itemParamsSchema,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await scheduling.reject(actorOf(await access.require(request.headers, 'approve')), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
