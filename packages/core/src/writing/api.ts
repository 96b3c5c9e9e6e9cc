/**
 * The writing API's shapes (app spec: Calls /chat, Global Settings; editor spec: /draft,
 * /conversations): one source for server and web.
 */
import { z } from 'zod';
import { advancedOptionsSchema, cleanText, strategySchema } from '../personas/persona';
import { traitsSchema } from '../personas/traits';
import { platformSchema } from '../platforms/platform-schema';
import { PLATFORMS } from '../platforms/platforms';
import { postPartSchema } from '../publishing/post-parts';
import { draftFlagSchema } from './draft-check';

export const AI_PROVIDERS = ['openai', 'anthropic', 'custom'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];
/** Who wrote a text: a model of one of the providers, or the offline composer (no provider set). */
export const WRITERS = ['openai', 'anthropic', 'custom', 'offline'] as const;
/** Who wrote a text, as the screens name it ('Written by …'). */
export const WRITER_NAMES: Record<(typeof WRITERS)[number], string> = {
  offline: 'the offline composer',
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  custom: 'your custom model',
};
export type Writer = (typeof WRITERS)[number];

/** The fixed model lists of the two hosted providers; the first is the default (spec §9). */
export const HOSTED_MODELS = {
  openai: ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1-mini', 'gpt-4.1'],
  anthropic: [
    'claude-haiku-4-5',
    'claude-sonnet-4-5',
    'claude-opus-4-1',
    'claude-3-5-haiku-latest',
    'claude-3-7-sonnet-latest',
  ],
} as const satisfies Record<Exclude<AiProvider, 'custom'>, readonly string[]>;

/** The hosted providers' standard API bases. */
export const HOSTED_BASE_URLS: Record<Exclude<AiProvider, 'custom'>, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
};

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2048);

/**
 * GET /api/settings/ai: what writes for the user, and where it comes from. `user`: their saved
 * settings; `server`: nothing saved, the server's AI_* default (its provider and model, whether it
 * has a key); `offline`: nothing saved and no server default, so provider is null, baseUrl and
 * model empty, and the offline composer writes. The key itself never leaves the server.
 */
export const aiSettingsSchema = z
  .object({
    provider: z.enum(AI_PROVIDERS).nullable(),
    baseUrl: z.string(),
    model: z.string(),
    apiKeySet: z.boolean(),
    /** What writes now: the user's settings, the server's defaults, or the offline composer. */
    source: z.enum(['user', 'server', 'offline']),
    /**
     * The provider whose key the server has (AI_API_KEY): a user's own settings of that provider at
     * the server's base URL may leave the key empty and write with it. null: none to lend.
     */
    serverKeyFor: z.enum(AI_PROVIDERS).nullable(),
  })
  .meta({ id: 'AiSettings' });
export type AiSettings = z.infer<typeof aiSettingsSchema>;

const apiKeyField = z.string().trim().min(1).max(500).nullable().optional();

/** A provider choice is whole: a hosted provider's model is on its list, a custom one has a base URL. */
function checkChoice(value: { provider: AiProvider; baseUrl: string; model: string }, ctx: z.RefinementCtx) {
  if (value.provider === 'custom' && !value.baseUrl) {
    ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'API Base URL is required for a custom provider' });
  }
  // An empty model is reported as required, not as off the list.
  const { provider, model } = value;
  if (provider !== 'custom' && model && !(HOSTED_MODELS[provider] as readonly string[]).includes(model)) {
    ctx.addIssue({
      code: 'custom',
      path: ['model'],
      message: `must be one of ${HOSTED_MODELS[provider].join(', ')}`,
    });
  }
}

/** PUT /api/settings/ai. `apiKey`: a new key; null removes the stored one; absent keeps it. */
export const aiSettingsWriteSchema = z
  .object({
    provider: z.enum(AI_PROVIDERS),
    baseUrl: z.union([httpUrl, z.literal('')]).default(''),
    model: z.string().trim().min(1, 'Model is required').max(200),
    apiKey: apiKeyField,
  })
  .superRefine(checkChoice)
  .meta({ id: 'AiSettingsWrite' });
export type AiSettingsWrite = z.infer<typeof aiSettingsWriteSchema>;

/**
 * POST /api/settings/ai/test: the form's values, tested without being saved (same fields as PUT).
 * `apiKey` absent: the key saved for the same provider and base URL, if any; null: no key.
 * An empty object (no provider chosen) tests what writes now: the saved settings, the server's
 * default or the offline composer.
 */
export const aiTestRequestSchema = z
  .object({
    provider: z.enum(AI_PROVIDERS).optional(),
    baseUrl: z.union([httpUrl, z.literal('')]).default(''),
    model: z.string().trim().max(200).default(''),
    apiKey: apiKeyField,
  })
  .superRefine((value, ctx) => {
    const { provider } = value;
    if (!provider) return;
    checkChoice({ ...value, provider }, ctx);
    if (!value.model) ctx.addIssue({ code: 'custom', path: ['model'], message: 'Model is required' });
  })
  .meta({ id: 'AiTestRequest' });
export type AiTestRequest = z.infer<typeof aiTestRequestSchema>;

/**
 * GET /api/settings/ai/local: an Ollama server on the machine Plume runs on (decision 037), and its
 * models. `baseUrl` is what Global Settings saves as a custom provider. Not found: `message` says
 * why (nothing answered, or this server does not reach its own machine) and what to do.
 */
export const localModelsSchema = z
  .object({
    /** Whether this server uses models on its own machine at all (AI_ALLOW_PRIVATE, decision 029). */
    allowed: z.boolean(),
    found: z.boolean(),
    /** Where Plume looked (OLLAMA_URL). */
    url: z.string(),
    baseUrl: z.string(),
    models: z.array(z.object({ name: z.string(), size: z.number().nullable(), parameterSize: z.string().nullable() })),
    message: z.string().nullable(),
  })
  .meta({ id: 'LocalModels' });
export type LocalModels = z.infer<typeof localModelsSchema>;

/** POST /api/settings/ai/test: what the model (or the offline composer) answered. */
export const aiTestResultSchema = z
  .object({ writer: z.enum(WRITERS), model: z.string(), text: z.string(), ms: z.number() })
  .meta({ id: 'AiTestResult' });
export type AiTestResult = z.infer<typeof aiTestResultSchema>;

/**
 * What a writing call may say of the persona beyond what is stored: the editor's unsaved values
 * (live sample, draft panel). Accepts the client shape's `traits` or the server shape's `personality`.
 */
export const personaOverrideSchema = z
  .object({
    name: z.string().max(60),
    bio: z.string().max(160),
    traits: traitsSchema,
    personality: traitsSchema,
    customPrompt: z.string().max(250),
    custom_prompt: z.string().max(250),
    useDefaultPrompt: z.boolean(),
    use_default_prompt: z.boolean(),
    templates: z.array(strategySchema).max(50),
    advancedOptions: advancedOptionsSchema,
    advanced_options: advancedOptionsSchema,
  })
  .partial()
  .meta({ id: 'PersonaOverride' });
export type PersonaOverride = z.infer<typeof personaOverrideSchema>;

/** The chat prompt: < and > stripped, cut to 500 characters (spec §5). */
export const promptSchema = z
  .string()
  .transform((v) => cleanText(v).slice(0, 500))
  .pipe(z.string().min(1, 'Prompt is required'));

const titlesSchema = z.array(z.string().trim().min(1).max(300)).max(20);

/**
 * How many earlier turns of a conversation a chat request may carry (and chat reads of a persona's
 * stored one), how long each may be, and how many of the latest a model is sent.
 */
export const CHAT_HISTORY_MAX_TURNS = 20;
export const CHAT_TURNS_FOR_MODEL = 12;
export const CHAT_TURN_MAX_CHARS = 2000;

/** One earlier turn of a chat: what the person wrote (`user`) or what was answered (`assistant`). */
export const chatTurnSchema = z
  .object({
    role: z.enum(['user', 'assistant']),
    content: z.string().trim().min(1, 'must not be empty').max(CHAT_TURN_MAX_CHARS),
  })
  .meta({ id: 'ChatTurn' });
export type ChatTurn = z.infer<typeof chatTurnSchema>;

/**
 * POST /chat (also /api/chat): `{ prompt, persona, titles, personaId }` -> `{ text }`. `history`
 * (Plume's addition, decision 036): the conversation's earlier turns, oldest first, that follow-ups
 * ("shorter", "why did you write that?") act on and a model reads. Left out, a persona's own stored
 * conversation is used; `[]` means none.
 */
export const chatRequestSchema = z
  .object({
    prompt: promptSchema,
    persona: personaOverrideSchema.optional(),
    titles: titlesSchema.optional(),
    personaId: z.uuid('must be a persona id').optional(),
    history: z
      .array(chatTurnSchema)
      .max(CHAT_HISTORY_MAX_TURNS, `at most ${CHAT_HISTORY_MAX_TURNS} turns: send the latest`)
      .optional(),
  })
  .meta({ id: 'ChatRequest' });
export type ChatRequest = z.infer<typeof chatRequestSchema>;
export const chatResponseSchema = z.object({ text: z.string(), writer: z.enum(WRITERS) }).meta({ id: 'ChatResponse' });
export type ChatResponse = z.infer<typeof chatResponseSchema>;

/**
 * GET /draft (also /api/draft), server-sent events: `prompt`, optional `persona` (JSON text),
 * optional `top5Titles` (comma separated), optional `personaId`. First an `event: meta` with
 * `{ writer }` as data (who writes: the UI labels the offline composer's text; also the
 * `x-writer` header); then each `data:` message is a piece of text (a piece with line breaks is
 * several `data:` lines of one event); `data: [DONE]` ends it; a provider failure is
 * `event: error` with `{ message }` as data. Clients that only listen to plain messages never see
 * the named events, so the spec's helper keeps working unchanged. Before the stream starts, bad
 * input, another user's persona and the rate limit answer as HTTP errors (400, 404, 429).
 */
export const draftQuerySchema = z.object({
  prompt: promptSchema,
  persona: z.string().max(20_000).optional(),
  top5Titles: z.string().max(2000).optional(),
  personaId: z.uuid('must be a persona id').optional(),
  /** `sample`: the editor's live sample, a short post in the voice on a topic of its own, not kept. */
  kind: z.enum(['draft', 'sample']).default('draft'),
});
export const DRAFT_DONE = '[DONE]';
export const DRAFT_META_EVENT = 'meta';
export const draftMetaSchema = z.object({ writer: z.enum(WRITERS) });
export type DraftMeta = z.infer<typeof draftMetaSchema>;
/**
 * A draft's `event: error`: why it stopped, as a person can act on it (the provider's reason,
 * the field at fault, the rate limit). `code` is the API error code when the stream never started.
 */
export const draftErrorSchema = z.object({ message: z.string(), code: z.string().optional() });
export type DraftError = z.infer<typeof draftErrorSchema>;

export const POST_TYPES = ['short post', 'joke', 'advice', 'thread', 'observation', 'question'] as const;
export type PostType = (typeof POST_TYPES)[number];

/** Hashtags: comma separated, trimmed, blanks dropped, one leading # each (spec §5). */
export function parseHashtags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim().replace(/^#+/, ''))
    .filter((t) => t.length > 0)
    .map((t) => `#${t}`);
}

/** POST /api/generate: the advanced generator. */
export const generateRequestSchema = z
  .object({
    /** The persona whose voice writes; left out, the `persona` settings (or the defaults) do. */
    personaId: z.uuid('must be a persona id').optional(),
    type: z.enum(POST_TYPES),
    topic: z
      .string()
      .transform((v) => cleanText(v).slice(0, 300))
      .default(''),
    hashtags: z.union([z.string().max(500).transform(parseHashtags), z.array(z.string().max(60)).max(10)]).default([]),
    platforms: z.array(platformSchema).min(1, 'Pick at least one platform').max(PLATFORMS.length),
    count: z.number().int().min(1).max(10).default(3),
    /**
     * The editor's settings not saved yet (the pipeline preview's example): written with these
     * over the saved persona's, and not kept in its conversation.
     */
    persona: personaOverrideSchema.optional(),
    /** Headlines to write from instead of the persona's latest. */
    titles: titlesSchema.optional(),
    /**
     * The id of the strategy to write for (the pipeline preview's example): its post is written
     * from the headlines, in its manner; its instruction is never the topic.
     */
    strategy: z.string().max(100).optional(),
  })
  .meta({ id: 'GenerateRequest' });
export type GenerateRequest = z.infer<typeof generateRequestSchema>;

export const generatedPostSchema = z
  .object({
    content: z.string(),
    hashtags: z.array(z.string()),
    type: z.enum(POST_TYPES),
    /** A thread's parts, each within the platform limits; a single post has one part. */
    parts: z.array(postPartSchema).min(1),
    writer: z.enum(WRITERS),
    /**
     * What the check before review still found after rewriting (decision 037), in words; [] when
     * the post passed. Sent to review, the post is checked again there.
     */
    flags: z.array(draftFlagSchema),
  })
  .meta({ id: 'GeneratedPost' });
export type GeneratedPost = z.infer<typeof generatedPostSchema>;
export const generatedPostListSchema = z.array(generatedPostSchema);

/** GET /conversations/{personaId} (also under /api): the persona's messages, oldest first. */
export const messageSchema = z
  .object({ id: z.string(), role: z.enum(['user', 'assistant']), content: z.string() })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof messageSchema>;
export const messageListSchema = z.array(messageSchema);
export const conversationParamsSchema = z.object({ personaId: z.uuid('must be a persona id') });
