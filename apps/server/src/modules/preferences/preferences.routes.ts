import { preferencesSchema } from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import type { AuthService } from '../auth/auth.service';
import type { PreferencesRepository } from './preferences.repository';

export function preferencesRoutes(deps: {
  auth: AuthService;
  preferences: PreferencesRepository;
}): FastifyPluginAsyncZod {
  const { auth, preferences } = deps;
  return async (app) => {
    app.get(
      '/api/me/preferences',
      {
        schema: {
          tags: ['account'],
          summary: "The user's preferences: the IANA time zone for display and recurring slots (null: the browser's)",
          response: { 200: preferencesSchema, ...errorResponses },
        },
      },
      async (request) => ({ timeZone: await preferences.timeZone(await auth.requireUserId(request.headers)) }),
    );

    app.put(
      '/api/me/preferences',
      {
        schema: {
          tags: ['account'],
          summary: "Saves the user's preferences",
          body: preferencesSchema,
          response: { 200: preferencesSchema, ...errorResponses },
        },
      },
      async (request) => {
        const userId = await auth.requireUserId(request.headers);
        await preferences.setTimeZone(userId, request.body.timeZone);
        return { timeZone: request.body.timeZone };
      },
    );
  };
}
