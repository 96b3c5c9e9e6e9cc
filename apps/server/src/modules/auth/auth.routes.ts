import { apiErrorSchema, publicConfigSchema, sessionStateSchema, sessionUserSchema } from '@plume/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { type Auth, CLIENT_IP_HEADER } from './auth';
import { type AuthService, toHeaders } from './auth.service';

/** Passes a Fastify request to better-auth's fetch handler and its Response back. */
async function bridge(auth: Auth, config: Config, request: FastifyRequest, reply: FastifyReply) {
  const url = new URL(request.url, config.appUrl);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const headers = toHeaders(request.headers);
  headers.delete('content-length');
  headers.set(CLIENT_IP_HEADER, request.ip);
  const response = await auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      body: hasBody ? (typeof request.body === 'string' ? request.body : JSON.stringify(request.body)) : undefined,
    }),
  );
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  // better-auth answers errors as { message, code }; the API answers { error: { code, message } }.
  if (response.status >= 400) {
    let parsed: { message?: string; code?: string } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      // Not JSON: the status text says enough.
    }
    reply.header('content-type', 'application/json; charset=utf-8');
    const code = (parsed.code ?? 'auth_error').toLowerCase();
    // A page opened at an address Plume does not run at: say which one to open.
    const message =
      code === 'invalid_origin'
        ? `This page was opened at ${request.headers.origin ?? 'another address'}, but Plume runs at ${config.appUrl}: open ${config.appUrl} and sign in there.`
        : (parsed.message ?? (response.statusText || 'Sign-in failed'));
    return reply.send({ error: { code, message } });
  }
  return reply.send(text.length > 0 ? text : null);
}

export function authRoutes(deps: { auth: Auth; authService: AuthService; config: Config }): FastifyPluginAsyncZod {
  const { auth, authService, config } = deps;
  return async (app) => {
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      config: {
        rateLimit: {
          max: config.authRateLimit,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `auth|${request.ip}|${request.url.split('?')[0]}`,
          // The app reads the session on every page load; only the sign-in steps are limited.
          allowList: (request: FastifyRequest) => request.url.startsWith('/api/auth/get-session'),
        },
      },
      handler: (request, reply) => {
        // Signing out (or in again) changes what the presented cookie stands for.
        if (!request.url.startsWith('/api/auth/get-session')) authService.forgetPresented(request.headers);
        return bridge(auth, config, request, reply);
      },
    });

    app.get(
      '/api/me',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user (session cookie or Bearer token)',
          response: { 200: sessionUserSchema, 401: apiErrorSchema },
        },
      },
      async (request) => authService.toSessionUser(await authService.requireUser(request.headers)),
    );

    app.get(
      '/api/session',
      {
        schema: {
          tags: ['auth'],
          summary: 'Who is signed in, if anyone (never 401)',
          response: { 200: sessionStateSchema },
        },
      },
      async (request) => {
        // The web app's probe: never the token, which page scripts do not need.
        const found = await authService.authenticate(request.headers);
        if (!found) return { user: null };
        const { jwt: _token, ...user } = authService.toSessionUser(found);
        return { user };
      },
    );

    app.get(
      '/api/config',
      {
        schema: {
          tags: ['meta'],
          summary: 'What this server has set up (sign-in methods, dev outbox)',
          response: { 200: publicConfigSchema },
        },
      },
      () => ({
        xSignIn: config.x !== undefined,
        xConnect: config.x !== undefined,
        devOutbox: config.nodeEnv !== 'production',
        helpUrl: config.helpUrl ?? '/help/',
        version: config.version,
      }),
    );
  };
}
