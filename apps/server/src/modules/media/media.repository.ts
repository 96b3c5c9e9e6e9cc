import type { PostStatus } from '@plume/core';
import { and, desc, eq, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media, mediaObjects, personas, posts } from '../../db/schema';
import type { MediaStore } from '../../integrations/media-store/media-store';

export type MediaRow = typeof media.$inferSelect;

/** A uuid, as the id column takes one (anything else is no media of anyone's). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isMediaId = (id: string) => UUID.test(id);

/** Statuses of a post that went out or never will: its images are free to delete. */
const SETTLED: PostStatus[] = ['posted', 'canceled'];

/** The media library's rows (decision 046-media-library). */
export function createMediaRepository(db: Db) {
  return {
    /**
     * Adds the row when the workspace's library stays within `quotaBytes` with it: answers false (and
     * adds nothing) when it would not. One statement, so two uploads cannot both slip under it.
     */
    async insertWithinQuota(row: typeof media.$inferInsert, quotaBytes: number): Promise<boolean> {
      const size = row.bytes + row.thumbnailBytes;
      const inserted = await db.execute(sql`
        insert into ${media} (id, workspace_id, mime_type, width, height, bytes, thumbnail_bytes, alt, storage, created_at)
        select ${row.id}, ${row.workspaceId}, ${row.mimeType}, ${row.width}, ${row.height}, ${row.bytes},
               ${row.thumbnailBytes}, ${row.alt ?? ''}, ${row.storage}, ${(row.createdAt ?? new Date()).toISOString()}
        where (select coalesce(sum(bytes + thumbnail_bytes), 0) from ${media} where workspace_id = ${row.workspaceId}) + ${size}
              <= ${quotaBytes}
        returning id`);
      return (inserted as unknown as { rows: unknown[] }).rows.length === 1;
    },

    async find(workspaceId: string, id: string): Promise<MediaRow | null> {
      if (!isMediaId(id)) return null;
      const [row] = await db
        .select()
        .from(media)
        .where(and(eq(media.workspaceId, workspaceId), eq(media.id, id)));
      return row ?? null;
    },

    /** The rows of these ids that are the workspace's. */
    async findMany(workspaceId: string, ids: readonly string[]): Promise<MediaRow[]> {
      const valid = [...new Set(ids)].filter(isMediaId);
      if (valid.length === 0) return [];
      return db
        .select()
        .from(media)
        .where(and(eq(media.workspaceId, workspaceId), inArray(media.id, valid)));
    },

    /** Rows by id, whoever owns them (publishing: the post's owner was checked when it was saved). */
    async findByIds(ids: readonly string[]): Promise<MediaRow[]> {
      const valid = [...new Set(ids)].filter(isMediaId);
      if (valid.length === 0) return [];
      return db.select().from(media).where(inArray(media.id, valid));
    },

    /** A page of the workspace's items, newest first, after the item `after` (createdAt, id). */
    async page(workspaceId: string, limit: number, after: { createdAt: Date; id: string } | null): Promise<MediaRow[]> {
      const older = after
        ? or(lt(media.createdAt, after.createdAt), and(eq(media.createdAt, after.createdAt), lt(media.id, after.id)))
        : undefined;
      return db
        .select()
        .from(media)
        .where(and(eq(media.workspaceId, workspaceId), older))
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(limit);
    },

    async usage(workspaceId: string): Promise<{ bytes: number; count: number }> {
      const [row] = await db
        .select({
          bytes: sql<string>`coalesce(sum(${media.bytes} + ${media.thumbnailBytes}), 0)`,
          count: sql<string>`count(*)`,
        })
        .from(media)
        .where(eq(media.workspaceId, workspaceId));
      return { bytes: Number(row?.bytes ?? 0), count: Number(row?.count ?? 0) };
    },

    async updateAlt(workspaceId: string, id: string, alt: string): Promise<MediaRow | null> {
      if (!isMediaId(id)) return null;
      const [row] = await db
        .update(media)
        .set({ alt })
        .where(and(eq(media.workspaceId, workspaceId), eq(media.id, id)))
        .returning();
      return row ?? null;
    },

    async delete(workspaceId: string, id: string): Promise<MediaRow | null> {
      if (!isMediaId(id)) return null;
      const [row] = await db
        .delete(media)
        .where(and(eq(media.workspaceId, workspaceId), eq(media.id, id)))
        .returning();
      return row ?? null;
    },

    /** Whether a post of the workspace's that has not gone out (nor was canceled) carries the image. */
    async inUse(workspaceId: string, id: string): Promise<boolean> {
      const carrying = JSON.stringify([{ media: [{ id }] }]);
      const [row] = await db
        .select({ id: posts.id })
        .from(posts)
        .innerJoin(personas, eq(personas.id, posts.personaId))
        .where(
          and(
            eq(personas.workspaceId, workspaceId),
            notInArray(posts.status, SETTLED),
            sql`${posts.parts} @> ${carrying}::jsonb`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;

/**
 * The default media store: bytes in this database's media_objects table (PGlite too). They travel
 * as base64 text, turned into bytea by the database (`decode`/`encode`): PGlite's own bytea
 * parameters go through a hex text form in JavaScript, several times slower for a 5 MB image.
 */
export function createPostgresMediaStore(db: Db): MediaStore {
  return {
    kind: 'postgres',
    async put(key, bytes, contentType) {
      await db.execute(sql`
        insert into ${mediaObjects} (key, content_type, data)
        values (${key}, ${contentType}, decode(${bytes.toString('base64')}, 'base64'))
        on conflict (key) do update set content_type = excluded.content_type, data = excluded.data`);
    },
    async get(key) {
      const found = (await db.execute(
        sql`select encode(data, 'base64') as data from ${mediaObjects} where key = ${key}`,
      )) as unknown as { rows: { data: string }[] };
      const row = found.rows[0];
      return row ? Buffer.from(row.data, 'base64') : null;
    },
    async delete(keys) {
      if (keys.length === 0) return;
      await db.delete(mediaObjects).where(inArray(mediaObjects.key, [...keys]));
    },
  };
}
