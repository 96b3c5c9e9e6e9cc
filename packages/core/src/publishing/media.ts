/**
 * The media library (decision 046-media-library): each user's uploaded images, which a post's parts
 * point at by id (`PostPart.media`). The shapes the API answers, and the limits an upload meets.
 */
import { z } from 'zod';
import { MAX_ALT_LENGTH } from './post-parts';

/** The image types an upload may be (read from its bytes, whatever its name or content type says). */
export const MEDIA_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type MediaType = (typeof MEDIA_ACCEPTED_TYPES)[number];

/** The largest file an upload may be. */
export const MEDIA_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** The most pixels an upload may decode to (width × height): beyond, a decompression bomb. */
export const MEDIA_MAX_INPUT_PIXELS = 100_000_000;
/** The longest side an upload may have, whatever its pixel count (a 30,000 px wide strip is refused). */
export const MEDIA_MAX_INPUT_SIDE = 16_384;
/** The most frames an animated GIF may have. */
export const MEDIA_MAX_GIF_FRAMES = 300;
/** The longest side the stored master keeps (larger images are scaled down). */
export const MEDIA_MASTER_MAX_SIDE = 4096;
/** The longest side of a thumbnail. */
export const MEDIA_THUMBNAIL_MAX_SIDE = 320;
/** Each user's storage, unless MEDIA_QUOTA_BYTES says otherwise. */
export const MEDIA_DEFAULT_QUOTA_BYTES = 500 * 1024 * 1024;
/** A media list page, at most. */
export const MEDIA_PAGE_MAX = 100;

export const mediaItemSchema = z
  .object({
    id: z.string(),
    mimeType: z.enum(MEDIA_ACCEPTED_TYPES),
    width: z.number().int(),
    height: z.number().int(),
    /** The stored image's size. */
    bytes: z.number().int(),
    /** The default alt text: copied into a part's media ref when the image is picked. */
    alt: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    /** Where its bytes are read ('/api/media/{id}'). */
    url: z.string(),
    /** A small WebP ('/api/media/{id}/thumbnail'). */
    thumbnailUrl: z.string(),
  })
  .meta({ id: 'MediaItem' });
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const mediaListSchema = z
  .object({
    items: z.array(mediaItemSchema),
    /** Pass as `cursor` for the next (older) page; null on the last. */
    nextCursor: z.string().nullable(),
    usage: z.object({ bytes: z.number().int(), limitBytes: z.number().int(), count: z.number().int() }),
  })
  .meta({ id: 'MediaList' });
export type MediaList = z.infer<typeof mediaListSchema>;

export const mediaListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MEDIA_PAGE_MAX).default(30),
});

export const mediaAltSchema = z
  .string()
  .max(MAX_ALT_LENGTH, `Alt text is at most ${MAX_ALT_LENGTH.toLocaleString('en-US')} characters`);

export const mediaUpdateSchema = z.object({ alt: mediaAltSchema }).meta({ id: 'MediaUpdate' });
export type MediaUpdate = z.infer<typeof mediaUpdateSchema>;

export const mediaIdParamsSchema = z.object({ id: z.uuid('must be a media id') });

export const altSuggestionSchema = z
  .object({
    /** A suggested alt text; null when no model that reads images is configured. */
    suggestion: z.string().nullable(),
    /** What the suggestion is, or why there is none. */
    note: z.string(),
  })
  .meta({ id: 'AltSuggestion' });
export type AltSuggestion = z.infer<typeof altSuggestionSchema>;

/** The message a missing alt text gets where the persona requires one. */
export const ALT_TEXT_REQUIRED = "Alt text is required for every image (this persona's setting)";

/** The offline composer's word on alt text: it writes text and cannot see images. */
export const OFFLINE_ALT_NOTE =
  'The offline writer cannot see images, so it suggests no alt text: write it yourself (what the image shows, briefly).';

/** Where a stored item's bytes and thumbnail are read. */
export const mediaUrl = (id: string) => `/api/media/${id}`;
export const mediaThumbnailUrl = (id: string) => `/api/media/${id}/thumbnail`;
