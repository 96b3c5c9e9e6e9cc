import type { SourceItem } from '@plume/core';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coalesced, rowsPerAsk } from '../../db/coalesced';
import { personas, sourceChecks, sourceItems } from '../../db/schema';
import type { FeedItem } from '../../integrations/feeds/parse-feed';

/** An item a source gave, as a writer reads it. */
export type LatestItem = { sourceUrl: string; title: string; summary: string | null; link: string | null; at: Date };

export function createSourcesRepository(db: Db) {
  // The newest items of the sources a persona reads, read before every draft: the asks made while
  // one statement runs go together in the next (decision 062), each with its persona, sources and
  // limit. Sources null: the ones the persona's row has turned on when the statement runs, so a
  // draft need not read the persona first (decision 064).
  const latestItems = coalesced<{ personaId: string; limit: number; sourceUrls: string[] | null }, LatestItem[]>(
    async (asks) => {
      const { rows } = (await db.execute(sql`
        select a.ord, i.source_url, i.title, i.summary, i.link, i.at
        from unnest(
          ${sql.param(asks.map((a) => a.personaId))}::uuid[],
          ${sql.param(asks.map((a) => a.limit))}::int[],
          ${sql.param(asks.map((a) => (a.sourceUrls ? JSON.stringify(a.sourceUrls) : null)))}::jsonb[]
        ) with ordinality as a(persona, lim, urls, ord)
        cross join lateral (
          select ${sourceItems.sourceUrl} as source_url, ${sourceItems.title} as title,
            ${sourceItems.summary} as summary, ${sourceItems.link} as link,
            coalesce(${sourceItems.publishedAt}, ${sourceItems.fetchedAt}) as at
          from ${sourceItems}
          where ${sourceItems.personaId} = a.persona
            and ${sourceItems.sourceUrl} in (
              select jsonb_array_elements_text(a.urls) where a.urls is not null
              union all
              select s.source ->> 'url'
              from ${personas} p cross join jsonb_array_elements(p.sources) as s(source)
              where a.urls is null and p.id = a.persona and (s.source ->> 'enabled')::boolean
            )
          -- Items kept by one poll share their time: the order they were kept in (the feed's) decides.
          order by ${sourceItems.fetchedAt} desc, ${sourceItems.publishedAt} desc, ${sourceItems}.ctid
          limit a.lim
        ) i`)) as unknown as {
        rows: {
          ord: string | number;
          source_url: string;
          title: string;
          summary: string | null;
          link: string | null;
          at: Date | string;
        }[];
      };
      return rowsPerAsk(asks.length, rows, (row) => ({
        sourceUrl: row.source_url,
        title: row.title,
        summary: row.summary,
        link: row.link,
        at: new Date(row.at),
      }));
    },
  );
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
    latestItems(personaId: string, limit: number, sourceUrls: string[]): Promise<LatestItem[]> {
      if (sourceUrls.length === 0) return Promise.resolve([]);
      return latestItems({ personaId, limit, sourceUrls });
    },

    /** `latestItems` of the sources the persona has turned on (`enabled`), as its stored row says. */
    latestItemsOfEnabledSources(personaId: string, limit: number): Promise<LatestItem[]> {
      return latestItems({ personaId, limit, sourceUrls: null });
    },
  };
}
export type SourcesRepository = ReturnType<typeof createSourcesRepository>;
