import type { SourceItem } from '@plume/core';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sourceChecks, sourceItems } from '../../db/schema';
import type { FeedItem } from '../../integrations/feeds/parse-feed';

export function createSourcesRepository(db: Db) {
  return {
    /** Keeps new items; one already kept (same persona, source and title) is skipped. Returns how many were new. */
    async addItems(personaId: string, sourceUrl: string, items: FeedItem[]): Promise<number> {
      if (items.length === 0) return 0;
      const rows = await db
        .insert(sourceItems)
        .values(
          items.map((item) => ({
            id: crypto.randomUUID(),
            personaId,
            sourceUrl,
            title: item.title,
            link: item.link,
            summary: item.summary,
            publishedAt: item.publishedAt ? new Date(item.publishedAt) : null,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: sourceItems.id });
      return rows.length;
    },

    /**
     * Enabled sources of active personas whose scheduled read is due (never read on schedule, or
     * past their next check), oldest due first.
     */
    async dueSources(now: Date, limit: number): Promise<{ personaId: string; workspaceId: string; url: string }[]> {
      const result = await db.execute(sql`
        select p.id as persona_id, p.workspace_id, s.source ->> 'url' as url
        from personas p
        cross join lateral jsonb_array_elements(p.sources) as s(source)
        left join ${sourceChecks} c on c.persona_id = p.id and c.source_url = s.source ->> 'url'
        where p.is_active and (s.source ->> 'enabled')::boolean
          and (c.next_check_at is null or c.next_check_at <= ${now})
        order by c.next_check_at asc nulls first
        limit ${limit}`);
      const rows = (result as unknown as { rows: { persona_id: string; workspace_id: string; url: string }[] }).rows;
      return rows.map((r) => ({ personaId: r.persona_id, workspaceId: r.workspace_id, url: r.url }));
    },

    /** A source's scheduled-read state, if it was read on schedule before. */
    async check(personaId: string, sourceUrl: string) {
      const [row] = await db
        .select()
        .from(sourceChecks)
        .where(and(eq(sourceChecks.personaId, personaId), eq(sourceChecks.sourceUrl, sourceUrl)));
      return row;
    },

    async saveCheck(row: typeof sourceChecks.$inferInsert): Promise<void> {
      const { personaId: _p, sourceUrl: _s, ...changes } = row;
      await db
        .insert(sourceChecks)
        .values(row)
        .onConflictDoUpdate({
          target: [sourceChecks.personaId, sourceChecks.sourceUrl],
          set: changes,
        });
    },

    /** The items kept for a persona with the given headlines (the ones a preview was just shown). */
    async itemsTitled(personaId: string, titles: string[]): Promise<SourceItem[]> {
      if (titles.length === 0) return [];
      return db
        .selectDistinctOn([sourceItems.title], {
          title: sourceItems.title,
          summary: sourceItems.summary,
          link: sourceItems.link,
        })
        .from(sourceItems)
        .where(and(eq(sourceItems.personaId, personaId), inArray(sourceItems.title, titles)))
        .orderBy(sourceItems.title, desc(sourceItems.fetchedAt));
    },

    /**
     * The newest items kept for a persona from the given source addresses: headline, summary and
     * link (what a post is written from), with where and when.
     */
    async latestItems(
      personaId: string,
      limit: number,
      sourceUrls: string[],
    ): Promise<{ sourceUrl: string; title: string; summary: string | null; link: string | null; at: Date }[]> {
      if (sourceUrls.length === 0) return [];
      return db
        .select({
          sourceUrl: sourceItems.sourceUrl,
          title: sourceItems.title,
          summary: sourceItems.summary,
          link: sourceItems.link,
          at: sql<Date>`coalesce(${sourceItems.publishedAt}, ${sourceItems.fetchedAt})`.mapWith(sourceItems.fetchedAt),
        })
        .from(sourceItems)
        .where(and(eq(sourceItems.personaId, personaId), inArray(sourceItems.sourceUrl, sourceUrls)))
        .orderBy(desc(sourceItems.fetchedAt), desc(sourceItems.publishedAt))
        .limit(limit);
    },
  };
}
export type SourcesRepository = ReturnType<typeof createSourcesRepository>;
