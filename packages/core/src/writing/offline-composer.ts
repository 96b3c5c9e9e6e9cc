/**
 * The offline composer: what writes when no AI provider is set up (decision 023). A post is a body
 * sentence about the subject, in the kind of post asked for, plus the voice's touches: each trait
 * adds as many of its touches as its value means (`traitDose`, the same meaning the model's prompt
 * states), so more humor never means fewer jokes. One touch is a sentence of its own, the strongest
 * trait's; the others are woven in as words, an opener or a closing question (decision 066).
 * Deterministic for a given `random`; every answer says it was written offline, so it never passes
 * for a model's writing.
 */
import type { Strategy } from '../personas/persona';
import { pickStrategy } from '../personas/sources';
import {
  MAX_LINES,
  MAX_TOUCHES,
  TRAIT_KEYS,
  type TraitKey,
  type Traits,
  traitDose,
  traitStrength,
} from '../personas/traits';
import type { PostType } from './api';
import { cutToFit, fitsPlatforms, type LengthRule, splitThread } from './limits';
import { emojiPools, type Mood, moodOf } from './mood';
import {
  CLAIMS,
  expand,
  FRAMES,
  framesFor,
  LEANS,
  type Lean,
  MARKS,
  SKEPTICAL_CLAIMS,
  TOUCH_BANK,
  UPBEAT_CLAIMS,
} from './phrases';
import { DEFAULT_POST_COUNT } from './post-process';
import {
  lengthRuleFor,
  type PostBrief,
  type SourceItem,
  THREAD_PARTS,
  type WritingPersona,
  type WritingRequest,
} from './prompt';
import { keyPhrases, themesIn, topicHashtags } from './topics';

export type ComposedPost = { content: string; parts: string[]; hashtags: string[] };
type Random = () => number;
type Kind = Exclude<PostType, 'thread'> | 'take';

const pick = <T>(list: readonly T[], roll: number): T => list[Math.floor(roll * list.length) % list.length] as T;

function shuffled<T>(list: readonly T[], random: Random): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** Every template names its subject after "about", where any noun phrase or "how…"/"why…" clause reads right. */
const fill = (template: string, subject: string) => template.replaceAll('{s}', subject);

// ---------------------------------------------------------------------------------------------
// Bodies: a frame naming the subject and a claim chosen by the topic's mood (phrases.ts).

/** The frames of each kind of post; every one names its subject after "about". */
export const BODIES: Record<Kind, readonly string[]> = FRAMES;

/** A body of a kind on a subject: a frame suited to the mood, its claim chosen by the same roll's rest. */
function bodyFor(kind: Kind, subject: string, mood: Mood, roll: number, traits: Traits): string {
  const frames = framesFor(kind, mood);
  // Spread a roll that may sit near 0 (a seeded generator's first draw) over the whole range.
  const scaled = ((((roll * 7919) % 1) + 1) % 1) * frames.length;
  const frame = frames[Math.floor(scaled) % frames.length] as string;
  const claims = claimsFor(mood, traits, (((roll * 104_729) % 1) + 1) % 1);
  const claim = claims[Math.floor((scaled % 1) * claims.length) % claims.length] as string;
  return fill(frame, subject).replace('{c}', claim);
}

/**
 * The claims a body may make: by the topic's mood, and on an ordinary topic by the persona's
 * optimism too (an optimist's takeaway is hopeful, a skeptic's cautious): in a share of posts that
 * grows from none at 45-55 to all at 15 and 85, by the post’s own die.
 */
function claimsFor(mood: Mood, traits: Traits, die: number): readonly string[] {
  const share = Math.min(1, Math.max(0, (Math.abs(traits.optimism - 50) - 5) / 30));
  if (mood !== 'neutral' || die >= share) return CLAIMS[mood];
  return traits.optimism > 50 ? UPBEAT_CLAIMS : SKEPTICAL_CLAIMS;
}

const THREAD = {
  intros: [
    'A few things I have learned about {s}:',
    'A short thread about {s}:',
    'Some notes about {s}, in a few posts:',
    'Everything I wish someone had told me about {s}:',
  ],
  points: [
    'Start smaller than feels useful. Momentum matters more than scope.',
    'Write down what works. Memory is a bad record keeper.',
    'Ask for feedback early, while changing course is still cheap.',
    'Expect a plateau. It is where the next skill is quietly forming.',
    'Share what you learn about {s}. Explaining is the fastest way to understand.',
    'Cut what does not help, even if it once did.',
    'Copy the basics from people who know a lot about {s}, then make them yours.',
  ],
  closers: [
    'That covers it. What would you add?',
    'Save this for the next time you need it.',
    'If this helped, pass it on to someone who needs it.',
  ],
};

/** A subject for a persona with nothing asked and no themes of its own: what its traits suggest. */
function traitSubjects(t: Traits): string[] {
  if (t.technicality > 70) return ['shipping software', 'debugging', 'code reviews', 'technical debt'];
  if (t.professionalism > 70) return ['building a career', 'leading a team', 'clear writing', 'good meetings'];
  if (t.humor > 70) return ['Mondays', 'meetings that could have been emails', 'my to-do list', 'coffee'];
  if (t.optimism > 70) return ['small wins', 'learning something new', 'starting over', 'good habits'];
  return ['getting things done', 'learning in public', 'good habits', 'focus'];
}

// ---------------------------------------------------------------------------------------------
// Reading a request.

/** The kind of post a free-text request asks for, if it says. */
export function typeFromPrompt(prompt: string): Kind | null {
  const p = prompt.toLowerCase();
  if (/^(?:ask|poll)\b/.test(p.trim())) return 'question';
  if (/\b(takes?|opinions?|controversial|unpopular|rant|bold|debat\w*)\b/.test(p)) return 'take';
  if (/\b(jokes?|funny|humou?r(ous)?|laugh|pun)\b/.test(p)) return 'joke';
  if (/\b(tips?|advice|how to|habits?|lessons?|hacks?|explain\w*)\b/.test(p)) return 'advice';
  if (/\b(ask|questions?|poll)\b/.test(p) || p.trim().endsWith('?')) return 'question';
  if (/\b(observ\w*|notice\w*)\b/.test(p)) return 'observation';
  return null;
}

const LEAD =
  /^(?:please\s+)?(?:write|share|give|post|tell|create|compose|draft|make|suggest|generate|offer|describe)(?:\s+(?:me|us))?\s+/i;
const ARTICLE = /^(?:a|an|the|one|some|your|my|two|three)\s+/i;
const ADJECTIVE =
  /^(?:short|quick|humorous|funny|sarcastic|serious|motivational|motivating|encouraging|controversial|thoughtful|bold|spicy|unpopular|witty|clever|practical|simple|good|great|daily|hot|dry|tongue-in-cheek|weekly|tiny|small)[,\s]+/i;
const TYPE_NOUN =
  /\s*\b(?:tips?|posts?|tweets?|takes?|thoughts?|jokes?|questions?|ideas?|opinions?|advice|story|stories|hacks?|observations?|habits?|guides?|tricks?|reviews?|pep talks?)$/i;
const TYPE_NOUN_FOR = /\s+\b(?:tips?|posts?|tweets?|ideas?|advice|hacks?|habits?|guides?|tricks?)\s+for\s+/i;
/** "…tip for getting through X": the part after "for" is the subject when it is an activity. */
const FOR_ACTIVITY = /\b(?:tips?|posts?|guides?|tricks?|advice|hacks?|talks?)\s+for\s+(?:anyone\s+)?(\w+ing\b.*)$/i;
/** Asides after the subject: "… and invite replies", "… and why it works". */
const TRAILER = /\s+and\s+(?:invite|ask|why|regret|share)\b.*$/i;
/** Words a subject does not start with: a request or a question was not taken apart. */
const NOT_A_SUBJECT =
  /^(?:ask|share|offer|describe|start|is|are|do|does|can|should|will|would|which|who|something|anything|stuff|whatever|content|posts?)\b/i;
/** A question's words, which a subject read from a whole request does not start with either. */
const QUESTION_START = /^(?:how|why|what|when|where|whether)\b/i;
const MAX_SUBJECT_WORDS = 12;

/** What a free-text request is about, as a phrase for the templates; null when it can't be told. */
export function subjectFromPrompt(prompt: string): string | null {
  const text = prompt
    .trim()
    .replace(/^start a debate:\s*/i, '')
    .replace(/[\s.!?:;,]+$/, '')
    .replace(TRAILER, '');
  const about =
    /\b(?:about|regarding|around|on the topic of)\s+(.+)$/i.exec(text)?.[1] ?? /\btake\s+on\s+(.+)$/i.exec(text)?.[1];
  const activity = FOR_ACTIVITY.exec(text)?.[1];
  let subject = about ?? activity ?? text;
  if (!about && !activity) {
    // "Write a short post on X" is a request: its lead, article and adjectives go. A topic typed as
    // is ("The future of remote work") keeps its article: every template says "about {s}".
    const request = LEAD.test(subject);
    subject = subject.replace(LEAD, '');
    for (let i = 0; i < 4; i++) subject = (request ? subject.replace(ARTICLE, '') : subject).replace(ADJECTIVE, '');
    subject = subject.replace(TYPE_NOUN, '').replace(TYPE_NOUN_FOR, ' on ').trim();
  }
  subject = subject.trim() || text;
  // A request written as a sentence starts with a capital the subject does not need ("Morning
  // routines" reads "morning routines" mid-sentence); a lone word may be a name ("Rust"), so it stays.
  const sentenceStart = !about && !activity && !LEAD.test(text) && /^[A-Z][a-z]*\s+[a-z]/.test(subject);
  if (sentenceStart) subject = `${subject[0]?.toLowerCase()}${subject.slice(1)}`;
  const words = subject.split(/\s+/).length;
  // "about how to stay focused" is a subject; a whole request that is a question is not.
  const question = !about && !LEAD.test(text) && QUESTION_START.test(subject);
  return words > MAX_SUBJECT_WORDS || /[?:]/.test(subject) || NOT_A_SUBJECT.test(subject) || question ? null : subject;
}

/**
 * The generator's topic as the user typed it, for "about {s}": its end punctuation goes, and a
 * leading article or question word reads mid-sentence ("The future of…" -> "the future of…");
 * every other capital is kept, as it may be a name ("Excel shortcuts", "Rust").
 */
function asTyped(topic: string): string {
  const text = topic.trim().replace(/[\s.!?:;,]+$/, '');
  return /^(?:The|A|An|My|Our|Your|Why|How|What|When|Where)\s/.test(text)
    ? `${text[0]?.toLowerCase()}${text.slice(1)}`
    : text;
}

// ---------------------------------------------------------------------------------------------
// The persona's own instructions (its custom prompt), as far as templates can follow them.

type Directives = {
  themes: string[];
  signOff: string;
  noEmoji: boolean;
  noHashtags: boolean;
  /** A sentiment score for a text (the server gives VADER's), read with the news words for the mood. */
  sentiment?: (text: string) => number;
  /** The headlines' items as kept (summary, link). */
  items: readonly SourceItem[];
};

function directivesOf(persona: WritingPersona): Directives {
  const custom = persona.useDefaultPrompt ? '' : persona.customPrompt;
  const signOff =
    /\b(?:sign\s+off|end(?:\s+(?:every|each|all))?(?:\s+posts?)?)\s+with\s+["“]?([^"”\n]{1,40}?)["”]?\s*(?:[.\n]|$)/i.exec(
      custom,
    )?.[1] ?? '';
  return {
    themes: [...themesIn(persona.bio), ...themesIn(custom.replace(/\b(?:sign\s+off|end)\b[^.\n]*/gi, ''))],
    signOff: signOff.trim(),
    noEmoji: /\b(?:no|never use|without|avoid)\s+(?:any\s+)?emojis?\b/i.test(custom),
    noHashtags: /\b(?:no|never use|without|avoid)\s+(?:any\s+)?hashtags?\b/i.test(custom),
    items: [],
  };
}

// ---------------------------------------------------------------------------------------------
// The voice: each trait's touches (phrases.ts), leans for the traits between two poles, emoji.

/** Where the touches go after the body, so a post reads in order: detail, claim, jokes, mood, then the question. */
const ASIDE_ORDER: Exclude<TraitKey, 'emoji'>[] = [
  'technicality',
  'controversial',
  'humor',
  'sarcasm',
  'tone',
  'professionalism',
  'optimism',
  'engagement',
];

type BetweenTrait = keyof typeof LEANS;
const BETWEEN: BetweenTrait[] = ['tone', 'professionalism', 'optimism', 'controversial'];

/** A trait's touches at a pole, for the mood (bad news swaps in its own where it has them). */
function polesOf(trait: Exclude<TraitKey, 'emoji'>, high: boolean, mood: Mood) {
  const bank = TOUCH_BANK[trait];
  if (!bank) return undefined;
  const bad = mood === 'bad' ? bank.bad?.[high ? 'high' : 'low'] : undefined;
  return bad ?? (high ? bank.high : bank.low);
}

/** A touch of the voice; `tie` is its trait's die, which decides between traits of equal strength. */
type Piece = { trait: Exclude<TraitKey, 'emoji'>; text: string; priority: number; tie: number };
/** A word of the voice woven into a sentence: a between trait's lean, or a `more` trait's mark. */
type Word = Lean & { trait: TraitKey; priority: number; tie: number };
type Voice = {
  kind: Kind | 'reply';
  opener: Piece | null;
  /** The post's one line of the voice (a thread's points take more). */
  asides: Piece[];
  /** Engagement beyond the line: a short question to end on, an invitation after it. */
  closers: Piece[];
  emoji: string[];
  contract: boolean;
  /** Words of the voice: the between traits' leans and the `more` traits' marks, strongest first. */
  words: Word[];
  /** Where the emoji go: a roll. */
  emojiRoll: number;
};

/** Touches that do not suit a kind of post: a joke is not put to a vote. */
function fitsKind(touch: string, kind: Kind | 'reply'): boolean {
  return !(kind === 'joke' && /agree or disagree/i.test(touch));
}

/**
 * The dice one post's voice uses, drawn all at once in a fixed order, so the same dice at another
 * slider value give the same choices and only the amounts move (the composer's monotony).
 */
function voiceDice(random: Random) {
  const dose = Object.fromEntries(TRAIT_KEYS.map((k) => [k, random()])) as Record<TraitKey, number>;
  const offset = Object.fromEntries(TRAIT_KEYS.map((k) => [k, random()])) as Record<TraitKey, number>;
  const lean = Object.fromEntries(BETWEEN.map((k) => [k, random()])) as Record<BetweenTrait, number>;
  return {
    dose,
    offset,
    lean,
    opener: random(),
    emoji: random(),
    place: random(),
    wording: random(),
  };
}
type VoiceDice = ReturnType<typeof voiceDice>;

/** How far from 50 a between trait must be for its lean to show every time. */
const LEAN_SPAN = 20;

/**
 * The lean of a trait between two poles: -1, 0 or +1, shown with probability |value - 50| / 20 (so
 * 35 and 65 lean three times in four, 10 and 90 always); with the same die a higher value never
 * leans lower.
 */
function leanOf(value: number, die: number): -1 | 0 | 1 {
  const distance = value - 50;
  if (distance === 0 || die >= Math.abs(distance) / LEAN_SPAN) return 0;
  return distance > 0 ? 1 : -1;
}

/** Nouns that read without an article ("remote work", "coffee", plurals and gerunds). */
const MASS =
  /(?:s|ing|work|tech|money|health|care|food|coffee|tea|data|software|code|news|music|art|design|finance|research|fitness|sleep|travel|weather|energy|policy|security|privacy|ai|advice|debt|culture|science|media|education|writing|burnout|growth)$/i;

/**
 * The subject as a noun phrase for the touches ({h}): as typed when it is a short noun phrase (a
 * singular common noun gets "the": "the rail strike"), else "this".
 */
export function handleOf(subject: string): string {
  const s = subject.trim();
  const words = s.split(/\s+/);
  if (words.length > 4 || /^(?:how|why|what|when|where|whether|who|which|is|are|do|does|can|should)\b/i.test(s))
    return 'this';
  const verb =
    /\b(?:is|are|was|were|will|has|have|had|going|rising|coming|falling|getting|raises?|cuts?|hits?|wins?|loses?|launch(?:es)?|announces?|takes?|makes?)\b/i;
  if (verb.test(s) || /[?:;,]/.test(s)) return 'this';
  if (/^(?:the|a|an|my|our|your|their|this|these)\b/i.test(s)) return s;
  const last = words.at(-1) ?? '';
  const name = /^[A-Z]/.test(last) || /[A-Z]/.test(last.slice(1));
  const gerund = /ing$/i.test(words[0] ?? '');
  return words.length >= 2 && !name && !gerund && !MASS.test(last) ? `the ${s}` : s;
}

/** Nouns ending in s that are singular ("news", "politics", "the bus"). */
const SINGULAR_S = /(?:ss|us|is|news|ics|ways|series|species|this)$/i;

/** Whether a subject reads as plural ("layoffs", "interest rates"; not "Kubernetes", "the news"). */
function isPlural(subject: string): boolean {
  const last = subject.trim().split(/\s+/).at(-1) ?? '';
  return /^[a-z]/.test(last) && /s$/.test(last) && !SINGULAR_S.test(last);
}

const PLURAL_VERBS: Record<string, string> = { is: 'are', has: 'have', was: 'were', looks: 'look', gets: 'get' };

/**
 * A touch's verbs agreeing with a plural subject, where the subject is the verb's own ("How are
 * layoffs affecting you", "layoffs have you worried"), never after a preposition ("the take on
 * layoffs is").
 */
function pluralVerbs(template: string): string {
  return template
    .replace(/\b(How|Why|Where|What) is \{h\}/g, '$1 are {h}')
    .replace(
      /(?<!\b(?:on|of|about|with|in|for|to|from|around) )\{(h|H)\} (is|has|was|looks|gets)\b/g,
      (_, h: string, verb: string) => `{${h}} ${PLURAL_VERBS[verb] ?? verb}`,
    );
}

/**
 * A shorter name of the subject for a post's touches: its main key phrase ("the rail strike" for
 * "the rail strike on Monday"), so a post does not say its whole topic three times; "this" for a
 * subject that is a clause.
 */
function aliasOf(subject: string, handle: string): string {
  if (handle === 'this') return 'this';
  const main = keyPhrases(subject).sort((a, b) => b.split(' ').length - a.split(' ').length)[0];
  if (!main || !subject.includes(main)) return handle;
  // Named with an article as typed, named again with "the": "a community garden opening", then
  // "the community garden opening".
  const article = /^(?:a|an|the)\s+(.+)$/i.exec(subject.trim())?.[1];
  if (article?.startsWith(main) && !/^[A-Z]/.test(main)) return `the ${main}`;
  return handleOf(main);
}

/**
 * The touches of one post: `floor(dose + u)` of each trait (the dose's expected value), the
 * strongest trait's first touch as the opener when it has one and the body allows it. The first
 * touch names the subject ({h}); the later ones say "this", so a post does not repeat its topic.
 */
function voiceOf(
  t: Traits,
  dice: VoiceDice,
  options: {
    kind: Kind | 'reply';
    allowOpener: boolean;
    noEmoji: boolean;
    maxTouches?: number;
    mood?: Mood;
    subject?: string;
  },
): Voice {
  const mood = options.mood ?? 'neutral';
  const budget = options.maxTouches ?? MAX_LINES;
  const pieces: Piece[] = [];
  for (const trait of ASIDE_ORDER) {
    const n = Math.floor(traitDose(trait, t[trait]) + dice.dose[trait]);
    if (n === 0) continue;
    const touches = polesOf(trait, n > 0, mood);
    if (!touches) continue;
    // A question or a reply does not get another question on top; a reply takes only warm or
    // upbeat touches (a thank-you with a joke attached reads wrong); a joke only jokes.
    if (trait === 'engagement' && (options.kind === 'question' || options.kind === 'reply')) continue;
    if (options.kind === 'reply' && !((trait === 'tone' && n < 0) || (trait === 'optimism' && n > 0))) continue;
    if (options.kind === 'joke' && trait !== 'humor' && trait !== 'sarcasm') continue;
    const pool = touches.asides.filter((a) => fitsKind(a, options.kind));
    if (pool.length === 0) continue;
    // Engagement starts on a question (its even places), so its second touch is an invitation.
    const step = trait === 'engagement' ? 2 : 1;
    const start = Math.floor(dice.offset[trait] * Math.ceil(pool.length / step)) * step;
    for (let i = 0; i < Math.abs(n); i++) {
      const template = pool[(start + i) % pool.length] as string;
      // The wording's roll differs by trait and touch, so two touches never share their choices.
      const roll = (dice.wording + dice.offset[trait] * 7.31 + i * 0.37) % 1;
      const tie = (dice.offset[trait] * 9.73) % 1;
      pieces.push({ trait, text: expand(template, roll), priority: traitStrength(trait, t[trait]), tie });
    }
  }
  // The strongest traits' touches, up to the budget. Between traits of equal strength the die
  // decides, not the reading order, which would always leave out the last (engagement).
  const kept = [...pieces].sort((a, b) => b.priority - a.priority || b.tie - a.tie).slice(0, budget);
  const beyond = pieces.filter((p) => !kept.includes(p));
  pieces.splice(0, pieces.length, ...pieces.filter((p) => kept.includes(p)));
  // The line's trait opens the post with its next touch ("Confession:"); a joke opens like a joke,
  // with its line, or not at all (nothing may follow its punchline).
  let opener: Piece | null = null;
  const openerOf = (piece: Piece) => {
    const openers = polesOf(piece.trait, traitDose(piece.trait, t[piece.trait]) > 0, mood)?.openers ?? [];
    return openers.length > 0 ? { ...piece, text: pick(openers, dice.offset[piece.trait]) } : null;
  };
  const line = kept[0];
  if (options.allowOpener && line && options.kind === 'joke') {
    if (dice.opener < 0.5 && (line.trait === 'humor' || line.trait === 'sarcasm')) {
      opener = openerOf(line);
      if (opener) pieces.splice(pieces.indexOf(line), 1);
    }
  } else if (options.allowOpener && line) {
    const next = beyond.find((p) => p.trait === line.trait);
    opener = next ? openerOf(next) : null;
    if (opener && next) beyond.splice(beyond.indexOf(next), 1);
  }
  // Touches beyond the line are words woven into other sentences (decision 066), two a trait at
  // most; engagement's own question and invitation end the post first.
  const marks: Word[] = [];
  const closers: Piece[] = [];
  const woven = options.kind !== 'joke' && options.kind !== 'reply';
  for (const trait of ASIDE_ORDER) {
    const lost = beyond.filter((p) => p.trait === trait);
    const first = lost[0];
    const between = (BETWEEN as TraitKey[]).includes(trait);
    // A between trait also leans when its dice give it no touch (35 and 65 three times in four).
    const lean = between ? leanOf(t[trait], dice.lean[trait as BetweenTrait]) : 0;
    const high = first ? traitDose(trait, t[trait]) > 0 : lean > 0;
    const lined = kept.some((p) => p.trait === trait);
    const count = Math.min(2, lost.length + (lean !== 0 && !lined && lost.length === 0 ? 1 : 0));
    if (count === 0 || !woven) continue;
    const priority = traitStrength(trait, t[trait]);
    const tie = (dice.offset[trait] * 9.73) % 1;
    // Its question ends the post, then its invitation (only that when the line already asks); beyond
    // them engagement asks inside a sentence (", or tell me otherwise").
    const ending = trait === 'engagement' ? lost.slice(0, lined ? 1 : 2) : [];
    closers.push(...ending);
    const wanted = trait === 'engagement' ? lost.length - ending.length : count;
    if (wanted === 0) continue;
    // Bad news is not met with "Happily" nor "funnily enough".
    if (trait === 'optimism' && high && mood === 'bad') continue;
    const bank: readonly Lean[] = between
      ? LEANS[trait as BetweenTrait][high ? 'high' : 'low']
      : ((mood === 'bad' ? MARKS[trait as keyof typeof MARKS].bad : undefined) ??
        MARKS[trait as keyof typeof MARKS].normal);
    for (let i = 0; i < Math.min(wanted, 2, bank.length); i++) {
      const word = bank[(Math.floor(dice.offset[trait] * bank.length) + i) % bank.length] as Lean;
      marks.push({ ...word, trait, priority, tie });
    }
  }
  // Nothing after a punchline: a joke's touches only open it.
  const asides = options.kind === 'joke' ? [] : pieces;
  const handle = handleOf(options.subject ?? 'this');
  const alias = aliasOf(options.subject ?? 'this', handle);
  const named = (p: Piece, i: number) => {
    // The body names the whole subject; the touches its shorter name, so the post stays short.
    const h = i === 0 && alias === 'this' ? handle : alias;
    // "coming for it this year", not "for this this year".
    const text = (isPlural(h) ? pluralVerbs(p.text) : p.text).replace(/\{h\}(?= this\b)/g, h === 'this' ? 'it' : '{h}');
    return { ...p, text: text.replaceAll('{H}', `${h[0]?.toUpperCase()}${h.slice(1)}`).replaceAll('{h}', h) };
  };
  const ordered = ASIDE_ORDER.flatMap((k) => asides.filter((p) => p.trait === k)).map(named);
  const ends = closers.map((p, i) => named(p, ordered.length + i));
  const emojiCount = options.noEmoji ? 0 : Math.floor(traitDose('emoji', t.emoji) + dice.dose.emoji);
  // Each emoji is the marked trait's for its share (the same dice at a higher value never fewer).
  const pools = emojiPools(mood, t);
  const emoji = Array.from({ length: emojiCount }, (_, i) => {
    const own = (dice.emoji * 7.31 + i * 0.618034) % 1 < pools.share;
    const pool = own ? pools.own : pools.plain;
    return pool[(Math.floor(dice.emoji * pool.length) + i) % pool.length] as string;
  });
  const contract = Math.floor(traitDose('professionalism', t.professionalism) + dice.dose.professionalism) < 0;
  const words = marks.sort((a, b) => b.priority - a.priority || b.tie - a.tie);
  return {
    kind: options.kind,
    opener,
    asides: ordered,
    closers: ends,
    emoji,
    contract,
    words,
    emojiRoll: dice.place,
  };
}

/** A word's last three words, lower case ("as I learned the hard way" -> "the hard way"). */
const lastWords = (phrase: string) =>
  phrase
    .toLowerCase()
    .replace(/^[\s,]+|[\s,]+$/g, '')
    .split(' ')
    .slice(-3)
    .join(' ');

/** Sentence starts a lean word reads well before ("Frankly, the…", "Perhaps most…", "Honestly, we…"). */
const LEANABLE =
  /^(?:the|it|there|most|small|good|a|an|everyone|people|nobody|that|this|those|these|patience|progress|doing|starting|writing|plain|consistency|precise|we|your|what)\b/i;

/** A statement with a lean word in front ("Frankly, the…"), or after its label's colon; null when it would not read. */
function leaned(sentence: string, lean: string): string | null {
  if (/,$/.test(lean) && /^(?:Friends|Gently|Bluntly),$/.test(lean) && sentence.includes(': ')) return null;
  if (sentence.endsWith('?') || sentence.startsWith('“')) return null;
  const lower = (text: string) =>
    /^[A-Z]{2}|^[A-Z]\w*[A-Z]/.test(text) ? text : `${text[0]?.toLowerCase()}${text.slice(1)}`;
  const colon = sentence.indexOf(': ');
  const [head, rest] =
    colon > 0 && colon < 90 ? [sentence.slice(0, colon + 2), sentence.slice(colon + 2)] : ['', sentence];
  if (!LEANABLE.test(rest) || /^I\b/.test(rest)) return null;
  return head ? `${head}${lower(lean)} ${lower(rest)}` : `${lean} ${lower(rest)}`;
}

/** A sentence of a post being written: the body's own (trait null), a line of the voice, or a closer. */
type Said = { text: string; trait: TraitKey | null; closer: boolean };

/**
 * The post's sentences with the voice's words woven in (decision 066), the strongest first, each
 * where it reads best. A lean ("friends", "Frankly,") goes on another trait's line first, then the
 * body; a `more` trait's word ("as I learned the hard way") in the body's claim (its last sentence),
 * else opening another trait's line, else (no room left) ending one. A sentence takes one word in
 * front and one at its end; a word never lands on its own trait's line or next to another of its
 * own (where it would show nothing more), on a closing question or invitation (they stay short),
 * before `from` (the item's own words), in front of an opened post, or where the post already says it.
 */
function weave(split: readonly Said[], words: readonly Word[], at: { from: number; opener: boolean }): string[] {
  const sentences = split.map((p) => p.text);
  const body = split.flatMap((p, i) => (p.trait === null && i >= at.from ? [i] : []));
  const lines = split.flatMap((p, i) => (p.trait !== null && !p.closer && i >= at.from ? [i] : []));
  const claim = body.at(-1);
  type Spot = ['lead' | 'tail', number];
  const spots = (word: Word): Spot[] =>
    (BETWEEN as TraitKey[]).includes(word.trait)
      ? [
          ...lines.map((i): Spot => ['tail', i]),
          ...lines.map((i): Spot => ['lead', i]),
          ...body.map((i): Spot => ['lead', i]),
          ...body.map((i): Spot => ['tail', i]),
        ]
      : [
          ...(claim === undefined ? [] : [['lead', claim] as Spot, ['tail', claim] as Spot]),
          ...lines.map((i): Spot => ['lead', i]),
          ...lines.map((i): Spot => ['tail', i]),
        ];
  const used = new Set<string>();
  const closed = (i: number, trait: TraitKey) =>
    split[i]?.trait === trait || split[i]?.closer === true || used.has(`${trait}:${i}`);
  const leadTaken = new Set<number>();
  const tailTaken = new Set<number>();
  const saysAlready = (phrase: string) => sentences.join(' ').toLowerCase().includes(lastWords(phrase));
  for (const word of words) {
    for (const [where, i] of spots(word)) {
      if (saysAlready(where === 'lead' ? word.lead : word.tail) || closed(i, word.trait)) continue;
      const sentence = sentences[i] as string;
      let next: string | null = null;
      if (where === 'lead' && word.lead && !leadTaken.has(i) && !(i === 0 && at.opener))
        next = leaned(sentence, word.lead);
      if (where === 'tail' && word.tail && !tailTaken.has(i) && /[a-z)]\.$/.test(sentence))
        next = `${sentence.slice(0, -1)}${word.tail}.`;
      if (!next) continue;
      sentences[i] = next;
      (where === 'lead' ? leadTaken : tailTaken).add(i);
      used.add(`${word.trait}:${i}`);
      break;
    }
  }
  return sentences;
}

/**
 * Emoji where a person puts them: after a statement, spread over the post (at most two together),
 * never right after a question; a post of questions only takes them in front.
 */
function placeEmoji(sentences: string[], emoji: string[], roll: number, from = 0): string[] {
  if (emoji.length === 0) return sentences;
  const spots = sentences
    .map((s, i) => ({ s, i }))
    .filter(({ s, i }) => i >= from && !s.trim().endsWith('?'))
    .map(({ i }) => i);
  const out = [...sentences];
  if (spots.length === 0) {
    // Only the item's own words or questions: after the last statement, else in front.
    const last = out.length - 1;
    if (from > 0 && !out[last]?.trim().endsWith('?')) out[last] = `${out[last]} ${emoji.slice(0, 2).join('')}`;
    else out[0] = `${emoji.slice(0, 2).join('')} ${out[0]}`;
    return out;
  }
  // The first group goes after a statement chosen by the roll, the rest after the next ones.
  const first = Math.floor(roll * spots.length);
  let k = 0;
  for (let n = 0; n < spots.length && k < emoji.length; n++) {
    const i = spots[(first + n) % spots.length] as number;
    const take = emoji.length - k > spots.length - n ? 2 : 1;
    out[i] = `${out[i]} ${emoji.slice(k, k + take).join('')}`;
    k += take;
  }
  // More emoji than two a statement: the rest open the post.
  if (k < emoji.length && from === 0) out[0] = `${emoji.slice(k, k + 2).join('')} ${out[0]}`;
  return out;
}

const CONTRACTIONS: [RegExp, string][] = [
  [/\bI am\b/g, 'I’m'],
  [/\bI will\b/g, 'I’ll'],
  [/\b([Ii])t is\b/g, '$1t’s'],
  [/\b([Tt])hat is\b/g, '$1hat’s'],
  [/\b([Tt])here is\b/g, '$1here’s'],
  [/\b([Ww])hat is\b/g, '$1hat’s'],
  [/\b([Yy])ou are\b(?!\s*[.?!,])/g, '$1ou’re'],
  [/\b([Ww])e are\b(?!\s*[.?!,])/g, '$1e’re'],
  [/\b([Dd])o not\b/g, '$1on’t'],
  [/\b([Dd])oes not\b/g, '$1oesn’t'],
  [/\b([Ii])s not\b/g, '$1sn’t'],
  [/\b([Ww])ill not\b/g, '$1on’t'],
  [/\b([Cc])annot\b/g, '$1an’t'],
  [/\b([Ll])et us\b/g, '$1et’s'],
];

/** A casual voice's contractions ("it is" -> "it’s"). */
const contracted = (text: string) => CONTRACTIONS.reduce((s, [from, to]) => s.replace(from, to), text);

type Tags = { required: string[]; optional: string[] };

/**
 * The richest version of a post that fits the platforms: own hashtags go first, then the touches
 * of the traits nearest neutral, one at a time; the body is cut only when nothing else is left.
 */
function fit(body: string, v: Voice, tags: Tags, rule: LengthRule, signOff = '', link = '', quoted = 0): ComposedPost {
  const fits = (text: string) => fitsPlatforms(text, rule.platforms, rule.maxLength);
  const render = (
    opener: Piece | null,
    asides: Piece[],
    closers: Piece[],
    words: Word[],
    emoji: string[],
    optional: boolean,
  ) => {
    // After an opener the body reads on ("Confession: been thinking…"), but "I" and names keep their capital.
    // After an opener, a body's own colon is a dash ("Technical note: one lesson about Rust — the…").
    // Only in its first sentence: "Read up about X this morning. Takeaway: …" keeps its colon.
    const dashed = opener ? body.replace(/^([^.!?]*?): (?=[a-z])/, '$1 — ') : body;
    const lead =
      opener && /^[A-Z](?:[a-z]|\s)/.test(dashed) && !/^I\b/.test(dashed)
        ? `${dashed[0]?.toLowerCase()}${dashed.slice(1)}`
        : dashed;
    // A question goes last, so the post ends on what it asks.
    const main: Said = { text: lead, trait: null, closer: false };
    const touches = asides.map((p): Said => ({ text: p.text, trait: p.trait, closer: false }));
    const ends = closers.map((p): Said => ({ text: p.text, trait: p.trait, closer: true }));
    const parts = v.kind === 'question' ? [...touches, main, ...ends] : [main, ...touches, ...ends];
    const split = parts.flatMap((p) =>
      p.text.split(/(?<=[.!?…])\s+(?=[A-Z“])/).map((text) => ({ text, trait: p.trait, closer: p.closer })),
    );
    const own = Math.max(quoted, 0);
    const sentences = weave(split, words, { from: own, opener: opener !== null });
    const placed = placeEmoji(sentences, emoji, v.emojiRoll, own);
    const said = [opener?.text, ...placed].filter(Boolean).join(' ');
    const text = [v.contract ? contracted(said) : said, signOff, link].filter(Boolean).join(' ');
    return [text, [...tags.required, ...(optional ? tags.optional : [])].join(' ')].filter(Boolean).join(' ');
  };
  let opener = v.opener;
  const asides = [...v.asides];
  const closers = [...v.closers];
  const words = [...v.words];
  let emoji = [...v.emoji];
  let content = render(opener, asides, closers, words, emoji, true);
  if (!fits(content)) content = render(opener, asides, closers, words, emoji, false);
  while (!fits(content)) {
    // The touch nearest neutral goes first, sentence or word; of equals, the one the die puts last.
    const weakest = [...(opener ? [opener] : []), ...asides, ...closers, ...words].reduce<Piece | Word | undefined>(
      (weak, p) =>
        !weak || p.priority < weak.priority || (p.priority === weak.priority && p.tie <= weak.tie) ? p : weak,
      undefined,
    );
    if (weakest) {
      if (weakest === opener) opener = null;
      for (const list of [asides, closers, words] as (Piece | Word)[][])
        if (list.includes(weakest)) list.splice(list.indexOf(weakest), 1);
    } else if (emoji.length > 0) emoji = emoji.slice(1);
    else break;
    content = render(opener, asides, closers, words, emoji, false);
  }
  if (!fits(content)) content = cutToFit(content, rule.platforms, rule.maxLength);
  const own = [...tags.required, ...tags.optional];
  return { content, parts: [content], hashtags: own.filter((t) => content.includes(t)) };
}

function tagsFor(subject: string, persona: WritingPersona, request: WritingRequest, d: Directives): Tags {
  const requested = request.hashtags ?? [];
  if (requested.length > 0) return { required: [...requested], optional: [] };
  const on = persona.options.includeHashtags && !d.noHashtags && request.kind !== 'reply';
  return { required: [], optional: on ? topicHashtags(subject, d.themes) : [] };
}

function composeThread(
  subject: string,
  persona: WritingPersona,
  tags: Tags,
  rule: LengthRule,
  random: Random,
  d: Directives,
): ComposedPost {
  const t = persona.traits;
  const points = shuffled(THREAD.points, random).slice(0, THREAD_PARTS.max - 2 - (random() < 0.5 ? 1 : 0));
  const intro = fill(pick(THREAD.intros, random()), subject);
  const closer = fill(pick(THREAD.closers, random()), subject);
  // A thread's points take a line of the voice each.
  const v = voiceOf(t, voiceDice(random), {
    kind: 'short post',
    allowOpener: false,
    noEmoji: d.noEmoji,
    maxTouches: MAX_TOUCHES,
  });
  // The voice's touches spread over the points, one each; the emoji mark the opening post.
  // The closer asks the audience; the points carry the other touches.
  const touches = v.asides.filter((a) => a.trait !== 'engagement');
  const pointParts = points.map((p, i) => {
    const touch = touches[i]?.text;
    const text = [fill(p, subject), touch].filter(Boolean).join(' ');
    return v.contract ? contracted(text) : text;
  });
  const first = [v.contract ? contracted(intro) : intro, v.emoji.join('')].filter(Boolean).join(' ');
  const tagText = [...tags.required, ...tags.optional].join(' ');
  const ending = [closer, d.signOff].filter(Boolean).join(' ');
  const last =
    tagText && fitsPlatforms(`${ending} ${tagText}`, rule.platforms, rule.maxLength) ? `${ending} ${tagText}` : ending;
  const parts = [first, ...pointParts, last].flatMap((p) => splitThread(p, rule.platforms, rule.maxLength));
  return {
    content: parts.join('\n\n'),
    parts,
    hashtags: tagText && last !== ending ? [...tags.required, ...tags.optional] : [],
  };
}

// ---------------------------------------------------------------------------------------------
// Posts on a headline (a strategy's post from the persona's sources) and briefs from automation.

/** The longest sentence of an item's own text a post can quote: its first, cut at a word when long. */
export function keySentence(summary: string | null | undefined, max = 150): string | null {
  const text = summary?.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  const first = text.split(/(?<=[.!?…])\s+(?=[“"‘(]?[A-Z0-9])/)[0] ?? text;
  if (first.length <= max) return /[.!?…]$/.test(first) ? first : `${first}.`;
  return `${first.slice(0, max - 1).replace(/[\s,;:]+\S*$/, '')}…`;
}

/** A comment in the persona's words on an item, by its strategy and the headline's mood. */
function commentOn(strategyId: string | undefined, handle: string, mood: Mood, roll: number): string {
  const claim = pick(CLAIMS[mood], (roll * 7.7) % 1);
  const h = handle === 'this' ? 'this' : handle;
  switch (strategyId) {
    case 'discussion-starters':
      return expand(
        mood === 'bad'
          ? '[How does this affect you?|What would help most here?|Who is hit hardest, from where you sit?|What should happen next?]'
          : '[Would this change how you work?|What is your take?|Who is this for, in your view?|Would you use it?|What did they miss?]',
        roll,
      );
    case 'hot-takes':
      return expand(
        mood === 'bad'
          ? `[My take|Where I land|The part everyone skips]: ${claim}.`
          : '[My take: it matters more than it looks.|The headline undersells it.|Bigger deal than the headline says.|This changes more than people think.]',
        roll,
      );
    case 'educational-breakdown':
      return expand(`[Why it matters|The one idea to take away|In plain words]: ${claim}.`, roll);
    default:
      return expand(
        `[My read|What I take from it|The part worth keeping|My two lines on ${h}|Where I land]: ${claim}.`,
        roll,
      );
  }
}

/**
 * A post on an item from the persona's sources, from the item itself (decision 038): its headline,
 * a key sentence of its text when it has one, a comment in the persona's words, and its link. The
 * variants go from the fullest to the shortest, so the first that fits the platforms is used.
 */
function curatedBodies(
  item: SourceItem,
  strategyId: string | undefined,
  mood: Mood,
  die: number,
): { kind: Kind; bodies: string[]; comment: string } {
  const title = cleanHeadline(item.title);
  const handle = handleOf(title);
  const roll = (((die * 7919) % 1) + 1) % 1;
  const comment = commentOn(strategyId, handle, mood, roll);
  const kind: Kind =
    strategyId === 'discussion-starters' ? 'question' : strategyId === 'hot-takes' ? 'take' : 'short post';
  const lead = expand(
    '[Worth reading: |Reading this today: |On my reading list: |From my feed: |Saved for later: |]',
    (roll * 3.3) % 1,
  );
  const headline = `${lead}${lead ? title : `“${title}”`}.`.replace(/([.!?…])\.$/, '$1');
  const quote = (key: string) =>
    expand('[The key line: “{k}”|In short: {k}|“{k}”|From the piece: “{k}”|The gist: {k}]', (roll * 5.1) % 1).replace(
      '{k}',
      key,
    );
  const keys = [150, 110, 70].map((max) => keySentence(item.summary, max)).filter((k): k is string => k !== null);
  // A comment in the persona's words matters more than the key sentence's last words.
  const [full] = keys;
  const bodies = [
    ...keys.map((key) => `${headline} ${quote(key)} ${comment}`),
    ...(full ? [`${headline} ${quote(full)}`] : []),
    `${headline} ${comment}`,
    headline,
  ];
  return { kind, bodies, comment };
}

const cleanHeadline = (headline: string) => headline.trim().replace(/[\s.!?:;,]+$/, '');

/** The kind of post a strategy writes: its own id's, else what its instruction asks for. */
function kindOfStrategy(strategy: Pick<Strategy, 'id' | 'name' | 'description' | 'prompt'>): Kind {
  const byId: Record<string, Kind> = {
    'discussion-starters': 'question',
    'hot-takes': 'take',
    'educational-breakdown': 'advice',
    commentary: 'short post',
  };
  return (
    byId[strategy.id] ?? typeFromPrompt(`${strategy.prompt} ${strategy.description} ${strategy.name}`) ?? 'short post'
  );
}

const PROMOTION = [
  'If you have been looking at {s}, it is worth a look. Honest recommendation.',
  'Something I recommend without a second thought: {s}.',
  'A tool I keep coming back to: {s}.',
];

// ---------------------------------------------------------------------------------------------
// Replies: a short answer in the voice, its move taken from the template's instruction.

type ReplyMove = 'thank' | 'answer' | 'agree' | 'encourage' | 'concede' | 'ask' | 'acknowledge';

const REPLY_BODIES: Record<ReplyMove, string[]> = {
  thank: [
    'Thank you, that means a lot.',
    'Really glad this landed with you, thanks for saying so.',
    'Thanks for taking the time to write this.',
  ],
  answer: [
    'Good question. Short answer about {s}: start small, then build on what works.',
    'Honest answer about {s}: the basics done every day beat any clever trick.',
    'Good one. I would take everything about {s} one step at a time and write down what changes.',
  ],
  agree: [
    'Exactly this. With anything about {s}, the small details are where it is won.',
    'Agreed, and I would add: everything about {s} gets easier once you stop doing it alone.',
    'Yes. The part people skip about {s} is the follow-through.',
  ],
  encourage: [
    'You are closer than it feels. Pick the smallest next step and do just that today.',
    'Everyone hits this at some point. Take one small step today, and the next one gets easier.',
    'Keep going. Write down one thing that worked this week and do more of it.',
  ],
  concede: [
    'Fair point, and thanks for pushing back. I will take another look.',
    'That is fair criticism. Thanks for saying it plainly.',
    'Good challenge. I may have overstated it.',
  ],
  ask: [
    'Interesting. What got you thinking about {s}?',
    'Curious: what would you change first about {s}?',
    'Good point. Where have you seen the ideas about {s} work best?',
  ],
  acknowledge: [
    'Thanks for bringing me into this. It deserves more attention.',
    'Appreciate the mention. This is worth talking about.',
    'Thanks for including me. Happy to talk about {s} any time.',
  ],
};

function replyMove(
  instruction: string,
  text: string,
  sentiment: 'positive' | 'negative' | 'critical' | 'neutral',
): ReplyMove {
  const i = instruction.toLowerCase();
  if (/\bthank/.test(i)) return 'thank';
  if (/\banswer\b/.test(i)) return 'answer';
  if (/\bagree/.test(i)) return 'agree';
  if (/\bencourag/.test(i)) return 'encourage';
  if (/\b(?:ask|question)\b/.test(i)) return 'ask';
  if (text.includes('?')) return 'answer';
  if (sentiment === 'positive') return 'thank';
  if (sentiment === 'critical') return 'concede';
  if (sentiment === 'negative') return 'encourage';
  return 'acknowledge';
}

/** A reply written offline: one short post in the voice (one touch at most), no hashtags, within the platform's limit. */
function composeReply(
  persona: WritingPersona,
  request: WritingRequest,
  random: Random,
  d: Directives,
  avoid: readonly string[],
): ComposedPost {
  const to = request.replyTo;
  const rule = lengthRuleFor(persona, request);
  const said = (to?.text ?? '')
    .replace(/(^|\s)@[\w.-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const subject = subjectFromPrompt(said) ?? 'this';
  const positive = /\b(?:thanks?|thank you|love|great|brilliant|helpful|awesome)\b/i.test(said);
  // Criticism of the post is conceded; a person struggling is encouraged.
  const critical = /\b(?:wrong|disagree|misleading|not true|nonsense|bad take|incorrect)\b/i.test(said);
  const negative = /\b(?:stuck|struggl\w*|hard|hate|awful|frustrat\w*)\b/i.test(said);
  const mood = critical ? 'critical' : positive ? 'positive' : negative ? 'negative' : 'neutral';
  const move = replyMove(to?.instruction ?? '', said, mood);
  // Not the body of a reply already written in this batch, whatever it was about (words only: a
  // touch may have put an emoji between its sentences).
  const words = (text: string) =>
    text
      .replace(/[^\p{L}\p{N}{}\s]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const used = (template: string) => {
    const shape = new RegExp(words(template).replaceAll('{s}', '.+?'));
    return avoid.some((text) => shape.test(words(text)));
  };
  const fresh = REPLY_BODIES[move].filter((template) => !used(template));
  const body = fill(pick(fresh.length > 0 ? fresh : REPLY_BODIES[move], random()), subject);
  const v = voiceOf(persona.traits, voiceDice(random), {
    kind: 'reply',
    allowOpener: false,
    noEmoji: d.noEmoji,
    maxTouches: 1,
  });
  return fit(body, v, { required: [], optional: [] }, rule);
}

/**
 * `count` posts, none the same as another: a post equal to one already written is written again
 * (a few tries, then kept, so a request always gets its count).
 */
function distinct(count: number, write: (index: number, attempt: number) => ComposedPost): ComposedPost[] {
  const posts: ComposedPost[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    let post = write(i, 0);
    for (let attempt = 1; seen.has(post.content) && attempt < 12; attempt++) post = write(i, attempt);
    seen.add(post.content);
    posts.push(post);
  }
  return posts;
}

/** Subjects for a persona with nothing asked: its themes (bio, custom prompt), else its traits'. */
function ownSubjects(persona: WritingPersona, d: Directives, random: Random): string[] {
  return shuffled(d.themes.length > 0 ? d.themes : traitSubjects(persona.traits), random);
}

/** One post of a kind on a subject, in the voice, its mood read from the subject (or given). */
function composePost(
  kind: Kind,
  body: string,
  subject: string,
  persona: WritingPersona,
  request: WritingRequest,
  random: Random,
  d: Directives,
  extra: { mood?: Mood; link?: string; maxTouches?: number; quoted?: number; handle?: string } = {},
): ComposedPost {
  const rule = lengthRuleFor(persona, request);
  const mood = extra.mood ?? moodOf(subject, d.sentiment);
  const v = voiceOf(persona.traits, voiceDice(random), {
    kind,
    // No opener before a question, nor a second colon ("Key takeaway: One rule: ...").
    allowOpener: kind !== 'question' && !body.includes('“') && (body.match(/: /g) ?? []).length <= 1,
    noEmoji: d.noEmoji,
    mood,
    subject: extra.handle ?? subject,
    // A question opens on at most one line of the voice, and that line names its subject.
    ...(kind === 'question' ? { maxTouches: Math.min(1, extra.maxTouches ?? 1) } : {}),
    ...(extra.maxTouches !== undefined && kind !== 'question' ? { maxTouches: extra.maxTouches } : {}),
  });
  return fit(body, v, tagsFor(subject, persona, request, d), rule, d.signOff, extra.link ?? '', extra.quoted ?? 0);
}

/**
 * A post on one of the persona's items: the fullest of its bodies (headline, key sentence,
 * comment) that fits with its link, with at most one touch of the voice.
 */
function composeItem(
  item: SourceItem,
  strategyId: string | undefined,
  persona: WritingPersona,
  request: WritingRequest,
  random: Random,
  d: Directives,
  link: string,
): ComposedPost {
  const title = cleanHeadline(item.title);
  const mood = moodOf(`${title} ${item.summary ?? ''}`, d.sentiment);
  const { kind, bodies, comment } = curatedBodies(item, strategyId, mood, random());
  const rule = lengthRuleFor(persona, request);
  // The fullest body that fits with the link and a hashtag, leaving room for a touch.
  const body =
    bodies.find((b) => fitsPlatforms(`${b} ${link} #${'x'.repeat(20)}`, rule.platforms, rule.maxLength)) ??
    bodies.at(-1) ??
    title;
  // Its headline and key sentence are the item's words: the voice leans only the comment.
  const sentences = (text: string) => text.split(/(?<=[.!?…])\s+(?=[A-Z“])/).length;
  const quoted = sentences(body) - (body.endsWith(comment) ? sentences(comment) : 0);
  return composePost(kind, body, title, persona, request, random, d, {
    mood,
    link,
    maxTouches: 1,
    quoted,
    handle: 'this',
  });
}

function composeBrief(
  brief: PostBrief,
  persona: WritingPersona,
  request: WritingRequest,
  titles: string[],
  random: Random,
  d: Directives,
): ComposedPost {
  if (brief.kind === 'promotional') {
    const body = fill(pick(PROMOTION, random()), brief.label);
    return composePost('short post', body, brief.label, persona, request, random, d);
  }
  if (brief.kind === 'curated') {
    const item = { title: brief.headline, summary: brief.summary ?? itemOf(brief.headline, d)?.summary ?? null };
    return composeItem(item, undefined, persona, request, random, d, brief.link ?? '');
  }
  const strategy = brief.strategy;
  const headline = titles.length > 0 ? pick(titles, random()) : null;
  if (headline) {
    const item = itemOf(headline, d) ?? { title: headline };
    return composeItem(item, strategy?.id, persona, request, random, d, '');
  }
  const kind = strategy ? kindOfStrategy(strategy) : 'short post';
  const own = pick(ownSubjects(persona, d, random), random());
  const subject = kind === 'question' ? own.replace(/\bmy\b/gi, 'your') : own;
  const mood = moodOf(subject, d.sentiment);
  return composePost(
    kind,
    bodyFor(kind, subject, mood, random(), persona.traits),
    subject,
    persona,
    request,
    random,
    d,
    { mood },
  );
}

/** The kept item of a headline, if the writer was given it. */
const itemOf = (title: string, d: Directives) => d.items.find((i) => cleanHeadline(i.title) === cleanHeadline(title));

/**
 * Posts written offline for a writing request: one for chat, draft, sample and reply; `count` for
 * the advanced generator (a thread as parts). Every post and part is within the request's limits.
 */
export function composeOffline(input: {
  persona: WritingPersona;
  request: WritingRequest;
  titles?: string[];
  /** The headlines' items as kept when the sources were read (summary, link). */
  items?: readonly SourceItem[];
  /** A sentiment score for a topic or headline (-1 to 1; the server gives VADER's). */
  sentiment?: (text: string) => number;
  /** Replies already written in the same batch: a reply is not built on the body of one of them. */
  avoid?: readonly string[];
  random?: Random;
}): ComposedPost[] {
  const { persona, request } = input;
  const draw = input.random ?? Math.random;
  // Dice within [0, 1) whatever the generator gives at its edges.
  const random = () => Math.min(0.999999, Math.max(0, draw()));
  const d: Directives = {
    ...directivesOf(persona),
    items: input.items ?? [],
    ...(input.sentiment ? { sentiment: input.sentiment } : {}),
  };
  if (request.kind === 'reply') return [composeReply(persona, request, random, d, input.avoid ?? [])];
  const rule = lengthRuleFor(persona, request);
  const titles = (input.titles ?? []).map(cleanHeadline).filter(Boolean).slice(0, 5);

  if (request.kind === 'generate') {
    const type = request.type ?? 'short post';
    const count = request.count ?? DEFAULT_POST_COUNT;
    if (request.brief) {
      const brief = request.brief;
      return distinct(count, () => composeBrief(brief, persona, request, titles, random, d));
    }
    const topic = request.topic?.trim();
    const subjects = topic ? [asTyped(topic)] : ownSubjects(persona, d, random);
    if (type === 'thread') {
      return distinct(count, (i) => {
        const subject = subjects[i % subjects.length] as string;
        return composeThread(subject, persona, tagsFor(subject, persona, request, d), rule, random, d);
      });
    }
    const roll = random();
    return distinct(count, (i, attempt) => {
      const subject = subjects[i % subjects.length] as string;
      const mood = moodOf(subject, d.sentiment);
      // The posts of one batch take frames apart: the roll moves by a golden step per post.
      const body = bodyFor(type, subject, mood, (roll + (i + attempt * count) * 0.618034) % 1, persona.traits);
      return composePost(type, body, subject, persona, request, random, d, { mood });
    });
  }

  const prompt = request.kind === 'sample' ? (request.topic ?? '') : (request.prompt ?? '');
  const asked = prompt.trim() ? typeFromPrompt(prompt) : null;
  const strategy = pickStrategy(persona.strategies, random);
  // Nothing asked and a headline to hand: a strategy post, like the pipeline preview.
  if (!prompt.trim() && strategy && titles.length > 0) {
    const headline = pick(titles, random());
    return [composeItem(itemOf(headline, d) ?? { title: headline }, strategy.id, persona, request, random, d, '')];
  }
  const kind =
    asked ??
    (strategy && !prompt.trim()
      ? kindOfStrategy(strategy)
      : pick(['short post', 'observation', 'advice'] as const, random()));
  // A request that can't be read as a subject still gets a post in the voice, on a subject of its own.
  const named = (prompt.trim() ? subjectFromPrompt(prompt) : null) ?? pick(ownSubjects(persona, d, random), random());
  // A question asks the reader: "their morning routine" and "my to-do list" become "your …".
  const subject = kind === 'question' ? named.replace(/\b(?:their|my)\b/gi, 'your') : named;
  const mood = moodOf(subject, d.sentiment);
  return [
    composePost(kind, bodyFor(kind, subject, mood, random(), persona.traits), subject, persona, request, random, d, {
      mood,
    }),
  ];
}
