import { tagIdParamsSchema, tagListSchema, tagSchema, tagWriteSchema } from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import type { AuthService } from '../auth/auth.service';
import type { TagsService } from './tags.service';

const tags = ['tags'];

export function tagsRoutes(deps: { auth: AuthService; tags: TagsService }): FastifyPluginAsyncZod {
  const { auth } = deps;
  const service = deps.tags;
  return async (app) => {
    app.get(
      '/api/tags',
      { schema: { tags, summary: 'Your tags', response: { 200: tagListSchema, ...errorResponses } } },
      async (request) => service.list(await auth.requireUserId(request.headers)),
    );

    app.post(
      '/api/tags',
      {
        schema: {
          tags,
          summary: 'Create a tag',
          body: tagWriteSchema,
          response: { 201: tagSchema, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(await auth.requireUserId(request.headers), request.body)),
    );

    app.put(
      '/api/tags/:id',
      {
        schema: {
          tags,
          summary: 'Rename or recolour a tag',
          params: tagIdParamsSchema,
          body: tagWriteSchema,
          response: { 200: tagSchema, ...errorResponses },
        },
      },
      async (request) => service.update(await auth.requireUserId(request.headers), request.params.id, request.body),
    );

    app.delete(
      '/api/tags/:id',
      {
        schema: {
          tags,
          summary: 'Delete a tag (it comes off every persona)',
          params: tagIdParamsSchema,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await service.remove(await auth.requireUserId(request.headers), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
