import { SPIKE_MIN_ENGAGEMENT } from '@plume/core';
import { and, type Column, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  mentions,
  opportunityDismissals,
  personas,
  platformAccounts,
  postMetrics,
  posts,
  sourceItems,
} from '../../db/schema';

/** Rows one kind reads at most per user: enough to count and show three, without reading a backlog. */
const ROWS = 500;

type Counts = Record<'likes' | 'reposts' | 'replies' | 'quotes', Column>;
const engagementOf = (t: Counts) => sql<number>`(${t.likes} + ${t.reposts} + ${t.replies} + ${t.quotes})`;
const engagement = engagementOf(postMetrics);

/** What the dashboard's opportunities are drawn from (decision 031): the workspace's own rows only. */
export function createOpportunitiesRepository(db: Db) {
  return {
    /** Whether any persona of the workspace has a connected account. */
    async hasConnection(workspaceId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: platformAccounts.id })
        .from(platformAccounts)
        .innerJoin(personas, eq(personas.id, platformAccounts.personaId))
        .where(eq(personas.workspaceId, workspaceId))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Mentions, replies and quotes received since `since` that no reply answered, newest first;
     * never the workspace's own accounts (a persona's own posts, another of their personas).
     */
    async unansweredMentions(workspaceId: string, since: Date) {
      return db
        .select({
          personaId: mentions.personaId,
          personaName: personas.name,
          platform: mentions.platform,
          authorHandle: mentions.authorHandle,
          text: mentions.text,
          url: mentions.url,
          receivedAt: mentions.receivedAt,
        })
        .from(mentions)
        .innerJoin(personas, eq(personas.id, mentions.personaId))
        .where(
          and(
            eq(personas.workspaceId, workspaceId),
            gte(mentions.receivedAt, since),
            ne(mentions.decision, 'replied'),
            sql`not exists (select 1 from ${platformAccounts} own
              join ${personas} mine on mine.id = own.persona_id
              where mine.workspace_id = ${workspaceId} and own.external_id = ${mentions.authorId})`,
          ),
        )
        .orderBy(desc(mentions.receivedAt))
        .limit(ROWS);
    },

    /** Reply drafts waiting in the review queue, newest first. */
    async replyDraftsWaiting(workspaceId: string) {
      return db
        .select({
          personaId: posts.personaId,
          personaName: personas.name,
          platform: posts.platform,
          content: posts.content,
          /** Whom the reply answers (their handle). */
          replyToAuthor: sql<string | null>`${posts.replyTo} ->> 'author'`,
          createdAt: posts.createdAt,
        })
        .from(posts)
        .innerJoin(personas, eq(personas.id, posts.personaId))
        .where(and(eq(personas.workspaceId, workspaceId), eq(posts.status, 'pending_review'), isNotNull(posts.replyTo)))
        .orderBy(desc(posts.createdAt))
        .limit(ROWS);
    },

    /**
     * Posts published since `since` with enough engagements to be a spike, most engaged first, each
     * with its persona's baseline: how many of its other posts since `baselineSince` were read, and
     * the median of their engagements (null when none).
     */
    async spikeCandidates(workspaceId: string, since: Date, baselineSince: Date) {
      const other = alias(postMetrics, 'other');
      const baseline = db
        .select({
          count: sql<number>`count(*)::int`.as('count'),
          usual: sql<number | null>`percentile_cont(0.5) within group (order by ${engagementOf(other)})`.as('usual'),
        })
        .from(other)
        .where(
          and(
            eq(other.personaId, postMetrics.personaId),
            gte(other.postedAt, baselineSince),
            ne(other.externalId, postMetrics.externalId),
          ),
        )
        .as('baseline');
      return db
        .select({
          personaId: postMetrics.personaId,
          personaName: personas.name,
          platform: postMetrics.platform,
          externalId: postMetrics.externalId,
          text: postMetrics.text,
          url: postMetrics.url,
          postedAt: postMetrics.postedAt,
          engagement,
          baseline: { count: baseline.count, usual: baseline.usual },
        })
        .from(postMetrics)
        .innerJoin(personas, eq(personas.id, postMetrics.personaId))
        .crossJoinLateral(baseline)
        .where(
          and(
            eq(personas.workspaceId, workspaceId),
            gte(postMetrics.postedAt, since),
            gte(engagement, SPIKE_MIN_ENGAGEMENT),
          ),
        )
        .orderBy(desc(engagement))
        .limit(ROWS);
    },

    /** Items of the persona's enabled sources fetched since `since` and not shared yet, newest first. */
    async freshItems(workspaceId: string, since: Date) {
      return db
        .select({
          personaId: sourceItems.personaId,
          personaName: personas.name,
          title: sourceItems.title,
          link: sourceItems.link,
          fetchedAt: sourceItems.fetchedAt,
        })
        .from(sourceItems)
        .innerJoin(personas, eq(personas.id, sourceItems.personaId))
        .where(
          and(
            eq(personas.workspaceId, workspaceId),
            gte(sourceItems.fetchedAt, since),
            isNull(sourceItems.usedAt),
            sql`exists (select 1 from jsonb_array_elements(${personas.sources}) as s(source)
              where s.source ->> 'url' = ${sourceItems.sourceUrl} and (s.source ->> 'enabled')::boolean)`,
          ),
        )
        .orderBy(desc(sourceItems.fetchedAt))
        .limit(ROWS);
    },

    /** The workspace's dismissals: each opportunity's key and the newest thing it had when dismissed. */
    async dismissals(workspaceId: string): Promise<Map<string, Date>> {
      const rows = await db
        .select({ key: opportunityDismissals.key, through: opportunityDismissals.through })
        .from(opportunityDismissals)
        .where(eq(opportunityDismissals.workspaceId, workspaceId));
      return new Map(rows.map((r) => [r.key, r.through]));
    },

    /**
     * Keeps dismissals (a later one never moves `through` back), and forgets the workspace's dismissals
     * of things older than `forgetBefore`: no opportunity looks back that far.
     */
    async dismiss(workspaceId: string, items: { key: string; through: Date }[], forgetBefore: Date): Promise<void> {
      await db
        .insert(opportunityDismissals)
        .values(items.map((i) => ({ workspaceId, key: i.key, through: i.through })))
        .onConflictDoUpdate({
          target: [opportunityDismissals.workspaceId, opportunityDismissals.key],
          set: {
            through: sql`greatest(${opportunityDismissals.through}, excluded.through)`,
            dismissedAt: sql`now()`,
          },
        });
      await db
        .delete(opportunityDismissals)
        .where(
          and(eq(opportunityDismissals.workspaceId, workspaceId), lt(opportunityDismissals.through, forgetBefore)),
        );
    },

    /** Which of these persona ids are the workspace's. */
    async ownedPersonaIds(workspaceId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: personas.id })
        .from(personas)
        .where(and(eq(personas.workspaceId, workspaceId), inArray(personas.id, ids)));
      return new Set(rows.map((r) => r.id));
    },
  };
}
export type OpportunitiesRepository = ReturnType<typeof createOpportunitiesRepository>;
