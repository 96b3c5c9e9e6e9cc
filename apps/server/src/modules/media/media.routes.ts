import multipart from '@fastify/multipart';
import {
  altSuggestionSchema,
  MEDIA_UPLOAD_MAX_BYTES,
  mediaAltSchema,
  mediaIdParamsSchema,
  mediaItemSchema,
  mediaListQuerySchema,
  mediaListSchema,
  mediaUpdateSchema,
} from '@plume/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, invalidField } from '../../errors';
import { errorResponses } from '../../plugins/error-responses';
import type { Access } from '../workspaces/access';
import type { MediaService } from './media.service';

const tags = ['media'];
const FILE = 'body.file';
const megabytes = MEDIA_UPLOAD_MAX_BYTES / 1024 / 1024;

/** The upload's form as the OpenAPI document shows it (the route reads the parts itself). */
const uploadFormSchema = z.object({
  file: z.string().meta({ format: 'binary', description: 'One JPEG, PNG, WebP or GIF image' }),
  alt: mediaAltSchema.optional().meta({ description: 'Its default alt text' }),
});

/** The multipart form's file and alt text, or a 4xx naming the field at fault. */
async function readUpload(request: FastifyRequest): Promise<{ file: Buffer; alt: string }> {
  if (!request.isMultipart()) {
    throw invalidField(FILE, 'send the image as multipart/form-data, in the field "file"');
  }
  let file: Buffer | null = null;
  let alt = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          // Read it out, so the request can end; only one image, in `file`, is taken.
          await part.toBuffer().catch(() => undefined);
          throw invalidField(FILE, 'send one image, in the field "file"');
        }
        file = await part.toBuffer();
      } else if (part.fieldname === 'alt') {
        const parsed = mediaAltSchema.safeParse(String(part.value ?? ''));
        if (!parsed.success) throw invalidField('body.alt', parsed.error.issues[0]?.message ?? 'is invalid');
        alt = parsed.data.trim();
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'payload_too_large', `${FILE}: the image is over ${megabytes} MB`, {
        details: [{ field: FILE, message: `is over ${megabytes} MB` }],
      });
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw invalidField(FILE, 'send one image, in the field "file"');
    }
    throw invalidField(FILE, 'the form could not be read (send multipart/form-data)');
  }
  if (!file) throw invalidField(FILE, 'is missing: send the image in the field "file"');
  return { file, alt };
}

/** The media library's routes (decision 046-media-library). Cookies (an img tag) and tokens both sign in. */
export function mediaRoutes(deps: { access: Access; media: MediaService }): FastifyPluginAsyncZod {
  const { access, media } = deps;
  return async (app) => {
    // Multipart only here: the rest of the API takes JSON.
    await app.register(multipart, {
      limits: { fileSize: MEDIA_UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 6, fieldSize: 16_384 },
    });

    app.post(
      '/api/media',
      {
        // Each upload is decoded and re-encoded: a human pace.
        config: { rateLimit: { max: 60, timeWindow: 60_000 } },
        // The form is read by the handler (readUpload); the schema only documents it.
        validatorCompiler: () => (value) => ({ value }),
        schema: {
          tags,
          summary: `Upload an image (multipart/form-data: \`file\`, one JPEG, PNG, WebP or GIF of at most ${megabytes} MB, and an optional \`alt\`). It is checked by its bytes, stripped of its metadata (EXIF, GPS) and re-encoded; 413 over the size or the library's quota`,
          consumes: ['multipart/form-data'],
          body: uploadFormSchema,
          response: { 201: mediaItemSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const workspaceId = await access.workspaceId(request.headers, 'write');
        const { file, alt } = await readUpload(request);
        return reply.status(201).send(await media.upload(workspaceId, file, alt));
      },
    );

    app.get(
      '/api/media',
      {
        schema: {
          tags,
          summary: 'Your media library, newest first, a page at a time (`nextCursor`), with its usage and quota',
          querystring: mediaListQuerySchema,
          response: { 200: mediaListSchema, ...errorResponses },
        },
      },
      async (request) => media.list(await access.workspaceId(request.headers, 'read'), request.query),
    );

    const sendImage =
      (which: 'master' | 'thumbnail') => async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
        const { id } = request.params as { id: string };
        const image = await media.read(await access.workspaceId(request.headers, 'read'), id, which);
        return reply
          .header('content-type', image.type)
          .header('cache-control', 'private, max-age=86400')
          .header('content-disposition', 'inline')
          .send(image.bytes);
      };

    app.get(
      '/api/media/:id',
      {
        schema: {
          tags,
          summary: 'The image as stored (its own content type)',
          params: mediaIdParamsSchema,
          response: { 200: z.any().meta({ type: 'string', format: 'binary' }), ...errorResponses },
        },
      },
      sendImage('master'),
    );

    app.get(
      '/api/media/:id/thumbnail',
      {
        schema: {
          tags,
          summary: 'A small WebP of the image (at most 320 px on its long side)',
          params: mediaIdParamsSchema,
          response: { 200: z.any().meta({ type: 'string', format: 'binary' }), ...errorResponses },
        },
      },
      sendImage('thumbnail'),
    );

    app.patch(
      '/api/media/:id',
      {
        schema: {
          tags,
          summary: "Change the image's default alt text",
          params: mediaIdParamsSchema,
          body: mediaUpdateSchema,
          response: { 200: mediaItemSchema, ...errorResponses },
        },
      },
      async (request) =>
        media.updateAlt(await access.workspaceId(request.headers, 'write'), request.params.id, request.body.alt),
    );

    app.delete(
      '/api/media/:id',
      {
        schema: {
          tags,
          summary: 'Delete an image; 409 `media_in_use` while a post that has not gone out carries it',
          params: mediaIdParamsSchema,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await media.remove(await access.workspaceId(request.headers, 'write'), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/media/:id/alt-suggestion',
      {
        schema: {
          tags,
          summary:
            'A suggested alt text, where a model that reads images is configured; otherwise none, with a note saying why',
          params: mediaIdParamsSchema,
          response: { 200: altSuggestionSchema, ...errorResponses },
        },
      },
      async (request) => media.altSuggestion(await access.workspaceId(request.headers, 'write'), request.params.id),
    );
  };
}
