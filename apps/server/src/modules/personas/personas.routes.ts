import {
  bulkRequestSchema,
  bulkResultSchema,
  personaExportFileName,
  personaIdParamsSchema,
  personaImportSchema,
  personaListSchema,
  personaSchema,
  personaVersionListSchema,
  personaWriteSchema,
  rollbackRequestSchema,
} from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import type { Access } from '../workspaces/access';
import type { PersonasService } from './personas.service';

const tags = ['personas'];

export function personasRoutes(deps: { access: Access; personas: PersonasService }): FastifyPluginAsyncZod {
  const { access, personas } = deps;
  return async (app) => {
    app.get(
      '/api/personas',
      {
        schema: {
          tags,
          summary: 'Your personas, newest first',
          response: { 200: personaListSchema, ...errorResponses },
        },
      },
      // Sent as the text the service keeps: checked against the schema once per change of the list.
      async (request, reply) =>
        reply
          .type('application/json; charset=utf-8')
          .send((await personas.listJson(await access.workspaceId(request.headers, 'read'))) as never),
    );

    app.post(
      '/api/personas',
      {
        schema: {
          tags,
          summary: 'Create a persona (missing fields get the defaults)',
          body: personaWriteSchema,
          response: { 201: personaSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const persona = await personas.create(await access.workspaceId(request.headers, 'write'), request.body);
        return reply.status(201).send(persona);
      },
    );

    app.post(
      '/api/personas/import',
      {
        schema: {
          tags,
          summary: 'Create a persona from an exported file',
          body: personaImportSchema,
          response: { 201: personaSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const persona = await personas.import(await access.workspaceId(request.headers, 'write'), request.body);
        return reply.status(201).send(persona);
      },
    );

    app.post(
      '/api/personas/bulk',
      {
        schema: {
          tags,
          summary: 'Activate, pause, delete, tag or untag several personas, all or nothing',
          body: bulkRequestSchema,
          response: { 200: bulkResultSchema, ...errorResponses },
        },
      },
      async (request) => personas.bulk(await access.workspaceId(request.headers, 'write'), request.body),
    );

    app.get(
      '/api/personas/:id',
      {
        schema: {
          tags,
          summary: 'One persona',
          params: personaIdParamsSchema,
          response: { 200: personaSchema, ...errorResponses },
        },
      },
      async (request) => personas.get(await access.workspaceId(request.headers, 'read'), request.params.id),
    );

    app.put(
      '/api/personas/:id',
      {
        schema: {
          tags,
          summary: 'Save a persona (fields left out keep their values)',
          params: personaIdParamsSchema,
          body: personaWriteSchema,
          response: { 200: personaSchema, ...errorResponses },
        },
      },
      async (request) => {
        const who = await access.require(request.headers, 'write');
        return personas.update(who.workspaceId, request.params.id, request.body, {
          userId: who.userId,
          role: who.role,
          needsApproval: who.workspace.needsApproval,
        });
      },
    );

    app.delete(
      '/api/personas/:id',
      {
        schema: {
          tags,
          summary: 'Delete a persona',
          params: personaIdParamsSchema,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await personas.remove(await access.workspaceId(request.headers, 'write'), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/personas/:id/export',
      {
        schema: {
          tags,
          summary: 'A persona as a JSON file',
          params: personaIdParamsSchema,
          response: { 200: personaSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const persona = await personas.get(await access.workspaceId(request.headers, 'read'), request.params.id);
        return reply
          .header('content-disposition', `attachment; filename="${personaExportFileName(persona.name)}"`)
          .send(persona);
      },
    );

    app.get(
      '/api/personas/:id/versions',
      {
        schema: {
          tags,
          summary: 'Saved versions of a persona, newest first',
          params: personaIdParamsSchema,
          response: { 200: personaVersionListSchema, ...errorResponses },
        },
      },
      async (request) => personas.versions(await access.workspaceId(request.headers, 'read'), request.params.id),
    );

    app.post(
      '/api/personas/:id/rollback',
      {
        schema: {
          tags,
          summary: 'Restore a saved version (as a new version)',
          params: personaIdParamsSchema,
          body: rollbackRequestSchema,
          response: { 200: personaSchema, ...errorResponses },
        },
      },
      async (request) =>
        personas.rollback(
          await access.workspaceId(request.headers, 'write'),
          request.params.id,
          request.body.versionId,
        ),
    );
  };
}
