import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** The `Idempotency-Key` header's keys, each with the request it came with and, once known, its answer. */
export function createIdempotencyRepository(db: Db) {
  return {
    /**
     * Takes the key for a request that is about to run: true when this caller took it (the key is
     * new), false when another request already holds it (running, or finished with its answer).
     */
    async claim(values: { userId: string; key: string; route: string; requestHash: string }): Promise<boolean> {
      const rows = await db.insert(idempotencyKeys).values(values).onConflictDoNothing().returning({
        key: idempotencyKeys.key,
      });
      return rows.length > 0;
    },

    async find(userId: string, key: string): Promise<IdempotencyRow | undefined> {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return row;
    },

    /** The request finished: its answer is kept for the same key sent again. */
    async complete(userId: string, key: string, status: number, response: unknown): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ status, response })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    },

    /** Removes the keys sent before `before` (cleanup-expired). */
    async deleteBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, before))
        .returning({ key: idempotencyKeys.key });
      return rows.length;
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
