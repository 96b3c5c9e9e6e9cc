import { and, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coalesced } from '../../db/coalesced';
import { apiTokens, sessions, users, verifications } from '../../db/schema';

/** A stored session with its user, as a signed-in request needs it. */
export type StoredSession = {
  id: string;
  expiresAt: Date;
  user: { id: string; email: string; name: string; image: string | null; username: string | null };
};

export function createAuthRepository(db: Db) {
  // The session (and its user) of each token asked while one statement runs, in the next: under
  // load, every user's 2-second trust runs out within moments of the others' (decision 064).
  const sessionsByToken = coalesced<string, StoredSession | null>(async (tokens) => {
    const rows = await db
      .select({
        token: sessions.token,
        id: sessions.id,
        expiresAt: sessions.expiresAt,
        user: { id: users.id, email: users.email, name: users.name, image: users.image, username: users.username },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(inArray(sessions.token, [...new Set(tokens)]));
    const byToken = new Map(rows.map(({ token, ...session }) => [token, session]));
    return tokens.map((token) => byToken.get(token) ?? null);
  });

  return {
    /** The session with this (unsigned) token and its user, expired or not; null when there is none. */
    findSession(token: string): Promise<StoredSession | null> {
      return sessionsByToken(token);
    },

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
