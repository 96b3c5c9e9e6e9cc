import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coalesced } from '../../db/coalesced';
import { userPreferences, workspaceMembers } from '../../db/schema';

export function createPreferencesRepository(db: Db) {
  // Read before every draft, post and count of a day: the asks made while one statement runs go in
  // the next (decision 062).
  const workspaceTimeZone = coalesced<string, string | null>(async (workspaceIds) => {
    const rows = await db
      .select({ workspaceId: workspaceMembers.workspaceId, timeZone: userPreferences.timeZone })
      .from(workspaceMembers)
      .innerJoin(userPreferences, eq(userPreferences.userId, workspaceMembers.userId))
      .where(
        and(inArray(workspaceMembers.workspaceId, [...new Set(workspaceIds)]), eq(workspaceMembers.role, 'owner')),
      );
    const zones = new Map(rows.map((row) => [row.workspaceId, row.timeZone]));
    return workspaceIds.map((workspaceId) => zones.get(workspaceId) ?? null);
  });
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
    workspaceTimeZone,

    async setTimeZone(userId: string, timeZone: string | null): Promise<void> {
      await db
        .insert(userPreferences)
        .values({ userId, timeZone })
        .onConflictDoUpdate({ target: userPreferences.userId, set: { timeZone, updatedAt: new Date() } });
    },
  };
}
export type PreferencesRepository = ReturnType<typeof createPreferencesRepository>;
