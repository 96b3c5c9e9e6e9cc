/**
 * Every image Plume stores or sends goes through here (decision 046-media-library), with `sharp`:
 * what an upload really is (read from its bytes, never its name or content type), refused when it
 * is not a JPEG, PNG, WebP or GIF, is an SVG, decodes to too many pixels (a decompression bomb)
 * or has too many frames; then re-encoded without its metadata (EXIF with GPS, XMP, IPTC, ICC:
 * sharp keeps none unless asked), turned upright first (EXIF orientation), and capped in size.
 * At publish time, `fitImage` makes a stored image fit a network's limit on bytes.
 */
import {
  MEDIA_ACCEPTED_TYPES,
  MEDIA_MASTER_MAX_SIDE,
  MEDIA_MAX_GIF_FRAMES,
  MEDIA_MAX_INPUT_PIXELS,
  MEDIA_MAX_INPUT_SIDE,
  MEDIA_THUMBNAIL_MAX_SIDE,
  type MediaType,
} from '@plume/core';
import sharp, { type Metadata, type OutputInfo } from 'sharp';

/** An upload that is not an image Plume takes: its message says why (the route names the field). */
export class ImageRefused extends Error {
  constructor(
    message: string,
    /** 413 for what is too large, 400 otherwise. */
    public readonly status: 400 | 413 = 400,
  ) {
    super(message);
    this.name = 'ImageRefused';
  }
}

/** A processed upload: the master to keep and its thumbnail. */
export type ProcessedImage = {
  master: Buffer;
  mimeType: MediaType;
  width: number;
  height: number;
  /** 1 for a still image. */
  frames: number;
  thumbnail: Buffer;
};

/** An image ready for one network: bytes within its limit, with the size they show at. */
export type FittedImage = { bytes: Buffer; mimeType: MediaType; width: number; height: number };

// Each image is read once per request: libvips' cache of recent operations would only hold
// decoded megapixels in memory between uploads.
sharp.cache(false);

const FORMATS: Record<string, MediaType> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

const ACCEPTED = 'a JPEG, PNG, WebP or GIF image';

/** Whether the bytes look like SVG (XML text naming an svg element), which is refused before any decoding. */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096).toString('utf8').trimStart().toLowerCase();
  return (head.startsWith('<?xml') || head.startsWith('<svg') || head.startsWith('<!doctype')) && head.includes('<svg');
}

const decodeOptions = (animated: boolean) =>
  ({ limitInputPixels: MEDIA_MAX_INPUT_PIXELS, animated, failOn: 'error' }) as const;

/** Reads and checks an upload, then makes its master and thumbnail. ImageRefused says what is wrong. */
export async function processUpload(input: Buffer): Promise<ProcessedImage> {
  if (input.length === 0) throw new ImageRefused('The file is empty: choose an image');
  if (looksLikeSvg(input)) throw new ImageRefused(`SVG images are not accepted: upload ${ACCEPTED}`);
  let meta: Metadata;
  try {
    meta = await sharp(input, decodeOptions(false)).metadata();
  } catch {
    throw new ImageRefused(`This file is not ${ACCEPTED}, whatever its name says`);
  }
  if (meta.format === 'svg') throw new ImageRefused(`SVG images are not accepted: upload ${ACCEPTED}`);
  const mimeType = meta.format ? FORMATS[meta.format] : undefined;
  if (!mimeType || !MEDIA_ACCEPTED_TYPES.includes(mimeType)) {
    throw new ImageRefused(
      `This file is ${meta.format ? `a ${meta.format.toUpperCase()} image, not` : 'not'} ${ACCEPTED}`,
    );
  }
  const width = meta.width ?? 0;
  const frames = meta.pages ?? 1;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width === 0 || height === 0) throw new ImageRefused(`This file is not ${ACCEPTED}: it has no size`);
  if (width > MEDIA_MAX_INPUT_SIDE || height > MEDIA_MAX_INPUT_SIDE || width * height > MEDIA_MAX_INPUT_PIXELS) {
    throw new ImageRefused(
      `The image is too large to process (${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels): at most ${MEDIA_MAX_INPUT_SIDE.toLocaleString('en-US')} pixels a side and ${(MEDIA_MAX_INPUT_PIXELS / 1_000_000).toLocaleString('en-US')} megapixels`,
      413,
    );
  }
  if (frames > MEDIA_MAX_GIF_FRAMES) {
    throw new ImageRefused(
      `The animation has ${frames.toLocaleString('en-US')} frames: at most ${MEDIA_MAX_GIF_FRAMES} are accepted`,
    );
  }
  // Animated GIF and WebP stay animated; everything else is one frame, turned upright by its EXIF
  // orientation first (an animation has no EXIF orientation).
  const animated = frames > 1;
  let pipeline = sharp(input, decodeOptions(animated));
  if (!animated) pipeline = pipeline.rotate();
  pipeline = pipeline.resize({
    width: MEDIA_MASTER_MAX_SIDE,
    height: MEDIA_MASTER_MAX_SIDE,
    fit: 'inside',
    withoutEnlargement: true,
  });
  // No withMetadata / keepExif: sharp writes none of the input's metadata (EXIF, GPS, XMP, IPTC).
  const encoded =
    mimeType === 'image/jpeg'
      ? pipeline.jpeg({ quality: 85 })
      : mimeType === 'image/png'
        ? pipeline.png()
        : mimeType === 'image/webp'
          ? pipeline.webp({ quality: 85 })
          : pipeline.gif();
  let master: Buffer;
  let info: OutputInfo;
  try {
    ({ data: master, info } = await encoded.toBuffer({ resolveWithObject: true }));
  } catch {
    throw new ImageRefused(`This file is not ${ACCEPTED} that can be read: it may be damaged`);
  }
  const outHeight = animated ? (info.pageHeight ?? Math.round(info.height / frames)) : info.height;
  const thumbnail = await sharp(master, decodeOptions(false))
    .resize({
      width: MEDIA_THUMBNAIL_MAX_SIDE,
      height: MEDIA_THUMBNAIL_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .webp({ quality: 75 })
    .toBuffer();
  return { master, mimeType, width: info.width, height: outHeight, frames, thumbnail };
}

/**
 * A stored image within `maxBytes` for a network: as stored when it fits, else re-encoded as JPEG
 * (an animation keeps its first frame), scaled down by the area its bytes say, then lower in
 * quality or smaller by what each try missed by, until it fits: a few encodes, not a search.
 */
export async function fitImage(
  stored: { bytes: Buffer; mimeType: MediaType; width: number; height: number },
  maxBytes: number,
): Promise<FittedImage> {
  if (stored.bytes.length <= maxBytes) return stored;
  // The first try is already as much smaller as the bytes say (a JPEG's size goes with its area).
  let side = Math.max(
    16,
    Math.floor(Math.max(stored.width, stored.height) * Math.sqrt(maxBytes / stored.bytes.length)),
  );
  let quality = 82;
  for (let attempt = 0; attempt < 8; attempt++) {
    const { data, info } = await sharp(stored.bytes, decodeOptions(false))
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality })
      .toBuffer({ resolveWithObject: true });
    if (data.length <= maxBytes) return { bytes: data, mimeType: 'image/jpeg', width: info.width, height: info.height };
    const ratio = maxBytes / data.length;
    // Nearly there: a lower quality is enough; else fewer pixels, by the area the bytes say.
    if (ratio > 0.8 && quality > 60) quality -= 12;
    else side = Math.max(16, Math.floor(side * Math.sqrt(ratio) * 0.95));
  }
  throw new ImageRefused(`The image cannot be made smaller than ${maxBytes.toLocaleString('en-US')} bytes`);
}
