import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError } from '../../errors';
import type { AuthService } from './auth.service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A route that documents a 401 answer (`errorResponses`) is one that needs a signed-in caller. */
function needsSignIn(request: FastifyRequest): boolean {
  const response = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
  return response !== undefined && '401' in response;
}

/**
 * Before anything else on a route that needs sign-in: 401 for a caller who is not signed in
 * (before the body is read or checked), `Cache-Control: no-store` on the answer, and for a
 * cookie-signed request that changes something, an Origin of Plume's own pages (defence in depth
 * behind SameSite=Lax). Bearer tokens are not sent by browsers on their own, so they need no Origin.
 */
export function registerSignInGuard(app: FastifyInstance, deps: { auth: AuthService; trustedOrigins: string[] }) {
  app.addHook('onRequest', async (request, reply) => {
    if (!needsSignIn(request)) return;
    reply.header('cache-control', 'no-store');
    await deps.auth.requireUser(request.headers);
    if (SAFE_METHODS.has(request.method) || request.headers.authorization) return;
    const origin = request.headers.origin;
    if (!origin || !deps.trustedOrigins.includes(origin)) {
      throw new ForbiddenError(
        origin
          ? `Requests from ${origin} cannot change anything here: use Plume's own pages, or a personal API token`
          : "A signed-in change needs the Origin header of Plume's own pages, or a personal API token",
      );
    }
  });
}
