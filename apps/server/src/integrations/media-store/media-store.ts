/**
 * Where the media library keeps image bytes (decision 046-media-library): a key and its bytes.
 * Two implementations: this database's `media_objects` table (the default, PGlite too, so every
 * API process and worker shares it; modules/media/media-objects.repository.ts) and an
 * S3-compatible bucket (s3-media-store.ts) when MEDIA_S3_BUCKET is set. What each key means is
 * the media module's business; the store only keeps bytes.
 */
export interface MediaStore {
  /** What rows record as their `storage`, so a store's bytes are read from where they were put. */
  readonly kind: 'postgres' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such key. */
  get(key: string): Promise<Buffer | null>;
  /** Deletes the keys; a key that is not there is no error. */
  delete(keys: readonly string[]): Promise<void>;
}
