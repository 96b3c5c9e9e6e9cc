/**
 * The networks Plume posts to, and every fact about them that the server and the web rely on: the
 * list, its schema, each network's label and its rules (length, media, replies, engagement, how
 * often mentions are read), and the addresses of its pages. This is their one home: adding a network starts here.
 */
// No zod here: the landing page shows the labels without loading the validation library, and a
// chunk shared with the app's screens keeps every export any of them uses (the schema is in
// platform-schema.ts).

export const PLATFORMS = ['x', 'bluesky'] as const;
export type Platform = (typeof PLATFORMS)[number];

export type PlatformRules = {
  /** The name shown to people. */
  label: string;
  /**
   * How a post's text is measured and the most a part may have: X counts weighted characters
   * (twitter-text: CJK and emoji count 2, a URL 23), Bluesky counts graphemes.
   */
  length: { measure: 'weighted' | 'graphemes'; limit: number };
  /** Images a part may carry, the largest file the network takes, and the longest alt text. */
  media: { maxImages: number; maxImageBytes: number; maxAltLength: number };
  /** Whether a link is shown as a card Plume builds (Bluesky's external embed) or one the network builds from the URL (X). */
  linkCard: 'embed' | 'from-url';
  /** Whether a post can say its languages (Bluesky's `langs`); X detects them itself. */
  languages: boolean;
  /** Whether an automated reply always waits in the review queue, whatever the persona allows (X's rule for AI replies). */
  repliesAlwaysReviewed: boolean;
  /** Which engagement actions the network allows an automated account (X removed likes and follows from self-serve apps in April 2026). */
  engagement: { like: boolean; repost: boolean; follow: boolean };
  /**
   * How often the persona's mentions are read: a fixed number of minutes, or the persona's own
   * setting (X bills every read).
   */
  mentionsCheck: { fixedMinutes: number } | { configurable: true; defaultMinutes: number };
};

export const PLATFORM_RULES: Record<Platform, PlatformRules> = {
  x: {
    label: 'X',
    length: { measure: 'weighted', limit: 280 },
    media: { maxImages: 4, maxImageBytes: 5_242_880, maxAltLength: 1000 },
    linkCard: 'from-url',
    languages: false,
    repliesAlwaysReviewed: true,
    engagement: { like: false, repost: false, follow: false },
    mentionsCheck: { configurable: true, defaultMinutes: 15 },
  },
  bluesky: {
    label: 'Bluesky',
    length: { measure: 'graphemes', limit: 300 },
    media: { maxImages: 4, maxImageBytes: 1_000_000, maxAltLength: 2000 },
    linkCard: 'embed',
    languages: true,
    repliesAlwaysReviewed: false,
    engagement: { like: true, repost: true, follow: true },
    mentionsCheck: { fixedMinutes: 2 },
  },
};

/** A platform's name as people read it ('X', 'Bluesky'). */
export function platformLabel(platform: Platform): string {
  return PLATFORM_RULES[platform].label;
}

/** Labels by platform, for the places that look them up as a record. */
export const PLATFORM_LABELS: Record<Platform, string> = {
  x: PLATFORM_RULES.x.label,
  bluesky: PLATFORM_RULES.bluesky.label,
};

/** Where people see a network's pages: an account's profile and one of its posts (X's status id, a Bluesky record key). */
const PAGES: Record<Platform, { profile: (handle: string) => string; post: (handle: string, id: string) => string }> = {
  x: {
    profile: (handle) => `https://x.com/${handle}`,
    post: (handle, id) => `https://x.com/${handle}/status/${id}`,
  },
  bluesky: {
    profile: (handle) => `https://bsky.app/profile/${handle}`,
    post: (handle, id) => `https://bsky.app/profile/${handle}/post/${id}`,
  },
};

/** An account's profile page on the network. */
export function profileUrl(platform: Platform, handle: string): string {
  return PAGES[platform].profile(handle);
}

/** A post's page on the network: `id` is X's status id or the Bluesky post's record key. */
export function postUrl(platform: Platform, handle: string, id: string): string {
  return PAGES[platform].post(handle, id);
}

/** Whether a platform allows any automated like, repost or follow. */
export function allowsEngagement(platform: Platform): boolean {
  const { like, repost, follow } = PLATFORM_RULES[platform].engagement;
  return like || repost || follow;
}
