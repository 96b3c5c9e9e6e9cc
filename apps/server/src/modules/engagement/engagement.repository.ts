import type { Persona, Platform } from '@plume/core';
import { and, asc, count, desc, eq, gte, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mentionCursors, mentionReads, mentions, personas, platformAccounts, posts } from '../../db/schema';
import type { Mention } from '../../integrations/platform';
import type { AccountRow } from '../accounts/accounts.repository';
import { personasAtWork } from '../personas/personas.repository';

export type MentionRow = typeof mentions.$inferSelect;
export type CursorRow = typeof mentionCursors.$inferSelect;
/** A mention with the reply written to it, as the reply is now. */
export type MentionWithReply = MentionRow & {
  reply: Pick<typeof posts.$inferSelect, 'id' | 'status' | 'content' | 'url' | 'scheduledFor'> | null;
};

/** Working personas with a connected account in good standing, their workspace and its zone. */
export type Working = {
  persona: Persona;
  workspaceId: string;
  timeZone: string;
  account: AccountRow;
  /** Its workspace's "posts need approval", and who let its automation skip review (decision 056-approval-that-blocks). */
  needsApproval: boolean;
  unreviewedBy: string | null;
};

/**
 * Engagement's own tables (decision 022): where each account's mentions were read up to, what
 * reading them cost, and each mention with the decision taken on it.
 */
export function createEngagementRepository(db: Db) {
  /**
   * Active personas of `where` whose automation is not paused (decision 035), one entry per account
   * of theirs in good standing that `pick` names.
   */
  const working = async (where: SQL, pick: SQL<boolean> = sql<boolean>`true`): Promise<Working[]> =>
    (
      await personasAtWork(
        db,
        and(eq(personas.isActive, true), isNull(personas.automationPausedAt), where),
        sql<boolean>`(${platformAccounts.status} = 'active' and ${pick})`,
      )
    ).flatMap(({ persona, workspaceId, timeZone, picked, needsApproval, unreviewedBy }) =>
      picked.map((account) => ({
        persona,
        workspaceId,
        timeZone: timeZone ?? 'UTC',
        account,
        needsApproval,
        unreviewedBy,
      })),
    );

  /** Mentions with the reply written to each, as the reply is now, newest first. */
  const withReplies = async (where: SQL | undefined, limit: number): Promise<MentionWithReply[]> => {
    const rows = await db
      .select({
        mention: mentions,
        reply: {
          id: posts.id,
          status: posts.status,
          content: posts.content,
          url: posts.url,
          scheduledFor: posts.scheduledFor,
        },
      })
      .from(mentions)
      .leftJoin(posts, eq(posts.id, mentions.postId))
      .where(where)
      .orderBy(desc(mentions.receivedAt), desc(mentions.id))
      .limit(limit);
    return rows.map(({ mention, reply }) => ({ ...mention, reply: reply?.id ? reply : null }));
  };

  return {
    /**
     * Accounts whose next read of mentions is due: those of personas answering mentions, and the
     * Bluesky accounts of personas engaging (their likes, reposts and follows go to the people who
     * reached them first, decision 032).
     */
    async accountsDue(at: Date): Promise<Working[]> {
      return working(
        sql`((${personas.automation} -> 'autoReplies' ->> 'enabled') = 'true'
          or (${personas.automation} -> 'engagement' ->> 'enabled') = 'true')`,
        sql<boolean>`((${personas.automation} -> 'autoReplies' ->> 'enabled') = 'true'
          or ${platformAccounts.platform} = 'bluesky')
          and not exists (select 1 from ${mentionCursors} c
            where c.account_id = ${platformAccounts.id} and c.next_check_at > ${at})`,
      );
    },

    /** A persona's accounts in good standing, when the persona is active. */
    async accountsOf(personaId: string): Promise<Working[]> {
      return working(eq(personas.id, personaId));
    },

    /** One account with its persona, when it is connected and its persona active. */
    async account(accountId: string): Promise<Working | undefined> {
      const [found] = await working(
        sql`${personas.id} = (select persona_id from ${platformAccounts} where id = ${accountId})`,
        sql<boolean>`${platformAccounts.id} = ${accountId}`,
      );
      return found;
    },

    /**
     * Personas with engagement on and a Bluesky account in good standing (likes, reposts, follows
     * are Bluesky's): all of them, or the one asked for.
     */
    async engagingOnBluesky(personaId?: string): Promise<Working[]> {
      const one = personaId ? sql` and ${personas.id} = ${personaId}` : sql``;
      return working(
        sql`(${personas.automation} -> 'engagement' ->> 'enabled') = 'true'${one}`,
        sql<boolean>`${platformAccounts.platform} = 'bluesky'`,
      );
    },

    async cursorOf(accountId: string): Promise<CursorRow | undefined> {
      const [row] = await db.select().from(mentionCursors).where(eq(mentionCursors.accountId, accountId));
      return row;
    },

    /** A good read: the cursor moves on, failures are forgotten. */
    async saveCursor(accountId: string, cursor: string | null, checkedAt: Date, nextCheckAt: Date): Promise<void> {
      const values = { cursor, checkedAt, nextCheckAt, failures: 0, error: null };
      await db
        .insert(mentionCursors)
        .values({ accountId, ...values })
        .onConflictDoUpdate({ target: mentionCursors.accountId, set: values });
    },

    /** A failed read: the cursor stays, the next read waits (backoff). */
    async failCursor(accountId: string, nextCheckAt: Date, error: string): Promise<void> {
      await db
        .insert(mentionCursors)
        .values({ accountId, nextCheckAt, failures: 1, error })
        .onConflictDoUpdate({
          target: mentionCursors.accountId,
          set: { nextCheckAt, error, failures: sql`${mentionCursors.failures} + 1` },
        });
    },

    /** Counts the calls a read made, on the account's day (UTC). */
    async addReads(account: Pick<AccountRow, 'id' | 'personaId' | 'platform'>, at: Date, reads: number): Promise<void> {
      if (reads <= 0) return;
      const day = at.toISOString().slice(0, 10);
      await db
        .insert(mentionReads)
        .values({ accountId: account.id, personaId: account.personaId, platform: account.platform, day, reads })
        .onConflictDoUpdate({
          target: [mentionReads.accountId, mentionReads.day],
          set: { reads: sql`${mentionReads.reads} + ${reads}` },
        });
    },

    /** The calls reading mentions made for a user's accounts on a platform since a day (UTC). */
    async readsSince(workspaceId: string, platform: Platform, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<string | number>`coalesce(sum(${mentionReads.reads}), 0)` })
        .from(mentionReads)
        .innerJoin(personas, eq(personas.id, mentionReads.personaId))
        .where(
          and(
            eq(personas.workspaceId, workspaceId),
            eq(mentionReads.platform, platform),
            gte(mentionReads.day, since.toISOString().slice(0, 10)),
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** Keeps the mentions not seen before (the account and post are the unique key); answers those that were new. */
    async keep(
      account: Pick<AccountRow, 'id' | 'personaId' | 'platform'>,
      found: Mention[],
    ): Promise<Pick<MentionRow, 'id' | 'kind' | 'authorId' | 'authorHandle' | 'text'>[]> {
      if (found.length === 0) return [];
      return db
        .insert(mentions)
        .values(
          found.map((m) => ({
            id: crypto.randomUUID(),
            personaId: account.personaId,
            accountId: account.id,
            platform: account.platform,
            externalId: m.externalId,
            kind: m.kind,
            authorId: m.author.id,
            authorHandle: m.author.handle,
            text: m.text,
            url: m.url,
            ref: { ...m.ref, inReplyTo: m.inReplyTo ?? null },
            threadId: m.ref.root.id,
            receivedAt: m.receivedAt,
          })),
        )
        .onConflictDoNothing()
        .returning({
          id: mentions.id,
          kind: mentions.kind,
          authorId: mentions.authorId,
          authorHandle: mentions.authorHandle,
          text: mentions.text,
        });
    },

    /** The account's mentions not decided yet, oldest first. */
    async waiting(accountId: string): Promise<MentionRow[]> {
      return db
        .select()
        .from(mentions)
        .where(and(eq(mentions.accountId, accountId), eq(mentions.decision, 'waiting')))
        .orderBy(asc(mentions.receivedAt));
    },

    /** Records the decision on a mention, once: false when it was decided already. */
    async decide(id: string, decision: 'replied' | 'passed', reason: string | null, postId: string | null = null) {
      const rows = await db
        .update(mentions)
        .set({ decision, reason, postId })
        .where(and(eq(mentions.id, id), eq(mentions.decision, 'waiting')))
        .returning({ id: mentions.id });
      return rows.length > 0;
    },

    /** Records a reply a person asked for (written by hand, or drafted on request), whatever was decided before. */
    async answered(id: string, postId: string, reason: string): Promise<void> {
      await db.update(mentions).set({ decision: 'replied', reason, postId }).where(eq(mentions.id, id));
    },

    /**
     * A page of the persona's mentions, newest first, each with its reply as it is now; `after`
     * is where the previous page ended (its last mention's time and id).
     */
    async page(
      personaId: string,
      after: { receivedAt: Date; id: string } | null,
      limit: number,
    ): Promise<MentionWithReply[]> {
      return withReplies(
        and(
          eq(mentions.personaId, personaId),
          after
            ? or(
                lt(mentions.receivedAt, after.receivedAt),
                and(eq(mentions.receivedAt, after.receivedAt), lt(mentions.id, after.id)),
              )
            : undefined,
        ),
        limit,
      );
    },

    /** One of the persona's mentions with its reply as it is now. */
    async findWithReply(personaId: string, id: string): Promise<MentionWithReply | undefined> {
      const [row] = await withReplies(and(eq(mentions.personaId, personaId), eq(mentions.id, id)), 1);
      return row;
    },

    /** One of the persona's mentions. */
    async find(personaId: string, id: string): Promise<MentionRow | undefined> {
      const [row] = await db
        .select()
        .from(mentions)
        .where(and(eq(mentions.personaId, personaId), eq(mentions.id, id)));
      return row;
    },

    /** Replies of the persona since `since` in one thread, or to one author (the per-thread and per-person caps). */
    async repliedSince(personaId: string, since: Date, to: { threadId?: string; authorId?: string }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(mentions)
        .where(
          and(
            eq(mentions.personaId, personaId),
            eq(mentions.decision, 'replied'),
            gte(mentions.createdAt, since),
            to.threadId ? eq(mentions.threadId, to.threadId) : undefined,
            to.authorId ? eq(mentions.authorId, to.authorId) : undefined,
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** The platform ids of every account of the workspace's personas (never a reply to one of them). */
    async ownAccountIds(workspaceId: string): Promise<Set<string>> {
      const rows = await db
        .select({ id: platformAccounts.externalId })
        .from(platformAccounts)
        .innerJoin(personas, eq(personas.id, platformAccounts.personaId))
        .where(eq(personas.workspaceId, workspaceId));
      return new Set(rows.map((r) => r.id));
    },

    /**
     * The account's mentions, replies and quotes received since `since`, newest first (at most
     * `limit`): the posts and people that reached the persona, where its likes, reposts and follows go.
     */
    async recentMentions(accountId: string, since: Date, limit: number): Promise<MentionRow[]> {
      return db
        .select()
        .from(mentions)
        .where(and(eq(mentions.accountId, accountId), gte(mentions.receivedAt, since)))
        .orderBy(desc(mentions.receivedAt))
        .limit(limit);
    },
  };
}
export type EngagementRepository = ReturnType<typeof createEngagementRepository>;
