import type { AiProvider } from '@plume/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiSettings } from '../../db/schema';

/** A workspace's stored AI choice; the key stays sealed (secret-box) here. */
export type StoredAiSettings = {
  provider: AiProvider;
  baseUrl: string;
  model: string;
  apiKeyEncrypted: string | null;
};

export function createAiSettingsRepository(db: Db) {
  return {
    async find(workspaceId: string): Promise<StoredAiSettings | null> {
      const [row] = await db.select().from(aiSettings).where(eq(aiSettings.workspaceId, workspaceId));
      return row
        ? {
            provider: row.provider as AiProvider,
            baseUrl: row.baseUrl,
            model: row.model,
            apiKeyEncrypted: row.apiKeyEncrypted,
          }
        : null;
    },

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
