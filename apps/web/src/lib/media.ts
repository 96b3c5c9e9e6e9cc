/** Where a stored image is read (with the session cookie), for `<img src>`: core's addresses. */
export { mediaThumbnailUrl, mediaUrl } from '@plume/core';

/** What an image shows when its alt text is empty (the preview's and thumbnails' own alt). */
export const NO_ALT_TEXT = 'Image without alt text';

/** A size as people read it: '640 KB', '3.2 MB', '12 MB', '500 MB'. */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (bytes > 0 && mb < 1) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (mb < 10 && !Number.isInteger(Math.round(mb * 10) / 10))
    return `${(Math.round(mb * 10) / 10).toLocaleString('en-US')} MB`;
  return `${Math.round(mb).toLocaleString('en-US')} MB`;
}

/** The warning an image with no alt text carries (a warning, not a block: decision 047-media-web). */
export const missingAltWarning = (number: number) =>
  `Image ${number} has no alt text: people using screen readers will not know what it shows.`;
