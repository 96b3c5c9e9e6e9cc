import {
  canMove,
  type DraftFlag,
  type DraftFlagKind,
  EDITABLE_STATUSES,
  isUuid,
  type PageKey,
  type Persona,
  type Platform,
  type PostActorKind,
  type PostHistoryAction,
  type PostOrigin,
  type PostPart,
  type PostStatus,
} from '@plume/core';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coalesced, rowsPerAsk } from '../../db/coalesced';
import { isConnectionLoss, isUniqueViolation, untilReachable } from '../../db/pg-errors';
import { personas, platformAccounts, postHistory, posts } from '../../db/schema';
import type { StoredReplyTo } from '../../integrations/platform';
import type { AccountRow } from '../accounts/accounts.repository';
import { personasAtWork } from '../personas/personas.repository';
import { type HistoryEntry, historyRow } from '../posts/post-history.repository';

export type PostRow = typeof posts.$inferSelect;
/** A post with its persona's name and owner, as the schedule lists it. */
export type PostWithPersona = PostRow & { personaName: string; workspaceId: string };
/** A post as the schedule and the review queue show it: with its account's connection status (null: none connected). */
export type ScheduleRow = PostWithPersona & { accountStatus: string | null };
/**
 * A post claimed for publishing, with what publishing it needs, loaded once: its persona, the
 * owner's time zone (UTC without one) and the account it goes out on (absent once disconnected).
 */
export type ClaimedPost = PostWithPersona & {
  persona: Persona;
  timeZone: string;
  account: AccountRow | null;
  /** Its workspace's "posts need approval" (decision 056-approval-that-blocks), read at the claim. */
  needsApproval: boolean;
};

const withPersona = {
  post: posts,
  personaName: personas.name,
  workspaceId: personas.workspaceId,
};
const flatten = (r: { post: PostRow; personaName: string; workspaceId: string }): PostWithPersona => ({
  ...r.post,
  personaName: r.personaName,
  workspaceId: r.workspaceId,
});

const withAccount = { ...withPersona, accountStatus: platformAccounts.status };
const accountOf = and(eq(platformAccounts.personaId, posts.personaId), eq(platformAccounts.platform, posts.platform));
const flattenItem = (r: {
  post: PostRow;
  personaName: string;
  workspaceId: string;
  accountStatus: string | null;
}): ScheduleRow => ({ ...flatten(r), accountStatus: r.accountStatus });

export type ScheduleFilter = {
  from?: Date;
  to?: Date;
  personaId?: string;
  statuses?: PostStatus[];
  platform?: Platform;
  /** Words the post's text holds, any case (GET /api/posts `q`). */
  text?: string;
};

/** `text` as a LIKE pattern that matches it literally (its % _ and \\ escaped). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Where a post sits on the calendar: a draft that goes when approved (a reply, or its time passed)
 * is on the calendar now (core goesWhenApproved), so every window that holds now lists it.
 */
const calendarTime = sql`case when ${posts.status} = 'pending_review' and (${posts.replyTo} is not null
  or ${posts.scheduledFor} <= now()) then now()
  else coalesce(${posts.scheduledFor}, ${posts.postedAt}, ${posts.createdAt}) end`;

/** A post's own time, which does not move with the clock: a page's sort key (posts_own_time_idx). */
const ownTime = sql`coalesce(${posts.scheduledFor}, ${posts.postedAt}, ${posts.createdAt})`;

/** A time as a page key: UTC to the microsecond, as the cursor carries it. */
const utcMicros = (time: SQL) => sql`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function scheduleWhere(workspaceId: string, filter: ScheduleFilter) {
  return and(
    eq(personas.workspaceId, workspaceId),
    filter.personaId ? eq(posts.personaId, filter.personaId) : undefined,
    filter.statuses && filter.statuses.length > 0 ? inArray(posts.status, filter.statuses) : undefined,
    filter.platform ? eq(posts.platform, filter.platform) : undefined,
    filter.text ? ilike(posts.content, containing(filter.text)) : undefined,
    filter.from ? gte(calendarTime, filter.from) : undefined,
    filter.to ? lt(calendarTime, filter.to) : undefined,
  );
}

/** A persona's post as the check before review compares with it. */
export type RecentPost = { id: string; content: string; status: PostStatus; at: Date };

/** Who settled a post's outcome, as its history says (decision 056-approval-that-blocks). */
export type SettledBy = { actorUserId: string | null; actorKind: PostActorKind };

export function createPostsRepository(db: Db) {
  // Read before every post enters the schedule or the queue (the check at the door) and before every
  // draft: the asks made while one statement runs go together in the next (decision 062), each
  // with its own persona and limit.
  const recentForCheck = coalesced<{ personaId: string; limit: number }, RecentPost[]>(async (asks) => {
    const { rows } = (await db.execute(sql`
      select a.ord, p.id, p.content, p.status, p.at
      from unnest(
        ${sql.param(asks.map((a) => a.personaId))}::uuid[],
        ${sql.param(asks.map((a) => a.limit))}::int[]
      ) with ordinality as a(persona, lim, ord)
      cross join lateral (
        select ${posts.id} as id, ${posts.content} as content, ${posts.status} as status,
          coalesce(${posts.postedAt}, ${posts.scheduledFor}, ${posts.createdAt}) as at
        from ${posts}
        where ${posts.personaId} = a.persona
          and ${posts.status} in ('posted', 'scheduled', 'publishing', 'unconfirmed', 'pending_review')
        order by ${posts.createdAt} desc
        limit a.lim
      ) p`)) as unknown as {
      rows: (Omit<RecentPost, 'at'> & { ord: string | number; at: Date | string })[];
    };
    return rowsPerAsk(asks.length, rows, (row) => ({
      id: row.id,
      content: row.content,
      status: row.status,
      at: new Date(row.at),
    }));
  });
  /**
   * Moves a post on only from the state it is expected to be in (a claim): false when it was not.
   * With `said`, the history entry is written in the same statement as the move, so a job run
   * twice (or a write retried after its answer was lost) records the outcome once, and never the
   * move without its entry.
   */
  async function transition(
    id: string,
    from: PostStatus | readonly PostStatus[],
    patch: Partial<
      Pick<
        PostRow,
        | 'status'
        | 'externalId'
        | 'externalIds'
        | 'url'
        | 'error'
        | 'postedAt'
        | 'scheduledFor'
        | 'content'
        | 'parts'
        | 'platform'
        | 'attempts'
        | 'claimedAt'
        | 'approvedAt'
        | 'approvedBy'
        | 'checkFlags'
      >
    >,
    said?: SettledBy & { action: PostHistoryAction; note?: string | null },
  ): Promise<PostRow | undefined> {
    const fromList = typeof from === 'string' ? [from] : [...from];
    const to = patch.status;
    // Every move the code makes must be one the state machine allows (core POST_TRANSITIONS).
    if (to) {
      const illegal = fromList.filter((state) => !canMove(state, to));
      if (illegal.length > 0) throw new Error(`A post cannot move from ${illegal.join(', ')} to ${to}`);
    }
    const update = db
      .update(posts)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(posts.id, id), inArray(posts.status, fromList)))
      .returning();
    if (!said) return (await update)[0];
    // The move and its entry in one statement (issue 32: no transaction's extra round trips): the
    // entry is written for the row the move returns, so only when the move happened.
    const moved = db.$with('moved').as(update);
    const entry = historyRow({ ...said, postId: id });
    const told = db.$with('told').as(
      db.insert(postHistory).select(
        db
          .select({
            id: sql`${entry.id}::uuid`.as('id'),
            postId: sql`${moved.id}`.as('post_id'),
            at: sql`now()`.as('at'),
            seq: sql`nextval(pg_get_serial_sequence('post_history', 'seq'))`.as('seq'),
            actorUserId: sql`${entry.actorUserId ?? null}::text`.as('actor_user_id'),
            actorKind: sql`${entry.actorKind}`.as('actor_kind'),
            action: sql`${entry.action}`.as('action'),
            note: sql`${entry.note ?? null}::text`.as('note'),
          })
          .from(moved),
      ),
    );
    const [row] = await db.with(moved, told).select().from(moved);
    return row;
  }

  /**
   * Moves scheduled posts that are due to 'publishing' (a new attempt: its outcome is told afresh).
   * `again`: the same claim sent a second time after its answer was lost; the posts it did move
   * (publishing, claimed at this very `now`) are answered again with the ones it had not.
   */
  function claimRows(ids: string[], now: Date, again = false): Promise<PostRow[]> {
    const due = and(eq(posts.status, 'scheduled'), lte(posts.scheduledFor, new Date(now.getTime() + 1000)));
    return db
      .update(posts)
      .set({ status: 'publishing', claimedAt: now, notifiedAt: null, updatedAt: now })
      .where(
        and(
          inArray(posts.id, ids),
          again ? or(due, and(eq(posts.status, 'publishing'), eq(posts.claimedAt, now))) : due,
        ),
      )
      .returning();
  }

  /**
   * Claims and loads what publishing needs, through a database that goes out of reach meanwhile (a
   * restart): the claim is sent again until it is answered, taking back what a first one whose
   * answer was lost moved, and the load is read again. A claim made and never answered would
   * leave its posts publishing with nobody publishing them, and their accounts held, until the
   * sweeper's look minutes later (decision 052).
   */
  async function claimAndLoad(ids: string[], now: Date): Promise<Map<string, ClaimedPost>> {
    let rows: PostRow[];
    try {
      rows = await claimRows(ids, now);
    } catch (error) {
      if (!isConnectionLoss(error)) throw error;
      rows = await untilReachable(() => claimRows(ids, now, true));
    }
    return untilReachable(() => atWork(rows));
  }

  /** Claimed rows with their personas, owners and accounts, loaded in one statement, by post id. */
  async function atWork(rows: PostRow[]): Promise<Map<string, ClaimedPost>> {
    const claimed = new Map<string, ClaimedPost>();
    if (rows.length === 0) return claimed;
    const loaded = await personasAtWork(db, inArray(personas.id, [...new Set(rows.map((row) => row.personaId))]));
    const byPersona = new Map(loaded.map((one) => [one.persona.id, one]));
    for (const row of rows) {
      const one = byPersona.get(row.personaId);
      if (!one) continue;
      claimed.set(row.id, {
        ...row,
        personaName: one.persona.name,
        workspaceId: one.workspaceId,
        persona: one.persona,
        timeZone: one.timeZone ?? 'UTC',
        account: one.accounts.find((a) => a.platform === row.platform) ?? null,
        needsApproval: one.needsApproval,
      });
    }
    return claimed;
  }

  const repository = {
    async insert(
      values: {
        personaId: string;
        platform: Platform;
        content: string;
        parts: PostPart[];
        status: PostStatus;
        scheduledFor?: Date | null;
        /** A reply automation wrote: what it answers, and who wrote it. */
        replyTo?: StoredReplyTo;
        writer?: string;
        /** What the check before review found (decision 037). */
        checkFlags?: DraftFlag[];
        /** The approver on whose word it may go out (decision 056-approval-that-blocks). */
        approvedBy?: string | null;
      },
      history: Omit<HistoryEntry, 'postId'>[] = [],
    ): Promise<PostRow> {
      // A post inserted already publishing (posting now) is claimed by this call: the sweeper
      // finds it by its claim if the process dies before the platform answers.
      const claimedAt = values.status === 'publishing' ? new Date() : null;
      const id = crypto.randomUUID();
      // The post and its first history entries in one statement (issue 32: one short request); the
      // entries' reference to the post is checked at the statement's end, when the post is there.
      const told = () =>
        db.$with('told').as(db.insert(postHistory).values(history.map((e) => historyRow({ ...e, postId: id }))));
      const [row] = await (history.length === 0 ? db : db.with(told()))
        .insert(posts)
        .values({ id, ...values, claimedAt })
        .returning();
      if (!row) throw new Error('post insert returned nothing');
      return row;
    },

    /** Many scheduled posts in one statement: all are stored or none (POST /api/schedule/batch). */
    async insertMany(
      values: {
        personaId: string;
        platform: Platform;
        content: string;
        parts: PostPart[];
        scheduledFor: Date;
        writer?: string;
        checkFlags?: DraftFlag[];
        /** scheduled, or pending_review where posts need approval and no approver scheduled them. */
        status?: 'scheduled' | 'pending_review';
        approvedBy?: string | null;
      }[],
    ): Promise<PostRow[]> {
      if (values.length === 0) return [];
      const ids = values.map(() => crypto.randomUUID());
      const rows = await db
        .insert(posts)
        .values(values.map((v, i) => ({ id: ids[i] as string, status: 'scheduled' as const, ...v })))
        .returning();
      // Answered in the order given (RETURNING promises no order; the ids were made here).
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * A post automation wrote for a slot: kept only if the persona has none on that platform for
     * that slot (the unique key), so two workers or a job delivered twice write it once. Answers
     * the new row, or undefined when the slot already has its post.
     */
    async insertForSlot(values: {
      personaId: string;
      platform: Platform;
      content: string;
      parts: PostPart[];
      status: 'pending_review' | 'scheduled';
      scheduledFor: Date | null;
      autoSlot: Date;
      writer: string;
      checkFlags?: DraftFlag[];
      origin?: PostOrigin;
      approvedBy?: string | null;
    }): Promise<PostRow | undefined> {
      const [row] = await db
        .insert(posts)
        .values({ id: crypto.randomUUID(), ...values })
        .onConflictDoNothing({
          target: [posts.personaId, posts.platform, posts.autoSlot],
          where: sql`auto_slot is not null`,
        })
        .returning();
      return row;
    },

    /** The posts automation wrote for these slots of the persona's (any status). */
    async forSlots(personaId: string, slots: Date[]): Promise<PostRow[]> {
      if (slots.length === 0) return [];
      return db
        .select()
        .from(posts)
        .where(and(eq(posts.personaId, personaId), inArray(posts.autoSlot, slots)));
    },

    /** The texts of the persona's replies to one author on a platform (never the same reply twice to one person). */
    async replyTextsTo(personaId: string, platform: Platform, authorId: string): Promise<Set<string>> {
      const rows = await db
        .select({ content: posts.content })
        .from(posts)
        .where(
          and(
            eq(posts.personaId, personaId),
            eq(posts.platform, platform),
            sql`${posts.replyTo} ->> 'authorId' = ${authorId}`,
          ),
        );
      return new Set(rows.map((r) => r.content));
    },

    /** Whether the persona has a post going out (or gone out) within `gapMs` of `at`: a cooldown's check. */
    async hasPostNear(personaId: string, at: Date, gapMs: number): Promise<boolean> {
      const [row] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(
          and(
            eq(posts.personaId, personaId),
            // A reply is a conversation, not a post of the persona's: it does not hold a slot back.
            isNull(posts.replyTo),
            inArray(posts.status, ['scheduled', 'publishing', 'posted']),
            sql`coalesce(${posts.postedAt}, ${posts.scheduledFor}) between ${new Date(at.getTime() - gapMs)} and ${new Date(at.getTime() + gapMs)}`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Posted: from publishing (the platform answered), or from unconfirmed (found on the account later). */
    markPosted(
      id: string,
      externalIds: string[],
      url: string | null,
      from: readonly PostStatus[] = ['publishing'],
      by?: SettledBy,
    ) {
      return transition(
        id,
        from,
        { status: 'posted', externalId: externalIds[0] ?? null, externalIds, url, error: null, postedAt: new Date() },
        by && { ...by, action: 'published' },
      );
    },

    /** The platform refused it (or it never left); parts of a thread that did go out are kept. */
    markFailed(
      id: string,
      error: string,
      postedIds: string[] = [],
      from: readonly PostStatus[] = ['publishing'],
      by?: SettledBy,
    ) {
      return transition(
        id,
        from,
        { status: 'failed', error, externalId: postedIds[0] ?? null, externalIds: postedIds },
        by && { ...by, action: 'failed', note: error },
      );
    },

    /** The outcome is unknown (a timeout after sending): never retried blindly; looked for, or decided by the user. */
    markUnconfirmed(id: string, error: string, postedIds: string[] = [], from: readonly PostStatus[] = ['publishing']) {
      return transition(id, from, {
        status: 'unconfirmed',
        error,
        externalId: postedIds[0] ?? null,
        externalIds: postedIds,
      });
    },

    /**
     * The one step that makes publishing happen once: a due scheduled post becomes `publishing`
     * for exactly one caller, however many workers or deliveries of its job there are.
     */
    async claim(id: string, now: Date): Promise<ClaimedPost | 'busy' | undefined> {
      try {
        return (await claimAndLoad([id], now)).get(id);
      } catch (error) {
        // Another post of this persona is being published on this platform right now.
        if (isUniqueViolation(error)) return 'busy';
        throw error;
      }
    },

    /**
     * Claims many posts at once (each account's first of a batch, issue 32): one UPDATE for all and
     * one load of their personas, instead of two statements a post. Each answers as `claim` would;
     * when one of the accounts is busy (another worker publishes on it) the statement claims none,
     * and each is claimed on its own.
     */
    async claimMany(ids: string[], now: Date): Promise<Map<string, ClaimedPost | 'busy' | undefined>> {
      const wanted = ids.filter((id) => isUuid(id));
      if (wanted.length === 0) return new Map();
      try {
        return await claimAndLoad(wanted, now);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const answers = new Map<string, ClaimedPost | 'busy' | undefined>();
        for (const id of wanted) answers.set(id, await repository.claim(id, now));
        return answers;
      }
    },

    /**
     * What a batch of publish jobs publishes, account by account in the order the posts go out
     * (scheduled time, then creation): each account's due posts up to the batch's last one of it,
     * so an earlier post whose job is in a later batch goes first (its own job then finds it taken).
     */
    async queueOrder(ids: string[], now: Date): Promise<{ id: string; account: string }[]> {
      const wanted = ids.filter((id) => isUuid(id));
      if (wanted.length === 0) return [];
      const batch = await db
        .select({ id: posts.id, personaId: posts.personaId, platform: posts.platform })
        .from(posts)
        .where(inArray(posts.id, wanted));
      if (batch.length === 0) return [];
      const due = await db
        .select({ id: posts.id, personaId: posts.personaId, platform: posts.platform })
        .from(posts)
        .where(
          and(
            inArray(posts.personaId, [...new Set(batch.map((p) => p.personaId))]),
            eq(posts.status, 'scheduled'),
            lte(posts.scheduledFor, new Date(now.getTime() + 1000)),
          ),
        )
        .orderBy(posts.personaId, posts.platform, asc(posts.scheduledFor), asc(posts.createdAt), asc(posts.id));
      const accountOf = (p: { personaId: string; platform: string }) => `${p.personaId}:${p.platform}`;
      const inBatch = new Set(batch.map((p) => p.id));
      const accounts = new Set(batch.map(accountOf));
      // Each account's due posts, cut after the last one the batch holds.
      const order: { id: string; account: string }[] = [];
      for (const account of accounts) {
        const mine = due.filter((p) => accountOf(p) === account);
        const last = mine.map((p) => inBatch.has(p.id)).lastIndexOf(true);
        order.push(...mine.slice(0, last + 1).map((p) => ({ id: p.id, account })));
      }
      return order;
    },

    /** Back to `scheduled` at `at` (a retry after an error that happened before sending, or a deferral). */
    retryLater(id: string, at: Date, error: string, countAttempt: boolean) {
      return transition(id, 'publishing', {
        status: 'scheduled',
        scheduledFor: at,
        error,
        claimedAt: null,
        ...(countAttempt ? { attempts: sql`${posts.attempts} + 1` as unknown as number } : {}),
      });
    },

    /** One post by id, whoever's (a job's own look at it). */
    async find(id: string): Promise<PostRow | undefined> {
      const [row] = await db.select().from(posts).where(eq(posts.id, id));
      return row;
    },

    /** Scheduled posts whose time passed more than `graceMs` ago and are still waiting (missed after a restart). */
    async overdue(now: Date, graceMs: number, limit: number): Promise<PostRow[]> {
      return db
        .select()
        .from(posts)
        .where(and(eq(posts.status, 'scheduled'), lt(posts.scheduledFor, new Date(now.getTime() - graceMs))))
        .orderBy(asc(posts.scheduledFor))
        .limit(limit);
    },

    /** Posts claimed longer ago than `olderThan` and never finished: the process died while publishing. */
    async stuck(olderThan: Date, limit: number): Promise<PostWithPersona[]> {
      const rows = await db
        .select(withPersona)
        .from(posts)
        .innerJoin(personas, eq(personas.id, posts.personaId))
        .where(and(eq(posts.status, 'publishing'), lt(posts.claimedAt, olderThan)))
        .limit(limit);
      return rows.map(flatten);
    },

    /** The user's items, optionally in a window (by scheduled or posted time), one persona, some statuses. */
    async listForWorkspace(workspaceId: string, filter: ScheduleFilter): Promise<ScheduleRow[]> {
      const rows = await db
        .select(withAccount)
        .from(posts)
        .innerJoin(personas, eq(personas.id, posts.personaId))
        .leftJoin(platformAccounts, accountOf)
        .where(scheduleWhere(workspaceId, filter))
        .orderBy(asc(calendarTime), asc(posts.createdAt))
        .limit(2000);
      return rows.map(flattenItem);
    },

    /**
     * One page of the same list, by a keyset (decision 044-list-paging): ordered by a key that does
     * not move with the clock (each post's own time, or when it was written) and its id, after the
     * previous page's last key. `next` is the last row's key when more follow.
     */
    async pageForWorkspace(
      workspaceId: string,
      filter: ScheduleFilter,
      page: { order: 'time' | 'created'; limit: number; after?: PageKey | undefined },
    ): Promise<{ rows: ScheduleRow[]; next: PageKey | null }> {
      const key = page.order === 'created' ? sql`${posts.createdAt}` : ownTime;
      const rows = await db
        .select({ ...withAccount, pageKey: sql<string>`${utcMicros(key)}` })
        .from(posts)
        .innerJoin(personas, eq(personas.id, posts.personaId))
        .leftJoin(platformAccounts, accountOf)
        .where(
          and(
            scheduleWhere(workspaceId, filter),
            page.after
              ? sql`(${key}, ${posts.id}) > (${page.after.at}::timestamptz, ${page.after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(key), asc(posts.id))
        .limit(page.limit + 1);
      const more = rows.length > page.limit;
      const shown = rows.slice(0, page.limit);
      const last = shown.at(-1);
      return { rows: shown.map(flattenItem), next: more && last ? { at: last.pageKey, id: last.post.id } : null };
    },

    /** How many drafts of the user wait for review (one count on posts_status_created_idx). */
    async countWaiting(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(posts)
        .innerJoin(personas, eq(personas.id, posts.personaId))
        .where(and(eq(posts.status, 'pending_review'), eq(personas.workspaceId, workspaceId)));
      return row?.n ?? 0;
    },

    async findForWorkspace(workspaceId: string, id: string): Promise<ScheduleRow | undefined> {
      const [row] = await db
        .select(withAccount)
        .from(posts)
        .innerJoin(personas, eq(personas.id, posts.personaId))
        .leftJoin(platformAccounts, accountOf)
        .where(and(eq(posts.id, id), eq(personas.workspaceId, workspaceId)));
      return row ? flattenItem(row) : undefined;
    },

    /** The user's posts of these ids (the others are left out), in the order of `ids`. */
    async findManyForWorkspace(workspaceId: string, ids: string[]): Promise<ScheduleRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select(withAccount)
        .from(posts)
        .innerJoin(personas, eq(personas.id, posts.personaId))
        .leftJoin(platformAccounts, accountOf)
        .where(and(inArray(posts.id, ids), eq(personas.workspaceId, workspaceId)));
      const byId = new Map(rows.map((row) => [row.post.id, flattenItem(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * A person approves a draft in review: it moves only from pending_review, so of two approvals
     * (two tabs, a bulk approve racing a single one) one wins and one publish job is queued.
     */
    approveReview(id: string, at: Date, approvedAt: Date, approvedBy: string | null) {
      return transition(id, 'pending_review', {
        status: 'scheduled',
        scheduledFor: at,
        error: null,
        approvedAt,
        approvedBy,
      });
    },

    /** A person rejects a draft in review: only from pending_review (an approved post is canceled, not rejected). */
    rejectReview(id: string) {
      return transition(id, 'pending_review', { status: 'canceled' });
    },

    /** Edits or reschedules an item that has not gone out; undefined when it is no longer editable. */
    edit(
      id: string,
      patch: Partial<
        Pick<
          PostRow,
          | 'content'
          | 'parts'
          | 'platform'
          | 'scheduledFor'
          | 'status'
          | 'error'
          | 'attempts'
          | 'approvedAt'
          | 'approvedBy'
          | 'checkFlags'
        >
      >,
      /** The statuses it may be in: any editable one, or the one it was read in (a move back to review). */
      from: PostStatus | readonly PostStatus[] = EDITABLE_STATUSES,
    ) {
      return transition(id, from, patch);
    },

    /**
     * Its persona's automation paused (decision 035): what automation scheduled on its own (a slot's
     * post or a reply, not approved by a person) and has not gone out waits in the review queue
     * again. Answers how many.
     */
    async holdForReview(personaId: string, at: Date): Promise<number> {
      if (!canMove('scheduled', 'pending_review'))
        throw new Error('A post cannot move from scheduled to pending_review');
      const rows = await db
        .update(posts)
        .set({ status: 'pending_review', updatedAt: at })
        .where(
          and(
            eq(posts.personaId, personaId),
            eq(posts.status, 'scheduled'),
            isNull(posts.approvedAt),
            or(isNotNull(posts.autoSlot), isNotNull(posts.replyTo)),
          ),
        )
        .returning({ id: posts.id });
      return rows.length;
    },

    /** A claimed post held back for review instead (its persona's automation paused meanwhile). */
    holdClaimed(id: string) {
      return transition(id, 'publishing', { status: 'pending_review', claimedAt: null });
    },

    /**
     * Plume's posts of the persona on the platform published in [from, to) and not found gone yet:
     * the ones a metrics read looks for (decision 035).
     */
    async publishedBetween(
      personaId: string,
      platform: Platform,
      from: Date,
      to: Date,
    ): Promise<{ id: string; externalId: string; content: string; postedAt: Date }[]> {
      const rows = await db
        .select({ id: posts.id, externalId: posts.externalId, content: posts.content, postedAt: posts.postedAt })
        .from(posts)
        .where(
          and(
            eq(posts.personaId, personaId),
            eq(posts.platform, platform),
            eq(posts.status, 'posted'),
            isNull(posts.goneAt),
            gte(posts.postedAt, from),
            lt(posts.postedAt, to),
          ),
        );
      return rows.flatMap((r) =>
        r.externalId && r.postedAt ? [{ ...r, externalId: r.externalId, postedAt: r.postedAt }] : [],
      );
    },

    /** Marks a post found deleted on the network, once: false when it already was. */
    async markGone(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(posts)
        .set({ goneAt: at })
        .where(and(eq(posts.id, id), isNull(posts.goneAt)))
        .returning({ id: posts.id });
      return rows.length > 0;
    },

    /**
     * What a new draft of the persona's must not repeat (decision 037): its latest posts that went
     * out, will go out or wait for review, newest first, each with when it went (goes) out or was written.
     */
    recentForCheck(personaId: string, limit: number): Promise<RecentPost[]> {
      return recentForCheck({ personaId, limit });
    },

    /**
     * The check's figures for analytics: drafts a writer (a model or the offline composer) wrote in
     * [from, to), those that entered the queue flagged, and how many carried each kind of flag.
     */
    async draftChecksBetween(
      personaId: string,
      from: Date,
      to: Date,
    ): Promise<{ written: number; flagged: number; byKind: { kind: DraftFlagKind; count: number }[] }> {
      const inRange = and(
        eq(posts.personaId, personaId),
        isNotNull(posts.writer),
        gte(posts.createdAt, from),
        lt(posts.createdAt, to),
      );
      const [totals] = await db
        .select({ written: sql<number>`count(*)`.mapWith(Number) })
        .from(posts)
        .where(inRange);
      // Flagged drafts are few (most pass): their flags are counted here rather than unnested in SQL.
      const flagged = await db
        .select({ flags: posts.checkFlags })
        .from(posts)
        .where(and(inRange, sql`jsonb_array_length(${posts.checkFlags}) > 0`));
      const counts = new Map<DraftFlagKind, number>();
      for (const { flags } of flagged) {
        for (const kind of new Set(flags.map((f) => f.kind))) counts.set(kind, (counts.get(kind) ?? 0) + 1);
      }
      const byKind = [...counts].map(([kind, count]) => ({ kind, count }));
      return { written: totals?.written ?? 0, flagged: flagged.length, byKind };
    },

    /**
     * Removes a post for good (DELETE /api/posts/{id}), only while it is in one of `from`: a post
     * claimed for publishing meanwhile is not removed (false). Its publish job, if any, then finds
     * nothing to claim and ends.
     */
    async remove(id: string, from: readonly PostStatus[]): Promise<boolean> {
      const rows = await db
        .delete(posts)
        .where(and(eq(posts.id, id), inArray(posts.status, [...from])))
        .returning({ id: posts.id });
      return rows.length > 0;
    },

    cancel(id: string) {
      return transition(id, EDITABLE_STATUSES, { status: 'canceled' });
    },

    /** The user decided an unconfirmed (or failed) post did go out. */
    markPostedByUser(id: string, by: SettledBy) {
      return transition(
        id,
        ['unconfirmed', 'failed'],
        { status: 'posted', postedAt: new Date(), error: null },
        { ...by, action: 'published', note: 'Marked as posted' },
      );
    },

    /** Times already held by the persona's scheduled posts (queue slots skip them). */
    async heldTimes(personaId: string, after: Date): Promise<Date[]> {
      const rows = await db
        .select({ at: posts.scheduledFor })
        .from(posts)
        .where(
          and(
            eq(posts.personaId, personaId),
            inArray(posts.status, ['scheduled', 'publishing']),
            isNotNull(posts.scheduledFor),
            gte(posts.scheduledFor, after),
            // Replies do not take the persona's posting slots.
            isNull(posts.replyTo),
          ),
        );
      return rows.flatMap((r) => (r.at ? [r.at] : []));
    },

    /** What chat may tell of the persona's posts: the latest published, and the next ones coming up. */
    /**
     * Chat's view of a persona's posts: the latest published, the next scheduled, and the drafts
     * waiting for review whatever their time (one sent to review by hand has none), with their count.
     */
    async recentAndUpcoming(
      personaId: string,
      now: Date,
      limit: number,
    ): Promise<{ recent: PostRow[]; upcoming: PostRow[]; waiting: number }> {
      const recent = await db
        .select()
        .from(posts)
        .where(and(eq(posts.personaId, personaId), eq(posts.status, 'posted'), isNotNull(posts.postedAt)))
        .orderBy(desc(posts.postedAt))
        .limit(limit);
      const scheduled = await db
        .select()
        .from(posts)
        .where(and(eq(posts.personaId, personaId), eq(posts.status, 'scheduled'), gte(posts.scheduledFor, now)))
        .orderBy(asc(posts.scheduledFor))
        .limit(limit);
      const pending = await db
        .select()
        .from(posts)
        .where(and(eq(posts.personaId, personaId), eq(posts.status, 'pending_review')))
        .orderBy(sql`${posts.scheduledFor} asc nulls last`, asc(posts.createdAt))
        .limit(limit);
      const [counted] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(posts)
        .where(and(eq(posts.personaId, personaId), eq(posts.status, 'pending_review')));
      return { recent, upcoming: [...scheduled, ...pending], waiting: counted?.n ?? 0 };
    },

    /**
     * The persona's latest post on each of these platforms with exactly this text that went out (or
     * is going out, or may have) since `since`: Post now asks before sending the same text again.
     */
    async sameTextSince(
      personaId: string,
      platforms: Platform[],
      content: string,
      since: Date,
    ): Promise<{ platform: Platform; status: PostStatus; at: Date }[]> {
      const at = sql<Date>`coalesce(${posts.postedAt}, ${posts.claimedAt}, ${posts.createdAt})`.mapWith(posts.postedAt);
      const rows = await db
        .selectDistinctOn([posts.platform], { platform: posts.platform, status: posts.status, at })
        .from(posts)
        .where(
          and(
            eq(posts.personaId, personaId),
            inArray(posts.platform, platforms),
            eq(posts.content, content),
            inArray(posts.status, ['posted', 'publishing', 'unconfirmed']),
            gte(at, since),
          ),
        )
        .orderBy(posts.platform, desc(at));
      return rows;
    },

    /** When the persona last posted on the platform (cooldowns). */
    async lastPostedAt(personaId: string, platform: Platform): Promise<Date | null> {
      const [row] = await db
        .select({ at: posts.postedAt })
        .from(posts)
        .where(and(eq(posts.personaId, personaId), eq(posts.platform, platform), eq(posts.status, 'posted')))
        .orderBy(desc(posts.postedAt))
        .limit(1);
      return row?.at ?? null;
    },
  };
  return repository;
}
export type PostsRepository = ReturnType<typeof createPostsRepository>;
