import {
  type ConnectionState,
  DATE_IN_FUTURE,
  encodeCursor,
  isEditable,
  type NextSlot,
  nextFreeSlot,
  overLimitProblems,
  PAGE_DEFAULT,
  type Page,
  type PageKey,
  type Persona,
  type PostPart,
  type PostStatus,
  type ReviewApprove,
  type ReviewBulk,
  type ReviewBulkResult,
  type ReviewCreate,
  type ScheduleBatch,
  type ScheduleCreate,
  type ScheduledItem,
  type ScheduleOrder,
  type ScheduleUpdate,
  textPart,
  threadContent,
} from '@plume/core';
import type { NamedLock } from '../../db/named-lock';
import { AppError, BadRequestError, ConflictError, invalidField, NotFoundError } from '../../errors';
import type { StoredReplyTo } from '../../integrations/platform';
import { sendPublishPost, sendPublishPosts } from '../../jobs/publish-posts';
import type { Queue } from '../../jobs/queue';
import type { PlanLimits } from '../account/plan-limits';
import type { AccountsService } from '../accounts/accounts.service';
import type { AutomationPause } from '../automation/pause';
import type { MediaService } from '../media/media.service';
import type { MetricsRepository } from '../metrics/metrics.repository';
import { ownPersona } from '../personas/persona-access';
import type { PersonasRepository } from '../personas/personas.repository';
import type { HistoryEntry, PostHistoryRepository } from '../posts/post-history.repository';
import type { PreferencesRepository } from '../preferences/preferences.repository';
import { attachLinkCards, type ReadCard } from '../publishing/link-cards';
import type { PostsRepository, ScheduleRow } from '../publishing/posts.repository';
import type { WebhookEvents } from '../webhooks/webhooks.service';
import { type Actor, mustReview } from '../workspaces/approval';
import type { DraftCheck } from '../writing/draft-check';

const connectionOf = (status: string | null): ConnectionState =>
  status === null ? 'missing' : status === 'error' ? 'reconnect' : 'connected';

export function toItem(row: ScheduleRow): ScheduledItem {
  return {
    id: row.id,
    personaId: row.personaId,
    personaName: row.personaName,
    platform: row.platform,
    content: row.content,
    parts: row.parts,
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    status: row.status,
    postedAt: row.postedAt?.toISOString() ?? null,
    url: row.url,
    error: row.error,
    postedParts: row.externalIds.length,
    createdAt: row.createdAt.toISOString(),
    autoSlot: row.autoSlot?.toISOString() ?? null,
    writer: (row.writer as ScheduledItem['writer']) ?? null,
    flags: row.checkFlags,
    replyTo: row.replyTo ? (({ author, text, url }) => ({ author, text, url }))(row.replyTo) : null,
    origin: row.origin ?? null,
    connection: connectionOf(row.accountStatus),
  };
}

const futureError = () => invalidField('body.runAt', DATE_IN_FUTURE);

/**
 * An item's refusal in a batch, said of the item: `body.runAt` becomes `body.items.3.runAt`, and a
 * refusal naming no field starts with `body.items.3: `. The status stays the single route's.
 */
function ofItem(index: number, error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  const at = `body.items.${index}`;
  const rename = (field: string) => (field.startsWith('body.') ? `${at}.${field.slice(5)}` : `${at}.${field}`);
  const details = error.details?.map((d) => ({ ...d, field: rename(d.field) }));
  const renamed = error.message.replace(/\bbody\.([\w.]+)/g, (_, field: string) => `${at}.${field}`);
  const message = renamed !== error.message ? renamed : `${at}: ${error.message}`;
  const said = new AppError(error.statusCode, error.code, message, {
    ...(details ? { details } : {}),
    ...(error.results ? { results: error.results } : {}),
  });
  said.name = error.name;
  return said;
}

/** Runs `work` holding every lock of `names`, taken in one order (two batches never hold one each and wait for the other). */
function underLocks<T>(lock: NamedLock, names: string[], work: () => Promise<T>): Promise<T> {
  const [first, ...rest] = [...new Set(names)].sort();
  return first === undefined ? work() : lock(first, () => underLocks(lock, rest, work));
}

/** When a post goes: a time it names, or 'Add to queue' (the persona's next free slot). */
type TimeChoice = { runAt?: string | undefined; queue?: boolean | undefined; timeZone?: string | undefined };

export function createSchedulingService(deps: {
  /** Checks the images parts carry (the workspace's own; alt text where the persona requires it). */
  media: Pick<MediaService, 'checkParts'>;
  personas: PersonasRepository;
  posts: PostsRepository;
  accounts: AccountsService;
  preferences: PreferencesRepository;
  /** Where a post's publish job is queued for its time. */
  queue: Queue;
  /** Held while a queue slot is chosen and taken, so that two 'Add to queue' never get the same slot. */
  lock: NamedLock;
  planLimits: Pick<PlanLimits, 'checkNewPosts' | 'checkNewPostsAt'>;
  metrics: Pick<MetricsRepository, 'countPublished'>;
  /** Reply drafts approved and rejected in a row (decision 035). */
  pause: Pick<AutomationPause, 'replyReviewed'>;
  /** The check before review (decision 037), at the queue's door: what a person sends is checked, not rewritten. */
  check: Pick<DraftCheck, 'atDoor'>;
  /** Reads a link's card when a post is saved (decision 043); none without it. */
  readCard?: ReadCard;
  /** A post marked as posted by hand is told to the owner's webhooks as published. */
  events?: Pick<WebhookEvents, 'postSettled'>;
  /** Who wrote, edited, approved or rejected each post (decision 056-approval-that-blocks). */
  history: Pick<PostHistoryRepository, 'record' | 'forPosts'>;
  /** Posts that went to review where posts need approval: the workspace's approvers are told. */
  awaitingApproval?: (workspaceId: string, postIds: string[]) => Promise<void>;
  now?: () => Date;
}) {
  const { personas, posts, accounts, preferences, queue, lock, planLimits, now = () => new Date() } = deps;
  const withCards = (parts: PostPart[], before?: readonly PostPart[]) =>
    deps.readCard ? attachLinkCards(deps.readCard, parts, before) : Promise.resolve(parts);

  function checkLimits(parts: PostPart[], platform: ScheduleCreate['platform']) {
    const problems = overLimitProblems(parts, [platform]);
    if (problems.length > 0) {
      throw new BadRequestError(
        problems.join('; '),
        problems.map((message) => ({ field: 'body.content', message })),
      );
    }
  }

  /**
   * 'Add to queue': the persona's next free posting slot in the user's zone (the saved zone, else
   * the browser's the request names, else UTC). The dialog shows it and approving takes it: one rule.
   * `alsoHeld`: slots taken by a batch not stored yet.
   */
  async function freeSlot(
    workspaceId: string,
    personaId: string,
    callerZone: string | undefined,
    loaded?: Persona,
    alsoHeld: readonly Date[] = [],
  ) {
    const current = now();
    const persona = loaded ?? (await ownPersona(personas, workspaceId, personaId));
    const timeZone = (await preferences.workspaceTimeZone(workspaceId)) ?? callerZone ?? 'UTC';
    const at = nextFreeSlot(
      persona.automation.autoPosting,
      [...(await posts.heldTimes(personaId, current)), ...alsoHeld],
      current,
      timeZone,
    );
    return { at, timeZone };
  }

  /**
   * A chosen time (in the future), or the persona's next free slot in the user's time zone. The
   * persona is read for a slot only, unless the caller has it already.
   */
  async function timeFor(
    workspaceId: string,
    personaId: string,
    choice: TimeChoice,
    loaded: Persona | undefined,
    alsoHeld: readonly Date[] = [],
  ) {
    const current = now();
    if (choice.queue) {
      const { at: slot } = await freeSlot(workspaceId, personaId, choice.timeZone, loaded, alsoHeld);
      if (!slot) throw new ConflictError("The persona's posting schedule has no free slot in the next 60 days");
      return slot;
    }
    const at = new Date(choice.runAt ?? '');
    if (!(at.getTime() > current.getTime())) throw futureError();
    return at;
  }

  /**
   * Chooses the time and writes it. A queue slot is free only until a post takes it: for 'Add to
   * queue' both happen under the persona's lock (across processes), else two could share a slot.
   */
  async function atTime<T>(
    workspaceId: string,
    personaId: string,
    choice: TimeChoice,
    write: (at: Date) => Promise<T>,
    persona?: Persona,
  ): Promise<T> {
    const chosen = () => timeFor(workspaceId, personaId, choice, persona);
    if (!choice.queue) return write(await chosen());
    return lock(`queue-slot:${personaId}`, async () => write(await chosen()));
  }

  /**
   * What the check finds in a post entering the schedule or the queue, or edited there. The voice
   * is judged only for what a writer wrote (a person's own words are theirs).
   */
  async function flagsOf(
    workspaceId: string,
    persona: Persona,
    post: {
      parts: PostPart[];
      platform: ScheduleCreate['platform'];
      writer?: string | null;
      id?: string;
      reply?: boolean;
    },
  ) {
    return deps.check.atDoor({
      workspaceId,
      personaId: persona.id,
      parts: post.parts.map((p) => p.text),
      platform: post.platform,
      ...(post.writer ? { traits: persona.personality } : {}),
      ...(post.id ? { excludeId: post.id } : {}),
      ...(post.reply ? { reply: true } : {}),
    });
  }

  /** Appends `actions` by `actor` to each post's history, in that order, in one statement. */
  function record(actor: Actor, postIds: string[], actions: HistoryEntry['action'][], note?: string) {
    return deps.history.record(postIds.flatMap((postId) => said(actor, actions, note).map((e) => ({ ...e, postId }))));
  }

  /** `actions` by `actor`, in that order, for a post's history. */
  function said(actor: Actor, actions: HistoryEntry['action'][], note?: string): Omit<HistoryEntry, 'postId'>[] {
    return actions.map((action) => ({ actorUserId: actor.userId, actorKind: actor.kind, action, note: note ?? null }));
  }

  /** Posts an editor sent on their way that wait for an approver instead: the approvers are told. */
  async function toldToApprovers(actor: Actor, postIds: string[]) {
    if (postIds.length > 0 && actor.needsApproval) await deps.awaitingApproval?.(actor.workspaceId, postIds);
  }

  async function owned(workspaceId: string, id: string): Promise<ScheduleRow> {
    const row = await posts.findForWorkspace(workspaceId, id);
    if (!row) throw new NotFoundError('Post not found');
    return row;
  }

  async function reread(workspaceId: string, id: string): Promise<ScheduledItem> {
    return toItem(await owned(workspaceId, id));
  }

  /** A thread some of whose parts went out: publishing it again (Retry, a new time) would repeat them. */
  function refusePartlyPosted(row: ScheduleRow) {
    const postedParts = row.externalIds.length;
    if (postedParts === 0) return;
    throw new ConflictError(
      `${postedParts} of ${row.parts.length} parts of this thread are already posted: post the rest on the platform, then Mark as posted`,
    );
  }

  const service = {
    /** The workspace's post by id, in any status; another workspace's post is the same 404 as none (the one check for posts). */
    owned,

    /**
     * GET /schedule: the whole list (as the spec's callers read it), or with `limit` / `cursor` one
     * page and the next page's cursor (decision 044-list-paging).
     */
    async list(
      workspaceId: string,
      query: {
        from?: string | undefined;
        to?: string | undefined;
        personaId?: string | undefined;
        status?: PostStatus[] | undefined;
        order?: ScheduleOrder | undefined;
        limit?: number | undefined;
        cursor?: PageKey | undefined;
      },
    ): Promise<Page<ScheduledItem>> {
      const filter = {
        ...(query.from ? { from: new Date(query.from) } : {}),
        ...(query.to ? { to: new Date(query.to) } : {}),
        ...(query.personaId ? { personaId: query.personaId } : {}),
        ...(query.status ? { statuses: query.status } : {}),
      };
      // The review queue's items say who wrote and edited them (decision 056-approval-that-blocks).
      const reviewing = query.status?.length === 1 && query.status[0] === 'pending_review';
      const withHistory = async (rows: ScheduleRow[]) => {
        const items = rows.map(toItem);
        if (!reviewing) return items;
        const found = await deps.history.forPosts(items.map((item) => item.id));
        return items.map((item) => ({ ...item, history: found.get(item.id) ?? [] }));
      };
      if (query.limit === undefined && query.cursor === undefined) {
        return { items: await withHistory(await posts.listForWorkspace(workspaceId, filter)), nextCursor: null };
      }
      const page = await posts.pageForWorkspace(workspaceId, filter, {
        order: query.order ?? 'time',
        limit: query.limit ?? PAGE_DEFAULT,
        after: query.cursor,
      });
      return { items: await withHistory(page.rows), nextCursor: page.next ? encodeCursor(page.next) : null };
    },

    /** How many drafts wait for review: the navigation's figure. */
    async reviewCount(workspaceId: string): Promise<number> {
      return posts.countWaiting(workspaceId);
    },

    /**
     * POST /schedule: a post for a time, or for the persona's next free slot ('Add to queue');
     * with `replyTo`, a reply to that post (a mention answered by hand). Where posts need approval
     * and `actor` is no approver, it waits in the review queue at that time instead (decision
     * 056-approval-that-blocks): the answer's status says so.
     */
    async create(actor: Actor, body: ScheduleCreate, extra: { replyTo?: StoredReplyTo } = {}): Promise<ScheduledItem> {
      const { workspaceId } = actor;
      const review = mustReview(actor);
      // The owner first (another workspace's persona is a 404 before anything else is said of it); then
      // the account, the images and the link cards side by side: one short request (issue 32).
      const persona = await ownPersona(personas, workspaceId, body.personaId);
      checkLimits(body.parts ?? [textPart(body.content)], body.platform);
      const [account, , parts] = await Promise.all([
        accounts.requireWorkingAccount(body.personaId, body.platform),
        deps.media.checkParts(workspaceId, body.parts ?? [], { requireAlt: persona.require_alt_text }),
        withCards(body.parts ?? [textPart(body.content)]),
      ]);
      const checkFlags = await flagsOf(workspaceId, persona, {
        parts,
        platform: body.platform,
        writer: body.writer,
        ...(extra.replyTo ? { reply: true } : {}),
      });
      const post = await atTime(
        workspaceId,
        body.personaId,
        body,
        async (at) => {
          await planLimits.checkNewPosts(workspaceId, 1, at);
          return posts.insert(
            {
              personaId: body.personaId,
              platform: body.platform,
              content: threadContent(parts),
              parts,
              status: review ? 'pending_review' : 'scheduled',
              scheduledFor: at,
              ...(body.writer ? { writer: body.writer } : {}),
              ...(extra.replyTo ? { replyTo: extra.replyTo } : {}),
              checkFlags,
              approvedBy: actor.vouchedBy,
            },
            said(actor, ['wrote', review ? 'submitted' : 'scheduled']),
          );
        },
        persona,
      );
      if (review) await toldToApprovers(actor, [post.id]);
      else if (post.scheduledFor) await sendPublishPost(queue, { postId: post.id }, { at: post.scheduledFor });
      // What was just written and read: no second read of it.
      return toItem({ ...post, personaName: persona.name, workspaceId, accountStatus: account.status });
    },

    /**
     * POST /api/schedule/batch: each item checked as POST /schedule checks one (the persona read
     * once per persona, the account once per network), then every row in one statement and every
     * publish job in one insert. One refused item refuses the batch: nothing is stored. 'Add to
     * queue' items take their personas' next free slots one after another, under their locks.
     */
    async createMany(actor: Actor, body: ScheduleBatch): Promise<ScheduledItem[]> {
      const { workspaceId } = actor;
      const review = mustReview(actor);
      const loaded = new Map<string, Persona>();
      const working = new Set<string>();
      const prepared: {
        item: ScheduleCreate;
        persona: Persona;
        parts: PostPart[];
        checkFlags: Awaited<ReturnType<typeof flagsOf>>;
        at: Date | null;
      }[] = [];
      for (const [index, item] of body.items.entries()) {
        try {
          const persona = loaded.get(item.personaId) ?? (await ownPersona(personas, workspaceId, item.personaId));
          loaded.set(persona.id, persona);
          checkLimits(item.parts ?? [textPart(item.content)], item.platform);
          await deps.media.checkParts(workspaceId, item.parts ?? [], { requireAlt: persona.require_alt_text });
          const account = `${item.personaId}:${item.platform}`;
          if (!working.has(account)) {
            await accounts.requireWorkingAccount(item.personaId, item.platform);
            working.add(account);
          }
          const at = item.queue ? null : await timeFor(workspaceId, persona.id, item, persona);
          const parts = await withCards(item.parts ?? [textPart(item.content)]);
          const checkFlags = await flagsOf(workspaceId, persona, {
            parts,
            platform: item.platform,
            writer: item.writer,
          });
          prepared.push({ item, persona, parts, checkFlags, at });
        } catch (error) {
          throw ofItem(index, error);
        }
      }
      const queued = prepared.filter((p) => p.at === null).map((p) => `queue-slot:${p.item.personaId}`);
      const rows = await underLocks(lock, queued, async () => {
        // 'Add to queue': each persona's next free slot, the ones this batch took counted as held.
        const taken = new Map<string, Date[]>();
        for (const [index, p] of prepared.entries()) {
          if (p.at) continue;
          const held = taken.get(p.persona.id) ?? [];
          p.at = await timeFor(workspaceId, p.persona.id, p.item, p.persona, held).catch((error: unknown) => {
            throw ofItem(index, error);
          });
          taken.set(p.persona.id, [...held, p.at]);
        }
        const times = prepared.map((p) => p.at as Date);
        await planLimits.checkNewPostsAt(workspaceId, times);
        return posts.insertMany(
          prepared.map((p, i) => ({
            personaId: p.item.personaId,
            platform: p.item.platform,
            content: threadContent(p.parts),
            parts: p.parts,
            scheduledFor: times[i] as Date,
            ...(p.item.writer ? { writer: p.item.writer } : {}),
            checkFlags: p.checkFlags,
            status: review ? 'pending_review' : 'scheduled',
            approvedBy: actor.vouchedBy,
          })),
        );
      });
      const ids = rows.map((row) => row.id);
      await record(actor, ids, ['wrote', review ? 'submitted' : 'scheduled']);
      if (review) await toldToApprovers(actor, ids);
      // After the rows are stored: a job lost to a crash in between is queued by the sweeper.
      else
        await sendPublishPosts(
          queue,
          rows.flatMap((row) => (row.scheduledFor ? [{ postId: row.id, at: row.scheduledFor }] : [])),
        );
      return (
        await posts.findManyForWorkspace(
          workspaceId,
          rows.map((row) => row.id),
        )
      ).map(toItem);
    },

    /**
     * Edit or reschedule what has not gone out (no part of it); a failed or unconfirmed post given a
     * time is scheduled again. Where posts need approval, an editor's edit of a scheduled post (or
     * a failed one given a time) sends it back to review: an approval covers what was approved.
     */
    async update(actor: Actor, id: string, patch: ScheduleUpdate): Promise<ScheduledItem> {
      const { workspaceId } = actor;
      const row = await owned(workspaceId, id);
      const review = mustReview(actor);
      if (!isEditable(row.status)) throw new ConflictError('This post can no longer be changed');
      // It may be on the account already: Retry or Mark as posted decide, never a second copy by an edit.
      if (row.status === 'unconfirmed')
        throw new ConflictError('This post may already be on the account: Retry it or Mark it as posted');
      refusePartlyPosted(row);
      const platform = patch.platform ?? row.platform;
      const sent = patch.parts ?? (patch.content !== undefined ? [textPart(patch.content)] : null);
      checkLimits(sent ?? row.parts, platform);
      if (patch.parts?.some((part) => part.media.length > 0)) {
        const persona = await ownPersona(personas, workspaceId, row.personaId);
        await deps.media.checkParts(workspaceId, patch.parts, { requireAlt: persona.require_alt_text });
      }
      const parts = sent ? await withCards(sent, row.parts) : row.parts;
      const retime = patch.runAt !== undefined || patch.queue === true;
      // Given a time (or another network) it is to go out: its connection must work.
      if ((patch.platform && patch.platform !== row.platform) || (retime && row.status !== 'pending_review'))
        await accounts.requireWorkingAccount(row.personaId, platform);
      // New words or another network: checked again (a fixed draft loses its flag).
      const changed =
        platform !== row.platform ||
        JSON.stringify(parts.map((p) => p.text)) !== JSON.stringify(row.parts.map((p) => p.text));
      const checkFlags = changed
        ? await flagsOf(workspaceId, await ownPersona(personas, workspaceId, row.personaId), {
            parts,
            platform,
            writer: row.writer,
            id,
            reply: row.replyTo !== null,
          })
        : undefined;
      const edit = async (at?: Date) => {
        const goes = at && row.status !== 'pending_review' && row.status !== 'draft';
        // Where posts need approval an editor's change to what is to go out waits for an approver again.
        const backToReview = review && (row.status === 'scheduled' || (goes && row.status === 'failed'));
        const status: PostStatus | undefined = backToReview ? 'pending_review' : goes ? 'scheduled' : undefined;
        if (at && status === 'scheduled') await planLimits.checkNewPosts(workspaceId, 1, at, id);
        return posts.edit(
          id,
          {
            platform,
            parts,
            ...(checkFlags ? { checkFlags } : {}),
            content: threadContent(parts),
            ...(at ? { scheduledFor: at } : {}),
            ...(status ? { status, error: null } : {}),
            // An approver's edit carries their word; an editor's takes any approval back.
            ...(actor.vouchedBy
              ? { approvedBy: actor.vouchedBy }
              : review
                ? { approvedBy: null, approvedAt: null }
                : {}),
          },
          // Back to review only from the status it was read in (the state machine names each move).
          status === 'pending_review' && row.status !== 'pending_review' ? row.status : undefined,
        );
      };
      const updated = retime ? await atTime(workspaceId, row.personaId, patch, edit) : await edit();
      if (!updated) throw new ConflictError('This post can no longer be changed');
      const sentBack = updated.status === 'pending_review' && row.status !== 'pending_review';
      await record(actor, [id], sentBack ? ['edited', 'submitted'] : ['edited']);
      if (sentBack) await toldToApprovers(actor, [id]);
      if (retime && updated.status === 'scheduled' && updated.scheduledFor)
        await sendPublishPost(queue, { postId: id }, { at: updated.scheduledFor });
      return reread(workspaceId, id);
    },

    /** DELETE /schedule/{id}: cancels what has not gone out. */
    async cancel(workspaceId: string, id: string): Promise<void> {
      const row = await owned(workspaceId, id);
      if (row.status === 'canceled') return;
      if (!(await posts.cancel(id))) throw new ConflictError('This post can no longer be canceled');
    },

    /** Retry: publish a failed or unconfirmed post again now (the user decided it did not go out). */
    async retry(actor: Actor, id: string): Promise<ScheduledItem> {
      const { workspaceId } = actor;
      const row = await owned(workspaceId, id);
      if (row.status !== 'failed' && row.status !== 'unconfirmed')
        throw new ConflictError('Only a failed or unconfirmed post can be retried');
      refusePartlyPosted(row);
      await accounts.requireWorkingAccount(row.personaId, row.platform);
      const at = new Date(now().getTime() + 1000);
      // Where posts need approval an editor's Retry of a post no approver let out waits for one.
      if (mustReview(actor) && !row.approvedBy) {
        if (row.status !== 'failed')
          throw new ConflictError('Posts in this workspace need approval: an approver retries it');
        await posts.edit(id, { status: 'pending_review', scheduledFor: at, error: null, attempts: 0 }, 'failed');
        await record(actor, [id], ['submitted'], 'Retry');
        await toldToApprovers(actor, [id]);
        return reread(workspaceId, id);
      }
      await planLimits.checkNewPosts(workspaceId, 1, at, id);
      await posts.edit(id, { status: 'scheduled', scheduledFor: at, error: null, attempts: 0 });
      await sendPublishPost(queue, { postId: id }, { at });
      return reread(workspaceId, id);
    },

    /** Mark as posted: the user saw an unconfirmed post on the account; its history names them. */
    async markPosted(actor: Actor, id: string): Promise<ScheduledItem> {
      const { workspaceId } = actor;
      await owned(workspaceId, id);
      if (!(await posts.markPostedByUser(id, { actorUserId: actor.userId, actorKind: actor.kind })))
        throw new ConflictError('Only a failed or unconfirmed post can be marked as posted');
      const item = await reread(workspaceId, id);
      // The persona's card counts it now, not at the next metrics reading.
      await deps.metrics.countPublished(item.personaId);
      await deps.events?.postSettled(id);
      return item;
    },

    // The review queue: drafts wait for a human before they are scheduled.
    async submitForReview(actor: Actor, body: ReviewCreate): Promise<ScheduledItem> {
      const { workspaceId } = actor;
      const persona = await ownPersona(personas, workspaceId, body.personaId);
      checkLimits(body.parts ?? [textPart(body.content)], body.platform);
      await deps.media.checkParts(workspaceId, body.parts ?? [], { requireAlt: persona.require_alt_text });
      const parts = await withCards(body.parts ?? [textPart(body.content)]);
      const post = await posts.insert(
        {
          personaId: body.personaId,
          platform: body.platform,
          content: threadContent(parts),
          parts,
          status: 'pending_review',
          ...(body.writer ? { writer: body.writer } : {}),
          checkFlags: await flagsOf(workspaceId, persona, { parts, platform: body.platform, writer: body.writer }),
        },
        said(actor, ['wrote', 'submitted']),
      );
      await toldToApprovers(actor, [post.id]);
      return reread(workspaceId, post.id);
    },

    /** GET /api/schedule/next-slot: the slot 'Add to queue' would take now. */
    async nextSlot(workspaceId: string, personaId: string, timeZone?: string): Promise<NextSlot> {
      const { at, timeZone: zone } = await freeSlot(workspaceId, personaId, timeZone);
      return { at: at?.toISOString() ?? null, timeZone: zone };
    },

    /**
     * Approves a draft (decision 039): at its own time unless the person chose another (a slot's
     * post at its slot, a reply at its time; at once when that time has passed), at a chosen time,
     * at the persona's next free slot, or now. It moves from pending_review once: a second approval
     * is refused and queues nothing (the move is one guarded UPDATE: of two approvers at once, one wins).
     */
    async approve(actor: Actor, id: string, choice: ReviewApprove): Promise<ScheduledItem> {
      const { workspaceId } = actor;
      const row = await owned(workspaceId, id);
      if (row.status !== 'pending_review') throw new ConflictError('Only a post waiting for review can be approved');
      await accounts.requireWorkingAccount(row.personaId, row.platform);
      const soon = () => new Date(now().getTime() + 1_000);
      const own = choice.runAt === undefined && !choice.queue && !choice.now;
      if (own && !row.scheduledFor)
        throw invalidField('body.runAt', 'This draft has no time of its own: pick a date and time');
      const when: TimeChoice | Date = choice.now
        ? soon()
        : own && row.scheduledFor
          ? row.scheduledFor.getTime() > now().getTime()
            ? row.scheduledFor
            : soon()
          : choice;
      const write = async (at: Date) => {
        await planLimits.checkNewPosts(workspaceId, 1, at, id);
        // Approved by a person: it goes out even while its persona's automation is paused.
        return posts.approveReview(id, at, now(), actor.vouchedBy);
      };
      const updated = when instanceof Date ? await write(when) : await atTime(workspaceId, row.personaId, when, write);
      if (!updated?.scheduledFor) throw new ConflictError('Only a post waiting for review can be approved');
      await record(actor, [id], ['approved']);
      await sendPublishPost(queue, { postId: id }, { at: updated.scheduledFor });
      if (row.replyTo) await deps.pause.replyReviewed(row.personaId, true);
      return reread(workspaceId, id);
    },

    async reject(actor: Actor, id: string): Promise<void> {
      const { workspaceId } = actor;
      const row = await owned(workspaceId, id);
      if (row.status !== 'pending_review') throw new ConflictError('Only a post waiting for review can be rejected');
      if (!(await posts.rejectReview(id))) throw new ConflictError('Only a post waiting for review can be rejected');
      await record(actor, [id], ['rejected']);
      if (row.replyTo) await deps.pause.replyReviewed(row.personaId, false);
    },

    /**
     * POST /api/review/bulk: each draft as its own approve (at its own time, or the persona's next
     * free slot when it has none) or reject (the same checks, the same
     * single move out of review), one after the other; what one refuses does not stop the rest.
     * Sent twice, the second finds them reviewed: nothing is queued again.
     */
    async bulk(actor: Actor, body: ReviewBulk): Promise<ReviewBulkResult> {
      const { workspaceId } = actor;
      const ids = [...new Set(body.ids)];
      // Another user's id anywhere: 404 and nothing done, as if it did not exist.
      for (const id of ids) await owned(workspaceId, id);
      const results: ReviewBulkResult['results'] = [];
      for (const id of ids) {
        try {
          if (body.action === 'approve') {
            // Each at its own time; one sent to review by hand has none: the persona's next free slot.
            const row = await owned(workspaceId, id);
            const choice: ReviewApprove = body.now ? { now: true } : row.scheduledFor ? {} : { queue: true };
            const item = await service.approve(actor, id, {
              ...choice,
              ...(body.timeZone ? { timeZone: body.timeZone } : {}),
            });
            results.push({ id, outcome: 'done', item, error: null });
          } else {
            const row = await owned(workspaceId, id);
            if (row.status === 'canceled') throw new ConflictError('This draft was rejected already');
            await service.reject(actor, id);
            results.push({ id, outcome: 'done', item: null, error: null });
          }
        } catch (error) {
          // The draft's own refusal (409, 404, a plan limit): told beside it; a failure of ours fails the call.
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          results.push({ id, outcome: 'refused', item: null, error: error.message });
        }
      }
      return { results };
    },
  };
  return service;
}
export type SchedulingService = ReturnType<typeof createSchedulingService>;
