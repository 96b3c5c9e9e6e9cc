import { z } from 'zod';
import { type AutomationPause, automationPauseSchema } from '../automation/pause';
import { platformSchema } from '../platforms/platform-schema';
import { WHO_CAN_REPLY } from '../platforms/platforms';
import { languageTagSchema, MAX_PART_LANGUAGES } from '../publishing/post-parts';
import { type Traits, traitsSchema } from './traits';

/** Strips < and > and trims, as the spec does for names and prompts. */
export function cleanText(value: string): string {
  return value.replace(/[<>]/g, '').trim();
}

export const personaNameSchema = z
  .string()
  .transform(cleanText)
  .pipe(z.string().min(1, 'Name is required').max(50, 'Name must be under 50 characters'));

const id = z.string().min(1).max(64);

export const MAX_BIO_LENGTH = 160;

/** The number of user-perceived characters (an emoji with modifiers is one). */
/** One segmenter for every count: making one costs more than segmenting a post (issue 32). */
export const GRAPHEMES = new Intl.Segmenter('en', { granularity: 'grapheme' });

export function graphemeCount(value: string): number {
  // Each grapheme is at least one UTF-16 unit: a text of plain ASCII letters counts as its length.
  if (/^[\x20-\x7e]*$/.test(value)) return value.length;
  let count = 0;
  for (const _ of GRAPHEMES.segment(value)) count += 1;
  return count;
}

/** A short bio: cleaned like names, at most 160 characters. */
export const personaBioSchema = z
  .string()
  .transform(cleanText)
  .pipe(z.string().max(MAX_BIO_LENGTH, `Bio must be at most ${MAX_BIO_LENGTH} characters`));

/**
 * The languages a persona writes in (BCP-47 tags, the first its main one): its Bluesky posts say
 * them (`langs`) and a model is told to write in the first. Plume's offline composer writes English.
 */
export const personaLanguagesSchema = z
  .array(languageTagSchema.transform((tag) => Intl.getCanonicalLocales(tag)[0] ?? tag))
  .min(1, 'A persona writes in at least one language')
  .max(MAX_PART_LANGUAGES, `A persona has at most ${MAX_PART_LANGUAGES} languages`)
  .refine((tags) => new Set(tags).size === tags.length, 'Each language once');

export const DEFAULT_LANGUAGES = ['en'];

/** The language a model is told to write in: the persona's first. */
export function mainLanguage(languages: readonly string[]): string {
  return languages[0] ?? 'en';
}

/** Whether a language is English (the only one the offline composer writes). */
export function isEnglish(tag: string): boolean {
  return tag.toLowerCase() === 'en' || tag.toLowerCase().startsWith('en-');
}

/** A language's name in English ('pt-BR' -> 'Portuguese (Brazil)'), else its tag. */
export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** One emoji (or character) shown as the persona's avatar; empty shows the name's initial. */
export const personaAvatarSchema = z
  .string()
  .trim()
  .max(32)
  .refine((v) => v === '' || graphemeCount(v) === 1, 'Avatar must be a single emoji or character');

/** The avatar a persona shows: its emoji, else the first letter of its name. */
export function avatarOf(p: { name: string; avatar: string }): string {
  if (p.avatar) return p.avatar;
  const first = GRAPHEMES.segment(p.name.trim())[Symbol.iterator]().next();
  return first.done ? '?' : first.value.segment.toUpperCase();
}
const isoTime = z.iso.datetime({ offset: true });
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2048);
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM');
const keywordList = z.array(z.string().trim().min(1).max(100)).max(50);

export const contentSourceSchema = z
  .object({
    id,
    name: z.string().trim().min(1, 'Source name is required').max(100),
    type: z.enum(['rss', 'reddit', 'website']),
    url: httpUrl,
    enabled: z.boolean(),
    frequency: z.number().int().min(1).max(10),
    status: z.enum(['active', 'pending', 'error']),
    lastCheck: isoTime.nullable(),
    errorMessage: z.string().max(500).nullable(),
  })
  .meta({ id: 'ContentSource' });
export type ContentSource = z.infer<typeof contentSourceSchema>;

/**
 * A source's check (status, last check, error) is the server's record, not the client's to set:
 * a saved source keeps its stored check; a new source, or one pointed at another URL, is pending.
 */
export function keepSourceChecks(stored: ContentSource[], sent: ContentSource[]): ContentSource[] {
  return sent.map((source) => {
    const before = stored.find((s) => s.id === source.id && s.url === source.url);
    return before
      ? { ...source, status: before.status, lastCheck: before.lastCheck, errorMessage: before.errorMessage }
      : { ...source, status: 'pending', lastCheck: null, errorMessage: null };
  });
}

export const strategySchema = z
  .object({
    id,
    name: z.string().trim().min(1, 'Strategy name is required').max(100),
    description: z.string().max(500),
    enabled: z.boolean(),
    weight: z.number().int().min(1).max(10),
    prompt: z.string().max(2000),
    examples: z.array(z.string().trim().min(1).max(500)).max(20),
  })
  .meta({ id: 'Strategy' });
export type Strategy = z.infer<typeof strategySchema>;

export const replyTemplateSchema = z
  .object({
    id,
    name: z.string().trim().min(1, 'Template name is required').max(100),
    text: z.string().max(1000),
    triggers: keywordList,
    context: z.enum(['mention', 'reply', 'dm', 'any']),
    sentiment: z.enum(['positive', 'neutral', 'negative', 'any']),
    isActive: z.boolean(),
  })
  .meta({ id: 'ReplyTemplate' });
export type ReplyTemplate = z.infer<typeof replyTemplateSchema>;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const automationSchema = z
  .object({
    autoPosting: z.object({
      enabled: z.boolean(),
      frequency: z.enum(['daily', 'twice-daily', 'hourly', 'custom']),
      customTimes: z.array(timeOfDay).max(24),
      advancedSchedule: z.partialRecord(z.enum(WEEKDAYS), z.array(timeOfDay).max(24)),
      contentMix: z.object({
        original: z.number().int().min(0).max(100),
        curated: z.number().int().min(0).max(100),
        promotional: z.number().int().min(0).max(100),
      }),
      smartTiming: z.boolean(),
      /** Automated posts are scheduled for their slot without waiting in the review queue (off unless chosen). */
      publishWithoutReview: z.boolean().default(false),
    }),
    autoReplies: z.object({
      enabled: z.boolean(),
      responseRate: z.number().int().min(10).max(80),
      maxRepliesPerHour: z.number().int().min(0).max(60),
      sentimentFilter: z.enum(['all', 'neutral-positive', 'positive']),
      templates: z.array(replyTemplateSchema).max(50),
      contextualReplies: z.boolean(),
      /** Bluesky only: replies are scheduled without waiting in the review queue (X always asks; decision 022). */
      publishWithoutReview: z.boolean().default(false),
      /** How often X is asked for new mentions: each look is a read X bills. Bluesky is looked at every 2 minutes. */
      xCheckMinutes: z.number().int().min(5, 'must be at least 5 minutes').max(1440).default(15),
      /** A new mention, reply or quote read for the persona raises an in-app notification (off unless chosen). */
      notifyMentions: z.boolean().default(false),
    }),
    engagement: z.object({
      enabled: z.boolean(),
      autoLike: z.object({
        enabled: z.boolean(),
        maxLikesPerHour: z.number().int().min(0).max(100),
        targetAccounts: keywordList,
      }),
      autoRetweet: z.object({
        enabled: z.boolean(),
        maxRetweetsPerDay: z.number().int().min(0).max(100),
        keywordFilter: keywordList,
      }),
      autoFollow: z.object({
        enabled: z.boolean(),
        maxFollowsPerDay: z.number().int().min(0).max(100),
        targetCriteria: z.object({
          minFollowers: z.number().int().min(0),
          maxFollowers: z.number().int().min(0),
          keywords: keywordList,
        }),
      }),
    }),
    safety: z.object({
      dailyActivityLimit: z.number().int().min(0).max(1000),
      cooldownPeriods: z.boolean(),
      humanLikePatterns: z.boolean(),
      backupBeforeActions: z.boolean(),
      /**
       * Bluesky's `bot` self-label on the connected account's profile while the persona acts without
       * review (offered, and on unless switched off, then; decision 034).
       */
      labelAutomated: z.boolean().default(true),
      /** Who may reply to the posts automation writes and publishes (each network's nearest limit). */
      whoCanReply: z.enum(WHO_CAN_REPLY).default('everyone'),
    }),
  })
  .meta({ id: 'Automation' });
export type Automation = z.infer<typeof automationSchema>;

export const advancedOptionsSchema = z
  .object({
    includeHashtags: z.boolean(),
    threadGeneration: z.boolean(),
    linkSharing: z.boolean(),
    modelTemperature: z
      .number()
      .min(0.1)
      .max(1)
      .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, 'must be in steps of 0.1'),
    maxLength: z.number().int().min(40).max(400),
  })
  .meta({ id: 'AdvancedOptions' });
export type AdvancedOptions = z.infer<typeof advancedOptionsSchema>;

export const personaStatsSchema = z
  .object({
    followers: z.number().int().min(0),
    totalTweets: z.number().int().min(0),
    avgLikes: z.number().min(0),
    avgRetweets: z.number().min(0),
    engagementRate: z.number().min(0),
  })
  .meta({ id: 'PersonaStats' });
export type PersonaStats = z.infer<typeof personaStatsSchema>;
export const ZERO_STATS: PersonaStats = {
  followers: 0,
  totalTweets: 0,
  avgLikes: 0,
  avgRetweets: 0,
  engagementRate: 0,
};

export const recentTweetSchema = z.object({
  content: z.string().max(2000),
  postedAt: isoTime.nullable(),
  likes: z.number().int().min(0),
  retweets: z.number().int().min(0),
});
export type RecentTweet = z.infer<typeof recentTweetSchema>;

/** An atproto handle's longest (X usernames are far shorter): the account report's username fits it. */
export const HANDLE_MAX = 253;

export const connectedAccountSchema = z
  .object({
    platform: platformSchema,
    username: z.string().max(HANDLE_MAX),
    isConnected: z.boolean(),
    connectedAt: isoTime.nullable(),
    status: z.enum(['active', 'disconnected', 'error']),
    followers: z.number().int().min(0),
    /** When the account's metrics were last read (followers, posts' counts); null: not read yet. */
    lastSyncAt: isoTime.nullable(),
  })
  .meta({ id: 'ConnectedAccount' });
export type ConnectedAccount = z.infer<typeof connectedAccountSchema>;

export const monetizationSchema = z
  .object({
    enabled: z.boolean(),
    links: z.array(z.object({ label: z.string().trim().min(1).max(60), url: httpUrl })).max(20),
  })
  .meta({ id: 'Monetization' });
export type Monetization = z.infer<typeof monetizationSchema>;

/** The persona as the API answers it: the spec's server shape (snake_case). */
export const personaSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    bio: z.string(),
    avatar: z.string(),
    /** The languages it writes in (BCP-47 tags, the first its main one). */
    languages: z.array(z.string()),
    personality: traitsSchema,
    created_at: isoTime,
    automation: automationSchema,
    sources: z.array(contentSourceSchema).max(50),
    advanced_options: advancedOptionsSchema,
    tags: z.array(z.uuid()).max(50),
    stats: personaStatsSchema,
    recent_tweets: z.array(recentTweetSchema).max(50),
    is_active: z.boolean(),
    /** Shown on the public landing page (persona of the day, recent posts): the owner's choice, off by default. */
    is_public: z.boolean(),
    /** Every image of its posts must have alt text (refused without); off: a missing one is only warned of. */
    require_alt_text: z.boolean(),
    custom_prompt: z.string(),
    use_default_prompt: z.boolean(),
    connected_accounts: z.array(connectedAccountSchema),
    templates: z.array(strategySchema).max(50),
    monetization: monetizationSchema,
    setup_complete: z.boolean(),
    /**
     * Set when the persona's automation paused itself, and why (decision 035); null while it runs.
     * The server's to set; POST /api/personas/{id}/automation/resume clears it.
     */
    automation_pause: automationPauseSchema.nullable(),
  })
  .meta({ id: 'Persona' });
export type Persona = z.infer<typeof personaSchema>;
export const personaListSchema = z.array(personaSchema);

const customPromptSchema = z
  .string()
  .transform(cleanText)
  .pipe(z.string().max(200, 'Custom prompt must be at most 200 characters'));

/**
 * What a client may write. Server-owned fields (id, created_at, stats, recent tweets, accounts,
 * the automation's pause) are ignored.
 */
export const personaWriteSchema = z
  .object({
    name: personaNameSchema,
    bio: personaBioSchema,
    avatar: personaAvatarSchema,
    languages: personaLanguagesSchema,
    personality: traitsSchema,
    automation: automationSchema,
    sources: personaSchema.shape.sources,
    advanced_options: advancedOptionsSchema,
    tags: personaSchema.shape.tags,
    is_active: z.boolean(),
    is_public: z.boolean(),
    require_alt_text: z.boolean(),
    custom_prompt: customPromptSchema,
    use_default_prompt: z.boolean(),
    templates: personaSchema.shape.templates,
    monetization: monetizationSchema,
    setup_complete: z.boolean(),
  })
  .partial()
  .meta({ id: 'PersonaWrite' });
export type PersonaWrite = z.infer<typeof personaWriteSchema>;

/** An exported persona file: name and personality are required; the rest falls back to defaults. */
export const personaImportSchema = personaWriteSchema
  .required({ name: true, personality: true })
  .extend({
    created_at: isoTime.optional(),
    stats: personaStatsSchema.optional(),
    recent_tweets: personaSchema.shape.recent_tweets.optional(),
  })
  .meta({ id: 'PersonaImport' });
export type PersonaImport = z.infer<typeof personaImportSchema>;

export const personaIdParamsSchema = z.object({ id: z.uuid('must be a persona id') });

/** The spec's client shape (camelCase); the one place the two shapes meet. */
export type ClientPersona = {
  id: string;
  name: string;
  bio: string;
  avatar: string;
  languages: string[];
  traits: Traits;
  createdAt: string;
  tags: string[];
  stats: PersonaStats;
  recentTweets: RecentTweet[];
  isActive: boolean;
  isPublic: boolean;
  requireAltText: boolean;
  customPrompt?: string;
  useDefaultPrompt: boolean;
  connectedAccounts: ConnectedAccount[];
  contentSources: ContentSource[];
  templates: Strategy[];
  monetization: Monetization;
  advancedOptions: AdvancedOptions;
  automation: Automation;
  setupComplete: boolean;
  automationPause: AutomationPause | null;
};

export function toClientPersona(p: Persona): ClientPersona {
  return {
    id: p.id,
    name: p.name,
    bio: p.bio,
    avatar: p.avatar,
    languages: p.languages,
    traits: p.personality,
    createdAt: p.created_at,
    tags: p.tags,
    stats: p.stats,
    recentTweets: p.recent_tweets,
    isActive: p.is_active,
    isPublic: p.is_public,
    requireAltText: p.require_alt_text,
    ...(p.use_default_prompt ? {} : { customPrompt: p.custom_prompt }),
    useDefaultPrompt: p.use_default_prompt,
    connectedAccounts: p.connected_accounts,
    contentSources: p.sources,
    templates: p.templates,
    monetization: p.monetization,
    advancedOptions: p.advanced_options,
    automation: p.automation,
    setupComplete: p.setup_complete,
    automationPause: p.automation_pause,
  };
}

export function toServerPersona(c: ClientPersona): Persona {
  return {
    id: c.id,
    name: c.name,
    bio: c.bio,
    avatar: c.avatar,
    languages: c.languages,
    personality: c.traits,
    created_at: c.createdAt,
    automation: c.automation,
    sources: c.contentSources,
    advanced_options: c.advancedOptions,
    tags: c.tags,
    stats: c.stats,
    recent_tweets: c.recentTweets,
    is_active: c.isActive,
    is_public: c.isPublic,
    require_alt_text: c.requireAltText,
    custom_prompt: c.customPrompt ?? '',
    use_default_prompt: c.useDefaultPrompt,
    connected_accounts: c.connectedAccounts,
    templates: c.templates,
    monetization: c.monetization,
    setup_complete: c.setupComplete,
    automation_pause: c.automationPause,
  };
}

/** The spec's feed-titles call: GET /api/feed-titles?url=…(&type=rss|reddit|website) -> title strings. */
// Query and params schemas stay inline (no component id): OpenAPI needs their properties.
export const feedTitlesQuerySchema = z.object({
  url: httpUrl,
  type: z.enum(['rss', 'reddit', 'website']).default('rss'),
});
export const feedTitlesSchema = z.array(z.string()).meta({ id: 'FeedTitles' });

/** The spec's POST /api/ingest: fetch a persona's source now and keep its items. */
export const ingestRequestSchema = z
  .object({ personaId: z.uuid('must be a persona id'), feedUrl: httpUrl })
  .meta({ id: 'IngestRequest' });
export type IngestRequest = z.infer<typeof ingestRequestSchema>;
export const ingestResultSchema = z
  .object({ ingested: z.number().int().min(0), titles: z.array(z.string()) })
  .meta({ id: 'IngestResult' });
export type IngestResult = z.infer<typeof ingestResultSchema>;

/** The file name a persona is exported under: 'persona-{name as a slug}.json'. */
export function personaExportFileName(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `persona-${slug || 'export'}.json`;
}
