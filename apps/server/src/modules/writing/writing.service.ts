import {
  answerChatOffline,
  type BuiltPrompt,
  buildChatPrompt,
  buildPrompt,
  type ChatFacts,
  type ChatHistoryTurn,
  type ChatRequest,
  type ChatResponse,
  type ComposedPost,
  characterLimit,
  cleanLines,
  composeOffline,
  createDraftBatch,
  createStreamLimiter,
  cutToFit,
  DEFAULT_TRAITS,
  type DemoSampleResponse,
  defaultAdvancedOptions,
  defaultPersonaSettings,
  fitsPlatforms,
  type GeneratedPost,
  type GenerateRequest,
  hashtagsIn,
  isUuid,
  lengthRuleFor,
  MAX_TITLES_FOR_GENERATION,
  type Message,
  type Persona,
  type PersonaOverride,
  type Platform,
  type PostBrief,
  parseHashtags,
  parseThreads,
  type ReplyContext,
  type SourceItem,
  splitThread,
  type Traits,
  textPart,
  type VoiceExamples,
  type Writer,
  type WritingPersona,
  type WritingRequest,
} from '@plume/core';
import { ProviderError } from '../../errors';
import type { LlmClient } from '../../integrations/llm/llm';
import type { AiSettingsService } from '../ai-settings/ai-settings.service';
import { sentimentOf } from '../engagement/sentiment';
import { ownPersona } from '../personas/persona-access';
import type { WritingLimit } from '../rate-limits/writing-limit';
import type { Repositories } from '../repositories';
import { type DraftCheck, type DraftHistory, emptyHistory, type Revision } from './draft-check';
import type { NewMessage, WritingRepository } from './writing.repository';

/** The stored persona (or the defaults), with the editor's unsaved values laid over it. */
export function toWritingPersona(stored: Persona | null, override: PersonaOverride = {}): WritingPersona {
  const base = stored ?? { ...defaultPersonaSettings(), name: '', bio: '', connected_accounts: [] };
  return {
    name: override.name ?? base.name,
    bio: override.bio ?? base.bio,
    traits: override.traits ?? override.personality ?? base.personality,
    customPrompt: override.customPrompt ?? override.custom_prompt ?? base.custom_prompt,
    useDefaultPrompt: override.useDefaultPrompt ?? override.use_default_prompt ?? base.use_default_prompt,
    strategies: override.templates ?? base.templates,
    options: override.advancedOptions ?? override.advanced_options ?? base.advanced_options,
    platforms: [...new Set(base.connected_accounts.filter((a) => a.isConnected).map((a) => a.platform))],
    languages: base.languages,
  };
}

/**
 * Writes one reply of a persona's for a platform (see `replyWriter`); with a revision, again for
 * the reasons the check before review gave.
 */
export type ReplyWriter = (
  platform: Platform,
  replyTo: ReplyContext,
  revision?: Revision | null,
) => Promise<{ text: string; writer: Writer }>;

/** The persona with a stricter length, so a draft written again comes out `shorterBy` characters shorter. */
function tightened(persona: WritingPersona, limit: number, shorterBy: number): WritingPersona {
  if (shorterBy <= 0) return persona;
  return { ...persona, options: { ...persona.options, maxLength: Math.max(20, limit - shorterBy - 1) } };
}

type Context = {
  workspaceId: string;
  stored: Persona | null;
  personaId: string | null;
  persona: WritingPersona;
  titles: string[];
  /** The headlines' items as kept (summary and link), for the offline composer to write from. */
  items: SourceItem[];
  client: LlmClient | null;
  /** The persona's posts (what the check compares with, the model's examples), when asked for. */
  history: DraftHistory | null;
};

export function createWritingService(deps: {
  repositories: Pick<Repositories, 'personas' | 'sources' | 'posts' | 'preferences' | 'metrics'>;
  messages: WritingRepository;
  aiSettings: AiSettingsService;
  writingLimit: WritingLimit;
  /** The check before review (decision 037) and the persona's posts it reads. */
  check: DraftCheck;
  /** The offline composer's dice; tests may fix them. */
  random?: () => number;
  now?: () => Date;
}) {
  const { repositories, messages, aiSettings } = deps;
  const random = deps.random ?? Math.random;
  /** The mood of a topic or headline, for the offline composer (the engagement's VADER score). */
  const sentiment = (text: string) => sentimentOf(text).score;

  /**
   * Who writes, for whom, from which headlines; the request is counted as the persona is read. A
   * job hands down the persona it loaded (`persona`), which is not read again.
   */
  async function context(
    workspaceId: string,
    input: {
      personaId?: string;
      persona?: Persona;
      override?: PersonaOverride;
      titles?: string[];
      uncounted?: boolean;
      /**
       * The persona's posts, read in the same round as the rest: `always` (the check before
       * review needs them) or `model` (only a model's examples do).
       */
      history?: 'always' | 'model';
    },
  ): Promise<Context> {
    // Everything is read in one round where it can be (decisions 048-fair-under-load, 064): the
    // headlines of the sources the persona has turned on are found by their own statement, and its
    // posts are read at once when a model will write (asked for always, or the server has a model);
    // else only once its settings say a model writes. A persona that is not the workspace's is a 404
    // whatever was read alongside it.
    const asked = (input.titles ?? []).slice(0, MAX_TITLES_FOR_GENERATION);
    const given = input.persona;
    const id = given?.id ?? (input.personaId && isUuid(input.personaId) ? input.personaId : null);
    const early =
      id !== null && (input.history === 'always' || (input.history === 'model' && aiSettings.serverClient() !== null));
    const [stored, client, , kept, earlyHistory] = await Promise.all([
      given ?? (input.personaId ? ownPersona(repositories.personas, workspaceId, input.personaId) : null),
      aiSettings.clientFor(workspaceId),
      // Automation writes on its schedule, not at a person's request: it is not held to the rate limit.
      input.uncounted ? undefined : deps.writingLimit.count(workspaceId),
      id === null
        ? []
        : asked.length > 0
          ? repositories.sources.itemsTitled(id, asked)
          : given
            ? repositories.sources.latestItems(
                id,
                MAX_TITLES_FOR_GENERATION,
                given.sources.filter((s) => s.enabled).map((s) => s.url),
              )
            : repositories.sources.latestItemsOfEnabledSources(id, MAX_TITLES_FOR_GENERATION),
      early ? deps.check.history(workspaceId, id) : null,
    ]);
    const wantsHistory = input.history === 'always' || (input.history === 'model' && client !== null);
    const history = !wantsHistory
      ? null
      : (earlyHistory ?? (stored ? await deps.check.history(workspaceId, stored.id) : emptyHistory()));
    const items: SourceItem[] =
      asked.length > 0 ? asked.map((title) => kept.find((k) => k.title === title) ?? { title }) : kept;
    const titles = items.map((item) => item.title);
    return {
      workspaceId,
      stored,
      personaId: stored?.id ?? null,
      persona: toWritingPersona(stored, input.override),
      titles,
      items,
      client,
      history,
    };
  }

  /**
   * What the persona's account holds, for chat to answer questions about it from: its latest posts,
   * what is scheduled or waiting for review, its posts of the last 30 days with their counts, its
   * figures, and the newest items of the sources it reads now.
   */
  async function factsOf(workspaceId: string, persona: Persona, headlines: string[]): Promise<ChatFacts> {
    const now = (deps.now ?? (() => new Date()))();
    const { recent, upcoming, waiting } = await repositories.posts.recentAndUpcoming(persona.id, now, CHAT_LISTED);
    const enabled = persona.sources.filter((s) => s.enabled);
    const scope = { personaId: persona.id };
    const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
    const [timeZone, items, read, unread] = await Promise.all([
      repositories.preferences.workspaceTimeZone(workspaceId),
      repositories.sources.latestItems(
        persona.id,
        CHAT_ITEMS,
        enabled.map((s) => s.url),
      ),
      repositories.metrics.postsBetween(scope, monthAgo, now),
      repositories.metrics.unreadPostsBetween(scope, monthAgo, now),
    ]);
    const sourceName = new Map(enabled.map((s) => [s.url, s.name]));
    const at = (d: Date | null) => (d ?? now).toISOString();
    return {
      timeZone: timeZone ?? 'UTC',
      now: now.toISOString(),
      recent: recent.map((p) => ({ content: p.content, platform: p.platform, at: at(p.postedAt) })),
      upcoming: upcoming.map((p) => ({
        content: p.content,
        platform: p.platform,
        at: p.scheduledFor ? p.scheduledFor.toISOString() : null,
        status: p.status === 'pending_review' ? 'pending_review' : 'scheduled',
      })),
      waiting,
      sources: persona.sources.map((s) => ({ name: s.name, type: s.type, enabled: s.enabled })),
      headlines,
      items: items.map((i) => ({
        source: sourceName.get(i.sourceUrl) ?? i.sourceUrl,
        title: i.title,
        link: i.link,
        at: i.at.toISOString(),
      })),
      performance: [...read, ...unread]
        .sort((a, b) => b.postedAt.getTime() - a.postedAt.getTime())
        .map((p) => ({
          content: p.text,
          platform: p.platform,
          at: p.postedAt.toISOString(),
          likes: p.likes,
          reposts: p.reposts,
          replies: p.replies,
          quotes: p.quotes,
        })),
      stats: {
        followers: persona.stats.followers,
        totalPosts: persona.stats.totalTweets,
        engagementRate: persona.stats.engagementRate,
        connected: [...new Set(persona.connected_accounts.filter((a) => a.isConnected).map((a) => a.platform))],
      },
      strategies: persona.templates.filter((t) => t.enabled).map((t) => t.name),
    };
  }

  /** The conversation a chat message follows: the turns the request carries, else the persona's stored ones. */
  async function turnsOf(ctx: Context, body: ChatRequest): Promise<ChatHistoryTurn[]> {
    if (body.history) return body.history;
    return ctx.personaId ? messages.recentTurns(ctx.personaId, CHAT_STORED_TURNS) : [];
  }

  const writerOf = (ctx: Context): Writer => ctx.client?.provider ?? 'offline';

  /** Only a model reads examples; the offline composer writes from its templates. */
  const examplesFor = (ctx: Context, history: DraftHistory | null): VoiceExamples | undefined =>
    ctx.client && history ? history.examples : undefined;

  async function record(ctx: Context, kind: NewMessage['kind'], prompt: string, answers: string[]) {
    if (!ctx.personaId) return;
    const writer = writerOf(ctx);
    await messages.add(ctx.personaId, [
      { role: 'user', content: prompt, kind, writer: null },
      ...answers.map((content) => ({ role: 'assistant' as const, content, kind, writer })),
    ]);
  }

  /** A second call when the first answer was too long, with the limit said twice as plainly. */
  function shorter(built: BuiltPrompt): BuiltPrompt {
    const limit = characterLimit(built.rule);
    return {
      ...built,
      prompt: `${built.prompt}\n\nYour last answer was too long. Keep each ${built.count > 1 ? 'post' : 'answer'} under ${limit} characters, counting spaces, emoji twice.`,
    };
  }

  /** One post from the model within the limits: asked again once if too long, then cut at a word. */
  async function writeOne(client: LlmClient, built: BuiltPrompt): Promise<string> {
    const { platforms, maxLength } = built.rule;
    const first = (await client.generate(built)).trim();
    if (fitsPlatforms(first, platforms, maxLength)) return first;
    const second = (await client.generate(shorter(built))).trim();
    return cutToFit(second || first, platforms, maxLength);
  }

  function emptyAnswer(client: LlmClient): never {
    throw new ProviderError(
      client.provider === 'custom' ? 'AI provider' : client.provider === 'openai' ? 'OpenAI' : 'Anthropic',
      'the model answered with no text',
    );
  }

  async function writePosts(ctx: Context, request: WritingRequest, built: BuiltPrompt): Promise<ComposedPost[]> {
    const client = ctx.client;
    if (!client)
      return composeOffline({ persona: ctx.persona, request, titles: ctx.titles, items: ctx.items, random, sentiment });
    const { platforms, maxLength } = built.rule;
    const fits = (text: string) => fitsPlatforms(text, platforms, maxLength);
    const asPost = (parts: string[]): ComposedPost => {
      const content = parts.join('\n\n');
      return { content, parts, hashtags: hashtagsIn(content) };
    };
    if (request.type === 'thread') {
      const threads = parseThreads(await client.generate(built), built.count);
      if (threads.length === 0) emptyAnswer(client);
      // Parts that are too long are split, so a thread never needs a second call.
      return threads.map((parts) => asPost(parts.flatMap((p) => splitThread(p, platforms, maxLength))));
    }
    let lines = cleanLines(await client.generate(built), built.count);
    if (lines.length === 0) emptyAnswer(client);
    if (!lines.every(fits)) {
      const again = cleanLines(await client.generate(shorter(built)), built.count).filter(fits);
      lines = lines.map((line) => (fits(line) ? line : (again.shift() ?? line)));
    }
    return lines.map((line) => asPost([cutToFit(line, platforms, maxLength)]));
  }

  return {
    /**
     * POST /chat: one answer in the persona's voice, following the conversation (decision 036). A
     * model gets the account's facts and the recent turns; offline, the answer comes from the facts,
     * a rule applied to the last post, a new post, or says plainly that it needs a model.
     */
    async chat(workspaceId: string, body: ChatRequest): Promise<ChatResponse> {
      const ctx = await context(workspaceId, {
        personaId: body.personaId,
        override: body.persona,
        titles: body.titles,
      });
      const [facts, turns] = await Promise.all([
        ctx.stored ? factsOf(workspaceId, ctx.stored, ctx.titles) : undefined,
        turnsOf(ctx, body),
      ]);
      let text: string;
      if (ctx.client) {
        const built = buildChatPrompt({
          persona: ctx.persona,
          prompt: body.prompt,
          turns,
          titles: ctx.titles,
          ...(facts ? { facts } : {}),
        });
        text = await writeOne(ctx.client, built);
        if (!text) emptyAnswer(ctx.client);
      } else {
        const rule = lengthRuleFor(ctx.persona, { kind: 'chat' });
        const answer = answerChatOffline({
          prompt: body.prompt,
          turns,
          persona: ctx.persona,
          titles: ctx.titles,
          rule,
          ...(facts ? { facts } : {}),
        });
        if (answer.kind === 'text') text = answer.text;
        else {
          const compose = () =>
            composeOffline({
              persona: ctx.persona,
              request: { kind: 'chat', prompt: answer.prompt },
              titles: ctx.titles,
              items: ctx.items,
              random,
              sentiment,
            })[0]?.content ?? '';
          // "Another one" is a different post: the dice are thrown again a few times if they repeat it.
          text = compose();
          for (let i = 0; i < 5 && answer.avoid !== undefined && text === answer.avoid; i++) text = compose();
        }
      }
      await record(ctx, 'chat', body.prompt, [text]);
      return { text, writer: writerOf(ctx) };
    },

    /**
     * GET /draft: the persona and who writes are settled first (404, 429 answer as HTTP), then
     * `pieces` streams the text; a provider failure is thrown from the stream.
     */
    async draft(
      workspaceId: string,
      input: {
        prompt: string;
        personaId?: string;
        override?: PersonaOverride;
        titles?: string[];
        kind?: 'draft' | 'sample';
      },
    ): Promise<{ writer: Writer; pieces(signal: AbortSignal): AsyncGenerator<string> }> {
      const ctx = await context(workspaceId, { ...input, history: 'model' });
      const sample = input.kind === 'sample';
      // A sample picks its own topic (the persona's headlines, else one that suits the traits).
      const request: WritingRequest = sample ? { kind: 'sample' } : { kind: 'draft', prompt: input.prompt };
      const examples = ctx.client ? examplesFor(ctx, ctx.history) : undefined;
      const built = buildPrompt({ persona: ctx.persona, request, titles: ctx.titles, examples });
      return {
        writer: writerOf(ctx),
        async *pieces(signal) {
          const limiter = createStreamLimiter(built.rule.platforms, built.rule.maxLength);
          if (!ctx.client) {
            // Written at once; sent a few words at a time like a model's answer.
            const text =
              composeOffline({
                persona: ctx.persona,
                request,
                titles: ctx.titles,
                items: ctx.items,
                random,
                sentiment,
              })[0]?.content ?? '';
            for (const piece of text.match(/\s*\S+(?:\s+\S+){0,2}/g) ?? []) {
              const out = limiter.push(piece);
              if (out) yield out;
            }
          } else {
            const stop = new AbortController();
            const both = AbortSignal.any([signal, stop.signal]);
            for await (const piece of ctx.client.stream({ ...built, signal: both })) {
              const out = limiter.push(piece);
              if (out) yield out;
              // The limit is reached: the rest would be thrown away, so the provider is stopped.
              if (limiter.stopped) {
                stop.abort();
                break;
              }
            }
          }
          const last = limiter.end();
          if (last) yield last;
          if (!limiter.text && ctx.client) emptyAnswer(ctx.client);
          // A live sample is a preview of the voice, not part of the conversation.
          if (!signal.aborted && !sample) await record(ctx, 'draft', input.prompt, [limiter.text]);
        },
      };
    },

    /**
     * POST /api/generate: the advanced generator's posts (a thread as parts), each through the check
     * before review: one that repeats a recent post or another of the batch, is too long, or reads
     * far from the sliders is written again (at most twice) and comes back with its flags.
     */
    async generate(workspaceId: string, body: GenerateRequest): Promise<GeneratedPost[]> {
      const ctx = await context(workspaceId, {
        personaId: body.personaId,
        override: body.persona,
        titles: body.titles,
        history: 'always',
      });
      // The pipeline preview's example names a strategy: written for it (from the headline given),
      // its instruction never taken for the topic.
      const strategy = body.strategy ? ctx.persona.strategies.find((s) => s.id === body.strategy) : undefined;
      const request: WritingRequest = {
        ...toWritingRequest(body),
        ...(strategy
          ? { brief: { kind: 'original', strategy: pickStrategyFields(strategy) } satisfies PostBrief, topic: '' }
          : {}),
      };
      const history = ctx.history ?? emptyHistory();
      const examples = examplesFor(ctx, history);
      const built = buildPrompt({ persona: ctx.persona, request, titles: ctx.titles, examples });
      const posts = await writePosts(ctx, request, built);
      const limit = characterLimit(built.rule);
      const batch = createDraftBatch();
      const checked: { post: ComposedPost; flags: GeneratedPost['flags'] }[] = [];
      for (const [i, first] of posts.entries()) {
        const result = await deps.check.write({
          history,
          batch,
          platforms: built.rule.platforms,
          kind: 'post',
          traits: ctx.persona.traits,
          ...(request.topic ? { subject: request.topic } : {}),
          partsOf: (p: ComposedPost) => p.parts,
          initial: first,
          rewrite: async (revision) => {
            const again: WritingRequest = { ...request, count: 1, revise: revision.note };
            const persona = tightened(ctx.persona, limit, revision.shorterBy);
            const [post] = await writePosts(
              { ...ctx, persona },
              again,
              buildPrompt({ persona, request: again, titles: ctx.titles, examples }),
            );
            return post ?? first;
          },
        });
        batch.add(result.draft.content, `post ${i + 1} of this batch`);
        checked.push({ post: result.draft, flags: result.flags });
      }
      const writer = writerOf(ctx);
      // A preview of settings not saved yet is not part of the persona's conversation.
      if (!body.persona) {
        await record(
          ctx,
          'generate',
          built.prompt,
          checked.map((c) => c.post.content),
        );
      }
      return checked.map(({ post: p, flags }) => ({
        content: p.content,
        hashtags: p.hashtags,
        type: body.type,
        parts: p.parts.map(textPart),
        writer,
        flags,
      }));
    },

    /**
     * One post for automation (its posting slots): written as the advanced generator writes, by the
     * user's model, else the server's, else the offline composer, within every platform's limits.
     * The brief says what the slot is for (a strategy's original post, a curated item, a promotion);
     * `titles` are the headlines to draw on, else the persona's latest. The job gathers the
     * persona's posts once (`history`: the model's examples) and runs the check before review; a
     * `revision` writes the post again for the reasons it gave.
     */
    async writeForAutomation(
      workspaceId: string,
      request: Pick<GenerateRequest, 'type' | 'platforms'> & { persona: Persona },
      brief: PostBrief,
      titles?: string[],
      options: { history?: DraftHistory; revision?: Revision | null } = {},
    ): Promise<GeneratedPost> {
      const { persona, ...asked } = request;
      const ctx = await context(workspaceId, { persona, titles, uncounted: true });
      const body: GenerateRequest = { ...asked, personaId: persona.id, topic: '', hashtags: [], count: 1 };
      const revision = options.revision ?? null;
      const writing: WritingRequest = {
        ...toWritingRequest(body),
        brief,
        ...(revision ? { revise: revision.note } : {}),
      };
      const limit = characterLimit(lengthRuleFor(ctx.persona, writing));
      const writer = revision ? { ...ctx, persona: tightened(ctx.persona, limit, revision.shorterBy) } : ctx;
      const built = buildPrompt({
        persona: writer.persona,
        request: writing,
        titles: ctx.titles,
        examples: examplesFor(ctx, options.history ?? null),
      });
      const [post] = await writePosts(writer, writing, built);
      if (!post) throw new Error('The writer wrote nothing');
      return {
        content: post.content,
        hashtags: post.hashtags,
        type: body.type,
        parts: post.parts.map(textPart),
        writer: writerOf(ctx),
        flags: [],
      };
    },

    /**
     * The persona's replies to posts (automation answering mentions), for the persona a job loaded:
     * the user's writer is looked up once, then each reply is one post for its platform, no
     * hashtags (and no headlines: a reply answers the post). Not held to the writing rate limit.
     * `history`: the persona's posts the job gathered once (the model's examples).
     */
    async replyWriter(workspaceId: string, stored: Persona, history?: DraftHistory): Promise<ReplyWriter> {
      const client = await aiSettings.clientFor(workspaceId);
      const base = toWritingPersona(stored);
      const writer: Writer = client?.provider ?? 'offline';
      const examples = client && history ? history.examples : undefined;
      // What this writer wrote (one job's batch): offline, the next reply takes another body.
      const written: string[] = [];
      return async (platform, replyTo, revision) => {
        const plain = { ...base, platforms: [platform] };
        const request: WritingRequest = { kind: 'reply', replyTo, ...(revision ? { revise: revision.note } : {}) };
        const persona = revision
          ? tightened(plain, characterLimit(lengthRuleFor(plain, request)), revision.shorterBy)
          : plain;
        const text = client
          ? await writeOne(client, buildPrompt({ persona, request, examples }))
          : (composeOffline({ persona, request, random, avoid: written })[0]?.content ?? '');
        if (!text.trim()) throw new Error('The writer wrote nothing');
        written.push(text);
        return { text, writer };
      };
    },

    /**
     * POST /api/demo/sample: the landing demo's Generate, for anyone. The server's default writer
     * (AI_*, else the offline composer) writes one short sample for the demo's traits; nothing is
     * kept. The route limits it per address. A visitor never sees a provider's error (it may name
     * the server's key or base URL): `onProviderError` hears it and the offline composer writes.
     */
    async demoSample(
      input: { traits: Partial<Traits>; topic?: string },
      onProviderError: (error: unknown) => void = () => {},
    ): Promise<DemoSampleResponse> {
      const persona: WritingPersona = {
        name: 'Demo persona',
        bio: '',
        traits: { ...DEFAULT_TRAITS, ...input.traits },
        customPrompt: '',
        useDefaultPrompt: true,
        strategies: [],
        options: { ...defaultAdvancedOptions(), includeHashtags: false },
        // A post for either network, so within both limits as they count (X weighs an emoji as 2).
        platforms: ['x', 'bluesky'],
      };
      const request: WritingRequest = { kind: 'sample', ...(input.topic ? { topic: input.topic } : {}) };
      const offline = (): DemoSampleResponse => ({
        text: composeOffline({ persona, request, random })[0]?.content ?? '',
        writer: 'offline',
      });
      const client = aiSettings.serverClient();
      if (!client) return offline();
      try {
        const text = await writeOne(client, buildPrompt({ persona, request }));
        if (!text) emptyAnswer(client);
        return { text, writer: client.provider };
      } catch (error) {
        onProviderError(error);
        return offline();
      }
    },

    /** GET /conversations/{personaId}: the persona's messages, oldest first. */
    async conversation(workspaceId: string, personaId: string): Promise<Message[]> {
      await ownPersona(repositories.personas, workspaceId, personaId);
      return messages.list(personaId);
    },
  };
}
export type WritingService = ReturnType<typeof createWritingService>;

/**
 * How far back chat reads a persona's stored conversation: follow-ups reach the post they change
 * past a few questions in between (a model still gets only the latest, `CHAT_TURNS_FOR_MODEL`).
 */
const CHAT_STORED_TURNS = 50;
/** How many scheduled posts, and drafts waiting for review, chat reads; and how many source items. */
const CHAT_LISTED = 10;
const CHAT_ITEMS = 12;

const pickStrategyFields = ({ id, name, description, prompt }: WritingPersona['strategies'][number]) => ({
  id,
  name,
  description,
  prompt,
});

function toWritingRequest(body: GenerateRequest): WritingRequest {
  return {
    kind: 'generate',
    type: body.type,
    topic: body.topic,
    // The list form may come without the # the text form gets.
    hashtags: parseHashtags(body.hashtags.join(',')),
    platforms: body.platforms,
    count: body.count,
  };
}
