import type { AutomationActionKind } from '@plume/core';
import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { automationActions } from '../../db/schema';

export function createAutomationRepository(db: Db) {
  return {
    /** Records one action a persona's automation took (the automation engine calls this). */
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
  };
}
export type AutomationRepository = ReturnType<typeof createAutomationRepository>;
