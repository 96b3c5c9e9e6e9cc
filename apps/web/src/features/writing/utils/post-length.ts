import {
  BLUESKY_MAX_GRAPHEMES,
  graphemeCount,
  type Platform,
  X_MAX_WEIGHTED_LENGTH,
  xWeightedLength,
} from '@plume/core';

/** Each platform's post limit: X 280 (weighted), Bluesky 300 graphemes. */
export const PLATFORM_LIMITS: Record<Platform, number> = { x: X_MAX_WEIGHTED_LENGTH, bluesky: BLUESKY_MAX_GRAPHEMES };
export const PLATFORM_NAMES: Record<Platform, string> = { x: 'X', bluesky: 'Bluesky' };

/**
 * A post's length as the platform counts it, for the live counter: the same count the server
 * enforces (X: twitter-text's weighted length, CJK and emoji 2, a link 23; Bluesky: graphemes).
 */
export function postLength(platform: Platform, text: string): number {
  return platform === 'x' ? xWeightedLength(text) : graphemeCount(text);
}
