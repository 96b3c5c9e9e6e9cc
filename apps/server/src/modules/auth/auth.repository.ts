import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiTokens, sessions, users, verifications } from '../../db/schema';

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

    /** The user of an unexpired personal API token with this hash, or null (revoked tokens are deleted). */
    async findApiToken(tokenHash: string, now: Date) {
      const [row] = await db
        .select({
          tokenId: apiTokens.id,
          workspaceId: apiTokens.workspaceId,
          role: apiTokens.role,
          id: users.id,
          email: users.email,
          name: users.name,
          image: users.image,
          username: users.username,
        })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(and(eq(apiTokens.tokenHash, tokenHash), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now))));
      if (!row) return null;
      const { tokenId, workspaceId, role, ...user } = row;
      return { tokenId, scope: { workspaceId, role }, user };
    },

    async touchApiToken(id: string, at: Date): Promise<void> {
      await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id));
    },

    /** A session's last activity is its updated_at (better-auth refreshes by expires_at, not this). */
    async touchSession(id: string, at: Date): Promise<void> {
      await db.update(sessions).set({ updatedAt: at }).where(eq(sessions.id, id));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
