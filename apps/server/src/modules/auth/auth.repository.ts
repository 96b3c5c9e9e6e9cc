import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, verifications } from '../../db/schema';

export function createAuthRepository(db: Db) {
  return {
    /** Removes sessions and magic-link tokens that expired before `now`. */
    async deleteExpired(now: Date): Promise<{ sessions: number; verifications: number }> {
      const s = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
      const v = await db
        .delete(verifications)
        .where(lt(verifications.expiresAt, now))
        .returning({ id: verifications.id });
      return { sessions: s.length, verifications: v.length };
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
