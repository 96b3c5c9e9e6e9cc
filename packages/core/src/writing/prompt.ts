/**
 * The prompt builder: what a model is told about the persona and the request. The offline composer
 * reads the same inputs, so both writers follow the same settings.
 */
import { type AdvancedOptions, isEnglish, languageName, mainLanguage, type Strategy } from '../personas/persona';
import { MAX_TITLES_FOR_GENERATION, strategyShares } from '../personas/sources';
import { archetype, describeTrait, MAX_LINES, TRAIT_KEYS, type Traits, withArticle } from '../personas/traits';
import { type Platform, platformLabel } from '../platforms/platforms';
import type { PostType } from './api';
import { characterLimit, type LengthRule } from './limits';
import { DEFAULT_POST_COUNT } from './post-process';
import { MAX_HASHTAGS } from './topics';

/** What writing needs of a persona: stored values, with the editor's unsaved ones laid over them. */
export type WritingPersona = {
  name: string;
  /** The persona's short bio: who it is and what it writes about. */
  bio: string;
  traits: Traits;
  customPrompt: string;
  useDefaultPrompt: boolean;
  strategies: Strategy[];
  options: AdvancedOptions;
  /** Where the persona posts (its connected accounts): chat, draft and sample keep their limits. */
  platforms: readonly Platform[];
  /** The languages it writes in (BCP-47 tags, the first its main one); English when not given. */
  languages?: readonly string[];
};

/** The line that tells a model which language to write in; none for English (the default). */
export function languageLine(languages: readonly string[] | undefined): string | null {
  const main = mainLanguage(languages ?? []);
  if (isEnglish(main)) return null;
  return `Language: write in ${languageName(main)} (${main}), whatever the language of these instructions, the headlines or the examples.`;
}

export type WritingKind = 'chat' | 'draft' | 'generate' | 'sample' | 'reply';

/** What a reply answers: the post, and the posts above it in its thread (oldest first) when read. */
export type ReplyContext = {
  author: string;
  text: string;
  thread?: { author: string; text: string }[];
  /** The chosen reply template's instruction (its text). */
  instruction?: string;
};

/**
 * An item a source gave: its headline, the first sentences of its own text (null when it has
 * none) and its link, as kept when the source was read (decision 038).
 */
export type SourceItem = { title: string; summary?: string | null; link?: string | null };

/** What an automated post is for: its slot's brief (decision 021); a curated one carries its item. */
export type PostBrief =
  | { kind: 'original'; strategy?: Pick<Strategy, 'id' | 'name' | 'description' | 'prompt'> }
  | { kind: 'curated'; headline: string; summary?: string | null; link?: string | null }
  | { kind: 'promotional'; label: string };

/** What the persona's own account holds, for chat to answer from (times in the user's time zone). */
export type PersonaFacts = {
  timeZone: string;
  now: string;
  /** Published posts, newest first. */
  recent: { content: string; platform: Platform; at: string }[];
  /** Scheduled posts and posts waiting for review, soonest first. */
  upcoming: { content: string; platform: Platform; at: string; status: 'scheduled' | 'pending_review' }[];
  sources: { name: string; type: string; enabled: boolean }[];
  /** The latest headlines of the enabled sources. */
  headlines: string[];
};

export type WritingRequest = {
  kind: WritingKind;
  prompt?: string;
  type?: PostType;
  topic?: string;
  hashtags?: readonly string[];
  /** The advanced generator's target platforms; other kinds use the persona's. */
  platforms?: readonly Platform[];
  count?: number;
  /** A reply's context (kind 'reply'). */
  replyTo?: ReplyContext;
  /** An automated post's brief (kind 'generate'). */
  brief?: PostBrief;
  /** Why the last draft was sent back by the check before review (decision 037): written again. */
  revise?: string;
};

/**
 * The persona's own posts, gathered once per writing job: its best-performing published posts (by
 * their engagement as last read) as examples of its voice, and its latest posts, not to repeat.
 */
export type VoiceExamples = { best: readonly string[]; recent: readonly string[] };
/** The model sees at most this many of each. */
export const MAX_BEST_POSTS = 5;
export const MAX_RECENT_IN_PROMPT = 10;

export type BuiltPrompt = {
  system: string;
  prompt: string;
  temperature: number;
  maxOutputTokens: number;
  /** The limits every result must keep. */
  rule: LengthRule;
  /** How many posts (or threads) the answer should hold. */
  count: number;
};

/** How the advanced generator's post types read in a prompt. */
export const POST_TYPE_WORDING: Record<PostType, { one: string; many: string }> = {
  'short post': { one: 'short post', many: 'short posts' },
  joke: { one: 'joke', many: 'jokes' },
  advice: { one: 'piece of practical advice', many: 'pieces of practical advice' },
  thread: { one: 'thread', many: 'threads' },
  observation: { one: 'observation', many: 'observations' },
  question: { one: 'question for the audience', many: 'questions for the audience' },
};

/** The parts a thread may have. */
export const THREAD_PARTS = { min: 3, max: 5 } as const;

/** The limits that apply to a request: its platforms (or the persona's) and the persona's max length. */
export function lengthRuleFor(persona: WritingPersona, request: WritingRequest): LengthRule {
  const platforms = request.kind === 'generate' && request.platforms ? request.platforms : persona.platforms;
  return { platforms: [...new Set(platforms)], maxLength: persona.options.maxLength };
}

function platformWords(platforms: readonly Platform[]): string {
  const names = platforms.map(platformLabel);
  return names.length > 0 ? ` (for ${names.join(' and ')})` : '';
}

function strategyLines(strategies: Strategy[]): string[] {
  const shares = strategyShares(strategies);
  return strategies
    .filter((s) => s.enabled)
    .map((s, index) => ({ s, index }))
    .sort((a, b) => b.s.weight - a.s.weight || a.index - b.index)
    .map(({ s }) => {
      const how = [s.description.trim(), s.prompt.trim()].filter(Boolean).join(' ');
      const example = s.examples[0] ? ` Example: "${s.examples[0]}"` : '';
      return `- ${s.name} (${shares.get(s.id) ?? 0}%)${how ? `: ${how}` : ''}${example}`;
    });
}

function hashtagRule(options: AdvancedOptions, request: WritingRequest): string {
  if (request.kind === 'reply') return 'Hashtags: do not use any.';
  const requested = request.hashtags ?? [];
  const each = request.type === 'thread' ? 'thread' : 'post';
  if (requested.length > 0) return `Hashtags: use ${requested.join(' ')} in each ${each}.`;
  return options.includeHashtags
    ? `Hashtags: end each ${each} with at most ${MAX_HASHTAGS} relevant hashtags, each a whole key phrase of the subject.`
    : 'Hashtags: do not use any.';
}

function answerFormat(request: WritingRequest, count: number): string {
  switch (request.kind) {
    case 'chat':
    case 'draft':
      return 'Answer with the text of one post only: no preamble, no quotes around it.';
    case 'sample':
      return 'Answer with one short sample post that shows this voice: its text only, no quotes around it.';
    case 'reply':
      return 'Answer with the text of one reply only: no preamble, no quotes around it, no @handle at the start.';
    case 'generate': {
      if (request.type === 'thread') {
        return `Write ${count} ${count === 1 ? 'thread' : 'threads'} of ${THREAD_PARTS.min} to ${THREAD_PARTS.max} parts each. Put a line with only --- between the parts of a thread and a line with only === between threads. No numbering, no quotes, no preamble.`;
      }
      const wording = POST_TYPE_WORDING[request.type ?? 'short post'];
      return `Write ${count} ${count === 1 ? wording.one : wording.many}, one per line, no numbering, no quotes, no blank lines, no preamble.`;
    }
  }
}

function userPrompt(request: WritingRequest, count: number): string {
  const asked = askedFor(request, count);
  return request.revise ? `${asked}\n\n${request.revise}` : asked;
}

/** The rule against invention: a persona posts under a real person's name. */
export const NO_INVENTION_RULE =
  'Never invent facts, figures, dates, quotes, names, @handles or links: use only what this prompt and the message give you, and leave out what you do not know.';

/** Links: only those given (decision 037); with "Share links" off, none. */
function linkRule(options: AdvancedOptions): string {
  return options.linkSharing
    ? 'Links: only a link given to you in this prompt or the message, copied exactly; never make one up or guess one. With none given, include none.'
    : 'Links: do not include any.';
}

const quoted = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `- "${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}"`;
};

/** The persona's own posts: examples of its voice, and what it must not say again. */
function exampleLines(examples: VoiceExamples | undefined): string[] {
  if (!examples) return [];
  const best = examples.best.filter((t) => t.trim()).slice(0, MAX_BEST_POSTS);
  const recent = examples.recent.filter((t) => t.trim()).slice(0, MAX_RECENT_IN_PROMPT);
  return [
    ...(best.length > 0
      ? [
          'Your best-performing posts, as examples of your voice (match the voice; do not copy them):',
          ...best.map((t) => quoted(t, 300)),
        ]
      : []),
    ...(recent.length > 0
      ? [
          'Your recent posts: do not repeat them, their openings or their wording:',
          ...recent.map((t) => quoted(t, 200)),
        ]
      : []),
  ];
}

function askedFor(request: WritingRequest, count: number): string {
  const topic = request.topic?.trim();
  switch (request.kind) {
    case 'chat':
    case 'draft':
      return request.prompt?.trim() || 'Write a post.';
    case 'sample':
      return topic ? `Write a sample post about ${topic}.` : 'Write a sample post.';
    case 'reply': {
      const to = request.replyTo;
      if (!to) return 'Write a reply.';
      const above = (to.thread ?? []).map((p) => `@${p.author}: "${p.text}"`);
      return [
        ...(above.length > 0 ? ['The conversation so far, oldest first:', ...above, ''] : []),
        `@${to.author} wrote to you: "${to.text}"`,
        `Write your reply to @${to.author}.${to.instruction?.trim() ? ` ${to.instruction.trim()}` : ''}`,
      ].join('\n');
    }
    case 'generate': {
      const wording = POST_TYPE_WORDING[request.type ?? 'short post'];
      const what = count === 1 ? `one ${wording.one}` : `${count} ${wording.many}`;
      const brief = request.brief;
      if (brief?.kind === 'curated') {
        const says = brief.summary ? ` It says: "${brief.summary}"` : '';
        return `Write ${what} sharing this item from your sources, with a comment in your own voice: "${brief.headline}"${says}`;
      }
      if (brief?.kind === 'promotional') return `Write ${what}: a short, honest recommendation of ${brief.label}.`;
      if (brief?.strategy) {
        const how = [brief.strategy.prompt.trim(), brief.strategy.description.trim()].filter(Boolean).join(' ');
        return `Write ${what} for your strategy "${brief.strategy.name}"${how ? `: ${how}` : '.'}`;
      }
      return topic ? `Write ${what} about: ${topic}` : `Write ${what} on a subject this persona cares about.`;
    }
  }
}

/** Tokens enough for the answer: about 2 characters a token at worst, and room for the separators. */
function outputTokens(request: WritingRequest, count: number, limit: number): number {
  const perPost = Math.ceil(limit / 2);
  const posts = request.kind === 'generate' ? count * (request.type === 'thread' ? THREAD_PARTS.max : 1) : 1;
  return Math.min(8192, posts * perPost + 64);
}

/** The system prompt, the user prompt and the sampling settings for one writing request. */
export function buildPrompt(input: {
  persona: WritingPersona;
  request: WritingRequest;
  titles?: string[];
  /** The persona's best and recent posts (the server gathers them once per writing job). */
  examples?: VoiceExamples;
}): BuiltPrompt {
  const { persona, request } = input;
  const count = request.kind === 'generate' ? (request.count ?? DEFAULT_POST_COUNT) : 1;
  const rule = lengthRuleFor(persona, request);
  const limit = characterLimit(rule);
  const name = persona.name.trim();
  const bio = persona.bio.trim();
  const lines = [
    `You are ${name ? `${name}, ` : ''}a social media persona: ${withArticle(archetype(persona.traits))}.`,
    ...(bio ? [`Your bio: ${bio}`] : []),
    'Your voice, trait by trait (follow the amounts):',
    ...TRAIT_KEYS.map((trait) => `- ${describeTrait(trait, persona.traits[trait])}.`),
    `At most ${MAX_LINES} touch a post is a sentence of its own, the strongest trait's; every other touch is a word or a short phrase inside a sentence ("funnily enough", "frankly"), or a question to end on.`,
  ];
  const custom = persona.customPrompt.trim();
  if (!persona.useDefaultPrompt && custom) lines.push(`The user's instructions for this persona: ${custom}`);
  const strategies = strategyLines(persona.strategies);
  if (strategies.length > 0) lines.push('Content strategies, by share of posts:', ...strategies);
  const titles = (input.titles ?? [])
    .map((t) => t.trim())
    .filter(Boolean)
    .slice(0, MAX_TITLES_FOR_GENERATION);
  if (titles.length > 0) lines.push('Recent headlines from your sources, as ideas:', ...titles.map((t) => `- ${t}`));
  lines.push(...exampleLines(input.examples));
  if (request.kind === 'generate' && request.type !== 'thread') {
    lines.push(
      persona.options.threadGeneration
        ? `Threads: when a subject needs more room than one post, you may write it as a thread of ${THREAD_PARTS.min} to ${THREAD_PARTS.max} parts.`
        : 'Threads: no; each post stands alone.',
    );
  }
  const language = languageLine(persona.languages);
  if (language) lines.push(language);
  lines.push(hashtagRule(persona.options, request));
  lines.push(NO_INVENTION_RULE);
  lines.push(linkRule(persona.options));
  lines.push(
    `Length: each ${request.type === 'thread' ? 'part' : 'post'} at most ${limit} characters${platformWords(rule.platforms)}.`,
  );
  lines.push(answerFormat(request, count));
  return {
    system: lines.join('\n'),
    prompt: userPrompt(request, count),
    temperature: persona.options.modelTemperature,
    maxOutputTokens: outputTokens(request, count, limit),
    rule,
    count,
  };
}
