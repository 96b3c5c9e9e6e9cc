import type { Tag, TagColor, TagWrite } from '@plume/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tags } from '../../db/schema';

function toTag(row: typeof tags.$inferSelect): Tag {
  return { id: row.id, name: row.name, color: row.color as TagColor };
}

export function createTagsRepository(db: Db) {
  return {
    async list(workspaceId: string): Promise<Tag[]> {
      const rows = await db.select().from(tags).where(eq(tags.workspaceId, workspaceId)).orderBy(asc(tags.name));
      return rows.map(toTag);
    },

    async find(workspaceId: string, id: string): Promise<Tag | null> {
      const [row] = await db
        .select()
        .from(tags)
        .where(and(eq(tags.workspaceId, workspaceId), eq(tags.id, id)));
      return row ? toTag(row) : null;
    },

    async findByName(workspaceId: string, name: string): Promise<Tag | null> {
      const [row] = await db
        .select()
        .from(tags)
        .where(and(eq(tags.workspaceId, workspaceId), eq(tags.name, name)));
      return row ? toTag(row) : null;
    },

    /** Which of `ids` are the workspace's tags. */
    async existingIds(workspaceId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.workspaceId, workspaceId), inArray(tags.id, ids)));
      return new Set(rows.map((r) => r.id));
    },

    async insert(workspaceId: string, input: TagWrite): Promise<Tag> {
      const [row] = await db
        .insert(tags)
        .values({ id: crypto.randomUUID(), workspaceId, ...input })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return toTag(row);
    },

    async update(workspaceId: string, id: string, input: TagWrite): Promise<Tag | null> {
      const [row] = await db
        .update(tags)
        .set({ ...input, updatedAt: new Date() })
        .where(and(eq(tags.workspaceId, workspaceId), eq(tags.id, id)))
        .returning();
      return row ? toTag(row) : null;
    },

    async delete(workspaceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(tags)
        .where(and(eq(tags.workspaceId, workspaceId), eq(tags.id, id)))
        .returning({ id: tags.id });
      return rows.length > 0;
    },
  };
}
export type TagsRepository = ReturnType<typeof createTagsRepository>;
