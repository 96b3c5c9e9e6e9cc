import type { PostActorKind, PostHistoryAction, PostHistoryEntry } from '@plume/core';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { postHistory, users } from '../../db/schema';

export type HistoryEntry = {
  postId: string;
  actorUserId: string | null;
  actorKind: PostActorKind;
  action: PostHistoryAction;
  note?: string | null;
  at?: Date;
};

/** Each post's history (decision 056-approval-that-blocks): appended, never changed. */
/**
 * A history entry as it is shown and exported, with `users` left-joined on its actor: the person
 * named as they gave their name, else their username, else their address (a new user may have no
 * name); null for automation or a person since deleted.
 */
export const historyColumns = {
  postId: postHistory.postId,
  at: postHistory.at,
  action: postHistory.action,
  actorKind: postHistory.actorKind,
  actorName: sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.username}, ${users.email})`,
  note: postHistory.note,
};

/** An entry as the table stores it (a new row). */
export function historyRow(e: HistoryEntry): typeof postHistory.$inferInsert {
  return {
    id: crypto.randomUUID(),
    postId: e.postId,
    actorUserId: e.actorUserId,
    actorKind: e.actorKind,
    action: e.action,
    note: e.note ?? null,
    ...(e.at ? { at: e.at } : {}),
  };
}

export function createPostHistoryRepository(db: Db) {
  return {
    async record(entries: HistoryEntry[]): Promise<void> {
      if (entries.length === 0) return;
      await db.insert(postHistory).values(entries.map(historyRow));
    },

    /** The posts' histories, oldest first, with each person's name, by post id (a post with none has []). */
    async forPosts(postIds: string[]): Promise<Map<string, PostHistoryEntry[]>> {
      const found = new Map<string, PostHistoryEntry[]>(postIds.map((id) => [id, []]));
      if (postIds.length === 0) return found;
      const rows = await db
        .select(historyColumns)
        .from(postHistory)
        .leftJoin(users, eq(users.id, postHistory.actorUserId))
        .where(inArray(postHistory.postId, [...new Set(postIds)]))
        .orderBy(asc(postHistory.seq));
      for (const { postId, at, ...rest } of rows) found.get(postId)?.push({ ...rest, at: at.toISOString() });
      return found;
    },
  };
}
export type PostHistoryRepository = ReturnType<typeof createPostHistoryRepository>;
