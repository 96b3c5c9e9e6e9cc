import { type AutomationPauseReason, type Persona, PLATFORM_LABELS, type Platform, quotePost } from '@plume/core';
import type { FastifyBaseLogger } from 'fastify';
import { sendNotificationsNow } from '../../jobs/notifications';
import type { Queue } from '../../jobs/queue';
import type { AccountRow } from '../accounts/accounts.repository';
import { ownPersona } from '../personas/persona-access';
import type { Repositories } from '../repositories';

/*
 * The one home of the pause rule (decision 035). A persona's automation pauses itself, and its
 * owner is told why, when:
 * - its account answers errors: FAILURES_TO_PAUSE publishes or likes, reposts and follows in a
 *   row failed on one connected account (any failure the network answered, or none at all), or
 *   the network refused the connection so that it needs a reconnect;
 * - a post Plume published was deleted on the network within DELETED_WITHIN_MS of going out (its
 *   owner disagreed with it), as a metrics read finds it gone;
 * - REJECTIONS_TO_PAUSE reply drafts in a row were rejected in the review queue.
 * Only a persona whose automation runs (active, with posting, replies or engagement on) pauses.
 * While paused the jobs skip it (no slot is written, no mention read, no like, repost or follow),
 * and what automation scheduled on its own without review goes back to the review queue; posts a
 * person wrote, scheduled or approved still go out. Resume (one click) clears it.
 */

/** Failed publishes and actions in a row on one account that pause its persona's automation. */
export const FAILURES_TO_PAUSE = 3;
/** Reply drafts rejected in a row (none approved between) that pause it. */
export const REJECTIONS_TO_PAUSE = 3;
/** A post deleted on the network within this of going out pauses it. */
export const DELETED_WITHIN_MS = 60 * 60_000;
/** A post younger than this is not judged: the network may not list it yet. */
export const DELETED_MIN_AGE_MS = 2 * 60_000;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A post of the account's as a metrics read saw it. */
type SeenPost = { externalId: string; postedAt: Date };

export function createAutomationPause(deps: {
  repositories: Pick<Repositories, 'automation' | 'posts' | 'personas'>;
  /** Where the owner's notice is queued, at once. */
  queue: Queue;
  /** Told when a persona resumes: its automation looks at its slots, mentions and engagement now. */
  onResumed?: (persona: Persona) => Promise<void>;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { repositories: r, queue, log, now = () => new Date() } = deps;

  /**
   * Pauses the persona's automation unless it is paused already or runs nothing; answers whether
   * this call paused it. The owner is told by the notifications job, queued now.
   */
  async function pause(
    personaId: string,
    reason: AutomationPauseReason,
    message: string,
    options: { postId?: string; platform?: Platform } = {},
  ): Promise<boolean> {
    const at = now();
    if (!(await r.automation.pause(personaId, { reason, message, at }))) return false;
    // What automation scheduled on its own waits for a person again.
    const held = await r.posts.holdForReview(personaId, at);
    await r.automation.log(
      {
        personaId,
        event: 'paused',
        message: `Paused: ${message}${held > 0 ? ` ${plural(held, 'post')} it had scheduled without review went back to the review queue.` : ''}`,
        postId: options.postId ?? null,
        platform: options.platform ?? null,
      },
      at,
    );
    log.info({ personaId, reason }, 'automation paused');
    await sendNotificationsNow(queue);
    return true;
  }

  const where = (account: Pick<AccountRow, 'platform' | 'username'>) =>
    `${PLATFORM_LABELS[account.platform]} (@${account.username})`;

  return {
    /**
     * The run of one account's publishes and actions, counted from the row a job loaded: a
     * success clears it (a write only when there was something to clear), a failure adds one and
     * pauses at FAILURES_TO_PAUSE.
     */
    streak(account: Pick<AccountRow, 'id' | 'personaId' | 'platform' | 'username' | 'actionFailures'>) {
      let failures = account.actionFailures;
      let stopped = false;
      return {
        /** Whether the run reached the threshold during this job: the job takes no further action. */
        get stopped(): boolean {
          return stopped;
        },
        async worked(): Promise<void> {
          if (failures === 0) return;
          failures = 0;
          await r.automation.clearFailures(account.id);
        },
        async failed(why: string): Promise<void> {
          failures = await r.automation.countFailure(account.id);
          if (failures < FAILURES_TO_PAUSE) return;
          stopped = true;
          await pause(
            account.personaId,
            'account_errors',
            `${failures} posts or actions in a row failed on ${where(account)}; the last: ${why}`,
            { platform: account.platform },
          );
        },
      };
    },

    /**
     * The network refused the connection (it is marked for a reconnect): the owner hears of the
     * pause in the connection's own notice when both are told together (notifications.service).
     */
    async connectionRefused(account: Pick<AccountRow, 'personaId' | 'platform' | 'username'>, why: string) {
      await pause(account.personaId, 'reconnect', `the connection to ${where(account)} needs a reconnect: ${why}`, {
        platform: account.platform,
      });
    },

    /** A reply draft approved (clears the run) or rejected (adds one; pauses at REJECTIONS_TO_PAUSE). */
    async replyReviewed(personaId: string, approved: boolean): Promise<void> {
      if (approved) {
        await r.automation.clearRejections(personaId);
        return;
      }
      const rejected = await r.automation.countRejection(personaId);
      if (rejected < REJECTIONS_TO_PAUSE) return;
      await pause(personaId, 'replies_rejected', `you rejected ${rejected} reply drafts in a row.`);
    },

    /**
     * After a metrics read of an account: Plume's posts there published DELETED_MIN_AGE_MS to
     * DELETED_WITHIN_MS ago that the read did not find, although it asked for them by id (`askedById`)
     * or reached back past them (it holds an older post of the account, or none at all), were
     * deleted on the network. Each is marked gone once; the first pauses the persona.
     */
    async afterReading(
      account: Pick<AccountRow, 'personaId' | 'platform' | 'username'>,
      seen: SeenPost[],
      askedById: Set<string>,
      at: Date,
    ): Promise<number> {
      const published = await r.posts.publishedBetween(
        account.personaId,
        account.platform,
        new Date(at.getTime() - DELETED_WITHIN_MS),
        new Date(at.getTime() - DELETED_MIN_AGE_MS),
      );
      const found = new Set(seen.map((p) => p.externalId));
      const reachedPast = (postedAt: Date) =>
        seen.length === 0 || seen.some((p) => p.postedAt.getTime() <= postedAt.getTime());
      const gone = published.filter(
        (p) => !found.has(p.externalId) && (askedById.has(p.externalId) || reachedPast(p.postedAt)),
      );
      for (const post of gone) {
        if (!(await r.posts.markGone(post.id, at))) continue;
        const minutes = Math.max(1, Math.ceil((at.getTime() - post.postedAt.getTime()) / 60_000));
        await pause(
          account.personaId,
          'post_deleted',
          `“${quotePost(post.content)}” was deleted on ${where(account)} within ${plural(minutes, 'minute')} of going out.`,
          { postId: post.id, platform: account.platform },
        );
      }
      return gone.length;
    },

    /** POST …/automation/resume: the owner's one click; the persona as it is now. */
    async resume(workspaceId: string, personaId: string): Promise<Persona> {
      const persona = await ownPersona(r.personas, workspaceId, personaId);
      if (!persona.automation_pause) return persona;
      const at = now();
      if (await r.automation.resume(persona.id)) {
        await r.automation.log({ personaId: persona.id, event: 'resumed', message: 'Resumed by you.' }, at);
      }
      const resumed = await ownPersona(r.personas, workspaceId, personaId);
      await deps.onResumed?.(resumed).catch((error) => log.warn({ err: error }, 'a resumed persona was not looked at'));
      return resumed;
    },
  };
}
export type AutomationPause = ReturnType<typeof createAutomationPause>;
