/**
 * Platform names the public landing shows as well as the editor. Kept apart from the account
 * schemas (no zod here), so the landing page can import them without the validation library.
 */

/** The platforms Plume posts to today. */
export const LIVE_PLATFORM_NAMES = ['X', 'Bluesky'] as const;

/** The platforms shown as Coming Soon cards, in the spec's order. */
export const COMING_SOON_PLATFORMS = ['Threads', 'Mastodon', 'LinkedIn', 'Instagram', 'Facebook'] as const;
