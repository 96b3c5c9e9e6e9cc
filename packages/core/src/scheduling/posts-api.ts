/**
 * The public posts API (issue 34, decision 051-posts-api): one post by id in any status, edited or
 * deleted through the schedule's own rules, and the user's posts listed with filters, a page at a
 * time. One post is one network's post: a post written for X and Bluesky is two posts.
 */
import { z } from 'zod';
import { PAGE_DEFAULT, pageQuerySchema } from '../api/paging';
import { platformSchema } from '../platforms/platform-schema';
import { POST_STATUSES } from '../publishing/publishing';
import { SCHEDULE_ORDERS, scheduledItemSchema } from './scheduling';

/** Most posts one page of GET /api/posts holds (a page asked for without `limit` holds PAGE_DEFAULT). */
export const POSTS_PAGE_MAX = 100;
export const POSTS_LIMIT_INVALID = `must be a whole number from 1 to ${POSTS_PAGE_MAX}`;
export const POSTS_PAGE_DEFAULT = PAGE_DEFAULT;

/** A post as the API reads it: the schedule's item and how it went out on its network. */
export const postSchema = scheduledItemSchema
  .extend({
    updatedAt: z.string(),
    /** When a person approved it out of the review queue; null when none did. */
    approvedAt: z.string().nullable(),
    /** Sending attempts that failed before reaching the network (retried with backoff). */
    attempts: z.number().int().min(0),
    /** The network's id of each part that went out, in order (`url` is the first part's address). */
    externalIds: z.array(z.string()),
    /** How late it went out: `postedAt` − `scheduledFor` in seconds (0 when early); null until posted, or with no time. */
    lateSeconds: z.number().min(0).nullable(),
  })
  .meta({ id: 'Post' });
export type Post = z.infer<typeof postSchema>;

/** How late a posted post went out, in seconds (`postedAt` − `scheduledFor`, 0 when early); null when not posted or with no time (calendar latenessNote says it in words). */
export function lateSecondsOf(item: { status: string; scheduledFor: string | null; postedAt: string | null }) {
  if (item.status !== 'posted' || !item.scheduledFor || !item.postedAt) return null;
  return Math.max(0, new Date(item.postedAt).getTime() - new Date(item.scheduledFor).getTime()) / 1000;
}

const instant = z.iso.datetime({ offset: true, error: 'must be a date and time (ISO 8601)' });

/** GET /api/posts: filters, and one page after `cursor` (`X-Next-Cursor` and `nextCursor` name the next). */
export const postsQuerySchema = z.object({
  status: z
    .string()
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.enum(POST_STATUSES, `must be some of ${POST_STATUSES.join(', ')}`)))
    .optional(),
  personaId: z.uuid('must be a persona id').optional(),
  platform: platformSchema.optional(),
  /** The post's time on the calendar (scheduled, else posted, else written) from `from` (inclusive) to `to`. */
  from: instant.optional(),
  to: instant.optional(),
  /** Posts whose text holds these words (any case), as written. */
  q: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters').optional(),
  order: z.enum(SCHEDULE_ORDERS, 'must be time or created').optional(),
  limit: z.coerce
    .number({ error: POSTS_LIMIT_INVALID })
    .int(POSTS_LIMIT_INVALID)
    .min(1, POSTS_LIMIT_INVALID)
    .max(POSTS_PAGE_MAX, POSTS_LIMIT_INVALID)
    .optional(),
  // The one cursor of every paged list (decision 044).
  cursor: pageQuerySchema.shape.cursor,
});
export type PostsQuery = z.infer<typeof postsQuerySchema>;

export const postPageSchema = z
  .object({ items: z.array(postSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'PostPage' });
export type PostPage = z.infer<typeof postPageSchema>;

/** DELETE /api/posts/{id}: `fromPlume=true` removes a post that went out from Plume only (it stays on its network). */
export const postDeleteQuerySchema = z.object({
  fromPlume: z.enum(['true', 'false'], 'must be true or false').optional(),
});
