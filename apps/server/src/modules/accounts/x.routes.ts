import {
  apiErrorSchema,
  xOAuthStartQuerySchema,
  xRefreshRequestSchema,
  xRefreshResponseSchema,
  xTokenRequestSchema,
  xTokenResponseSchema,
  xUserProfileSchema,
  xUserQuerySchema,
} from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import type { AuthService } from '../auth/auth.service';
import type { Access } from '../workspaces/access';
import { CONNECT_ACTION, popupAccess } from './popup-access';
import type { XConnectService } from './x-connect.service';

const tags = ['accounts'];
const providerErrors = { ...errorResponses, 429: apiErrorSchema, 502: apiErrorSchema } as const;

/**
 * The X connection's routes (editor spec §7). `/api/auth/x/*` are more specific than better-auth's
 * `/api/auth/*` wildcard, so Fastify's router sends them here.
 */
export function xRoutes(deps: {
  auth: AuthService;
  access: Access;
  x: XConnectService;
  /** Requests a minute from one address to each route (each calls X): AUTH_RATE_LIMIT. */
  rateLimit: number;
}): FastifyPluginAsyncZod {
  const { auth, access, x } = deps;
  const outboundLimit = { rateLimit: { max: deps.rateLimit, timeWindow: 60_000 } };
  return async (app) => {
    app.get(
      '/api/oauth/x',
      {
        config: outboundLimit,
        schema: {
          tags,
          summary:
            "The X popup's first page: redirects to X's authorization page (PKCE S256, the spec's scopes), or to /x/callback with the error",
          querystring: xOAuthStartQuerySchema,
        },
      },
      async (request, reply) => {
        const signedIn = await auth.authenticate(request.headers);
        const who = signedIn ? popupAccess(access, request.headers, request.query.workspace) : null;
        return reply.redirect(await x.start(who, request.query), 302);
      },
    );

    app.post(
      '/api/auth/x/token',
      {
        config: outboundLimit,
        schema: {
          tags,
          summary: "Finishes the X connection with the callback's code and state; answers the profile, never tokens",
          body: xTokenRequestSchema,
          response: { 200: xTokenResponseSchema, ...providerErrors },
        },
      },
      async (request) => x.finish(await access.require(request.headers, CONNECT_ACTION), request.body),
    );

    app.post(
      '/api/auth/x/refresh',
      {
        config: outboundLimit,
        schema: {
          tags,
          summary: "Renews the persona's X access token on the server",
          body: xRefreshRequestSchema,
          response: { 200: xRefreshResponseSchema, ...providerErrors },
        },
      },
      async (request) => x.refresh(await access.workspaceId(request.headers, 'write'), request.body.personaId),
    );

    app.get(
      '/api/x/user/me',
      {
        config: outboundLimit,
        schema: {
          tags,
          summary: "The persona's X profile, read from X (followers are kept on the account)",
          querystring: xUserQuerySchema,
          response: { 200: xUserProfileSchema, ...providerErrors },
        },
      },
      async (request) => x.me(await access.workspaceId(request.headers, 'read'), request.query.personaId),
    );
  };
}
