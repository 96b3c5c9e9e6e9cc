import {
  bestAttempt,
  CHECKED_RECENT_POSTS,
  type CheckedPost,
  checkDraft,
  type DraftBatch,
  type DraftFlag,
  MAX_BEST_POSTS,
  MAX_RECENT_IN_PROMPT,
  MAX_REWRITES,
  PLATFORM_RULES,
  type Platform,
  platformLength,
  type RepeatIndex,
  recentIndex,
  rewriteNote,
  type Traits,
  type VoiceExamples,
} from '@plume/core';
import type { MetricsRepository } from '../metrics/metrics.repository';
import type { PreferencesRepository } from '../preferences/preferences.repository';
import type { PostsRepository } from '../publishing/posts.repository';

/**
 * What one writing job knows of the persona's posts, gathered once (decision 037): the latest 250
 * it must not repeat, and the model's examples (its best-performing posts, its latest ones).
 */
export type DraftHistory = {
  /**
   * The workspace whose time zone words a repeat's day ("repeats your post of 3 Nov"), read only
   * when there is a repeat to word; or that time zone, when the caller knows it.
   */
  zone: { timeZone: string } | { workspaceId: string };
  recent: CheckedPost[];
  index: RepeatIndex<CheckedPost>;
  examples: VoiceExamples;
};

/** A persona with no posts yet (or none stored: a preview of unsaved settings). */
export function emptyHistory(timeZone = 'UTC'): DraftHistory {
  return { zone: { timeZone }, recent: [], index: [], examples: { best: [], recent: [] } };
}

/**
 * Why a draft is written again: the reasons, the note that tells the writer, and how many
 * characters shorter it must come out (a link added after writing can push a post over).
 */
export type Revision = { flags: DraftFlag[]; note: string; shorterBy: number };

/** How far the longest part is over the strictest network's length (0 when all fit). */
function overflow(parts: readonly string[], platforms: readonly Platform[]): number {
  let over = 0;
  for (const platform of platforms) {
    for (const part of parts)
      over = Math.max(over, platformLength(platform, part) - PLATFORM_RULES[platform].length.limit);
  }
  return over;
}

/**
 * The one check before review (decision 037), for every writer path: the writing studio's
 * generator, automated posts and replies to mentions. `write` runs the check on a writer's draft
 * and writes it again at most twice while it fails, keeping the attempt with the fewest flags;
 * `atDoor` checks what a person sends to the queue (not rewritten: it is their choice).
 */
export function createDraftCheck(deps: {
  posts: Pick<PostsRepository, 'recentForCheck'>;
  metrics: Pick<MetricsRepository, 'bestPosts'>;
  preferences: Pick<PreferencesRepository, 'workspaceTimeZone'>;
}) {
  /** The persona's posts a draft must not repeat, as the check reads them. */
  function checked(rows: Awaited<ReturnType<PostsRepository['recentForCheck']>>): CheckedPost[] {
    return rows.flatMap((r) =>
      r.status === 'posted' ||
      r.status === 'scheduled' ||
      r.status === 'publishing' ||
      r.status === 'unconfirmed' ||
      r.status === 'pending_review'
        ? [{ id: r.id, content: r.content, at: r.at, status: r.status }]
        : [],
    );
  }

  async function history(
    workspaceId: string,
    personaId: string,
    known: { timeZone?: string } = {},
  ): Promise<DraftHistory> {
    const [rows, best] = await Promise.all([
      deps.posts.recentForCheck(personaId, CHECKED_RECENT_POSTS),
      deps.metrics.bestPosts(personaId, MAX_BEST_POSTS),
    ]);
    const recent = checked(rows);
    return {
      zone: known.timeZone ? { timeZone: known.timeZone } : { workspaceId },
      recent,
      index: recentIndex(recent),
      examples: { best, recent: recent.slice(0, MAX_RECENT_IN_PROMPT).map((p) => p.content) },
    };
  }

  return {
    history,

    /**
     * Checks a writer's draft (`initial`) and, while it fails, asks `rewrite` for another, at most
     * `MAX_REWRITES` times; answers the attempt with the fewest flags (the latest on a tie).
     */
    async write<T>(input: {
      history: DraftHistory;
      batch?: DraftBatch;
      platforms: readonly Platform[];
      kind: 'post' | 'reply';
      traits: Traits;
      /** The topic or headline: its words are not the voice's. */
      subject?: string;
      partsOf: (draft: T) => readonly string[];
      initial: T;
      rewrite: (revision: Revision) => Promise<T>;
    }): Promise<{ draft: T; flags: DraftFlag[]; rewrites: number }> {
      const { zone } = input.history;
      let timeZone = 'timeZone' in zone ? zone.timeZone : null;
      const judgeIn = (draft: T, zoned: string) =>
        checkDraft({
          parts: input.partsOf(draft),
          platforms: input.platforms,
          kind: input.kind,
          traits: input.traits,
          ...(input.subject ? { subject: input.subject } : {}),
          recent: input.history.index,
          ...(input.batch ? { batch: input.batch } : {}),
          timeZone: zoned,
        });
      // The time zone only words a repeat's day: it is read when there is a repeat to word.
      const judge = async (draft: T) => {
        const flags = judgeIn(draft, timeZone ?? 'UTC');
        if (timeZone !== null || 'timeZone' in zone || !flags.some((f) => f.kind === 'repeat')) return flags;
        timeZone = (await deps.preferences.workspaceTimeZone(zone.workspaceId)) ?? 'UTC';
        return judgeIn(draft, timeZone);
      };
      const attempts = [{ draft: input.initial, flags: await judge(input.initial) }];
      for (let rewrites = 0; rewrites < MAX_REWRITES; rewrites++) {
        const last = attempts.at(-1);
        if (!last || last.flags.length === 0) break;
        const draft = await input.rewrite({
          flags: last.flags,
          note: rewriteNote(last.flags, input.history.recent),
          shorterBy: overflow(input.partsOf(last.draft), input.platforms),
        });
        attempts.push({ draft, flags: await judge(draft) });
      }
      const kept = bestAttempt(attempts) ?? { draft: input.initial, flags: [] };
      return { draft: kept.draft, flags: kept.flags, rewrites: attempts.length - 1 };
    },

    /**
     * A post a person sends to the queue (or edits there): checked, not rewritten. The voice is
     * judged only when a writer wrote it (`traits` given); the post itself (`excludeId`) is not a repeat of itself.
     */
    async atDoor(input: {
      workspaceId: string;
      personaId: string;
      parts: readonly string[];
      platform: Platform;
      traits?: Traits;
      excludeId?: string;
      /** A reply to a mention: one touch of voice at most. */
      reply?: boolean;
    }): Promise<DraftFlag[]> {
      // Only what a repeat is looked for in: no model examples are needed at the door (issue 32:
      // one short request).
      const rows = await deps.posts.recentForCheck(input.personaId, CHECKED_RECENT_POSTS);
      const recent = recentIndex(checked(rows).filter((p) => p.id !== input.excludeId));
      const check = (timeZone: string) =>
        checkDraft({
          parts: input.parts,
          platforms: [input.platform],
          kind: input.reply ? 'reply' : 'post',
          ...(input.traits ? { traits: input.traits } : {}),
          recent,
          timeZone,
        });
      // The workspace's time zone only words a repeat's day ("repeats your post of 3 Nov"): it is
      // read when there is a repeat to word.
      const flags = check('UTC');
      if (!flags.some((f) => f.kind === 'repeat')) return flags;
      return check((await deps.preferences.workspaceTimeZone(input.workspaceId)) ?? 'UTC');
    },
  };
}
export type DraftCheck = ReturnType<typeof createDraftCheck>;
