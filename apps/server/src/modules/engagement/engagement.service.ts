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
  plannedSpend,
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
import type { CandidatePost, PlatformAdapter } from '../../integrations/platform';
import { sendEngage } from '../../jobs/engagement';
import type { Queue } from '../../jobs/queue';
import type { AccountRow } from '../accounts/accounts.repository';
import type { AutomationPause } from '../automation/pause';
import { type BudgetWait, createSafety } from '../automation/safety';
import type { Budget } from '../budget/budget.service';
import { ownPersona } from '../personas/persona-access';
import type { Repositories } from '../repositories';
import { sentimentOf } from './sentiment';

/** What one run reads at most (reads are rate limited per address). */
const MENTIONS_PER_RUN = 50;
const FOLLOWERS_PER_READ = 50;
/** People whose recent posts one run reads, and how many posts of each. */
const PEOPLE_PER_RUN = 10;
const POSTS_PER_READ = 10;
/** Target accounts not met among them that one run asks about (one read). */
const TARGETS_ASKED = 25;
/** A mention makes its author someone the persona may engage with for this long. */
const REACHED_FOR_MS = 7 * 86_400_000;
/** The waking day in minutes: the window reposts and follows are spread over. */
const WAKING_DAY_MINUTES = (Number(WAKING_HOURS.until.slice(0, 2)) - Number(WAKING_HOURS.from.slice(0, 2))) * 60;

const EVENTS = { like: 'liked', repost: 'reposted', follow: 'followed' } as const;
type EngageKind = keyof typeof EVENTS;

export type EngageOutcome = { likes: number; reposts: number; follows: number } | 'asleep' | 'off' | 'limit';

const snippet = (text: string) => quotePost(text, 60);
const MENTIONED = { mention: 'mentioned', reply: 'replied to', quote: 'quoted' } as const;

/** Someone who reached the persona first (decision 032), and how, in the log's words. */
type Reached = { did: string; handle: string; how: string; mentioned: boolean };
/** A post the persona may like or repost, and why it may. */
type Candidate = { p: CandidatePost; why: string };

/** Runs `load` once, when first asked. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

/**
 * Likes, reposts and follows on Bluesky (decision 022): every ENGAGE_EVERY_MINUTES each persona
 * with engagement on takes its share of each cap, inside waking hours with Human-like patterns,
 * within the daily activity limit, never the same like, repost or follow twice (a unique key per
 * subject). Each action is a row of the log, and can be undone from it.
 *
 * Only toward people who reached the persona first (decision 032, Bluesky's rule for automated
 * accounts): recent posts of people who follow it or mentioned it (its mentions, read from Plume's
 * own cursor), never a post addressed to it (a mention, reply or quote: the reply path answers
 * those); follows only back to those people. The
 * target accounts, keywords and follower range filter inside that set; a post that reads as
 * negative is never liked or reposted, nor its author followed for it.
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
  /** Each network's limits on the account (decision 033): an action waits for room instead of meeting a 429. */
  budget: Pick<Budget, 'wait'>;
  lock: NamedLock;
  /** Each action's outcome counts in its account's run of failures (decision 035). */
  pause: Pick<AutomationPause, 'streak'>;
  log: FastifyBaseLogger;
  now?: () => Date;
  random?: () => number;
}) {
  const { repositories: r, adapters, log, now = () => new Date(), random = Math.random } = deps;
  const safety = createSafety(r);

  /**
   * Takes one action once: room for it within the network's limits on the account first (else the
   * run's `held` says until when), its unique key, then the platform; a refusal takes the key back.
   * `streak`: the account's run of failures, which the outcome adds to or clears.
   */
  async function act(
    persona: Persona,
    run: { account: AccountRow; held: BudgetWait | null },
    kind: EngageKind,
    subject: string,
    target: { url: string; words: string; why: string },
    call: () => Promise<string>,
    at: Date,
    streak: ReturnType<AutomationPause['streak']>,
  ): Promise<boolean> {
    // The account kept failing: its automation paused, and this run stops here.
    if (streak.stopped) return false;
    if (run.held) return false;
    run.held = await deps.budget.wait(run.account, plannedSpend(run.account.platform, kind));
    if (run.held) return false;
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

  async function engageNow(personaId: string): Promise<EngageOutcome> {
    const at = now();
    const [work] = await r.engagement.engagingOnBluesky(personaId);
    if (!work) return 'off';
    const { persona, account, timeZone, workspaceId } = work;
    const platform = account.platform;
    const actions = adapters[platform].engagement;
    if (!actions) return 'off';
    const { engagement, safety: settings } = persona.automation;
    if (settings.humanLikePatterns && !isWakingTime(at, timeZone)) return 'asleep';
    const today = startOfDay(at, timeZone);
    let dailyLeft = (await safety.daily(persona, timeZone, at, { planned: true })).left;
    if (dailyLeft <= 0) return 'limit';
    const own = await r.engagement.ownAccountIds(workspaceId);
    const streak = deps.pause.streak(account);
    const done = { likes: 0, reposts: 0, follows: 0 };
    /** The run's account, and the wait for room once the network's limits hold it (decision 033). */
    const run: { account: AccountRow; held: BudgetWait | null } = { account, held: null };
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
    const name = persona.name;
    const ours = (did: string) => did === account.externalId || own.has(did);
    const targets = new Set(autoLike.targetAccounts.map((t) => t.replace(/^@/, '').toLowerCase()));
    const isTarget = (author: { did: string; handle: string }) =>
      targets.has(author.handle.toLowerCase()) || targets.has(author.did.toLowerCase());

    // The posts addressed to the persona (its mentions, replies and quotes of the last days, and any
    // post that names its handle): people who reached it, never posts to like or repost. They are
    // spoken to, and the reply path answers them; reposting them would be the persona promoting
    // what is said to it.
    const recent = await r.engagement.recentMentions(
      account.id,
      new Date(at.getTime() - REACHED_FOR_MS),
      MENTIONS_PER_RUN,
    );
    const addressed = new Set(recent.map((m) => m.externalId));
    const handle = `@${account.username.toLowerCase()}`;
    const addressedToIt = (p: CandidatePost) =>
      addressed.has(p.uri) ||
      p.text
        .toLowerCase()
        .split(/[^a-z0-9.@_-]+/)
        .some((word) => word.replace(/[.]+$/, '') === handle);
    // Its authors reached it (never one who reads as negative).
    const mentionRows = recent.filter((m) => !ours(m.authorId) && sentimentOf(m.text).sentiment !== 'negative');

    // The people who reached it: who mentioned it lately (newest first), then who follows it.
    const people = once(async (): Promise<Reached[]> => {
      const reached = new Map<string, Reached>();
      for (const m of mentionRows) {
        if (!reached.has(m.authorId)) {
          const how = `@${m.authorHandle} ${MENTIONED[m.kind]} ${name}`;
          reached.set(m.authorId, { did: m.authorId, handle: m.authorHandle, how, mentioned: true });
        }
      }
      for (const f of await actions.followers(account, FOLLOWERS_PER_READ).catch(() => [])) {
        if (!ours(f.did) && !reached.has(f.did)) {
          reached.set(f.did, { did: f.did, handle: f.handle, how: `@${f.handle} follows ${name}`, mentioned: false });
        }
      }
      // A target account further down the followers than one page: asked directly.
      const known = new Set([...reached.values()].flatMap((p) => [p.did.toLowerCase(), p.handle.toLowerCase()]));
      const unseen = [...targets].filter((t) => !known.has(t)).slice(0, TARGETS_ASKED);
      if (autoLike.enabled && unseen.length > 0) {
        for (const p of await actions.profiles(account, unseen).catch(() => [])) {
          if (p.followsYou && !ours(p.did) && !reached.has(p.did)) {
            reached.set(p.did, { did: p.did, handle: p.handle, how: `@${p.handle} follows ${name}`, mentioned: false });
          }
        }
      }
      return [...reached.values()];
    });

    // Their recent posts: the target accounts among them first (only theirs when nothing else would use the others').
    const peoplePosts = once(async (): Promise<Candidate[]> => {
      const all = await people();
      const others = targets.size === 0 || repostWords.length > 0 ? all.filter((p) => !isTarget(p)) : [];
      const read = [...all.filter(isTarget), ...others].slice(0, PEOPLE_PER_RUN);
      const out: Candidate[] = [];
      for (const person of read) {
        const posts = await actions.authorPosts(account, person.did, POSTS_PER_READ).catch(() => []);
        out.push(...posts.filter((p) => p.author.did === person.did).map((p) => ({ p, why: person.how })));
      }
      return out;
    });

    /**
     * Likes or reposts up to `n` of the posts `pools` give (read only while some are left to do),
     * those `fits` keeps, never the persona's own, one addressed to it, one it did already, or one
     * that reads as negative.
     */
    const engagePosts = async (
      what: 'like' | 'repost',
      n: number,
      pools: (() => Promise<Candidate[]>)[],
      fits: (o: Candidate) => string | null,
    ) => {
      let left = n;
      const seen = new Set<string>();
      for (const pool of pools) {
        if (left <= 0 || dailyLeft <= 0) break;
        const fitting = (await pool()).flatMap((o) => {
          const why = fits(o);
          const had = what === 'like' ? o.p.liked : o.p.reposted;
          if (why === null || had || ours(o.p.author.did) || seen.has(o.p.uri) || addressedToIt(o.p)) return [];
          if (sentimentOf(o.p.text).sentiment === 'negative') return [];
          seen.add(o.p.uri);
          return [{ p: o.p, why }];
        });
        const already = await r.automation.subjectsOf(
          persona.id,
          what,
          fitting.map(({ p }) => p.uri),
        );
        for (const { p, why } of fitting) {
          if (left <= 0 || dailyLeft <= 0) break;
          if (already.has(p.uri)) continue;
          already.add(p.uri);
          const words = { url: p.url, words: `a post by @${p.author.handle} (“${snippet(p.text)}”)`, why };
          if (await act(persona, run, what, p.uri, words, () => actions[what](account, p), at, streak)) {
            left -= 1;
            dailyLeft -= 1;
            if (what === 'like') done.likes += 1;
            else done.reposts += 1;
          }
        }
      }
    };

    if (autoLike.enabled) {
      const n = await budget('like', autoLike.maxLikesPerHour, new Date(at.getTime() - 3_600_000), 60);
      // With target accounts, only theirs.
      await engagePosts('like', n, [peoplePosts], ({ p, why }) =>
        targets.size === 0 ? why : isTarget(p.author) ? `${why}, a target account` : null,
      );
    }

    if (autoRetweet.enabled && repostWords.length > 0 && dailyLeft > 0) {
      const n = await budget('repost', autoRetweet.maxRetweetsPerDay, today, WAKING_DAY_MINUTES);
      await engagePosts('repost', n, [peoplePosts], ({ p, why }) => {
        const keyword = repostWords.find((k) => matchesKeywords(p.text, [k]));
        return keyword ? `it matches “${keyword}” and ${why}` : null;
      });
    }

    if (autoFollow.enabled && dailyLeft > 0) {
      let n = await budget('follow', autoFollow.maxFollowsPerDay, today, WAKING_DAY_MINUTES);
      if (n > 0) {
        // Follow-back: only people who follow the persona or mentioned it.
        const { minFollowers, maxFollowers } = autoFollow.targetCriteria;
        const reached = new Map((await people()).map((p) => [p.did, p]));
        const already = await r.automation.subjectsOf(persona.id, 'follow', [...reached.keys()]);
        const profiles = (
          await actions
            .profiles(
              account,
              [...reached.keys()].filter((d) => !already.has(d)),
            )
            .catch(() => [])
        ).filter(
          (p) =>
            !p.following &&
            (p.followsYou || reached.get(p.did)?.mentioned) &&
            p.followers >= minFollowers &&
            p.followers <= maxFollowers &&
            (followWords.length === 0 || matchesKeywords(`${p.handle} ${p.text}`, followWords)),
        );
        for (const p of profiles) {
          if (n <= 0 || dailyLeft <= 0) break;
          const how = p.followsYou ? `@${p.handle} follows ${name} (a follow-back)` : (reached.get(p.did)?.how ?? '');
          const words = {
            url: profileUrl('bluesky', p.handle),
            words: `@${p.handle}`,
            why: `${how}; ${p.followers.toLocaleString('en-US')} followers, inside ${minFollowers.toLocaleString('en-US')}–${maxFollowers.toLocaleString('en-US')}${followWords.length > 0 ? ', and the profile matches the keywords' : ''}`,
          };
          if (await act(persona, run, 'follow', p.did, words, () => actions.follow(account, p.did), at, streak)) {
            n -= 1;
            dailyLeft -= 1;
            done.follows += 1;
          }
        }
      }
    }
    if (run.held) {
      // The next run waits for room (the every-ten-minutes one finds it queued), and the log says why.
      await sendEngage(deps.queue, { personaId: persona.id }, { at: run.held.until });
      await r.automation.log(
        {
          personaId: persona.id,
          event: 'skipped',
          message: `Likes, reposts and follows wait for room: ${run.held.reason}.`,
          platform,
          url: null,
        },
        at,
      );
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
    async undo(workspaceId: string, personaId: string, actionId: string): Promise<{ undone: true }> {
      const persona = await ownPersona(r.personas, workspaceId, personaId);
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
