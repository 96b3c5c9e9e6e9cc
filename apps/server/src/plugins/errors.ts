import type { ApiError, DraftError } from '@plume/core';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isUniqueViolation, postgresCode } from '../db/pg-errors';
import { AppError, BadRequestError, type ErrorExtras, INTERNAL_ERROR, invalidField } from '../errors';

type Reply = { statusCode: number; code: string; message: string } & ErrorExtras;

/** Fastify's own client errors, with messages a person can act on. */
const fastifyCodes: Record<string, Reply> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    statusCode: 400,
    code: 'invalid_json',
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    statusCode: 400,
    code: 'invalid_json',
    message: 'The request body is empty but its Content-Type says JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, code: 'payload_too_large', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    statusCode: 415,
    code: 'unsupported_media_type',
    message: 'Unsupported Content-Type: send application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    statusCode: 400,
    code: 'bad_request',
    message: 'Content-Length does not match the body',
  },
};

/** What the API answers to an error: its status, code and message (the MCP server's tools say the same). */
export function describeError(error: FastifyError): Reply {
  if (error instanceof AppError) {
    const { statusCode, code, message, details, results } = error;
    return { statusCode, code, message, details, results };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => {
      const context = error.validationContext === 'querystring' ? 'query' : error.validationContext;
      const field = [context, ...v.instancePath.split('/').filter(Boolean)].join('.');
      return { field, message: v.message ?? 'is invalid' };
    });
    const message = issues.map((i) => `${i.field}: ${i.message}`).join('; ');
    return { statusCode: 400, code: 'validation_error', message, details: issues };
  }
  // A unique index caught a duplicate that a check let through (two requests at once).
  if (isUniqueViolation(error)) return { statusCode: 409, code: 'conflict', message: 'That already exists' };
  // A text PostgreSQL cannot store (a NUL that came some way other than a request's fields).
  const pg = postgresCode(error);
  if (pg === '22021' || pg === '22P05') {
    return { statusCode: 400, code: 'bad_request', message: 'A text contains a character that cannot be stored' };
  }
  const known = error.code ? fastifyCodes[error.code] : undefined;
  if (known) return known;
  if (error.code === 'FST_ERR_CTP_INVALID_JSON' || error instanceof SyntaxError) {
    return { statusCode: 400, code: 'invalid_json', message: 'The request body is not valid JSON' };
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return { statusCode: 429, code: 'rate_limited', message: error.message };
  if (status >= 400 && status < 500) {
    return { statusCode: status, code: 'bad_request', message: error.message };
  }
  return INTERNAL_ERROR;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers server-sent events (GET /draft): its errors may have to be one. */
    eventStream?: boolean;
  }
}

/**
 * EventSource reads nothing of an answer that is not a 200 event stream: it only says "error". So
 * a request of an event-stream route that accepts nothing else gets its error as an `event: error`
 * carrying the message and code (draftErrorSchema), which the page can show.
 */
function wantsErrorAsEvent(request: FastifyRequest): boolean {
  if (request.routeOptions.config?.eventStream !== true) return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/event-stream') && !accept.includes('json');
}

/** The one error handler: 4xx messages pass through, 5xx are logged with the request id and hidden. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const described = describeError(error);
    if (described.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: described.code, status: described.statusCode }, described.message);
    }
    const wait = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (described.statusCode === 429 && typeof wait === 'number') reply.header('retry-after', String(wait));
    if (wantsErrorAsEvent(request)) {
      const event = { message: described.message, code: described.code } satisfies DraftError;
      return reply
        .status(200)
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .send(`event: error\ndata: ${JSON.stringify(event)}\n\n`);
    }
    const body: ApiError['error'] = { code: described.code, message: described.message };
    if (described.details !== undefined) body.details = described.details;
    if (described.results !== undefined) body.results = described.results;
    return reply.status(described.statusCode).send({ error: body });
  });
}

const NUL = '\u0000';
/** A UTF-16 surrogate without its pair: JSON can carry one ("\ud800"), text cannot. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** How deep a request's JSON may nest: no request of ours needs more than a few levels. */
export const MAX_JSON_DEPTH = 64;

/**
 * Makes every string under `value` storable, in place: a lone surrogate becomes U+FFFD (as
 * PostgreSQL's text columns already store it; jsonb refuses it with a 500). Returns the path of the
 * first string holding a NUL character, which nothing can store and no field of ours means.
 */
function cleanText(value: unknown, path: string): string | null {
  if (value === null || typeof value !== 'object') return null;
  const entries = Object.entries(value);
  for (const [key, inner] of entries) {
    const at = `${path}.${key}`;
    if (typeof inner === 'string') {
      if (inner.includes(NUL)) return at;
      const storable = inner.replace(LONE_SURROGATE, '\uFFFD');
      if (storable !== inner) (value as Record<string, unknown>)[key] = storable;
    } else {
      const found = cleanText(inner, at);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Every text a request brings, once for every route: a NUL character anywhere in its body or query
 * is refused up front, naming the field, before anything is saved; lone surrogates are replaced.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const holder = { body: request.body, query: request.query };
    const field = cleanText(holder, '');
    request.body = holder.body;
    if (!field) return;
    throw invalidField(field.slice(1), 'cannot contain the NUL character (\\u0000)');
  });
}

/**
 * How deep `text` (JSON) nests, read without parsing: deep nesting costs a parser, a validator and
 * a serializer one stack frame a level, and no request of ours goes past a few.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) deepest = Math.max(deepest, ++depth);
    else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}

/** JSON bodies as Fastify reads them, refused with a 400 past MAX_JSON_DEPTH levels. */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      done(new BadRequestError(`The request body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    parse(request, text, done);
  });
}
