import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sourceItems } from '../../db/schema';
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
            publishedAt: item.publishedAt ? new Date(item.publishedAt) : null,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: sourceItems.id });
      return rows.length;
    },

    /** The newest titles kept for a persona from the given source addresses. */
    async latestTitles(personaId: string, limit: number, sourceUrls: string[]): Promise<string[]> {
      if (sourceUrls.length === 0) return [];
      const rows = await db
        .select({ title: sourceItems.title })
        .from(sourceItems)
        .where(and(eq(sourceItems.personaId, personaId), inArray(sourceItems.sourceUrl, sourceUrls)))
        .orderBy(desc(sourceItems.fetchedAt), desc(sourceItems.publishedAt))
        .limit(limit);
      return rows.map((r) => r.title);
    },
  };
}
export type SourcesRepository = ReturnType<typeof createSourcesRepository>;
