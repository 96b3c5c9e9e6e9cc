import {
  accountSessionListSchema,
  apiErrorSchema,
  apiTokenCreateSchema,
  apiTokenListSchema,
  billingSchema,
  createdApiTokenSchema,
  notificationSettingsSchema,
  profileSchema,
  profileUpdateSchema,
  revokeAllSessionsSchema,
  revokedSchema,
} from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import type { AuthService } from '../auth/auth.service';
import type { Access } from '../workspaces/access';
import type { AccountService } from './account.service';

/** Session ids are the sign-in library's (any text); token ids are ours (UUIDs). */
const sessionParams = z.object({ id: z.string().max(100) });
const tokenParams = z.object({ id: z.uuid('must be a token id') });
/** Sessions and tokens are managed from a signed-in session only; a personal API token gets 403. */
const securityResponses = { ...errorResponses, 403: apiErrorSchema } as const;

/** Account settings (/account-settings): profile, security (sessions, API tokens), billing, notifications. */
export function accountRoutes(deps: {
  auth: AuthService;
  access: Access;
  account: AccountService;
}): FastifyPluginAsyncZod {
  const { auth, access, account } = deps;
  return async (app) => {
    app.get(
      '/api/me/profile',
      {
        schema: {
          tags: ['account'],
          summary: 'The profile: username, e-mail (not changeable), full name and time zone',
          response: { 200: profileSchema, ...errorResponses },
        },
      },
      async (request) => account.profile(await auth.requireUserId(request.headers)),
    );

    app.patch(
      '/api/me/profile',
      {
        schema: {
          tags: ['account'],
          summary: 'Changes the fields sent; username null removes it; a taken username is 409',
          body: profileUpdateSchema,
          response: { 200: profileSchema, ...errorResponses },
        },
      },
      async (request) => account.updateProfile(await auth.requireUserId(request.headers), request.body),
    );

    app.get(
      '/api/me/sessions',
      {
        schema: {
          tags: ['account'],
          summary: 'Signed-in sessions (browsers and devices); `current` marks this one',
          response: { 200: accountSessionListSchema, ...securityResponses },
        },
      },
      async (request) => {
        const { user, sessionId } = await auth.requireSession(request.headers);
        return account.sessions(user.id, sessionId);
      },
    );

    app.delete(
      '/api/me/sessions/:id',
      {
        schema: {
          tags: ['account'],
          summary: 'Signs one session out',
          params: sessionParams,
          response: { 204: z.null(), ...securityResponses },
        },
      },
      async (request, reply) => {
        const { user } = await auth.requireSession(request.headers);
        await account.revokeSession(user.id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/me/sessions/revoke-all',
      {
        schema: {
          tags: ['account'],
          summary: 'Signs out every other session, or every one including this one (includeCurrent)',
          body: revokeAllSessionsSchema,
          response: { 200: revokedSchema, ...securityResponses },
        },
      },
      async (request) => {
        const { user, sessionId } = await auth.requireSession(request.headers);
        return account.revokeAllSessions(user.id, sessionId, request.body.includeCurrent);
      },
    );

    app.get(
      '/api/me/tokens',
      {
        schema: {
          tags: ['account'],
          summary: 'Personal API tokens: name, prefix, created, last used, expiry (never the secret)',
          response: { 200: apiTokenListSchema, ...securityResponses },
        },
      },
      async (request) => account.apiTokens((await auth.requireSession(request.headers)).user.id),
    );

    app.post(
      '/api/me/tokens',
      {
        // No Idempotency-Key: its answer holds the secret, which Plume keeps only hashed (decision 051).
        config: { idempotent: false },
        schema: {
          tags: ['account'],
          summary: 'Creates a personal API token; the secret is in this answer only',
          body: apiTokenCreateSchema,
          response: { 201: createdApiTokenSchema, ...securityResponses },
        },
      },
      async (request, reply) => {
        await auth.requireSession(request.headers);
        const who = await access.require(request.headers, 'read');
        return reply.status(201).send(await account.createApiToken(who, request.body));
      },
    );

    app.delete(
      '/api/me/tokens/:id',
      {
        schema: {
          tags: ['account'],
          summary: 'Revokes a personal API token: it is refused from the next request on',
          params: tokenParams,
          response: { 204: z.null(), ...securityResponses },
        },
      },
      async (request, reply) => {
        const { user } = await auth.requireSession(request.headers);
        await account.revokeApiToken(user.id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/me/billing',
      {
        schema: {
          tags: ['account'],
          summary:
            "The plan, this month's usage and whether the plan's limits apply here (PLAN_LIMITS; payment is not connected yet)",
          response: { 200: billingSchema, ...errorResponses },
        },
      },
      async (request) => account.billing(await access.workspaceId(request.headers, 'read')),
    );

    app.get(
      '/api/me/notifications',
      {
        schema: {
          tags: ['account'],
          summary: 'Which events send an e-mail',
          response: { 200: notificationSettingsSchema, ...errorResponses },
        },
      },
      async (request) => account.notifications(await auth.requireUserId(request.headers)),
    );

    app.put(
      '/api/me/notifications',
      {
        schema: {
          tags: ['account'],
          summary: 'Saves which events send an e-mail',
          body: notificationSettingsSchema,
          response: { 200: notificationSettingsSchema, ...errorResponses },
        },
      },
      // A session only: a leaked API token must not be able to silence the mails that would reveal it.
      async (request) => account.saveNotifications((await auth.requireSession(request.headers)).user.id, request.body),
    );
  };
}
