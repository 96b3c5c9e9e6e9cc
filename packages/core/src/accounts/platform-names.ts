/**
 * Platforms the public landing shows as well as the editor, before Plume posts to them (those it
 * posts to are PLATFORMS in platforms/platforms.ts). Kept apart from the account schemas (no zod here).
 */

/** The platforms shown as Coming Soon cards, in the spec's order. */
export const COMING_SOON_PLATFORMS = ['Threads', 'Mastodon', 'LinkedIn', 'Instagram', 'Facebook'] as const;
