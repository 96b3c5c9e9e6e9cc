import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userPreferences, workspaceMembers } from '../../db/schema';

export function createPreferencesRepository(db: Db) {
  return {
    /** The user's IANA time zone, or null until they set one (the browser's is used then). */
    async timeZone(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ timeZone: userPreferences.timeZone })
        .from(userPreferences)
        .where(eq(userPreferences.userId, userId));
      return row?.timeZone ?? null;
    },

    /**
     * A workspace's time zone: its owner's (null until they set one). Days, months and recurring
     * slots of the workspace's personas are counted in it, whoever is looking.
     */
    async workspaceTimeZone(workspaceId: string): Promise<string | null> {
      const [row] = await db
        .select({ timeZone: userPreferences.timeZone })
        .from(workspaceMembers)
        .innerJoin(userPreferences, eq(userPreferences.userId, workspaceMembers.userId))
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')));
      return row?.timeZone ?? null;
    },

    async setTimeZone(userId: string, timeZone: string | null): Promise<void> {
      await db
        .insert(userPreferences)
        .values({ userId, timeZone })
        .onConflictDoUpdate({ target: userPreferences.userId, set: { timeZone, updatedAt: new Date() } });
    },
  };
}
export type PreferencesRepository = ReturnType<typeof createPreferencesRepository>;
