import { STATUS_CODES } from 'node:http';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type AiProvider, HOSTED_BASE_URLS } from '@plume/core';
import { APICallError, generateText, type LanguageModel, streamText } from 'ai';
import type { AiProviderConfig } from '../../config';
import { AppError, ProviderError, RateLimitedError } from '../../errors';
import { blockedUnder, FetchRefusedError, type NetworkReach } from '../feeds/safe-fetch';
import { createPublicFetch } from '../net/public-fetch';
import { streamChatCompletion } from './chat-completions-stream';

/** One request to a model: the system prompt (persona voice and rules) and the user's prompt. */
export type LlmCall = {
  system: string;
  prompt: string;
  /** Earlier turns of a conversation (chat), oldest first, starting with the user's; `prompt` follows them. */
  history?: readonly { role: 'user' | 'assistant'; content: string }[];
  temperature: number;
  maxOutputTokens: number;
  signal?: AbortSignal;
  /** An image sent with the prompt (alt text suggestions): only a model that reads images can answer. */
  image?: { bytes: Buffer; mediaType: string };
};

/** A configured model of one provider. The only code that talks to LLM providers. */
export interface LlmClient {
  readonly provider: AiProvider;
  readonly model: string;
  generate(call: LlmCall): Promise<string>;
  /** Pieces of text as the model writes them; throws (a ProviderError or 429) when the provider fails. */
  stream(call: LlmCall): AsyncIterable<string>;
}

const NAMES: Record<AiProvider, string> = { openai: 'OpenAI', anthropic: 'Anthropic', custom: 'AI provider' };

/** The provider said "too many requests": passed on as 429 with its Retry-After. */
export class ProviderRateLimitError extends RateLimitedError {}

function languageModel(config: AiProviderConfig, fetch: typeof globalThis.fetch | undefined): LanguageModel {
  // Always a key and a base URL of our own: left out, the SDKs would read OPENAI_API_KEY,
  // ANTHROPIC_API_KEY and *_BASE_URL from the environment and could lend the server's key.
  const apiKey = config.apiKey ?? '';
  switch (config.provider) {
    case 'openai':
      return createOpenAI({ apiKey, baseURL: config.baseUrl || HOSTED_BASE_URLS.openai, fetch }).chat(config.model);
    case 'anthropic':
      return createAnthropic({ apiKey, baseURL: config.baseUrl || HOSTED_BASE_URLS.anthropic, fetch })(config.model);
    case 'custom':
      return createOpenAICompatible({ name: 'custom', baseURL: config.baseUrl, apiKey, fetch }).chatModel(config.model);
  }
}

function retryAfter(headers: Record<string, string> | undefined): number | undefined {
  const value = headers?.['retry-after'];
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * `text` with every appearance of a secret replaced: a provider may echo the key it was sent
 * ("Incorrect API key provided: <key>"), and what it says goes to the browser and the log.
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let redacted = text;
  for (const secret of secrets) {
    // Short values ("x", "key") would blank ordinary words; real keys are far longer.
    if (!secret || secret.length < 8) continue;
    for (const form of new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])) {
      redacted = redacted.split(form).join('[redacted]');
    }
  }
  return redacted;
}

/**
 * What the provider said, as an error a person can act on (401 bad key, 429, timeouts), with the
 * key it was given (`config.apiKey`) never repeated.
 */
export function toProviderError(
  error: unknown,
  config: Pick<AiProviderConfig, 'provider' | 'apiKey'>,
  timedOut: boolean,
): AppError {
  const described = describeProviderError(error, config.provider, timedOut);
  const message = redactSecrets(described.message, [config.apiKey]);
  if (message === described.message) return described;
  if (described instanceof ProviderRateLimitError)
    return new ProviderRateLimitError(message, described.retryAfterSeconds);
  return new AppError(described.statusCode, described.code, message, described);
}

/**
 * What the provider said: its error message, or, where the SDK found none in its own shape (it
 * then says only the status text), the answer's body when that is short text and not a page.
 */
function saidBy(error: APICallError): string {
  const status = error.statusCode;
  const statusText = status ? STATUS_CODES[status] : undefined;
  if (error.message && error.message !== statusText) return error.message;
  const body = (error.responseBody ?? '').replace(/\s+/g, ' ').trim();
  if (body && !/^<(!doctype|html)/i.test(body)) return body.length > 300 ? `${body.slice(0, 300)}…` : body;
  return error.message || statusText || 'no answer';
}

function describeProviderError(error: unknown, provider: AiProvider, timedOut: boolean): AppError {
  const name = NAMES[provider];
  if (error instanceof AppError) return error;
  if (timedOut) return new ProviderError(name, 'the request timed out');
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof FetchRefusedError) return new ProviderError(name, e.message);
  }
  if (APICallError.isInstance(error)) {
    const detail = saidBy(error);
    if (error.statusCode === 429) {
      return new ProviderRateLimitError(`${name}: ${detail}`, retryAfter(error.responseHeaders));
    }
    if (error.statusCode === 401 || error.statusCode === 403) {
      return new ProviderError(name, `the API key was refused (${detail})`);
    }
    return new ProviderError(name, error.statusCode ? `${detail} (HTTP ${error.statusCode})` : detail);
  }
  return new ProviderError(name, error instanceof Error ? error.message : String(error));
}

/**
 * `reach`: the base URL came from a user, so only the addresses it allows are reached, and a
 * refused one is told `refusal` (the server's own AI_* settings are trusted as they are).
 */
export function createLlmClient(
  config: AiProviderConfig,
  options: { timeoutMs: number; reach?: NetworkReach; refusal?: string },
): LlmClient {
  const guarded = options.reach !== undefined && options.reach !== 'private';
  const fetch = guarded ? createPublicFetch(blockedUnder(options.reach ?? 'public'), options.refusal) : undefined;
  // Made on first use: building the SDK's model builds its schemas, and a streamed draft from an
  // OpenAI-compatible server never needs it.
  let model: LanguageModel | undefined;
  /** The caller's signal joined to our deadline. */
  const deadline = (call: LlmCall) => {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    return { timeout, abortSignal: call.signal ? AbortSignal.any([call.signal, timeout]) : timeout };
  };
  /** What both kinds of call send through the SDK. */
  const request = (call: LlmCall) => {
    const { timeout, abortSignal } = deadline(call);
    // With earlier turns, the conversation goes as messages, the new prompt as the last user turn.
    const input = call.image
      ? {
          messages: [
            {
              role: 'user' as const,
              content: [
                { type: 'text' as const, text: call.prompt },
                { type: 'image' as const, image: call.image.bytes, mediaType: call.image.mediaType },
              ],
            },
          ],
        }
      : call.history && call.history.length > 0
        ? { messages: [...call.history, { role: 'user' as const, content: call.prompt }] }
        : { prompt: call.prompt };
    model ??= languageModel(config, fetch);
    const settings = {
      model,
      system: call.system,
      ...input,
      temperature: call.temperature,
      maxOutputTokens: call.maxOutputTokens,
      abortSignal,
      maxRetries: 0,
    };
    return { timeout, settings };
  };
  return {
    provider: config.provider,
    model: config.model,

    async generate(call) {
      const { timeout, settings } = request(call);
      try {
        const result = await generateText(settings);
        return result.text;
      } catch (error) {
        throw toProviderError(error, config, timeout.aborted);
      }
    },

    async *stream(call) {
      // An OpenAI-compatible server's stream is read directly (decision 063-streams-read-directly).
      if (config.provider === 'custom' && !call.image) {
        const { timeout, abortSignal } = deadline(call);
        try {
          yield* streamChatCompletion({
            baseUrl: config.baseUrl,
            apiKey: config.apiKey,
            fetch: fetch ?? globalThis.fetch,
            body: {
              model: config.model,
              messages: [
                ...(call.system ? [{ role: 'system', content: call.system }] : []),
                ...(call.history ?? []),
                { role: 'user', content: call.prompt },
              ],
              temperature: call.temperature,
              max_tokens: call.maxOutputTokens,
            },
            signal: abortSignal,
          });
        } catch (error) {
          // The reader went away: the stream ends quietly, as the SDK's does.
          if (call.signal?.aborted && !timeout.aborted) return;
          throw toProviderError(error, config, timeout.aborted);
        }
        return;
      }
      const { timeout, settings } = request(call);
      try {
        const result = streamText({
          ...settings,
          // Errors arrive as stream parts below; this only keeps the SDK from logging them.
          onError: () => {},
        });
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta') yield part.text;
          else if (part.type === 'error') throw part.error;
        }
        // An aborted stream ends quietly; past the deadline that is the provider's failure.
        if (timeout.aborted) throw new Error('timed out');
      } catch (error) {
        throw toProviderError(error, config, timeout.aborted);
      }
    },
  };
}
