import { randomUUID } from 'node:crypto';
import {
  ALT_TEXT_REQUIRED,
  type AltSuggestion,
  CURSOR_INVALID,
  decodeCursor,
  encodeCursor,
  MAX_ALT_LENGTH,
  type MediaItem,
  type MediaList,
  type MediaType,
  mediaThumbnailUrl,
  mediaUrl,
  OFFLINE_ALT_NOTE,
  PLATFORM_RULES,
  type Platform,
  type PostPart,
} from '@plume/core';
import { AppError, BadRequestError, invalidField, NotFoundError } from '../../errors';
import { fitImage, ImageRefused, processUpload } from '../../integrations/images/images';
import type { LlmClient } from '../../integrations/llm/llm';
import type { MediaStore } from '../../integrations/media-store/media-store';
import type { PublishImage } from '../../integrations/platform';
import { PlatformError } from '../../integrations/platform';
import type { MediaRepository, MediaRow } from './media.repository';

export const MEDIA_NOT_FOUND = 'Image not found';

const ALT_SUGGESTION_SYSTEM =
  'You write alt text for images posted on social media: one or two plain sentences saying what the image shows ' +
  'and any text in it, for someone who cannot see it. No "Image of" or "Picture of", no hashtags, no quotes around it.';

export const masterKey = (row: Pick<MediaRow, 'workspaceId' | 'id'>) => `media/${row.workspaceId}/${row.id}/master`;
export const thumbnailKey = (row: Pick<MediaRow, 'workspaceId' | 'id'>) =>
  `media/${row.workspaceId}/${row.id}/thumbnail`;

function toItem(row: MediaRow): MediaItem {
  return {
    id: row.id,
    mimeType: row.mimeType as MediaType,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    alt: row.alt,
    createdAt: row.createdAt.toISOString(),
    url: mediaUrl(row.id),
    thumbnailUrl: mediaThumbnailUrl(row.id),
  };
}

const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

/**
 * A page's cursor, in the one format every list uses (core's paging, decision 044-list-paging): a
 * row's time (stored to the millisecond, written out to the microsecond) and its id.
 */
const cursorOf = (row: Pick<MediaRow, 'createdAt' | 'id'>): string =>
  encodeCursor({ at: row.createdAt.toISOString().replace(/Z$/, '000Z'), id: row.id });

function afterCursor(cursor: string): { createdAt: Date; id: string } {
  const key = decodeCursor(cursor);
  if (!key) throw invalidField('query.cursor', CURSOR_INVALID);
  return { createdAt: new Date(`${key.at.slice(0, 23)}Z`), id: key.id };
}

/**
 * The media library (decision 046-media-library): uploads checked and processed (integrations/
 * images), their bytes kept in the media store and their rows here, within each workspace's quota;
 * the images a post's parts name, checked when the post is saved and fitted to each network when
 * it goes out.
 */
export function createMediaService(deps: {
  media: MediaRepository;
  /** Where new uploads go. */
  store: MediaStore;
  /** Every store rows may name (the database's always; the bucket when configured). */
  stores: Partial<Record<MediaStore['kind'], MediaStore>>;
  quotaBytes: number;
  /**
   * The model that writes for a workspace (null: the offline composer), asked for alt text with the
   * image; a model that cannot read images fails, and the answer says so.
   */
  writer?: (workspaceId: string) => Promise<Pick<LlmClient, 'generate' | 'model'> | null>;
  now?: () => Date;
}) {
  const { media, store, quotaBytes, now = () => new Date() } = deps;

  function storeOf(row: MediaRow): MediaStore {
    const found = deps.stores[row.storage as MediaStore['kind']];
    if (!found) throw new AppError(500, 'media_store_missing', `The ${row.storage} media store is not configured`);
    return found;
  }

  const quotaMessage = (used: number) =>
    `Your media library is full (${megabytes(used)} of ${megabytes(quotaBytes)}): delete images you no longer need, then upload again`;

  async function readBytes(row: MediaRow, which: 'master' | 'thumbnail'): Promise<Buffer> {
    const bytes = await storeOf(row).get(which === 'master' ? masterKey(row) : thumbnailKey(row));
    if (!bytes) throw new NotFoundError(MEDIA_NOT_FOUND);
    return bytes;
  }

  return {
    /** POST /api/media: an upload checked, processed and kept, or refused with nothing kept. */
    async upload(workspaceId: string, file: Buffer, alt: string): Promise<MediaItem> {
      const before = await media.usage(workspaceId);
      if (before.bytes >= quotaBytes)
        throw new AppError(413, 'quota_exceeded', `body.file: ${quotaMessage(before.bytes)}`, {
          details: [{ field: 'body.file', message: quotaMessage(before.bytes) }],
        });
      let processed: Awaited<ReturnType<typeof processUpload>>;
      try {
        processed = await processUpload(file);
      } catch (error) {
        if (!(error instanceof ImageRefused)) throw error;
        const field = 'body.file';
        if (error.status === 413) {
          throw new AppError(413, 'payload_too_large', `${field}: ${error.message}`, {
            details: [{ field, message: error.message }],
          });
        }
        throw invalidField(field, error.message);
      }
      const row: MediaRow = {
        id: randomUUID(),
        workspaceId,
        mimeType: processed.mimeType,
        width: processed.width,
        height: processed.height,
        bytes: processed.master.length,
        thumbnailBytes: processed.thumbnail.length,
        alt,
        storage: store.kind,
        createdAt: now(),
      };
      // Bytes first, then the row: a row never names bytes that are not there. A refused row
      // (the quota) or a failure takes its bytes away again.
      const keys = [masterKey(row), thumbnailKey(row)];
      try {
        await store.put(keys[0] as string, processed.master, processed.mimeType);
        await store.put(keys[1] as string, processed.thumbnail, 'image/webp');
        if (!(await media.insertWithinQuota(row, quotaBytes))) {
          throw new AppError(
            413,
            'quota_exceeded',
            `body.file: ${quotaMessage((await media.usage(workspaceId)).bytes)}`,
            {
              details: [{ field: 'body.file', message: quotaMessage(before.bytes) }],
            },
          );
        }
      } catch (error) {
        await store.delete(keys).catch(() => undefined);
        throw error;
      }
      return toItem(row);
    },

    /** GET /api/media: newest first, a page at a time, with the library's usage. */
    async list(workspaceId: string, query: { cursor?: string | undefined; limit: number }): Promise<MediaList> {
      const after = query.cursor ? afterCursor(query.cursor) : null;
      const rows = await media.page(workspaceId, query.limit + 1, after);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const usage = await media.usage(workspaceId);
      return {
        items: page.map(toItem),
        nextCursor: rows.length > query.limit && last ? cursorOf(last) : null,
        usage: { bytes: usage.bytes, limitBytes: quotaBytes, count: usage.count },
      };
    },

    /** The stored image or its thumbnail, with its content type; another workspace's id is not found. */
    async read(
      workspaceId: string,
      id: string,
      which: 'master' | 'thumbnail',
    ): Promise<{ bytes: Buffer; type: string }> {
      const row = await media.find(workspaceId, id);
      if (!row) throw new NotFoundError(MEDIA_NOT_FOUND);
      return { bytes: await readBytes(row, which), type: which === 'master' ? row.mimeType : 'image/webp' };
    },

    async updateAlt(workspaceId: string, id: string, alt: string): Promise<MediaItem> {
      const row = await media.updateAlt(workspaceId, id, alt.trim());
      if (!row) throw new NotFoundError(MEDIA_NOT_FOUND);
      return toItem(row);
    },

    /** Deletes an image no post waiting to go out carries (409 media_in_use otherwise). */
    async remove(workspaceId: string, id: string): Promise<void> {
      const row = await media.find(workspaceId, id);
      if (!row) throw new NotFoundError(MEDIA_NOT_FOUND);
      if (await media.inUse(workspaceId, id)) {
        throw new AppError(
          409,
          'media_in_use',
          'This image is in a post that has not gone out yet: remove it from that post (or delete the post) first',
        );
      }
      await media.delete(workspaceId, id);
      await storeOf(row).delete([masterKey(row), thumbnailKey(row)]);
    },

    /**
     * A suggested alt text. Plume's writers read text only (the offline composer, and the models
     * configured for writing are not asked to read images), so there is none, said plainly.
     */
    async altSuggestion(workspaceId: string, id: string): Promise<AltSuggestion> {
      const row = await media.find(workspaceId, id);
      if (!row) throw new NotFoundError(MEDIA_NOT_FOUND);
      const writer = deps.writer ? await deps.writer(workspaceId) : null;
      if (!writer) return { suggestion: null, note: OFFLINE_ALT_NOTE };
      // The thumbnail is enough to describe, and small to send (a WebP most vision models take).
      const image = { bytes: await readBytes(row, 'thumbnail'), mediaType: 'image/webp' };
      try {
        const text = await writer.generate({
          system: ALT_SUGGESTION_SYSTEM,
          prompt: 'Write the alt text for this image.',
          image,
          temperature: 0.2,
          maxOutputTokens: 200,
        });
        const suggestion = text
          .trim()
          .replace(/^["“]|["”]$/g, '')
          .slice(0, MAX_ALT_LENGTH)
          .trim();
        if (suggestion === '') {
          return { suggestion: null, note: `${writer.model} gave no description: write the alt text yourself.` };
        }
        return {
          suggestion,
          note: `Suggested by ${writer.model} from the image: check it says what matters, then keep or change it.`,
        };
      } catch {
        return {
          suggestion: null,
          note: `${writer.model} could not describe the image (it may not read images): write the alt text yourself.`,
        };
      }
    },

    /**
     * Checks the images of a post's parts as it is saved: each is one of the workspace's, and carries
     * alt text where the persona requires it. `field` is where the parts are in the request
     * ('body.parts'); a problem names its part and image (`body.parts.0.media.1.alt`).
     */
    async checkParts(
      workspaceId: string,
      parts: readonly Pick<PostPart, 'media'>[],
      options: { requireAlt: boolean; field?: string },
    ): Promise<void> {
      const field = options.field ?? 'body.parts';
      const ids = parts.flatMap((part) => part.media.map((ref) => ref.id));
      if (ids.length === 0) return;
      const owned = new Set((await media.findMany(workspaceId, ids)).map((row) => row.id));
      const problems: { field: string; message: string }[] = [];
      parts.forEach((part, p) => {
        part.media.forEach((ref, m) => {
          if (!owned.has(ref.id)) {
            problems.push({ field: `${field}.${p}.media.${m}`, message: 'is not an image of your media library' });
          } else if (options.requireAlt && ref.alt.trim() === '') {
            problems.push({ field: `${field}.${p}.media.${m}.alt`, message: ALT_TEXT_REQUIRED });
          }
        });
      });
      const first = problems[0];
      if (first) {
        throw new BadRequestError(
          first.message === ALT_TEXT_REQUIRED ? ALT_TEXT_REQUIRED : `${first.field}: ${first.message}`,
          problems,
        );
      }
    },

    /**
     * The images of each part as `platform` takes them, for the adapter: bytes within its limit
     * (PLATFORM_RULES[platform].media), their size and alt text. A missing image fails the post
     * before anything is sent (`rejected`: nothing went out).
     */
    async imagesFor(parts: readonly PostPart[], platform: Platform): Promise<PublishImage[][]> {
      const ids = parts.flatMap((part) => part.media.map((ref) => ref.id));
      if (ids.length === 0) return parts.map(() => []);
      const rows = new Map((await media.findByIds(ids)).map((row) => [row.id, row]));
      const maxBytes = PLATFORM_RULES[platform].media.maxImageBytes;
      const fitted = new Map<string, PublishImage>();
      const result: PublishImage[][] = [];
      for (const part of parts) {
        const images: PublishImage[] = [];
        for (const ref of part.media) {
          const row = rows.get(ref.id);
          if (!row) {
            throw new PlatformError('An image of this post is no longer in the media library', 'rejected', {
              status: 404,
            });
          }
          let image = fitted.get(row.id);
          if (!image) {
            const stored = await readBytes(row, 'master').catch(() => {
              throw new PlatformError('An image of this post could not be read from the media library', 'rejected');
            });
            image = {
              ...(await fitImage(
                { bytes: stored, mimeType: row.mimeType as MediaType, width: row.width, height: row.height },
                maxBytes,
              )),
              alt: '',
            };
            fitted.set(row.id, image);
          }
          images.push({ ...image, alt: ref.alt });
        }
        result.push(images);
      }
      return result;
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
