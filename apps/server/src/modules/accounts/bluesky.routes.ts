import {
  accountSchema,
  blueskyAppPasswordRequestSchema,
  blueskyOAuthStartQuerySchema,
  blueskyTokenRequestSchema,
  blueskyTokenResponseSchema,
  personaIdParamsSchema,
} from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import type { AuthService } from '../auth/auth.service';
import type { Access } from '../workspaces/access';
import type { BlueskyConnectService } from './bluesky-connect.service';
import { CONNECT_ACTION, popupAccess } from './popup-access';

const tags = ['accounts'];
const providerErrors = {
  ...errorResponses,
  403: errorResponses[400],
  429: errorResponses[400],
  502: errorResponses[400],
};

export function blueskyRoutes(deps: {
  auth: AuthService;
  access: Access;
  bluesky: BlueskyConnectService;
  clientMetadata: object;
  /** Requests a minute from one address to each route that calls the user's Bluesky server: AUTH_RATE_LIMIT. */
  rateLimit: number;
}): FastifyPluginAsyncZod {
  const { auth, access, bluesky, clientMetadata } = deps;
  const outboundLimit = { rateLimit: { max: deps.rateLimit, timeWindow: 60_000 } };
  return async (app) => {
    app.get(
      '/api/oauth/bluesky',
      {
        config: outboundLimit,
        schema: {
          tags,
          summary:
            "The Bluesky popup's first page: redirects to the account's authorization server (PAR, PKCE, DPoP), or to /bsky/callback with the error",
          querystring: blueskyOAuthStartQuerySchema,
        },
      },
      async (request, reply) => {
        const signedIn = await auth.authenticate(request.headers);
        const who = signedIn ? popupAccess(access, request.headers, request.query.workspace) : null;
        return reply.redirect(await bluesky.start(who, request.query), 302);
      },
    );

    app.get(
      '/api/oauth/bluesky/callback',
      {
        schema: {
          tags,
          summary:
            "The authorization server's redirect: finishes on the server, then sends the popup to /bsky/callback",
        },
      },
      async (request, reply) => {
        const params = new URL(request.url, 'http://plume.invalid').searchParams;
        const user = await auth.authenticate(request.headers);
        return reply.redirect(await bluesky.finishRedirect(params, user?.user.id ?? null), 302);
      },
    );

    app.get(
      '/api/oauth/bluesky/client-metadata.json',
      { schema: { tags, summary: "Plume's OAuth client metadata (atproto clients are identified by this document)" } },
      async (_request, reply) => reply.header('cache-control', 'public, max-age=600').send(clientMetadata),
    );

    app.post(
      '/api/oauth/token',
      {
        config: outboundLimit,
        schema: {
          tags,
          summary:
            'Finishes a Bluesky authorization with the code a callback page received (tokens stay on the server)',
          body: blueskyTokenRequestSchema,
          response: { 200: blueskyTokenResponseSchema, ...providerErrors },
        },
      },
      async (request) => bluesky.exchange(await access.require(request.headers, CONNECT_ACTION), request.body),
    );

    app.post(
      '/api/personas/:id/accounts/bluesky/app-password',
      {
        config: outboundLimit,
        schema: {
          tags,
          summary: 'Connects a Bluesky account with an app password (for bots and self-hosted servers)',
          params: personaIdParamsSchema,
          body: blueskyAppPasswordRequestSchema,
          response: { 200: accountSchema, ...providerErrors },
        },
      },
      async (request) =>
        bluesky.connectWithAppPassword(
          await access.workspaceId(request.headers, CONNECT_ACTION),
          request.params.id,
          request.body,
        ),
    );
  };
}
