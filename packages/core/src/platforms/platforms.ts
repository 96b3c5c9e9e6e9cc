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

/**
 * Who may reply to a persona's automated posts (decision 0XB). Each network offers its own set of
 * limits: `PlatformRules.replyControl` says what each choice becomes there.
 */
export const WHO_CAN_REPLY = ['everyone', 'following', 'mentioned', 'followers', 'nobody'] as const;
export type WhoCanReply = (typeof WHO_CAN_REPLY)[number];

/** Each choice as people read it. */
export const WHO_CAN_REPLY_LABELS: Record<WhoCanReply, string> = {
  everyone: 'Everyone',
  following: 'People it follows',
  mentioned: 'People mentioned in the post',
  followers: 'Its followers',
  nobody: 'Nobody',
};

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
  /**
   * Who may reply to a post that starts a conversation, as the network can limit it: what each
   * choice means there, in people's words (where the network has no such limit, the nearest it
   * has, said plainly). A reply cannot limit its own replies on either network.
   */
  replyControl: Record<WhoCanReply, string>;
  /** Whether Plume can mark the account itself as automated (Bluesky's `bot` self-label on the profile). */
  automatedLabel: boolean;
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
    // POST /2/tweets `reply_settings`: following, mentionedUsers, subscribers, verified (or none: everyone).
    replyControl: {
      everyone: 'everyone can reply',
      following: 'accounts it follows',
      mentioned: 'accounts the post mentions',
      followers: 'accounts it follows (X has no followers-only setting)',
      nobody: 'only accounts the post mentions (X has no “nobody” setting)',
    },
    // X's automated-account label is set by the owner in X's settings; its API has no way to set it.
    automatedLabel: false,
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
    // An app.bsky.feed.threadgate record beside the post: its allow rules, or none for everyone.
    replyControl: {
      everyone: 'everyone can reply',
      following: 'accounts it follows',
      mentioned: 'accounts the post mentions',
      followers: 'its followers',
      nobody: 'nobody',
    },
    automatedLabel: true,
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
