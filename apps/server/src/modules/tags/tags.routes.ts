import { tagIdParamsSchema, tagListSchema, tagSchema, tagWriteSchema } from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import type { Access } from '../workspaces/access';
import type { TagsService } from './tags.service';

const tags = ['tags'];

export function tagsRoutes(deps: { access: Access; tags: TagsService }): FastifyPluginAsyncZod {
  const { access } = deps;
  const service = deps.tags;
  return async (app) => {
    app.get(
      '/api/tags',
      { schema: { tags, summary: 'Your tags', response: { 200: tagListSchema, ...errorResponses } } },
      async (request) => service.list(await access.workspaceId(request.headers, 'read')),
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
        reply.status(201).send(await service.create(await access.workspaceId(request.headers, 'write'), request.body)),
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
      async (request) =>
        service.update(await access.workspaceId(request.headers, 'write'), request.params.id, request.body),
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
        await service.remove(await access.workspaceId(request.headers, 'write'), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
