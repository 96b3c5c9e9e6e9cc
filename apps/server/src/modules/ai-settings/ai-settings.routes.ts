import {
  aiSettingsSchema,
  aiSettingsWriteSchema,
  aiTestRequestSchema,
  aiTestResultSchema,
  apiErrorSchema,
  localModelsSchema,
} from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import type { Access } from '../workspaces/access';
import type { AiSettingsService } from './ai-settings.service';

/** Global Settings: the AI provider a workspace writes with, stored per workspace; the key never comes back. */
export function aiSettingsRoutes(deps: { access: Access; aiSettings: AiSettingsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/settings/ai',
      {
        schema: {
          tags: ['settings'],
          summary: "The workspace's AI provider settings (whether a key is set, never the key)",
          response: { 200: aiSettingsSchema, ...errorResponses },
        },
      },
      async (request) => deps.aiSettings.view(await deps.access.workspaceId(request.headers, 'read')),
    );

    app.put(
      '/api/settings/ai',
      {
        schema: {
          tags: ['settings'],
          summary:
            "Saves the workspace's AI provider settings; apiKey: a new key, null to remove it, absent to keep it",
          body: aiSettingsWriteSchema,
          response: { 200: aiSettingsSchema, ...errorResponses },
        },
      },
      async (request) => deps.aiSettings.save(await deps.access.workspaceId(request.headers, 'manage'), request.body),
    );

    app.delete(
      '/api/settings/ai',
      {
        schema: {
          tags: ['settings'],
          summary: "Forgets the workspace's AI provider settings: the server default (or the offline composer) writes",
          response: { 200: aiSettingsSchema, ...errorResponses },
        },
      },
      async (request) => deps.aiSettings.reset(await deps.access.workspaceId(request.headers, 'manage')),
    );

    app.get(
      '/api/settings/ai/local',
      {
        schema: {
          tags: ['settings'],
          summary: 'An Ollama server on the machine Plume runs on, and its models (where this server may use them)',
          response: { 200: localModelsSchema, ...errorResponses },
        },
      },
      async (request) => {
        await deps.access.workspaceId(request.headers, 'read');
        return deps.aiSettings.localModels();
      },
    );

    app.post(
      '/api/settings/ai/test',
      {
        schema: {
          tags: ['settings'],
          summary:
            "Test connection: one small call with the form's values, not saved; with no provider, the settings in force (or what the offline composer says)",
          body: aiTestRequestSchema,
          response: { 200: aiTestResultSchema, ...errorResponses, 429: apiErrorSchema, 502: apiErrorSchema },
        },
      },
      async (request) => deps.aiSettings.test(await deps.access.workspaceId(request.headers, 'manage'), request.body),
    );
  };
}
