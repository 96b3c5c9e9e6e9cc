import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userPreferences } from '../../db/schema';

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

    async setTimeZone(userId: string, timeZone: string | null): Promise<void> {
      await db
        .insert(userPreferences)
        .values({ userId, timeZone })
        .onConflictDoUpdate({ target: userPreferences.userId, set: { timeZone, updatedAt: new Date() } });
    },
  };
}
export type PreferencesRepository = ReturnType<typeof createPreferencesRepository>;
