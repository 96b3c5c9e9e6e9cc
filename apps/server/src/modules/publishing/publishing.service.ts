import {
  APPROVAL_NEEDED_MESSAGE,
  overLimitProblems,
  type Persona,
  PLATFORM_LABELS,
  type Platform,
  type PostPart,
  type PublishRequest,
  type PublishResponse,
  type PublishResult,
  plannedSpend,
  postParts,
  requestedPlatforms,
  threadContent,
  withLanguages,
} from '@plume/core';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation, untilReachable } from '../../db/pg-errors';
import { AppError, BadRequestError, ConflictError, RateLimitedError } from '../../errors';
import { asPlatformError, type PlatformAdapter, PlatformError, type PublishOptions } from '../../integrations/platform';
import { sendPublishPost, sendReconcilePost } from '../../jobs/publish-posts';
import type { Queue } from '../../jobs/queue';
import type { PlanLimits } from '../account/plan-limits';
import type { AccountRow } from '../accounts/accounts.repository';
import type { AccountsService } from '../accounts/accounts.service';
import { reconnectNeeded } from '../accounts/credential-store';
import type { AutomationPause } from '../automation/pause';
import { createSafety } from '../automation/safety';
import type { Budget } from '../budget/budget.service';
import type { MediaService } from '../media/media.service';
import { ownPersona } from '../personas/persona-access';
import type { PostHistoryRepository } from '../posts/post-history.repository';
import type { PreferencesRepository } from '../preferences/preferences.repository';
import type { Repositories } from '../repositories';
import type { PostOwner, WebhookEvents } from '../webhooks/webhooks.service';
import { type Actor, mustReview } from '../workspaces/approval';
import { refuseRecentDuplicate } from './duplicate-post';
import { attachLinkCards, type ReadCard } from './link-cards';
import type { ClaimedPost, PostRow, PostsRepository, SettledBy } from './posts.repository';

/** Sending attempts for errors that happen before a post leaves (refused connection, 429). */
export const MAX_ATTEMPTS = 5;
/** A scheduled post is looked into when its time passed this long ago and no worker took it. */
export const OVERDUE_GRACE_MS = 60_000;
/** A claim older than this means the process died while publishing. */
export const STUCK_AFTER_MS = 5 * 60_000;
/** How soon a post waits for another of its persona's posts that is being published. */
export const BUSY_RETRY_MS = 2000;
/** How many posts of one account a batch of publish jobs publishes, at most (the rest are queued again). */
export const BATCH_POSTS_PER_ACCOUNT = 20;
/**
 * When an unconfirmed post is looked for on its account, after it became unconfirmed: each wait is
 * from the look before. Found, it is posted; not found by the last look, it failed (Retry offered).
 */
export const RECONCILE_WAITS_MS = [60_000, 4 * 60_000, 10 * 60_000, 30 * 60_000] as const;
/** What a publish's outcome may settle: its own claim, or the sweeper's guess that it was lost. */
const SETTLE_FROM = ['publishing', 'unconfirmed'] as const;
/** Who a job's outcome is told as in the post's history: the persona's automation, not the person who scheduled it. */
const BY_THE_JOB: SettledBy = { actorUserId: null, actorKind: 'automation' };

/** An error known to happen before anything was sent (and no part of a thread went out): safe to try again. */
const beforeSending = (failure: PlatformError) =>
  (failure.details.postedIds ?? []).length === 0 &&
  (failure.kind === 'rate_limited' || (failure.kind === 'rejected' && failure.details.status === undefined));

/**
 * How a post automation wrote goes out (decision 034): with the persona's limit on who may reply,
 * and said to be AI-written when a model wrote it (the offline composer's templates are not). A
 * post a person wrote goes out as written.
 */
export function automatedOptions(post: Pick<PostRow, 'writer'>, persona: Persona): PublishOptions | undefined {
  if (post.writer === null) return undefined;
  return { whoCanReply: persona.automation.safety.whoCanReply, aiWritten: post.writer !== 'offline' };
}

export function createPublishingService(deps: {
  /** The images parts carry: checked when posting now, read and fitted to each network as a post goes out. */
  media: Pick<MediaService, 'checkParts' | 'imagesFor'>;
  repositories: Repositories;
  posts: PostsRepository;
  accounts: AccountsService;
  preferences: PreferencesRepository;
  adapters: Record<Platform, PlatformAdapter>;
  /** Where a post's publish job is queued (retries and deferrals). */
  queue: Queue;
  planLimits: Pick<PlanLimits, 'checkNewPosts'>;
  /** Each network's limits on the account (decision 033): a post waits for room instead of meeting a 429. */
  budget: Pick<Budget, 'wait' | 'waitWhole'>;
  /** Each publish's outcome counts in its account's run of failures (decision 035). */
  pause: Pick<AutomationPause, 'streak'>;
  /** Reads a link's card for a post sent now (decision 043); none without it. */
  readCard?: ReadCard;
  /** Each outcome (posted, failed, unconfirmed) is told to the owner's webhooks, once per post and outcome. */
  events?: Pick<WebhookEvents, 'postSettled'>;
  /** Who wrote and published each post (decision 056-approval-that-blocks). */
  history: Pick<PostHistoryRepository, 'record'>;
  /** Posts sent to review where posts need approval: the workspace's approvers are told. */
  awaitingApproval?: (workspaceId: string, postIds: string[]) => Promise<void>;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const {
    repositories,
    posts,
    accounts,
    preferences,
    adapters,
    queue,
    planLimits,
    budget,
    log,
    now = () => new Date(),
  } = deps;
  const safety = createSafety(repositories);

  /** Post now by an editor where posts need approval: each network's post waits in review, sent at once when approved. */
  async function sendToReview(
    actor: Actor,
    personaId: string,
    platforms: Platform[],
    parts: PostPart[],
    at: Date,
  ): Promise<PublishResponse> {
    const results: PublishResult[] = [];
    for (const platform of platforms) {
      const post = await posts.insert({
        personaId,
        platform,
        content: threadContent(parts),
        parts,
        status: 'pending_review',
        // Its time has come: approved, it goes at once.
        scheduledFor: at,
      });
      await deps.history.record([
        { postId: post.id, actorUserId: actor.userId, actorKind: actor.kind, action: 'wrote', at },
        { postId: post.id, actorUserId: actor.userId, actorKind: actor.kind, action: 'submitted', note: 'Post now' },
      ]);
      results.push({ platform, postId: post.id, status: 'pending_review', externalId: null, url: null, error: null });
    }
    await deps.awaitingApproval?.(
      actor.workspaceId,
      results.map((r) => r.postId),
    );
    return { results, review: APPROVAL_NEEDED_MESSAGE };
  }

  /**
   * Records what the platform said about a post being published; returns the result the API shows.
   * The sweeper may have marked a slow publish unconfirmed meanwhile: the platform's answer wins.
   * The account it went out on (when it had one) counts the outcome in its run of failures.
   * Posted or failed goes into the post's history as said `by` (decision 056-approval-that-blocks),
   * with the move itself: once per outcome, however often the job runs.
   */
  async function settle(
    post: PostRow,
    parts: PostPart[],
    outcome: unknown,
    account: AccountRow | null | undefined,
    owner: PostOwner,
    by: SettledBy,
  ): Promise<PublishResult> {
    const platform = post.platform;
    const base = { platform, postId: post.id, externalId: null, url: null, error: null };
    const streak = account ? deps.pause.streak(account) : null;
    // What the network answered is known only here: each write of it waits out a database that is
    // out of reach (a restart) rather than leave the post publishing (decision 052). Each
    // is safe to run twice: a guarded transition, a recount.
    if (outcome && typeof outcome === 'object' && 'externalIds' in outcome) {
      const { externalIds, url } = outcome as { externalIds: string[]; url: string | null };
      await untilReachable(() => posts.markPosted(post.id, externalIds, url, SETTLE_FROM, by));
      // The persona's card counts it now, not at the next metrics reading.
      await untilReachable(() => repositories.metrics.countPublished(post.personaId));
      await streak?.worked();
      await deps.events?.postSettled(post.id, owner);
      return { ...base, status: 'posted', externalId: externalIds[0] ?? null, url };
    }
    const failure = asPlatformError(outcome);
    const postedIds = failure.details.postedIds ?? [];
    const message =
      postedIds.length > 0
        ? `${failure.message} (${postedIds.length} of ${parts.length} parts were posted)`
        : failure.message;
    if (failure.kind === 'unknown') {
      if (await untilReachable(() => posts.markUnconfirmed(post.id, message, postedIds, SETTLE_FROM)))
        await untilReachable(() => lookLater(post, parts));
    } else await untilReachable(() => posts.markFailed(post.id, message, postedIds, SETTLE_FROM, by));
    log.info({ platform, kind: failure.kind, postId: post.id }, 'publishing failed');
    await deps.events?.postSettled(post.id, owner);
    await streak?.failed(message);
    return {
      ...base,
      status: failure.kind === 'unknown' ? 'unconfirmed' : 'failed',
      externalId: postedIds[0] ?? null,
      error: message,
    };
  }

  /**
   * An unconfirmed post is looked for on its account by itself (RECONCILE_WAITS_MS), where the
   * network can be asked (`findRecentPost`) and the post is one part with nothing known posted: a
   * thread partly out is the user's to decide.
   */
  async function lookLater(post: Pick<PostRow, 'id' | 'platform'>, parts: readonly PostPart[], check = 0) {
    if (!adapters[post.platform].findRecentPost || parts.length !== 1) return;
    const wait = RECONCILE_WAITS_MS[check];
    if (wait === undefined) return;
    await sendReconcilePost(queue, { postId: post.id, check }, { at: new Date(now().getTime() + wait) });
  }

  /**
   * Calls the platform once for a post already marked publishing, as its account (loaded here
   * unless given). Each part says its languages: those it names, else its persona's.
   */
  async function callPlatform(
    post: PostRow,
    parts: PostPart[],
    persona: Pick<Persona, 'languages'>,
    account?: AccountRow,
    options?: PublishOptions,
  ): Promise<unknown> {
    try {
      const replyTo = post.replyTo?.ref;
      const platform = post.platform;
      const connected = account ?? (await accounts.requireAccount(post.personaId, platform));
      // The parts' images, read from the library and fitted to this network before anything is sent.
      const images = parts.some((part) => part.media.length > 0)
        ? await deps.media.imagesFor(parts, platform)
        : undefined;
      return await adapters[platform].publish(connected, withLanguages(parts, persona.languages), replyTo, {
        ...options,
        ...(images ? { images } : {}),
      });
    } catch (error) {
      // Our own refusal (the account was disconnected meanwhile): nothing was sent.
      if (error instanceof AppError) return new PlatformError(error.message, 'rejected', { status: error.statusCode });
      return error;
    }
  }

  /**
   * The persona's Safety settings (decision 025) before a post goes out: a later time to publish
   * at, or null to go now. Past the daily activity limit it waits for the owner's next day; with
   * Cooldown periods it keeps the post spacing on its account; and it waits for room within the
   * safe share of the network's limits on the account (decision 033).
   */
  async function safetyDelay(
    persona: Persona,
    timeZone: string,
    post: PostRow,
    account: AccountRow | null,
    at: Date,
  ): Promise<{ until: Date; reason: string } | null> {
    const day = await safety.daily(persona, timeZone, at, { except: post.id });
    if (day.left === 0) {
      return {
        until: new Date(day.nextDay.getTime() + 60_000),
        reason: `Daily activity limit reached (${day.limit}); moved to the next day`,
      };
    }
    const spaced = await safety.spacedUntil(persona, post.platform, at);
    if (spaced) return { until: spaced, reason: 'Waiting out the cooldown between posts' };
    // A post starting a conversation with a limit on who replies also writes its threadgate.
    const gated = !post.replyTo && (automatedOptions(post, persona)?.whoCanReply ?? 'everyone') !== 'everyone';
    const planned = plannedSpend(post.platform, 'post', post.parts.length, gated);
    const room = account ? await budget.wait(account, planned) : null;
    return room ? { until: room.until, reason: `Waiting for room: ${room.reason}` } : null;
  }

  /**
   * A post once its claim was tried (`claimed`: the claim's answer): applies the persona's Safety
   * settings, calls the platform once and records posted, failed or unconfirmed. Errors known to
   * happen before sending go back to scheduled with backoff.
   */
  async function publishClaimed(
    postId: string,
    post: ClaimedPost | 'busy' | undefined,
    claimedAt: Date,
  ): Promise<string> {
    if (!post) return 'not due or already taken';
    if (post === 'busy') {
      // One at a time per account: try again once the post in flight is done.
      await sendPublishPost(queue, { postId }, { at: new Date(claimedAt.getTime() + BUSY_RETRY_MS) });
      return 'busy';
    }
    const parts = post.parts;
    // What automation scheduled on its own does not go out while its automation is paused
    // (decision 035): it waits for a person in the review queue, as the pause put the others.
    // So does what it scheduled for an account that needs a reconnect: it is held with the account.
    // Defence in depth (decision 056-approval-that-blocks): where posts need approval, a post no
    // approver let out never goes, whatever put it on the schedule; it waits in the review queue.
    if (post.needsApproval && !post.approvedBy) {
      await untilReachable(() => posts.holdClaimed(post.id));
      return 'held for approval';
    }
    const held = post.persona.automation_pause || (post.account && reconnectNeeded(post.account));
    if (held && !post.approvedAt && (post.autoSlot || post.replyTo)) {
      await untilReachable(() => posts.holdClaimed(post.id));
      return 'held for review';
    }
    // The claim loaded what publishing needs once: the persona and its owner's zone (and the account).
    // From the claim on, a database out of reach is waited out (reads and guarded writes alike): a
    // post left publishing would hold its account until the sweeper's look (decision 052).
    const delay = await untilReachable(() => safetyDelay(post.persona, post.timeZone, post, post.account, claimedAt));
    if (delay) {
      await untilReachable(() => posts.retryLater(post.id, delay.until, delay.reason, false));
      await untilReachable(() => sendPublishPost(queue, { postId: post.id }, { at: delay.until }));
      return 'deferred';
    }
    const outcome = await callPlatform(
      post,
      parts,
      post.persona,
      post.account ?? undefined,
      automatedOptions(post, post.persona),
    );
    if (outcome instanceof Error || !(outcome && typeof outcome === 'object' && 'externalIds' in outcome)) {
      const failure = asPlatformError(outcome);
      if (beforeSending(failure) && post.attempts + 1 < MAX_ATTEMPTS) {
        const waitMs = failure.details.retryAfterSeconds
          ? failure.details.retryAfterSeconds * 1000
          : 30_000 * 2 ** post.attempts;
        const at = new Date(now().getTime() + waitMs);
        await untilReachable(() => posts.retryLater(post.id, at, `${failure.message} (trying again)`, true));
        await untilReachable(() => sendPublishPost(queue, { postId: post.id }, { at }));
        return 'retrying';
      }
    }
    return (await settle(post, parts, outcome, post.account, post, BY_THE_JOB)).status;
  }

  const service = {
    /** POST /api/personas/{id}/post: posts now to each platform named, each recorded with its outcome. */
    async publishNow(actor: Actor, personaId: string, request: PublishRequest): Promise<PublishResponse> {
      const { workspaceId } = actor;
      const persona = await ownPersona(repositories.personas, workspaceId, personaId);
      const platforms = requestedPlatforms(request);
      let parts = postParts(request);
      await deps.media.checkParts(workspaceId, request.parts ?? [], { requireAlt: persona.require_alt_text });
      const problems = overLimitProblems(parts, platforms);
      if (problems.length > 0) {
        throw new BadRequestError(
          problems.join('; '),
          problems.map((message) => ({ field: request.parts ? 'body.parts' : 'body.content', message })),
        );
      }
      const at = now();
      const content = threadContent(parts);
      // Where posts need approval and no approver asks, nothing is sent: each network's post waits
      // in the review queue, to go at once when approved (decision 056-approval-that-blocks).
      if (mustReview(actor)) return sendToReview(actor, personaId, platforms, parts, at);
      // The same text again within minutes asks first (unless the user said to post it again).
      if (!request.confirmDuplicate) await refuseRecentDuplicate(posts, { personaId, platforms, content, at });
      // Every platform must be connected and working before anything is posted anywhere (a
      // connection marked for a reconnect would refuse its call: credential-store.ts).
      const connected = new Map<Platform, AccountRow>();
      for (const platform of platforms)
        connected.set(platform, await accounts.requireWorkingAccount(personaId, platform));
      // The daily activity limit holds for posting by hand too (the cooldown paces scheduled and
      // automated posts; a person posting is the pace it imitates). Each network's post counts
      // once, so all of them must fit: nothing goes out when only some would.
      const day = await safety.daily(persona, (await preferences.workspaceTimeZone(workspaceId)) ?? 'UTC', at);
      if (day.left < platforms.length) {
        const raise = "raise the limit in the Automation tab's Safety settings";
        throw new RateLimitedError(
          day.left === 0
            ? `Daily activity limit reached (${day.limit}): post again tomorrow, or ${raise}`
            : `Daily activity limit (${day.limit}): ${day.left} more post${day.left === 1 ? '' : 's'} today, not ${platforms.length}: post to fewer networks, or ${raise}`,
          Math.max(1, Math.ceil((day.nextDay.getTime() - at.getTime()) / 1000)),
        );
      }
      await planLimits.checkNewPosts(workspaceId, platforms.length, at);
      // A person posting may use the network's whole limit (automation keeps to its safe share),
      // but never past it: Plume says when there is room rather than letting the network answer 429.
      for (const [platform, account] of connected) {
        const room = await budget.waitWhole(account, plannedSpend(platform, 'post', parts.length));
        if (room) {
          const seconds = Math.max(1, Math.ceil((room.until.getTime() - at.getTime()) / 1000));
          const minutes = Math.ceil(seconds / 60);
          throw new RateLimitedError(
            `${room.reason}: try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
            seconds,
          );
        }
      }
      // A link's card, read now as the post goes now (one that was shown and removed is not sent).
      if (deps.readCard) parts = await attachLinkCards(deps.readCard, parts);
      // Claim every platform before calling any: a platform busy with another post of this persona
      // answers 409 with nothing posted anywhere.
      const claimed: PostRow[] = [];
      try {
        for (const platform of platforms) {
          claimed.push(
            await posts.insert({
              personaId,
              platform,
              content,
              parts,
              status: 'publishing',
              approvedBy: actor.vouchedBy,
            }),
          );
        }
      } catch (error) {
        for (const post of claimed) {
          await posts.markFailed(post.id, 'Not sent: another post was being published');
          await deps.events?.postSettled(post.id, { workspaceId, personaName: persona.name });
        }
        if (!isUniqueViolation(error)) throw error;
        throw new ConflictError('A post of this persona is being published right now. Try again in a moment.');
      }
      const outcomes = await Promise.all(
        claimed.map((post) => callPlatform(post, parts, persona, connected.get(post.platform))),
      );
      await deps.history.record(
        claimed.map((post) => ({
          postId: post.id,
          actorUserId: actor.userId,
          actorKind: actor.kind,
          action: 'wrote',
          at,
        })),
      );
      // The person who posted it now is who published it (or whose post failed).
      const by: SettledBy = { actorUserId: actor.userId, actorKind: actor.kind };
      const results = await Promise.all(
        claimed.map((post, i) =>
          settle(
            post,
            parts,
            outcomes[i],
            connected.get(post.platform),
            { workspaceId, personaName: persona.name },
            by,
          ),
        ),
      );
      if (results.every((r) => r.status !== 'posted')) {
        const summary = results.map((r) => `${PLATFORM_LABELS[r.platform]}: ${r.error ?? 'failed'}`).join('; ');
        // Every platform said "too many requests" before sending: 429 with the longest wait.
        const limited = outcomes.map((o) => (o instanceof PlatformError && o.kind === 'rate_limited' ? o : null));
        if (limited.every((o) => o !== null)) {
          const waits = limited.flatMap((o) => (o?.details.retryAfterSeconds ? [o.details.retryAfterSeconds] : []));
          throw new RateLimitedError(summary, waits.length > 0 ? Math.max(...waits) : undefined, { results });
        }
        throw new AppError(502, 'provider_error', summary, { results });
      }
      return { results };
    },

    /**
     * The publish-post job: claims the post (only one caller ever can), applies the persona's
     * Safety settings, calls the platform once and records posted, failed or unconfirmed. Errors
     * known to happen before sending go back to scheduled with backoff.
     */
    async publishScheduled(postId: string): Promise<string> {
      const claimedAt = now();
      return publishClaimed(postId, await posts.claim(postId, claimedAt), claimedAt);
    },

    /**
     * A batch of publish-post jobs: each account's due posts one after another in their scheduled
     * order (an earlier one whose job is not in this batch included), the accounts side by side.
     * In one worker a post never meets another of its account in flight (no "busy" put-back);
     * two workers may still meet on one account, and the claim keeps that to one at a time. An
     * account takes at most `BATCH_POSTS_PER_ACCOUNT` posts of a batch, so one busy account does not
     * hold the next batch back; the rest of its batch goes back to the queue at once.
     */
    async publishBatch(postIds: string[]): Promise<PromiseSettledResult<string>[]> {
      const order = await posts.queueOrder(postIds, now());
      const byAccount = new Map<string, string[]>();
      for (const { id, account } of order) byAccount.set(account, [...(byAccount.get(account) ?? []), id]);
      const inBatch = new Set(postIds);
      const outcomes = new Map<string, PromiseSettledResult<string>>();
      // Each account's first post claimed together, in one statement (issue 32); the rest one by
      // one after it, as before.
      const claimedAt = now();
      const firsts = [...byAccount.values()].flatMap((ids) => ids.slice(0, 1));
      let claims: Map<string, ClaimedPost | 'busy' | undefined> | undefined;
      try {
        claims = await posts.claimMany(firsts, claimedAt);
      } catch (reason) {
        for (const id of firsts) outcomes.set(id, { status: 'rejected', reason });
      }
      await Promise.all(
        [...byAccount.values()].map(async (ids) => {
          for (const [i, id] of ids.slice(0, BATCH_POSTS_PER_ACCOUNT).entries()) {
            if (i === 0 && !claims) continue;
            try {
              const value =
                i === 0 && claims
                  ? await publishClaimed(id, claims.get(id), claimedAt)
                  : await service.publishScheduled(id);
              outcomes.set(id, { status: 'fulfilled', value });
            } catch (reason) {
              outcomes.set(id, { status: 'rejected', reason });
            }
          }
          for (const id of ids.slice(BATCH_POSTS_PER_ACCOUNT).filter((id) => inBatch.has(id))) {
            await sendPublishPost(queue, { postId: id }, { at: now() });
            outcomes.set(id, { status: 'fulfilled', value: 'queued again behind its account' });
          }
        }),
      );
      // A job whose post went out with an earlier batch, was deleted or is not due has nothing to do.
      return postIds.map((id) => outcomes.get(id) ?? { status: 'fulfilled', value: 'not due or already taken' });
    },

    /**
     * The sweeper (every minute): scheduled posts whose time passed without a worker (after a
     * restart) are queued again; posts left publishing by a process that died become
     * unconfirmed, then are looked for on the account.
     */
    async sweep(): Promise<{ requeued: number; unconfirmed: number; found: number }> {
      const current = now();
      const overdue = await posts.overdue(current, OVERDUE_GRACE_MS, 500);
      for (const post of overdue) await sendPublishPost(queue, { postId: post.id }, { at: current });
      const stuck = await posts.stuck(new Date(current.getTime() - STUCK_AFTER_MS), 100);
      let found = 0;
      for (const post of stuck) {
        // Look on the account first, then settle it in one step: posted if it is there, else unconfirmed.
        const since = new Date((post.claimedAt ?? post.updatedAt).getTime() - 60_000);
        let seen: { externalIds: string[]; url: string | null } | null = null;
        try {
          const adapter = adapters[post.platform];
          if (adapter.findRecentPost) {
            const account = await accounts.requireAccount(post.personaId, post.platform);
            seen = await adapter.findRecentPost(account, post.parts[0]?.text ?? '', since);
          }
        } catch (error) {
          log.info({ err: error, postId: post.id }, 'could not look for a post left publishing');
        }
        if (
          seen &&
          (await posts.markPosted(post.id, seen.externalIds, seen.url, ['publishing', 'unconfirmed'], BY_THE_JOB))
        ) {
          found += 1;
          await repositories.metrics.countPublished(post.personaId);
          await deps.events?.postSettled(post.id);
        } else if (
          await posts.markUnconfirmed(
            post.id,
            'Publishing stopped before the platform answered: check the account, then Retry or Mark as posted',
          )
        ) {
          // Looked for once just now: the next looks come with backoff.
          await lookLater(post, post.parts, 1);
          await deps.events?.postSettled(post.id);
        }
      }
      return { requeued: overdue.length, unconfirmed: stuck.length, found };
    },

    /**
     * The reconcile-post job: looks for an unconfirmed post on its account (its text, made since it
     * was claimed). Found, it is posted with its id and link, and counted once; not found, the next
     * look is queued, and after the last one it failed, with Retry offered. It never posts again by
     * itself. A look the network could not answer leaves it unconfirmed after the last one: nobody knows.
     */
    async reconcile(postId: string, check: number): Promise<string> {
      const post = await posts.find(postId);
      if (post?.status !== 'unconfirmed') return 'settled already';
      const adapter = adapters[post.platform];
      const text = post.parts[0]?.text ?? post.content;
      if (!adapter.findRecentPost || post.parts.length !== 1 || post.externalIds.length > 0) return 'left to the user';
      const since = new Date((post.claimedAt ?? post.createdAt).getTime() - 60_000);
      let seen: { externalIds: string[]; url: string | null } | null = null;
      let answered = true;
      try {
        const account = await accounts.requireAccount(post.personaId, post.platform);
        seen = await adapter.findRecentPost(account, text, since);
      } catch (error) {
        answered = false;
        log.info({ err: error, postId }, 'could not look for an unconfirmed post');
      }
      if (seen) {
        if (!(await posts.markPosted(post.id, seen.externalIds, seen.url, ['unconfirmed'], BY_THE_JOB)))
          return 'settled already';
        await repositories.metrics.countPublished(post.personaId);
        await deps.events?.postSettled(post.id);
        return 'posted';
      }
      if (check + 1 < RECONCILE_WAITS_MS.length) {
        await lookLater(post, post.parts, check + 1);
        return 'not found yet';
      }
      if (!answered) return 'left to the user';
      const looks = RECONCILE_WAITS_MS.length;
      const minutes = Math.round(RECONCILE_WAITS_MS.reduce((sum, ms) => sum + ms, 0) / 60_000);
      await posts.markFailed(
        post.id,
        `Not found on ${PLATFORM_LABELS[post.platform]} after ${looks} looks over ${minutes} minutes: it did not go out. Retry to post it.`,
        [],
        ['unconfirmed'],
        BY_THE_JOB,
      );
      await deps.events?.postSettled(post.id);
      return 'failed';
    },
  };
  return service;
}
export type PublishingService = ReturnType<typeof createPublishingService>;
