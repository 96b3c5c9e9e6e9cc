import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '@plume/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { AuthService } from '../auth/auth.service';
import type { IdempotencyService } from './idempotency.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: a create route (201) that takes no `Idempotency-Key` (its answer must not be kept). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds (it runs first): its answer is kept for the key when sent. */
    idempotencyHeld?: { userId: string; key: string };
  }
}

const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
const NOTE =
  '. With an `Idempotency-Key` header, the same key again answers the first answer (nothing is created twice); the same key with another request is a 422';

/** Whether a route creates for a signed-in user: a POST answering 201 that may answer 401. */
function createsForUser(method: string | string[], response: unknown): boolean {
  if (![method].flat().includes('POST') || !response || typeof response !== 'object') return false;
  return '201' in response && '401' in response;
}

/**
 * Every create route takes an `Idempotency-Key` (issue 34, decision 051-posts-api), from one home:
 * each POST that answers 201 to a signed-in user gets the header in its schema, a preHandler that
 * takes the key (or answers the first request's answer, or the 422 of a key reused for another
 * request) and an onSend that keeps the answer, error answers included, as `once` does for Post now.
 * A route opts out with `config: { idempotent: false }`; one whose schema names the header already
 * (its handler calls `once`, as Post now does) is left to it. Registered before the routes.
 */
export function registerIdempotentCreates(
  app: FastifyInstance,
  deps: { auth: Pick<AuthService, 'requireUserId'>; idempotency: IdempotencyService },
) {
  const { auth, idempotency } = deps;
  app.addHook('onRoute', (route) => {
    if (route.config?.idempotent === false || !createsForUser(route.method, route.schema?.response)) return;
    const schema = route.schema ?? {};
    route.schema = schema;
    // A route that reads the header itself (its handler calls `once`) keeps its key its own way.
    if (schema.headers instanceof z.ZodObject && HEADER in schema.headers.shape) return;
    const header = { [HEADER]: idempotencyKeySchema.optional() };
    if (schema.headers === undefined) schema.headers = z.looseObject(header);
    else if (schema.headers instanceof z.ZodObject) schema.headers = schema.headers.extend(header);
    if (typeof schema.summary === 'string' && !schema.summary.includes(IDEMPOTENCY_KEY_HEADER)) schema.summary += NOTE;
    // The spec's root copies (/schedule) share their /api route's keys.
    const name = `POST ${route.url.startsWith('/api/') ? route.url : `/api${route.url}`}`.replace(/:(\w+)/g, '{$1}');

    const takeKey = async (request: FastifyRequest, reply: FastifyReply) => {
      const key = request.headers[HEADER];
      if (typeof key !== 'string') return;
      const userId = await auth.requireUserId(request.headers);
      const begun = await idempotency.begin({
        userId,
        key,
        route: name,
        request: { params: request.params, query: request.query, body: request.body },
      });
      if (begun.first) {
        request.idempotencyHeld = { userId, key };
        return;
      }
      return reply.status(begun.status).send(begun.body);
    };
    const keepAnswer: onSendAsyncHookHandler = async (request, reply, payload) => {
      const held = request.idempotencyHeld;
      if (!held) return payload;
      request.idempotencyHeld = undefined;
      try {
        const body: unknown = typeof payload === 'string' ? JSON.parse(payload) : null;
        const wait = Number(reply.getHeader('retry-after'));
        await idempotency.finish(
          held.userId,
          held.key,
          reply.statusCode,
          body,
          Number.isFinite(wait) ? wait : undefined,
        );
      } catch (error) {
        // The key stays taken without an answer: the same key again is told the first never finished.
        request.log.error({ err: error }, 'the answer for an Idempotency-Key was not kept');
      }
      return payload;
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), takeKey];
    route.onSend = [...[route.onSend ?? []].flat(), keepAnswer];
  });
}
