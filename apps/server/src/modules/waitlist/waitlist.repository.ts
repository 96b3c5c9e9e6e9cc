import { normalizeEmail } from '@plume/core';
import type { Db } from '../../db/client';
import { waitlist } from '../../db/schema';

export function createWaitlistRepository(db: Db) {
  return {
    /** Adds the address (lower-cased); false when it was on the list already, in any case. */
    async join(email: string): Promise<boolean> {
      const rows = await db
        .insert(waitlist)
        .values({ id: crypto.randomUUID(), email: normalizeEmail(email) })
        .onConflictDoNothing({ target: waitlist.email })
        .returning({ id: waitlist.id });
      return rows.length > 0;
    },
  };
}
export type WaitlistRepository = ReturnType<typeof createWaitlistRepository>;
