import {
  itemParamsSchema,
  NEXT_CURSOR_HEADER,
  postDeleteQuerySchema,
  postPageSchema,
  postSchema,
  postsQuerySchema,
  scheduleUpdateSchema,
} from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import type { Access } from '../workspaces/access';
import { actorOf } from '../workspaces/approval';
import type { PostsService } from './posts.service';

const tags = ['posts'];

/** The public posts API (decision 051-posts-api): one post by id in any status, and the list of them. */
export function postsRoutes(deps: { access: Access; posts: PostsService }): FastifyPluginAsyncZod {
  const { access, posts } = deps;
  return async (app) => {
    app.get(
      '/api/posts',
      {
        schema: {
          tags,
          summary:
            "The user's posts in any status, one page at a time (`limit` 1–100, default 50), filtered by `status` (comma-separated), `personaId`, `platform`, a window (`from`, `to`) and words of the text (`q`), ordered by each post's own time (`order=created`: when written); the next page's cursor is `nextCursor` and the `X-Next-Cursor` header (none: the last page)",
          querystring: postsQuerySchema,
          response: { 200: postPageSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const page = await posts.list(await access.workspaceId(request.headers, 'read'), request.query);
        if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
        return page;
      },
    );
    app.get(
      '/api/posts/:id',
      {
        schema: {
          tags,
          summary:
            'One post by id, in any status (draft, in review, scheduled, publishing, posted, failed, unconfirmed, canceled), with its parts and media, how it went out on its network (`url`, `externalIds`, `error`) and how late (`lateSeconds`)',
          params: itemParamsSchema,
          response: { 200: postSchema, ...errorResponses },
        },
      },
      async (request) => posts.getWithHistory(await access.workspaceId(request.headers, 'read'), request.params.id),
    );
    app.patch(
      '/api/posts/:id',
      {
        schema: {
          tags,
          summary:
            'Edits a post that has not gone out: its text or parts (with media), network, or time (`runAt`, or `queue: true` for the next free slot; its publish job moves with it), checked as the schedule checks them; 409 naming why for a post posted, publishing or canceled',
          params: itemParamsSchema,
          body: scheduleUpdateSchema,
          response: { 200: postSchema, ...errorResponses },
        },
      },
      async (request) =>
        posts.update(actorOf(await access.require(request.headers, 'write')), request.params.id, request.body),
    );
    app.delete(
      '/api/posts/:id',
      {
        schema: {
          tags,
          summary:
            'Deletes a post that has not gone out (a draft, in review, scheduled, failed, canceled): it is removed and never published. A post that is (or may be) on its network is a 409, since Plume cannot take it down there: with `fromPlume=true` it is removed from Plume only. A post being published is a 409',
          params: itemParamsSchema,
          querystring: postDeleteQuerySchema,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await posts.remove(await access.workspaceId(request.headers, 'write'), request.params.id, {
          fromPlume: request.query.fromPlume === 'true',
        });
        return reply.status(204).send(null);
      },
    );
  };
}
