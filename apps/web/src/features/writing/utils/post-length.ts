import type { Platform } from '@plume/core';

/** Each platform's post limit: X 280 (weighted), Bluesky 300 graphemes. */
export const PLATFORM_LIMITS: Record<Platform, number> = { x: 280, bluesky: 300 };
export const PLATFORM_NAMES: Record<Platform, string> = { x: 'X', bluesky: 'Bluesky' };

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A post's length as the platform counts it, for the live counter. Graphemes for both for now:
 * exact for Bluesky; for X an approximation (X weighs CJK and emoji as 2 and links as 23) until
 * core has the twitter-text count the server enforces.
 */
export function postLength(_platform: Platform, text: string): number {
  let count = 0;
  for (const _ of segmenter.segment(text)) count += 1;
  return count;
}
