import type { ServerResponse } from 'node:http';
import {
  chatRequestSchema,
  chatResponseSchema,
  conversationParamsSchema,
  DRAFT_DONE,
  DRAFT_META_EVENT,
  type DraftError,
  type DraftMeta,
  draftQuerySchema,
  generatedPostListSchema,
  generateRequestSchema,
  MAX_TITLES_FOR_GENERATION,
  messageListSchema,
  type PersonaOverride,
  personaOverrideSchema,
} from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, BadRequestError, ForbiddenError, invalidField } from '../../errors';
import { errorResponses } from '../../plugins/error-responses';
import type { Access } from '../workspaces/access';
import type { WritingService } from './writing.service';

const tags = ['writing'];
const writingErrors = { ...errorResponses, 429: errorResponses[400], 502: errorResponses[400] };

/**
 * GET /draft spends a model call and keeps messages, and a cookie rides along on a link followed
 * from another site (SameSite=Lax): browsers say where a request comes from, so such a visit is
 * refused. API clients (no Sec-Fetch-Site) and the app itself (same-origin) are unaffected.
 */
function refuseCrossSite(headers: Record<string, string | string[] | undefined>): void {
  if (headers['sec-fetch-site'] === 'cross-site') {
    throw new ForbiddenError('Drafts can only be asked for from Plume itself');
  }
}

/** One server-sent event; a piece with line breaks is several `data:` lines of the same event. */
export function sseEvent(data: string, event?: string): string {
  const lines = data.split(/\r\n|\r|\n/).map((line) => `data: ${line}`);
  return `${event ? `event: ${event}\n` : ''}${lines.join('\n')}\n\n`;
}

/** How often a stream's pieces leave after its first: a person reading sees no difference. */
const STREAM_FLUSH_MS = 40;

/**
 * Writes a stream's events: the first two (the meta and the first piece) at once, later ones
 * together at most every `STREAM_FLUSH_MS` (decision 048-fair-under-load, 063-streams-read-directly).
 * A write per piece was a stream's largest cost under load, and that CPU was taken from every
 * other request.
 */
function pacedWriter(res: ServerResponse) {
  let pending = '';
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    if (pending === '' || res.destroyed) return;
    res.write(pending);
    pending = '';
  };
  const send = (text: string) => {
    pending += text;
    if (sent++ < 2) flush();
    else timer ??= setTimeout(flush, STREAM_FLUSH_MS);
  };
  send.end = () => {
    clearTimeout(timer);
    if (!res.destroyed) res.end(pending);
    pending = '';
  };
  return send;
}

/** The draft's `persona` query: JSON of the editor's unsaved values. */
function parsePersona(text: string | undefined): PersonaOverride | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalidField('query.persona', 'must be JSON');
  }
  const parsed = personaOverrideSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({
    field: ['query', 'persona', ...i.path.map(String)].join('.'),
    message: i.message,
  }));
  throw new BadRequestError(issues.map((i) => `${i.field}: ${i.message}`).join('; '), issues);
}

/** The spec's calls live at the root (/chat, /draft, /conversations) and under /api; /api is documented. */
const both = (path: string) => [`/api${path}`, path] as const;

export function writingRoutes(deps: { access: Access; writing: WritingService }): FastifyPluginAsyncZod {
  const { access, writing } = deps;
  return async (app) => {
    for (const url of both('/chat')) {
      app.post(
        url,
        {
          schema: {
            hide: !url.startsWith('/api'),
            tags,
            summary: "One answer in a persona's voice (the prompt is cleaned: < and > stripped, 500 characters)",
            body: chatRequestSchema,
            response: { 200: chatResponseSchema, ...writingErrors },
          },
        },
        async (request) => writing.chat(await access.workspaceId(request.headers, 'write'), request.body),
      );
    }

    for (const url of both('/draft')) {
      app.get(
        url,
        {
          schema: {
            hide: !url.startsWith('/api'),
            tags,
            summary:
              'A draft as server-sent events: an `event: meta` with `{ writer }`, then `data:` pieces, then `data: [DONE]`; a provider failure is `event: error` with `{ message }`',
            querystring: draftQuerySchema,
            response: { ...writingErrors, 403: errorResponses[400] },
          },
          // EventSource reads no HTTP error: asked by one, errors before the stream are events too.
          config: { eventStream: true },
        },
        async (request, reply) => {
          refuseCrossSite(request.headers);
          const workspaceId = await access.workspaceId(request.headers, 'read');
          const { prompt, personaId, top5Titles, kind } = request.query;
          const titles = (top5Titles ?? '')
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean)
            .slice(0, MAX_TITLES_FOR_GENERATION);
          // Errors up to here (400, 401, 404, 409, 429) answer as HTTP, or as an `event: error` to a
          // caller that accepts only events (the error handler); from here on, always as events.
          const draft = await writing.draft(workspaceId, {
            prompt,
            personaId,
            override: parsePersona(request.query.persona),
            titles,
            kind,
          });
          reply.hijack();
          const res = reply.raw;
          // Hijacked: the headers set so far (security, request id) are copied by hand.
          for (const [name, value] of Object.entries(reply.getHeaders())) {
            if (value !== undefined) res.setHeader(name, value);
          }
          res.writeHead(200, {
            'content-type': 'text/event-stream; charset=utf-8',
            'cache-control': 'no-cache, no-transform',
            connection: 'keep-alive',
            'x-accel-buffering': 'no',
            'x-writer': draft.writer,
          });
          // The reader went away: stop the provider rather than pay for text nobody reads.
          const gone = new AbortController();
          res.on('close', () => {
            if (!res.writableFinished) gone.abort();
          });
          const send = pacedWriter(res);
          send(sseEvent(JSON.stringify({ writer: draft.writer } satisfies DraftMeta), DRAFT_META_EVENT));
          try {
            for await (const piece of draft.pieces(gone.signal)) {
              if (gone.signal.aborted) break;
              send(sseEvent(piece));
            }
            if (!gone.signal.aborted) send(sseEvent(DRAFT_DONE));
          } catch (error) {
            if (!gone.signal.aborted) {
              const known = error instanceof AppError;
              if (known) request.log.info({ code: error.code }, error.message);
              else request.log.error({ err: error }, 'draft failed');
              const message = known ? error.message : 'Something went wrong on our side';
              const event: DraftError = { message, code: known ? error.code : 'internal_error' };
              send(sseEvent(JSON.stringify(event), 'error'));
            }
          } finally {
            send.end();
          }
        },
      );
    }

    app.post(
      '/api/generate',
      {
        schema: {
          tags,
          summary: 'Posts of one type for a persona (a thread as parts), each within the chosen platforms’ limits',
          body: generateRequestSchema,
          response: { 200: generatedPostListSchema, ...writingErrors },
        },
      },
      async (request) => writing.generate(await access.workspaceId(request.headers, 'write'), request.body),
    );

    for (const url of both('/conversations/:personaId')) {
      app.get(
        url,
        {
          schema: {
            hide: !url.startsWith('/api'),
            tags,
            summary: "A persona's drafts and chats as messages, oldest first",
            params: conversationParamsSchema,
            response: { 200: messageListSchema, ...errorResponses },
          },
        },
        async (request) =>
          writing.conversation(await access.workspaceId(request.headers, 'read'), request.params.personaId),
      );
    }
  };
}
