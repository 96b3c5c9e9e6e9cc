import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** The size of each stored part of an archive: what the writer holds in memory at most, besides one page of rows. */
export const ARCHIVE_PART_BYTES = 8 * 1024 * 1024;
const ZIP_MAX_BYTES = 2 ** 32 - 1;

/**
 * A zip archive written as it goes: files are compressed while they are added (fflate, data
 * descriptors, so no size is needed up front) and the output is handed to `putPart` in parts of
 * ARCHIVE_PART_BYTES, so an account of any size is never held in memory whole.
 */
export function createArchiveWriter(
  putPart: (index: number, bytes: Buffer) => Promise<void>,
  partBytes = ARCHIVE_PART_BYTES,
) {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let parts = 0;
  let total = 0;
  let failure: Error | null = null;
  let ended = false;

  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failure = error;
      return;
    }
    pending.push(chunk);
    pendingBytes += chunk.length;
    total += chunk.length;
    if (final) ended = true;
  });

  /** Stores every full part held so far (all of what is held, at the end). */
  async function flush(all: boolean): Promise<void> {
    if (failure) throw failure;
    // fflate writes no Zip64: past 4 GiB the archive's offsets would be wrong, so it fails instead.
    if (total >= ZIP_MAX_BYTES) throw new Error('The archive would be over 4 GB, more than a zip without Zip64 holds');
    while (pendingBytes >= partBytes || (all && pendingBytes > 0)) {
      const joined = Buffer.concat(pending);
      const size = Math.min(partBytes, joined.length);
      await putPart(parts, joined.subarray(0, size));
      parts += 1;
      const rest = joined.subarray(size);
      pending = rest.length > 0 ? [rest] : [];
      pendingBytes = rest.length;
    }
  }

  const encoder = new TextEncoder();

  return {
    /** A file whose content is given piece by piece (`write` then `close`), compressed. */
    file(name: string) {
      const entry = new ZipDeflate(name, { level: 6 });
      entry.mtime = new Date();
      zip.add(entry);
      return {
        async write(text: string) {
          entry.push(encoder.encode(text), false);
          await flush(false);
        },
        async close() {
          entry.push(new Uint8Array(0), true);
          await flush(false);
        },
      };
    },

    /** A whole file at once; `stored` leaves already compressed bytes (images) as they are. */
    async add(name: string, bytes: Uint8Array | string, options: { stored?: boolean } = {}) {
      const entry = options.stored ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
      entry.mtime = new Date();
      zip.add(entry);
      entry.push(typeof bytes === 'string' ? encoder.encode(bytes) : bytes, true);
      await flush(false);
    },

    /** Ends the archive and stores its last part: how many parts, and its size. */
    async end(): Promise<{ parts: number; bytes: number }> {
      zip.end();
      if (!ended && !failure) failure = new Error('the archive did not end');
      await flush(true);
      return { parts, bytes: total };
    },
  };
}
export type ArchiveWriter = ReturnType<typeof createArchiveWriter>;
