import type { AiProviderConfig } from '../../config';
import type { SecretBox } from '../../crypto/secret-box';
import { createLlmClient, type LlmClient } from '../../integrations/llm/llm';
import type { AiSettingsRepository, StoredAiSettings } from './ai-settings.repository';

/** The purpose a stored AI key is sealed for. */
export const AI_KEY_PURPOSE = 'ai-api-key';

export type LlmFactory = (config: AiProviderConfig) => LlmClient;

/**
 * Which model writes for a user: their own Global Settings, else the server's AI_* defaults,
 * else none (null: the offline composer writes).
 */
export function createAiSettingsService(deps: {
  repository: AiSettingsRepository;
  secretBox: SecretBox;
  serverDefault: AiProviderConfig | undefined;
  timeoutMs: number;
  /** Tests and benchmarks may swap the client; by default the AI SDK adapter. */
  createClient?: LlmFactory;
}) {
  const { repository, secretBox, serverDefault } = deps;
  const createClient = deps.createClient ?? ((config) => createLlmClient(config, { timeoutMs: deps.timeoutMs }));

  function configOf(stored: StoredAiSettings): AiProviderConfig {
    return {
      provider: stored.provider,
      baseUrl: stored.baseUrl,
      model: stored.model,
      apiKey: stored.apiKeyEncrypted ? secretBox.open(stored.apiKeyEncrypted, AI_KEY_PURPOSE) : undefined,
    };
  }

  /** The provider settings in force for a user, and where they come from. */
  async function effective(userId: string): Promise<{ config: AiProviderConfig; source: 'user' | 'server' } | null> {
    const stored = await repository.find(userId);
    if (stored) return { config: configOf(stored), source: 'user' };
    return serverDefault ? { config: serverDefault, source: 'server' } : null;
  }

  return {
    effective,
    /** The model that writes for a user, or null for the offline composer. */
    async clientFor(userId: string): Promise<LlmClient | null> {
      const found = await effective(userId);
      return found ? createClient(found.config) : null;
    },
  };
}
export type AiSettingsService = ReturnType<typeof createAiSettingsService>;
