import type { AiProvider } from '@plume/core';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coalesced } from '../../db/coalesced';
import { aiSettings } from '../../db/schema';

/** A workspace's stored AI choice; the key stays sealed (secret-box) here. */
export type StoredAiSettings = {
  provider: AiProvider;
  baseUrl: string;
  model: string;
  apiKeyEncrypted: string | null;
};

export function createAiSettingsRepository(db: Db) {
  // Read before every draft: the asks made while one statement runs go in the next (decision 062).
  const find = coalesced<string, StoredAiSettings | null>(async (workspaceIds) => {
    const rows = await db
      .select()
      .from(aiSettings)
      .where(inArray(aiSettings.workspaceId, [...new Set(workspaceIds)]));
    const byWorkspace = new Map(rows.map((row) => [row.workspaceId, row]));
    return workspaceIds.map((workspaceId) => {
      const row = byWorkspace.get(workspaceId);
      return row
        ? {
            provider: row.provider as AiProvider,
            baseUrl: row.baseUrl,
            model: row.model,
            apiKeyEncrypted: row.apiKeyEncrypted,
          }
        : null;
    });
  });
  return {
    find,

    async save(workspaceId: string, settings: StoredAiSettings): Promise<void> {
      await db
        .insert(aiSettings)
        .values({ workspaceId, ...settings })
        .onConflictDoUpdate({ target: aiSettings.workspaceId, set: { ...settings, updatedAt: new Date() } });
    },

    async remove(workspaceId: string): Promise<void> {
      await db.delete(aiSettings).where(eq(aiSettings.workspaceId, workspaceId));
    },
  };
}
export type AiSettingsRepository = ReturnType<typeof createAiSettingsRepository>;
