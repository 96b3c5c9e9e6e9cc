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
 * What Plume counts of an account's use of a network (decision 033): Bluesky's write points and
 * sign-ins (createSession), X's posts and the posts and profiles its answers return (X bills each).
 */
export const BUDGET_METERS = ['points', 'sessions', 'posts', 'linkPosts', 'postReads', 'userReads'] as const;
export type BudgetMeter = (typeof BUDGET_METERS)[number];

/** A network's limit on an account: at most `max` in any `minutes` (a rolling window). */
export type BudgetLimit = { max: number; minutes: number };

/** One meter of a network: what it counts, the network's limits on it, and what the network bills for one. */
export type MeterRules = {
  /** What one is called, as people read it: singular and plural ('write point', 'write points'). */
  label: readonly [one: string, many: string];
  /** The network's limits on the account (none where it only bills). */
  limits: readonly BudgetLimit[];
  /** What the network bills for one, in US dollars, where it bills (X's pay-per-use prices). */
  priceUsd?: number;
  /** Counted among another meter too (a post with a link is a post): its price replaces that one's. */
  within?: BudgetMeter;
};

/**
 * Who may reply to a persona's automated posts (decision 034). Each network offers its own set of
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
   * What the network counts against an account or bills, meter by meter (decision 033); on
   * Bluesky, the points each kind of record write costs.
   */
  budget: {
    meters: Partial<Record<BudgetMeter, MeterRules>>;
    writePoints?: { create: number; update: number; delete: number };
  };
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
    // X's pay-per-use prices and its per-user limit on POST /2/tweets (docs.x.com: "Pricing",
    // "Rate limits", checked 2026): reads are billed per post and per profile an answer returns,
    // posts per request, dearer with a link. Its monthly cap on post reads is the app's, not an account's.
    budget: {
      meters: {
        posts: { label: ['post', 'posts'], limits: [{ max: 100, minutes: 15 }], priceUsd: 0.015 },
        linkPosts: { label: ['post with a link', 'posts with a link'], limits: [], priceUsd: 0.2, within: 'posts' },
        postReads: { label: ['post read', 'posts read'], limits: [], priceUsd: 0.005 },
        userReads: { label: ['profile read', 'profiles read'], limits: [], priceUsd: 0.01 },
      },
    },
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
    // Bluesky's PDS limits per account (docs.bsky.app, "Rate Limits", and the PDS's own code,
    // checked 2026): record writes cost points, 5,000 an hour and 35,000 a day; createSession 30
    // in 5 minutes and 300 a day.
    budget: {
      meters: {
        points: {
          label: ['write point', 'write points'],
          limits: [
            { max: 5_000, minutes: 60 },
            { max: 35_000, minutes: 1_440 },
          ],
        },
        sessions: {
          label: ['sign-in', 'sign-ins'],
          limits: [
            { max: 30, minutes: 5 },
            { max: 300, minutes: 1_440 },
          ],
        },
      },
      writePoints: { create: 3, update: 2, delete: 1 },
    },
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
