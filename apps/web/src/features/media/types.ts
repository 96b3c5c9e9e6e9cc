/**
 * The media library's shapes, as the API answers them.
 * TODO: import these from `@plume/core` (packages/core/src/publishing/media.ts) once the server's
 * half of the media library lands; they are written here to its contract until then.
 */

export const MEDIA_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type MediaMimeType = (typeof MEDIA_MIME_TYPES)[number];

/** The largest file the library takes. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export type MediaItem = {
  id: string;
  mimeType: MediaMimeType;
  width: number;
  height: number;
  bytes: number;
  /** The alt text given with the upload: each part that carries the image starts from it. */
  alt: string;
  createdAt: string;
  /** `/api/media/{id}`: the image itself. */
  url: string;
  /** `/api/media/{id}/thumbnail`: a small WebP for lists and previews. */
  thumbnailUrl: string;
};

export type MediaUsage = { bytes: number; limitBytes: number; count: number };

export type MediaPage = { items: MediaItem[]; nextCursor: string | null; usage: MediaUsage };

export type AltSuggestion = { suggestion: string | null; note: string };
