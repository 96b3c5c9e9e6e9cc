/**
 * Publishing (app spec §7: POST /api/personas/{id}/post; §8: 'Posted to X, Bluesky', 'Post failed').
 * A post moves draft -> ... -> publishing -> posted | failed | unconfirmed (DESIGN.md, Jobs and
 * publishing); posting now walks the last steps of that machine inside the request.
 */
import { z } from 'zod';
import { platformSchema } from '../platforms/platform-schema';
import { PLATFORM_LABELS, PLATFORM_RULES, PLATFORMS, type Platform } from '../platforms/platforms';
import { PLATFORM_LIMITS, platformLength } from '../writing/limits';
import { type PostPart, partTexts, postPartSchema, textPart } from './post-parts';

export const POST_STATUSES = [
  'draft',
  'pending_review',
  'scheduled',
  'publishing',
  'posted',
  'failed',
  'unconfirmed',
  'canceled',
] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/**
 * The post's state machine: where each state may go. `publishing` is entered only by a claim
 * (one caller); nothing leaves `posted` or `canceled`; an unknown outcome is `unconfirmed` and is
 * settled by finding the post on the account or by the user (Retry, Mark as posted), never by a
 * blind retry; when the sweeper guessed `unconfirmed` for a publish that was only slow, the
 * platform's late answer settles it (posted, failed, or unconfirmed with the parts that went out).
 * A post that went back to `scheduled` from `publishing` met an error known to happen
 * before sending (or a Safety deferral). One that automation scheduled without review goes back
 * to `pending_review` (from scheduled, or from its claim) when its persona's automation pauses.
 */
export const POST_TRANSITIONS: Record<PostStatus, readonly PostStatus[]> = {
  draft: ['pending_review', 'scheduled', 'canceled'],
  pending_review: ['scheduled', 'canceled'],
  scheduled: ['publishing', 'scheduled', 'canceled', 'pending_review'],
  publishing: ['posted', 'failed', 'unconfirmed', 'scheduled', 'pending_review'],
  // pending_review: an editor's Retry or new time where posts need approval (decision 056-approval-that-blocks).
  failed: ['scheduled', 'posted', 'canceled', 'pending_review'],
  unconfirmed: ['posted', 'failed', 'unconfirmed', 'scheduled', 'canceled'],
  posted: [],
  canceled: [],
};

export function canMove(from: PostStatus, to: PostStatus): boolean {
  return POST_TRANSITIONS[from].includes(to);
}

/** The longest part a thread may have before the platform's own limit is checked. */
const MAX_PART_CHARS = 10_000;
export const MAX_THREAD_PARTS = 25;

const partText = z.string().trim().min(1, 'A thread part is empty').max(MAX_PART_CHARS);
/**
 * A part as a request sends it: its text alone (as the spec's clients send a thread) or the whole
 * part. Either way it is read as a part.
 */
export const postPartInputSchema = z
  .union([partText, postPartSchema.extend({ text: partText })])
  .transform((part): PostPart => (typeof part === 'string' ? textPart(part) : part));
/** A thread's parts as a request sends them (one part is a single post). */
export const threadPartsSchema = z.array(postPartInputSchema).min(1).max(MAX_THREAD_PARTS);

/**
 * POST /api/personas/{id}/post: `{ platform, content }` as the spec has it; `platform` may also
 * be a list (one post per platform), and `parts` posts a thread (its first part is the content).
 */
export const publishRequestSchema = z
  .object({
    platform: z.union([
      platformSchema,
      z.array(platformSchema).min(1, 'Pick at least one platform').max(PLATFORMS.length),
    ]),
    content: z.string().trim().min(1, 'Content is required').max(MAX_PART_CHARS),
    parts: threadPartsSchema.optional(),
    /**
     * The same text went out from this persona to the same network within the last ten minutes
     * (a 409 `duplicate_post` said so), and the user confirmed posting it again.
     */
    confirmDuplicate: z.boolean().optional(),
  })
  .meta({ id: 'PublishRequest' });
export type PublishRequest = z.infer<typeof publishRequestSchema>;

/**
 * Post now is once per click: the page sends a fresh key per click in this header, and the same key
 * again gets the first request's answer instead of posting twice.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** A key: 8 to 255 visible ASCII characters (a UUID, say). */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{8,255}$/, 'must be 8 to 255 visible ASCII characters')
  .meta({ description: 'A fresh key per user action (a UUID, say); kept for 24 hours' });
/** The same text from the same persona to the same network within this long asks "post it again?" first. */
export const DUPLICATE_POST_WINDOW_MS = 10 * 60_000;
/** The 409's code that asks "post it again?" (answered by sending `confirmDuplicate: true`). */
export const DUPLICATE_POST_CODE = 'duplicate_post';
/**
 * The 409 code when something would go out on a connection that needs a reconnect (approve,
 * schedule, retry, post now): refused at once, naming the account, instead of failing at its time.
 */
export const RECONNECT_NEEDED_CODE = 'reconnect_needed';

/** The platforms a request names, each once. */
export function requestedPlatforms(request: Pick<PublishRequest, 'platform'>): Platform[] {
  return [...new Set(Array.isArray(request.platform) ? request.platform : [request.platform])];
}

/** The parts to post: the thread's parts, else the content alone. */
export function postParts(request: Pick<PublishRequest, 'content' | 'parts'>): PostPart[] {
  return request.parts && request.parts.length > 0 ? request.parts : [textPart(request.content)];
}

/** A post's `content`: its parts' texts, a blank line between parts. */
export function threadContent(parts: readonly PostPart[]): string {
  return partTexts(parts).join('\n\n');
}

/**
 * Each part over a platform's limits, said the way the generator's counters say it: its text's
 * length, and each image's alt text (X takes 1,000 characters, Bluesky 2,000).
 */
export function overLimitProblems(parts: readonly Pick<PostPart, 'text' | 'media'>[], platforms: Platform[]): string[] {
  const problems: string[] = [];
  for (const platform of platforms) {
    parts.forEach((part, i) => {
      const where = parts.length > 1 ? `part ${i + 1}` : 'content';
      const length = platformLength(platform, part.text);
      const limit = PLATFORM_LIMITS[platform];
      if (length > limit) problems.push(`${where}: too long for ${PLATFORM_LABELS[platform]} (${length}/${limit})`);
      const altLimit = PLATFORM_RULES[platform].media.maxAltLength;
      part.media.forEach((image, m) => {
        if (image.alt.length > altLimit) {
          problems.push(
            `${where}: image ${m + 1}'s alt text is too long for ${PLATFORM_LABELS[platform]} (${image.alt.length}/${altLimit.toLocaleString('en-US')})`,
          );
        }
      });
    });
  }
  return problems;
}

export const publishResultSchema = z
  .object({
    platform: platformSchema,
    /** The recorded post's id. */
    postId: z.string(),
    /** pending_review: not sent; it waits for an approver (the workspace's posts need approval). */
    status: z.enum(['posted', 'failed', 'unconfirmed', 'pending_review']),
    /** The first part's id on the platform (a tweet id, an at:// URI). */
    externalId: z.string().nullable(),
    url: z.string().nullable(),
    /** The platform's message when it failed. */
    error: z.string().nullable(),
  })
  .meta({ id: 'PublishResult' });
export type PublishResult = z.infer<typeof publishResultSchema>;
export const publishResponseSchema = z
  .object({
    results: z.array(publishResultSchema),
    /** Why nothing was sent (202): the posts wait in the review queue for an approver. */
    review: z.string().optional(),
  })
  .meta({ id: 'PublishResponse' });
export type PublishResponse = z.infer<typeof publishResponseSchema>;

/** The toast after posting: 'Posted to X, Bluesky' (those that succeeded), else 'Post failed' with the reason. */
export function publishToast(results: PublishResult[]): { posted: string | null; failed: string | null } {
  const ok = results.filter((r) => r.status === 'posted').map((r) => PLATFORM_LABELS[r.platform]);
  const bad = results.filter((r) => r.status !== 'posted' && r.status !== 'pending_review');
  return {
    posted: ok.length > 0 ? `Posted to ${ok.join(', ')}` : null,
    failed:
      bad.length > 0
        ? `Post failed: ${bad.map((r) => `${PLATFORM_LABELS[r.platform]}: ${r.error ?? 'the outcome is unknown'}`).join('; ')}`
        : null,
  };
}
