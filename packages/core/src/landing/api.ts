/**
 * The public landing API's shapes (app spec: Entities, Landing data; Waitlist): what anyone may
 * read without signing in. Only what persona owners chose to show ("Show on the Plume landing
 * page") appears, and never a user id or e-mail.
 */
import { z } from 'zod';
import { cleanText } from '../personas/persona';
import { traitsSchema } from '../personas/traits';
import { platformSchema } from '../platforms/platform-schema';
import { WRITERS } from '../writing/api';
import { EMAIL_REQUIRED, emailError } from './rules';

const platform = platformSchema;

/** GET /api/landing/persona-of-the-day: one public persona a day, with its real figures. */
export const personaOfTheDaySchema = z
  .object({
    name: z.string(),
    avatar: z.string(),
    /** Its bio, else '{name} persona' (the spec's derived description). */
    description: z.string(),
    traits: traitsSchema,
    /** Its latest published post ('' when it has none yet). */
    lastPost: z.string(),
    lastPostAt: z.string().nullable(),
    lastPostPlatform: platform.nullable(),
    /** Whole days since it was created. */
    createdDays: z.number().int().min(0),
    stats: z.object({
      /** Followers of its connected accounts, as last read from X and Bluesky. */
      followers: z.number().int().min(0),
      /** Posts it has published. */
      posts: z.number().int().min(0),
      /** Engagement rate in percent; null while no engagement figures are measured (never a made-up 0). */
      engagement: z.number().min(0).nullable(),
    }),
  })
  .meta({ id: 'PersonaOfTheDay' });
export type PersonaOfTheDay = z.infer<typeof personaOfTheDaySchema>;

export const personaOfTheDayResponseSchema = z
  .object({
    /** The UTC day the pick is for (YYYY-MM-DD). */
    day: z.string(),
    /** Null when no persona is public. */
    persona: personaOfTheDaySchema.nullable(),
  })
  .meta({ id: 'PersonaOfTheDayResponse' });
export type PersonaOfTheDayResponse = z.infer<typeof personaOfTheDayResponseSchema>;

/** GET /api/landing/recent-posts: the latest posts public personas published. */
export const recentPostSchema = z
  .object({
    id: z.string(),
    /** The persona's name. */
    persona: z.string(),
    avatar: z.string(),
    platform,
    /** When it was published. */
    timestamp: z.string(),
    content: z.string(),
    /** The post on the platform, when known. */
    url: z.string().nullable(),
    /** Null while no engagement figures are measured for posts (the page then shows none). */
    likes: z.number().int().min(0).nullable(),
    retweets: z.number().int().min(0).nullable(),
  })
  .meta({ id: 'RecentPost' });
export type RecentPost = z.infer<typeof recentPostSchema>;
export const recentPostListSchema = z.array(recentPostSchema);
export const RECENT_POSTS_DEFAULT = 3;
export const RECENT_POSTS_MAX = 12;
export const recentPostsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(RECENT_POSTS_MAX).default(RECENT_POSTS_DEFAULT),
});

/** GET /api/landing/metrics: real figures (see docs/decisions/014-landing-page.md for each definition). */
export const landingMetricsSchema = z
  .object({
    /** Median seconds from sign-up to a user's first persona; null before anyone has one. */
    onboardTime: z.number().min(0).nullable(),
    /** Posts Plume has published, all users. */
    totalPosts: z.number().int().min(0),
    /** The same by platform (the demo's per-platform chart). */
    postsByPlatform: z.object({ x: z.number().int().min(0), bluesky: z.number().int().min(0) }),
    /** Users signed in (a session created or refreshed) in the last 30 days. */
    activeUsers: z.number().int().min(0),
    /** Percent of minutes in the last 30 days in which Plume was running; null before the first record. */
    uptime: z.number().min(0).max(100).nullable(),
  })
  .meta({ id: 'LandingMetrics' });
export type LandingMetrics = z.infer<typeof landingMetricsSchema>;

/** POST /api/demo/sample: the demo's Generate, a short post for two sliders, never stored. */
export const demoSampleRequestSchema = z
  .object({
    traits: traitsSchema.partial().default({}),
    topic: z.string().transform(cleanText).pipe(z.string().max(80, 'Topic must be at most 80 characters')).optional(),
  })
  .meta({ id: 'DemoSampleRequest' });
export type DemoSampleRequest = z.input<typeof demoSampleRequestSchema>;
export const demoSampleResponseSchema = z
  .object({ text: z.string(), writer: z.enum(WRITERS) })
  .meta({ id: 'DemoSampleResponse' });
export type DemoSampleResponse = z.infer<typeof demoSampleResponseSchema>;

/** POST /api/waitlist: `{ email }`, one entry per address whatever its case. */
export const waitlistRequestSchema = z
  .object({
    email: z
      .string({ error: EMAIL_REQUIRED })
      .trim()
      .superRefine((value, ctx) => {
        const problem = emailError(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  })
  .meta({ id: 'WaitlistRequest' });
export type WaitlistRequest = z.infer<typeof waitlistRequestSchema>;
/** 201 `joined` for a new address; 200 `already_joined` when it is on the list already. */
export const waitlistResponseSchema = z
  .object({ status: z.enum(['joined', 'already_joined']) })
  .meta({ id: 'WaitlistResponse' });
export type WaitlistResponse = z.infer<typeof waitlistResponseSchema>;
