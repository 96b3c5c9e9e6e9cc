import {
  ACTION_NOT_FOUND,
  ACTION_NOT_UNDOABLE,
  type AutomationActionKind,
  actionsThisRun,
  isWakingTime,
  matchesKeywords,
  type Persona,
  PLATFORM_RULES,
  type Platform,
  platformLabel,
  platformSchema,
  profileUrl,
  quotePost,
  startOfDay,
  WAKING_HOURS,
} from '@plume/core';
import type { FastifyBaseLogger } from 'fastify';
import type { NamedLock } from '../../db/named-lock';
import { ConflictError, NotFoundError, ProviderError } from '../../errors';
import type { CandidatePost, EngagementActions, PlatformAdapter } from '../../integrations/platform';
import { sendEngage } from '../../jobs/engagement';
import type { Queue } from '../../jobs/queue';
import type { AccountRow } from '../accounts/accounts.repository';
import type { AutomationPause } from '../automation/pause';
import { createSafety } from '../automation/safety';
import { ownPersona } from '../personas/persona-access';
import type { Repositories } from '../repositories';

/** Target accounts and keywords read per run at most (reads are rate limited per address). */
const MAX_TARGETS = 10;
const MAX_SEARCHES = 5;
const POSTS_PER_READ = 10;
/** The waking day in minutes: the window reposts and follows are spread over. */
const WAKING_DAY_MINUTES = (Number(WAKING_HOURS.until.slice(0, 2)) - Number(WAKING_HOURS.from.slice(0, 2))) * 60;

const EVENTS = { like: 'liked', repost: 'reposted', follow: 'followed' } as const;
type EngageKind = keyof typeof EVENTS;

export type EngageOutcome = { likes: number; reposts: number; follows: number } | 'asleep' | 'off' | 'limit';

const snippet = (text: string) => quotePost(text, 60);

/**
 * Likes, reposts and follows on Bluesky (decision 022): every ENGAGE_EVERY_MINUTES each persona
 * with engagement on takes its share of each cap, inside waking hours with Human-like patterns,
 * within the daily activity limit, never the same like, repost or follow twice (a unique key per
 * subject). Each action is a row of the log, and can be undone from it.
 */
export function createEngagementService(deps: {
  repositories: Pick<Repositories, 'engagement' | 'automation' | 'personas' | 'accounts' | 'posts'>;
  /**
   * Each network's likes, reposts and follows, where it has them. X has none on purpose: its
   * likes, follows and automated reposts are not done (X's 2026 rules, PLATFORM_RULES).
   */
  adapters: Record<Platform, Pick<PlatformAdapter, 'engagement'>>;
  /** Where engage jobs are queued. */
  queue: Queue;
  lock: NamedLock;
  /** Each action's outcome counts in its account's run of failures (decision 0XD). */
  pause: Pick<AutomationPause, 'streak'>;
  log: FastifyBaseLogger;
  now?: () => Date;
  random?: () => number;
}) {
  const { repositories: r, adapters, log, now = () => new Date(), random = Math.random } = deps;
  const safety = createSafety(r);

  /**
   * Takes one action once: its unique key first, then the platform; a refusal takes the key back.
   * `streak`: the account's run of failures, which the outcome adds to or clears.
   */
  async function act(
    persona: Persona,
    kind: EngageKind,
    subject: string,
    target: { url: string; words: string; why: string },
    call: () => Promise<string>,
    at: Date,
    streak: ReturnType<AutomationPause['streak']>,
  ): Promise<boolean> {
    // The account kept failing: its automation paused, and this run stops here.
    if (streak.stopped) return false;
    const actionId = await r.automation.record(persona.id, kind, at, { platform: 'bluesky', subject });
    if (!actionId) return false;
    let recordId: string;
    try {
      recordId = await call();
    } catch (error) {
      await r.automation.removeAction(actionId);
      log.info({ personaId: persona.id, kind, error: String(error) }, 'engagement action refused');
      await streak.failed(error instanceof Error ? error.message : String(error));
      return false;
    }
    await streak.worked();
    await r.automation.setRecord(actionId, recordId);
    await r.automation.log(
      {
        personaId: persona.id,
        event: EVENTS[kind],
        message: `${kind === 'like' ? 'Liked' : kind === 'repost' ? 'Reposted' : 'Followed'} ${target.words}: ${target.why}.`,
        platform: 'bluesky',
        url: target.url,
        actionId,
      },
      at,
    );
    return true;
  }

  /** Recent posts of the target accounts, and posts found by the keywords (each read once per run). */
  async function candidates(actions: EngagementActions, account: AccountRow, targets: string[], keywords: string[]) {
    const fromTargets: CandidatePost[] = [];
    for (const actor of targets.slice(0, MAX_TARGETS)) {
      fromTargets.push(
        ...(await actions.authorPosts(account, actor.replace(/^@/, ''), POSTS_PER_READ).catch(() => [])),
      );
    }
    const found: CandidatePost[] = [];
    for (const q of keywords.slice(0, MAX_SEARCHES)) {
      found.push(...(await actions.searchPosts(account, q, POSTS_PER_READ).catch(() => [])));
    }
    return { fromTargets, found };
  }

  async function engageNow(personaId: string): Promise<EngageOutcome> {
    const at = now();
    const [work] = await r.engagement.engagingOnBluesky(personaId);
    if (!work) return 'off';
    const { persona, account, timeZone, userId } = work;
    const platform = account.platform;
    const actions = adapters[platform].engagement;
    if (!actions) return 'off';
    const { engagement, safety: settings } = persona.automation;
    if (settings.humanLikePatterns && !isWakingTime(at, timeZone)) return 'asleep';
    const today = startOfDay(at, timeZone);
    let dailyLeft = (await safety.daily(persona, timeZone, at, { planned: true })).left;
    if (dailyLeft <= 0) return 'limit';
    const own = await r.engagement.ownAccountIds(userId);
    const streak = deps.pause.streak(account);
    const done = { likes: 0, reposts: 0, follows: 0 };
    /**
     * A run's share of a cap; with Human-like patterns drawn at random around it (0 to twice the
     * share, the same on average), so actions come at uneven times instead of a fixed rhythm.
     */
    const budget = async (kind: AutomationActionKind, cap: number, windowStart: Date, minutes: number) => {
      const done = await r.automation.countSince(persona.id, kind, windowStart);
      const share = actionsThisRun(cap, done, minutes);
      const drawn = settings.humanLikePatterns ? Math.floor(random() * (2 * share + 1)) : share;
      return Math.min(dailyLeft, Math.max(0, cap - done), drawn);
    };

    // Only the actions the network allows an automated account (PLATFORM_RULES).
    const allowed = PLATFORM_RULES[platform].engagement;
    const autoLike = { ...engagement.autoLike, enabled: engagement.autoLike.enabled && allowed.like };
    const autoRetweet = { ...engagement.autoRetweet, enabled: engagement.autoRetweet.enabled && allowed.repost };
    const autoFollow = { ...engagement.autoFollow, enabled: engagement.autoFollow.enabled && allowed.follow };
    const repostWords = autoRetweet.enabled ? autoRetweet.keywordFilter : [];
    const followWords = autoFollow.enabled ? autoFollow.targetCriteria.keywords : [];
    const { fromTargets, found } = await candidates(
      actions,
      account,
      autoLike.enabled || autoRetweet.enabled ? autoLike.targetAccounts : [],
      [...new Set([...repostWords, ...followWords])],
    );
    const notOurs = (p: CandidatePost) => p.author.did !== account.externalId && !own.has(p.author.did);

    if (autoLike.enabled) {
      let n = await budget('like', autoLike.maxLikesPerHour, new Date(at.getTime() - 3_600_000), 60);
      const pool = [
        ...fromTargets.map((p) => ({ p, why: `a post of @${p.author.handle}, a target account` })),
        ...found
          .filter((p) => matchesKeywords(p.text, repostWords))
          .map((p) => ({ p, why: 'it matches the keywords' })),
      ].filter(({ p }) => notOurs(p) && !p.liked);
      const already = await r.automation.subjectsOf(
        persona.id,
        'like',
        pool.map(({ p }) => p.uri),
      );
      for (const { p, why } of pool) {
        if (n <= 0) break;
        if (already.has(p.uri)) continue;
        already.add(p.uri);
        const words = { url: p.url, words: `a post by @${p.author.handle} (“${snippet(p.text)}”)`, why };
        if (await act(persona, 'like', p.uri, words, () => actions.like(account, p), at, streak)) {
          n -= 1;
          dailyLeft -= 1;
          done.likes += 1;
        }
      }
    }

    if (autoRetweet.enabled && repostWords.length > 0 && dailyLeft > 0) {
      let n = await budget('repost', autoRetweet.maxRetweetsPerDay, today, WAKING_DAY_MINUTES);
      const pool = [...fromTargets, ...found].filter(
        (p) => notOurs(p) && !p.reposted && matchesKeywords(p.text, repostWords),
      );
      const already = await r.automation.subjectsOf(
        persona.id,
        'repost',
        pool.map((p) => p.uri),
      );
      for (const p of pool) {
        if (n <= 0) break;
        if (already.has(p.uri)) continue;
        already.add(p.uri);
        const keyword = repostWords.find((k) => matchesKeywords(p.text, [k]));
        const words = {
          url: p.url,
          words: `a post by @${p.author.handle} (“${snippet(p.text)}”)`,
          why: `it matches “${keyword}”`,
        };
        if (await act(persona, 'repost', p.uri, words, () => actions.repost(account, p), at, streak)) {
          n -= 1;
          dailyLeft -= 1;
          done.reposts += 1;
        }
      }
    }

    if (autoFollow.enabled && dailyLeft > 0) {
      let n = await budget('follow', autoFollow.maxFollowsPerDay, today, WAKING_DAY_MINUTES);
      if (n > 0) {
        const { minFollowers, maxFollowers } = autoFollow.targetCriteria;
        const dids = [
          ...new Set([
            ...found.filter((p) => matchesKeywords(p.text, followWords)).map((p) => p.author.did),
            ...(await r.engagement.recentAuthors(persona.id, new Date(at.getTime() - 7 * 86_400_000))),
          ]),
        ].filter((did) => did !== account.externalId && !own.has(did));
        const already = await r.automation.subjectsOf(persona.id, 'follow', dids);
        const profiles = (
          await actions
            .profiles(
              account,
              dids.filter((d) => !already.has(d)),
            )
            .catch(() => [])
        ).filter(
          (p) =>
            !p.following &&
            p.followers >= minFollowers &&
            p.followers <= maxFollowers &&
            (followWords.length === 0 || matchesKeywords(`${p.handle} ${p.text}`, followWords)),
        );
        for (const p of profiles) {
          if (n <= 0) break;
          const words = {
            url: profileUrl('bluesky', p.handle),
            words: `@${p.handle}`,
            why: `${p.followers.toLocaleString('en-US')} followers, inside ${minFollowers.toLocaleString('en-US')}–${maxFollowers.toLocaleString('en-US')}${followWords.length > 0 ? ', and the profile matches the keywords' : ''}`,
          };
          if (await act(persona, 'follow', p.did, words, () => actions.follow(account, p.did), at, streak)) {
            n -= 1;
            dailyLeft -= 1;
            done.follows += 1;
          }
        }
      }
    }
    return done;
  }

  return {
    /** Every ENGAGE_EVERY_MINUTES: an engage job per persona with engagement on and Bluesky connected. */
    async queueDue(): Promise<number> {
      const working = await r.engagement.engagingOnBluesky();
      for (const { persona } of working) await sendEngage(deps.queue, { personaId: persona.id });
      return working.length;
    },

    /** A persona that now engages: its first run now, not at the next ten minutes. */
    queueFor(personaId: string): Promise<void> {
      return sendEngage(deps.queue, { personaId });
    },

    /** One run for a persona, under its lock: two workers never spend one cap twice. */
    engage(personaId: string): Promise<EngageOutcome> {
      return deps.lock(`engage:${personaId}`, () => engageNow(personaId));
    },

    /** POST …/automation/actions/{actionId}/undo: takes back a like, repost or follow on the platform. */
    async undo(userId: string, personaId: string, actionId: string): Promise<{ undone: true }> {
      const persona = await ownPersona(r.personas, userId, personaId);
      const action = await r.automation.findAction(persona.id, actionId);
      if (!action) throw new NotFoundError(ACTION_NOT_FOUND);
      const kind = action.kind as AutomationActionKind;
      const platform = platformSchema.safeParse(action.platform).data;
      const actions = platform ? adapters[platform].engagement : undefined;
      if (!(kind in EVENTS) || !action.recordId || action.undoneAt || !platform || !actions) {
        throw new ConflictError(ACTION_NOT_UNDOABLE);
      }
      const account = await r.accounts.find(persona.id, platform);
      if (!account) throw new ConflictError(`Connect the ${platformLabel(platform)} account again to undo this`);
      try {
        await actions.undo(account, action.recordId);
      } catch (error) {
        throw new ProviderError(platformLabel(platform), error instanceof Error ? error.message : String(error));
      }
      if (await r.automation.markUndone(action.id, now())) {
        const what = kind === 'like' ? 'like' : kind === 'repost' ? 'repost' : 'follow';
        await r.automation.log(
          {
            personaId: persona.id,
            event: 'undone',
            message: `Undid a ${what} (you asked from the log).`,
            platform,
            url: null,
          },
          now(),
        );
      }
      return { undone: true };
    },
  };
}
export type EngagementService = ReturnType<typeof createEngagementService>;
