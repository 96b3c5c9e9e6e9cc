import type { AutomationActionKind, AutomationLogEntry, Persona } from '@plume/core';
import { and, asc, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { automationActions, automationLog, personas, sourceItems, userPreferences } from '../../db/schema';
import { toPersona } from '../personas/personas.repository';

export type NewLogEntry = {
  personaId: string;
  event: AutomationLogEntry['event'];
  message: string;
  slot?: Date | null;
  postId?: string | null;
};

export function createAutomationRepository(db: Db) {
  return {
    /** Records one action a persona's automation took (the banner's counts and the daily limit). */
    async record(personaId: string, kind: AutomationActionKind, at: Date = new Date()): Promise<void> {
      await db.insert(automationActions).values({ id: crypto.randomUUID(), personaId, kind, createdAt: at });
    },

    /** How many actions of each kind a persona's automation took since `since`. */
    async countsSince(personaId: string, since: Date): Promise<Partial<Record<AutomationActionKind, number>>> {
      const rows = await db
        .select({ kind: automationActions.kind, n: count() })
        .from(automationActions)
        .where(and(eq(automationActions.personaId, personaId), gte(automationActions.createdAt, since)))
        .groupBy(automationActions.kind);
      return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
    },

    /** Active personas with automated posting on, with their owners and the owners' time zones, in one query. */
    async postingPersonas(): Promise<{ persona: Persona; userId: string; timeZone: string | null }[]> {
      const rows = await db
        .select({ persona: personas, timeZone: userPreferences.timeZone })
        .from(personas)
        .leftJoin(userPreferences, eq(userPreferences.userId, personas.userId))
        .where(and(eq(personas.isActive, true), sql`(${personas.automation} -> 'autoPosting' ->> 'enabled') = 'true'`));
      return rows.map((r) => ({ persona: toPersona(r.persona), userId: r.persona.userId, timeZone: r.timeZone }));
    },

    /**
     * Adds to the log; a slot is logged as skipped once (its unique key), however often it is looked
     * at. Answers whether the entry was new.
     */
    async log(entry: NewLogEntry, at: Date): Promise<boolean> {
      const rows = await db
        .insert(automationLog)
        .values({ id: crypto.randomUUID(), slot: null, postId: null, ...entry, createdAt: at })
        .onConflictDoNothing()
        .returning({ id: automationLog.id });
      return rows.length > 0;
    },

    /** The newest log entries of a persona. */
    async logOf(personaId: string, limit: number) {
      return db
        .select()
        .from(automationLog)
        .where(eq(automationLog.personaId, personaId))
        .orderBy(desc(automationLog.createdAt))
        .limit(limit);
    },

    /** Whether the log has an entry of `event` for the persona since `since`. */
    async loggedSince(personaId: string, event: AutomationLogEntry['event'], since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: automationLog.id })
        .from(automationLog)
        .where(
          and(
            eq(automationLog.personaId, personaId),
            eq(automationLog.event, event),
            gte(automationLog.createdAt, since),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * Takes the oldest unshared item of the persona's enabled sources for a curated post: marked as
     * used in the same statement, so two slots never share one item.
     */
    async takeUnusedItem(
      personaId: string,
      sourceUrls: string[],
      at: Date,
    ): Promise<{ title: string; link: string | null } | undefined> {
      if (sourceUrls.length === 0) return undefined;
      const next = db
        .select({ id: sourceItems.id })
        .from(sourceItems)
        .where(
          and(
            eq(sourceItems.personaId, personaId),
            inArray(sourceItems.sourceUrl, sourceUrls),
            isNull(sourceItems.usedAt),
          ),
        )
        .orderBy(desc(sourceItems.publishedAt), asc(sourceItems.title))
        .limit(1);
      const [row] = await db
        .update(sourceItems)
        .set({ usedAt: at })
        .where(and(inArray(sourceItems.id, next), isNull(sourceItems.usedAt)))
        .returning({ title: sourceItems.title, link: sourceItems.link });
      return row;
    },
  };
}
export type AutomationRepository = ReturnType<typeof createAutomationRepository>;
