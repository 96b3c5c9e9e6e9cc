import {
  type AiProvider,
  type AiSettings,
  type AiSettingsWrite,
  type AiTestRequest,
  type AiTestResult,
  HOSTED_BASE_URLS,
  type LocalModels,
} from '@plume/core';
import type { AiProviderConfig } from '../../config';
import type { SecretBox } from '../../crypto/secret-box';
import { type BadRequestError, ConflictError, invalidField } from '../../errors';
import { blockedUnder, type NetworkReach, privateAddressMessage } from '../../integrations/feeds/safe-fetch';
import { createLlmClient, type LlmClient } from '../../integrations/llm/llm';
import { listOllamaModels, OllamaUnavailableError } from '../../integrations/llm/ollama';
import { pointsAtPrivateNetwork } from '../../integrations/net/public-fetch';
import type { WritingLimit } from '../rate-limits/writing-limit';
import type { AiSettingsRepository, StoredAiSettings } from './ai-settings.repository';

/** The purpose a stored AI key is sealed for. */
export const AI_KEY_PURPOSE = 'ai-api-key';

const PROVIDER_NAMES = { openai: 'OpenAI', anthropic: 'Anthropic' } as const;

/** The refusal of a base URL on a private or loopback address names the setting that allows it. */
export const AI_PRIVATE_MESSAGE = privateAddressMessage('AI_ALLOW_PRIVATE');

/** What Test connection answers when no provider is set: the offline composer writes. */
export const OFFLINE_TEST_TEXT =
  'No AI provider is set: the offline composer writes your posts from templates, without calling a model.';

/** `trusted`: the server's own AI_* settings; otherwise a user entered the base URL. */
export type LlmFactory = (config: AiProviderConfig, trusted: boolean) => LlmClient;

/** A base URL as stored and compared: a trailing slash does not make it another host or path. */
function normalizeBaseUrl(provider: AiProvider, baseUrl: string): string {
  const given = baseUrl.trim().replace(/\/+$/, '');
  if (given) return given;
  return provider === 'custom' ? '' : HOSTED_BASE_URLS[provider];
}

/**
 * Which model writes for a workspace: its own Global Settings, else the server's AI_* defaults,
 * else none (null: the offline composer writes).
 */
export function createAiSettingsService(deps: {
  repository: AiSettingsRepository;
  secretBox: SecretBox;
  serverDefault: AiProviderConfig | undefined;
  timeoutMs: number;
  /** What base URLs that users enter may reach (AI_ALLOW_PRIVATE, decision 029). */
  reach: NetworkReach;
  /** Test connection calls a model, so it counts like any writing request. */
  writingLimit: WritingLimit;
  /** Tests and benchmarks may swap the client; by default the AI SDK adapter. */
  createClient?: LlmFactory;
  /** Where an Ollama server on this machine is looked for (OLLAMA_URL). */
  ollamaUrl?: string;
}) {
  const { repository, secretBox, serverDefault } = deps;
  const createClient: LlmFactory =
    deps.createClient ??
    ((config, trusted) =>
      createLlmClient(
        config,
        trusted
          ? { timeoutMs: deps.timeoutMs }
          : { timeoutMs: deps.timeoutMs, reach: deps.reach, refusal: AI_PRIVATE_MESSAGE },
      ));

  function openKey(sealed: string): string {
    try {
      return secretBox.open(sealed, AI_KEY_PURPOSE);
    } catch {
      // APP_SECRET changed since the key was saved: say what to do rather than fail with a 500.
      throw new ConflictError('The stored API key can no longer be read: enter it again in Global Settings');
    }
  }

  function configOf(stored: StoredAiSettings): AiProviderConfig {
    return {
      provider: stored.provider,
      baseUrl: stored.baseUrl,
      model: stored.model,
      apiKey: stored.apiKeyEncrypted ? openKey(stored.apiKeyEncrypted) : undefined,
    };
  }

  /**
   * The server's key for a workspace's own settings without a key of its own: only for the server's
   * provider at the server's base URL, so a key still goes only to the host it was set for.
   */
  function lentKey(provider: AiProvider, baseUrl: string): string | undefined {
    if (!serverDefault?.apiKey || serverDefault.provider !== provider) return undefined;
    return isServerBase(baseUrl) ? serverDefault.apiKey : undefined;
  }

  /** The server's own AI_BASE_URL is trusted (decision 009), whoever names it. */
  function isServerBase(baseUrl: string): boolean {
    return serverDefault !== undefined && normalizeBaseUrl(serverDefault.provider, serverDefault.baseUrl) === baseUrl;
  }

  /** The provider settings in force for a user, and where they come from. */
  async function effective(
    workspaceId: string,
  ): Promise<{ config: AiProviderConfig; source: 'user' | 'server' } | null> {
    const stored = await repository.find(workspaceId);
    if (stored) return { config: configOf(stored), source: 'user' };
    return serverDefault ? { config: serverDefault, source: 'server' } : null;
  }

  const serverKeyFor = serverDefault?.apiKey ? serverDefault.provider : null;

  /** What Global Settings shows: never the key, only whether one is set. */
  async function view(workspaceId: string): Promise<AiSettings> {
    const stored = await repository.find(workspaceId);
    if (stored) {
      const { provider, baseUrl, model } = stored;
      return { provider, baseUrl, model, apiKeySet: stored.apiKeyEncrypted !== null, source: 'user', serverKeyFor };
    }
    if (serverDefault) {
      const { provider, baseUrl, model } = serverDefault;
      return { provider, baseUrl, model, apiKeySet: Boolean(serverDefault.apiKey), source: 'server', serverKeyFor };
    }
    // Nothing chosen and no server default: no provider is preselected as if it had been chosen.
    return { provider: null, baseUrl: '', model: '', apiKeySet: false, source: 'offline', serverKeyFor };
  }

  /** A base URL that a user entered may not point at the server's own networks (SSRF). */
  async function checkBaseUrl(baseUrl: string): Promise<void> {
    if (!isServerBase(baseUrl) && (await pointsAtPrivateNetwork(baseUrl, blockedUnder(deps.reach)))) {
      throw invalidField('body.baseUrl', AI_PRIVATE_MESSAGE);
    }
  }

  /** A hosted provider answers nothing without a key: the form is refused on its key field. */
  function keyMissing(provider: Exclude<AiProvider, 'custom'>): BadRequestError {
    const name = PROVIDER_NAMES[provider];
    return invalidField('body.apiKey', `Enter your ${name} API key: ${name} does not answer without one`);
  }

  /**
   * The client for a form's unsaved values. Without a key in the form, the key saved for the same
   * provider and base URL is used (as saving would keep it), else the server's where it lends it.
   */
  async function formClient(workspaceId: string, form: AiTestRequest & { provider: AiProvider }): Promise<LlmClient> {
    const baseUrl = normalizeBaseUrl(form.provider, form.baseUrl);
    await checkBaseUrl(baseUrl);
    let apiKey: string | undefined;
    if (typeof form.apiKey === 'string') {
      apiKey = form.apiKey;
    } else if (form.apiKey === undefined) {
      const stored = await repository.find(workspaceId);
      const sameHost = stored && stored.provider === form.provider && stored.baseUrl === baseUrl;
      apiKey = sameHost && stored.apiKeyEncrypted ? openKey(stored.apiKeyEncrypted) : undefined;
    }
    const lent = apiKey ? undefined : lentKey(form.provider, baseUrl);
    if (form.provider !== 'custom' && !apiKey && !lent) throw keyMissing(form.provider);
    return createClient(
      { provider: form.provider, baseUrl, model: form.model, apiKey: apiKey ?? lent },
      isServerBase(baseUrl),
    );
  }

  /** The model that writes for a workspace, or null for the offline composer. */
  async function clientFor(workspaceId: string): Promise<LlmClient | null> {
    const found = await effective(workspaceId);
    if (!found) return null;
    const { config, source } = found;
    if (source === 'user' && !config.apiKey) {
      const lent = lentKey(config.provider, config.baseUrl);
      if (lent) return createClient({ ...config, apiKey: lent }, true);
      // Saved before saving checked for a key: say what to do rather than call and fail.
      if (config.provider !== 'custom') {
        throw new ConflictError(`Enter your ${PROVIDER_NAMES[config.provider]} API key in Global Settings`);
      }
    }
    return createClient(config, source === 'server' || isServerBase(config.baseUrl));
  }

  /**
   * An Ollama server on this machine and its models, for Global Settings to offer (decision 037).
   * Only where user-entered base URLs may reach this machine (decision 029): elsewhere its models
   * could not be used, and the server's own machine is not the users' to look at.
   */
  async function localModels(): Promise<LocalModels> {
    const url = deps.ollamaUrl ?? 'http://127.0.0.1:11434';
    const allowed = deps.reach !== 'public';
    const none = (message: string): LocalModels => ({
      allowed,
      found: false,
      url,
      baseUrl: `${url}/v1`,
      models: [],
      message,
    });
    if (!allowed) {
      return none(
        'This server does not use models on its own machine (AI_ALLOW_PRIVATE is off): choose a hosted provider, or a custom one at a public address.',
      );
    }
    try {
      const models = await listOllamaModels(url, { timeoutMs: Math.min(deps.timeoutMs, 3000) });
      return {
        allowed,
        found: true,
        url,
        baseUrl: `${url}/v1`,
        models,
        message: models.length === 0 ? 'Ollama is running but has no models yet: run `ollama pull llama3.2`.' : null,
      };
    } catch (error) {
      if (!(error instanceof OllamaUnavailableError)) throw error;
      return none(`${error.message}. Install Ollama (ollama.com), start it, pull a model, then look again.`);
    }
  }

  return {
    effective,
    view,
    clientFor,
    localModels,

    /** The server's own model (AI_*), for writing that belongs to no user (the landing demo); null: offline. */
    serverClient(): LlmClient | null {
      return serverDefault ? createClient(serverDefault, true) : null;
    },

    /**
     * Stores a workspace's choice. A new key is sealed; null removes it; absent keeps it, unless the
     * provider or base URL changed: a key is never sent to a host it was not entered for.
     */
    async save(workspaceId: string, input: AiSettingsWrite): Promise<AiSettings> {
      const baseUrl = normalizeBaseUrl(input.provider, input.baseUrl);
      await checkBaseUrl(baseUrl);
      let apiKeyEncrypted: string | null = null;
      if (typeof input.apiKey === 'string') {
        apiKeyEncrypted = secretBox.seal(input.apiKey, AI_KEY_PURPOSE);
      } else if (input.apiKey === undefined) {
        const stored = await repository.find(workspaceId);
        const sameHost = stored && stored.provider === input.provider && stored.baseUrl === baseUrl;
        apiKeyEncrypted = sameHost ? stored.apiKeyEncrypted : null;
      }
      // Settings that cannot write are refused here, not found out at the first Generate.
      if (input.provider !== 'custom' && !apiKeyEncrypted && !lentKey(input.provider, baseUrl)) {
        throw keyMissing(input.provider);
      }
      await repository.save(workspaceId, { provider: input.provider, baseUrl, model: input.model, apiKeyEncrypted });
      return view(workspaceId);
    },

    /** Forgets a workspace's choice: the server's defaults (or the offline composer) write again. */
    async reset(workspaceId: string): Promise<AiSettings> {
      await repository.remove(workspaceId);
      return view(workspaceId);
    },

    /**
     * Test connection: one small call with the form's values, not saved (nothing is stored), or,
     * with no provider in the form, with the settings in force. A provider's failure is thrown as
     * its ProviderError, the key it was sent redacted.
     */
    async test(workspaceId: string, form: AiTestRequest = { baseUrl: '', model: '' }): Promise<AiTestResult> {
      const started = Date.now();
      const { provider } = form;
      const client = provider ? await formClient(workspaceId, { ...form, provider }) : await clientFor(workspaceId);
      await deps.writingLimit.count(workspaceId);
      if (!client) return { writer: 'offline', model: 'offline composer', text: OFFLINE_TEST_TEXT, ms: 0 };
      const text = await client.generate({
        system: 'You are checking a connection. Answer with the single word OK.',
        prompt: 'Reply with: OK',
        temperature: 0,
        maxOutputTokens: 16,
      });
      return {
        writer: client.provider,
        model: client.model,
        text: text.trim() || '(the model answered with no text)',
        ms: Date.now() - started,
      };
    },
  };
}
export type AiSettingsService = ReturnType<typeof createAiSettingsService>;
