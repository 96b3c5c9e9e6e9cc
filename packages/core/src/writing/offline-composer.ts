/**
 * The offline composer: what writes when no AI provider is set up (decision 023). A post is a body
 * sentence about the subject, in the kind of post asked for, plus the voice's touches: each trait
 * adds as many of its touches as its value means (`traitDose`, the same meaning the model's prompt
 * states), so more humor never means fewer jokes. Deterministic for a given `random`; every answer
 * says it was written offline, so it never passes for a model's writing.
 */
import type { Strategy } from '../personas/persona';
import { pickStrategy } from '../personas/sources';
import { MAX_TOUCHES, TRAIT_KEYS, type TraitKey, type Traits, traitDose, traitStrength } from '../personas/traits';
import type { PostType } from './api';
import { cutToFit, fitsPlatforms, type LengthRule, splitThread } from './limits';
import { answerFromFacts } from './offline-answers';
import { DEFAULT_POST_COUNT } from './post-process';
import { lengthRuleFor, type PostBrief, THREAD_PARTS, type WritingPersona, type WritingRequest } from './prompt';
import { themesIn, topicHashtags } from './topics';

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
// Bodies: one sentence (or two) about the subject, by kind of post.

export const BODIES: Record<Kind, readonly string[]> = {
  'short post': [
    'Been thinking about {s} all week, and the simple approach keeps coming out ahead.',
    'The more I learn about {s}, the less I trust shortcuts.',
    'What I keep relearning about {s}: small decisions made on time beat big plans made late.',
    'Most advice about {s} fits in one sentence: do the next small thing.',
    'Reading about {s} is the easy part. Doing the work every week is the whole game.',
    'A note to self about {s}: start, notice, adjust.',
    'Every conversation about {s} comes back to the basics.',
    'Something I wish I had known sooner about {s}: it gets easier once you write things down.',
  ],
  observation: [
    'Strange how everything about {s} takes twice as long and teaches twice as much.',
    'The people who know the most about {s} talk about it the least.',
    'Everyone has a theory about {s}. Very few have a habit.',
    'The quiet part of everything about {s} is where most of the progress happens.',
    'There is a gap between knowing about {s} and acting on it, and that is where most of us live.',
    'Something about {s} changes every week, and most of us only notice once a year.',
  ],
  advice: [
    'If thinking about {s} feels like a lot, start with the smallest step you can finish today.',
    'One rule I follow about {s}: write down what worked before you forget why.',
    'The fastest way to understand more about {s} is to ask someone one step ahead of you.',
    'When you are stuck on something about {s}, change one thing, wait a week, then judge.',
    'The most useful thing I have heard about {s}: ten minutes a day beats one long weekend.',
    'Before you read another thread about {s}, try the simplest version yourself.',
  ],
  question: [
    'What is one thing about {s} you wish you had known sooner?',
    'If you had to explain everything about {s} in one sentence, what would you say?',
    'Where did you learn the most about {s}?',
    'What is the most underrated idea about {s}?',
    'What is your honest opinion about {s}?',
    'What would you tell a beginner about {s}?',
  ],
  joke: [
    'I tried to read a little about {s}. Now I have a spreadsheet about my spreadsheet.',
    'My thoughts about {s} are like my Wi-Fi: strong in theory, patchy in practice.',
    'Told my houseplant about {s}. It wilted. Tough crowd.',
    'Me: one quick read about {s}. Also me, 47 tabs later: still going.',
    'They said reading about {s} would take five minutes. They also said the meeting would be short.',
    'Gave my cat a talk about {s}. She left halfway through.',
  ],
  take: [
    'Most of what gets said about {s} is noise, and the fix is boring.',
    'The loudest voices about {s} have the least to lose.',
    'In five years, we will laugh at how seriously we took the debate about {s}.',
    'Everyone is excited about {s}. I will be excited when it shows results.',
    'The hype about {s} is louder than the results.',
  ],
};

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

type Directives = { themes: string[]; signOff: string; noEmoji: boolean; noHashtags: boolean };

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
  };
}

// ---------------------------------------------------------------------------------------------
// The voice: each trait's touches.

type Touches = { openers: readonly string[]; asides: readonly string[] };
type Poles = { high: Touches; low?: Touches };

/** The touches of each trait, at its high pole and (for a trait between two poles) its low one. */
export const TOUCHES: Record<Exclude<TraitKey, 'emoji'>, Poles> = {
  humor: {
    high: {
      openers: ['Plot twist:', 'True story:', 'Confession:', 'Fun fact nobody asked for:'],
      asides: [
        'Ask me how I know.',
        'I learned this the hard way, twice.',
        'My coffee agrees with me on this one.',
        'Source: my 47 open tabs.',
        'My cat remains unconvinced.',
        'Yes, I made a spreadsheet about it.',
        'Tell that to my to-do list.',
      ],
    },
  },
  sarcasm: {
    high: {
      openers: ['Shocking absolutely no one:', 'Groundbreaking news:', 'In today’s episode of the obvious:'],
      asides: [
        'Because that always goes exactly to plan.',
        'Groundbreaking, I know.',
        'Truly revolutionary stuff.',
        'Who could possibly have seen that coming.',
        'Totally normal, nothing to see here.',
        'But sure, what do I know.',
      ],
    },
  },
  tone: {
    high: {
      openers: ['Harsh truth:', 'Blunt version:'],
      asides: [
        'No excuses.',
        'Stop overthinking it.',
        'Nobody is coming to do it for you.',
        'Quit waiting for perfect.',
        'Harsh, but true.',
      ],
    },
    low: {
      openers: ['Friendly note:', 'A gentle reminder:'],
      asides: [
        'Be kind to yourself while you figure it out.',
        'We are all learning here.',
        'You are doing better than you think.',
        'Happy to help if you get stuck.',
        'Go gently, friends.',
      ],
    },
  },
  professionalism: {
    high: {
      openers: ['Worth noting:', 'Key takeaway:'],
      asides: [
        'In practice, the details decide the outcome.',
        'Clarity before speed is the key takeaway.',
        'Consistency, not intensity, drives results.',
        'Precise goals make progress measurable.',
      ],
    },
    low: {
      openers: ['Real talk:', 'Quick one:'],
      asides: [
        'ngl, it took me a while.',
        'tbh that is kinda the whole trick.',
        'Anyway, that is my two cents.',
        'Honestly, wild.',
      ],
    },
  },
  optimism: {
    high: {
      openers: ['Great news:'],
      asides: [
        'Genuinely exciting times, and I love it.',
        'Good things are coming, and that is great.',
        'This is worth celebrating.',
        'I love where this is heading.',
        'Small wins add up, and that is wonderful.',
        'Honestly thrilled about where this is going.',
      ],
    },
    low: {
      openers: ['Bad news, probably:'],
      asides: [
        'Color me skeptical; the results so far are poor.',
        'I doubt most of it will last, sadly.',
        'I worry most of it will disappoint.',
        'Expect problems nobody mentions, and painful delays.',
        'I fear most of it will fail.',
        'I am not convinced, and the track record is poor.',
      ],
    },
  },
  technicality: {
    high: {
      openers: ['Under the hood:', 'Technical note:'],
      asides: [
        'Measure a baseline first, then change one variable at a time.',
        'Track the median, not the best day.',
        'Log every change with a date, so you can trace what worked.',
        'Map it as a pipeline of inputs, constraints and outputs.',
        'Iterate in small versions and keep the ones that work.',
        'Find the bottleneck before you optimize the rest of the system.',
        'Automate the repeatable steps and benchmark the rest.',
      ],
    },
  },
  controversial: {
    high: {
      openers: ['Unpopular opinion:', 'Hot take:'],
      asides: [
        'Change my mind.',
        'Most people are doing this backwards.',
        'The popular take on this is simply wrong.',
        'This is overrated, and I will die on this hill.',
      ],
    },
    low: {
      openers: [],
      asides: [
        'Your mileage may vary.',
        'That is just what worked for me.',
        'There is no single right way.',
        'It depends on your situation, of course.',
      ],
    },
  },
  engagement: {
    high: {
      openers: [],
      // A question, then an invitation: two touches read as one ask.
      asides: [
        'What would you add?',
        'Replies are open.',
        'What is your experience?',
        'Tell me below what worked for you.',
        'Agree or disagree?',
        'Tag someone who needs this.',
      ],
    },
  },
};

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

function emojiPool(t: Traits): string[] {
  if (t.humor > 70) return ['😂', '🙃', '🤷', '😅', '🤣'];
  if (t.optimism > 70) return ['🚀', '✨', '🙌', '🌱', '💪'];
  if (t.technicality > 70) return ['💡', '🛠️', '⚙️', '📈', '🧪'];
  if (t.sarcasm > 70) return ['🙄', '😏', '🫠', '🤡', '👏'];
  return ['💡', '👀', '✨', '🙌', '📌'];
}

type Piece = { trait: Exclude<TraitKey, 'emoji'>; text: string; priority: number };
type Voice = { kind: Kind | 'reply'; opener: Piece | null; asides: Piece[]; emoji: string[]; contract: boolean };

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
  return { dose, offset, opener: random(), emoji: random() };
}
type VoiceDice = ReturnType<typeof voiceDice>;

/**
 * The touches of one post: `floor(dose + u)` of each trait (the dose's expected value), the
 * strongest trait's first touch as the opener when it has one and the body allows it.
 */
function voiceOf(
  t: Traits,
  dice: VoiceDice,
  options: { kind: Kind | 'reply'; allowOpener: boolean; noEmoji: boolean; maxTouches?: number },
): Voice {
  const budget = options.maxTouches ?? MAX_TOUCHES;
  const pieces: Piece[] = [];
  for (const trait of ASIDE_ORDER) {
    const n = Math.floor(traitDose(trait, t[trait]) + dice.dose[trait]);
    if (n === 0) continue;
    const touches = n > 0 ? TOUCHES[trait].high : TOUCHES[trait].low;
    if (!touches) continue;
    // A question or a reply does not get another question on top; a reply takes only warm or
    // upbeat touches (a thank-you with a joke attached reads wrong).
    if (trait === 'engagement' && (options.kind === 'question' || options.kind === 'reply')) continue;
    if (options.kind === 'reply' && !((trait === 'tone' && n < 0) || (trait === 'optimism' && n > 0))) continue;
    const pool = touches.asides.filter((a) => fitsKind(a, options.kind));
    // Engagement starts on a question (its even places), so its second touch is an invitation.
    const step = trait === 'engagement' ? 2 : 1;
    const start = Math.floor(dice.offset[trait] * Math.ceil(pool.length / step)) * step;
    for (let i = 0; i < Math.abs(n); i++) {
      pieces.push({ trait, text: pool[(start + i) % pool.length] as string, priority: traitStrength(trait, t[trait]) });
    }
  }
  // The strongest traits' touches, up to the budget (a stable sort: ties keep the reading order).
  const kept = [...pieces].sort((a, b) => b.priority - a.priority).slice(0, budget);
  pieces.splice(0, pieces.length, ...pieces.filter((p) => kept.includes(p)));
  let opener: Piece | null = null;
  if (options.allowOpener && dice.opener < 0.5) {
    const strongest = [...pieces].sort((a, b) => b.priority - a.priority);
    for (const piece of strongest) {
      // A joke opens like a joke ("Plot twist:"), or not at all.
      if (options.kind === 'joke' && piece.trait !== 'humor' && piece.trait !== 'sarcasm') continue;
      const poles = TOUCHES[piece.trait];
      const openers = (traitDose(piece.trait, t[piece.trait]) > 0 ? poles.high : poles.low)?.openers ?? [];
      if (openers.length === 0) continue;
      opener = { ...piece, text: pick(openers, dice.offset[piece.trait]) };
      pieces.splice(pieces.indexOf(piece), 1);
      break;
    }
  }
  const asides = pieces;
  const emojiCount = options.noEmoji ? 0 : Math.floor(traitDose('emoji', t.emoji) + dice.dose.emoji);
  const pool = emojiPool(t);
  const start = Math.floor(dice.emoji * pool.length);
  const emoji = Array.from({ length: emojiCount }, (_, i) => pool[(start + i) % pool.length] as string);
  const contract = Math.floor(traitDose('professionalism', t.professionalism) + dice.dose.professionalism) < 0;
  const ordered = ASIDE_ORDER.flatMap((k) => asides.filter((p) => p.trait === k));
  return { kind: options.kind, opener, asides: ordered, emoji, contract };
}

const CONTRACTIONS: [RegExp, string][] = [
  [/\bI am\b/g, 'I’m'],
  [/\bI will\b/g, 'I’ll'],
  [/\b([Ii])t is\b/g, '$1t’s'],
  [/\b([Tt])hat is\b/g, '$1hat’s'],
  [/\b([Tt])here is\b/g, '$1here’s'],
  [/\b([Ww])hat is\b/g, '$1hat’s'],
  [/\b([Yy])ou are\b/g, '$1ou’re'],
  [/\b([Ww])e are\b/g, '$1e’re'],
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
function fit(body: string, v: Voice, tags: Tags, rule: LengthRule, signOff = ''): ComposedPost {
  const fits = (text: string) => fitsPlatforms(text, rule.platforms, rule.maxLength);
  const render = (opener: Piece | null, asides: Piece[], emoji: string[], optional: boolean) => {
    // After an opener the body reads on ("Confession: been thinking…"), but "I" and names keep their capital.
    const lead =
      opener && /^[A-Z][a-z]/.test(body) && !/^I\b/.test(body) ? `${body[0]?.toLowerCase()}${body.slice(1)}` : body;
    // A question goes last, so the post ends on what it asks.
    const sentences =
      v.kind === 'question' ? [...asides.map((p) => p.text), lead] : [lead, ...asides.map((p) => p.text)];
    const words = [opener?.text, ...sentences].filter(Boolean).join(' ');
    const text = [v.contract ? contracted(words) : words, emoji.join(''), signOff].filter(Boolean).join(' ');
    return [text, [...tags.required, ...(optional ? tags.optional : [])].join(' ')].filter(Boolean).join(' ');
  };
  let opener = v.opener;
  const asides = [...v.asides];
  let emoji = [...v.emoji];
  let content = render(opener, asides, emoji, true);
  if (!fits(content)) content = render(opener, asides, emoji, false);
  while (!fits(content)) {
    const weakest = [...asides, ...(opener ? [opener] : [])].sort((a, b) => a.priority - b.priority)[0];
    if (weakest) {
      if (weakest === opener) opener = null;
      else asides.splice(asides.indexOf(weakest), 1);
    } else if (emoji.length > 0) emoji = emoji.slice(1);
    else break;
    content = render(opener, asides, emoji, false);
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
  const v = voiceOf(t, voiceDice(random), { kind: 'short post', allowOpener: false, noEmoji: d.noEmoji });
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

function headlineBody(strategyId: string | undefined, headline: string, variant: number): { body: string; kind: Kind } {
  const h = `“${headline}”`;
  const v = (options: string[]) => options[variant % options.length] as string;
  switch (strategyId) {
    case 'discussion-starters':
      return {
        kind: 'question',
        body: v([
          `${h}. Would this change how you work?`,
          `Saw this today: ${h}. What is your take?`,
          `${h}. Who is this for?`,
        ]),
      };
    case 'hot-takes':
      return {
        kind: 'take',
        body: v([
          `${h}. It matters more than it looks.`,
          `Everyone will have a take on ${h}. Mine: it matters more than it looks.`,
          `${h}. The headline undersells it.`,
        ]),
      };
    case 'educational-breakdown':
      return {
        kind: 'advice',
        body: v([
          `${h}. In plain words: start with the problem it solves, then how it solves it.`,
          `A quick explainer on ${h}: what it is, why it matters, and what changes for you.`,
          `${h}. The one idea to take away: the simple version is usually the right one.`,
        ]),
      };
    default:
      return {
        kind: 'short post',
        body: v([`Worth reading: ${h}.`, `Reading this today: ${h}.`, `${h}. Curious to see where this goes.`]),
      };
  }
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
function composeReply(persona: WritingPersona, request: WritingRequest, random: Random, d: Directives): ComposedPost {
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
  const body = fill(pick(REPLY_BODIES[move], random()), subject);
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

/** One post of a kind on a subject, in the voice. */
function composePost(
  kind: Kind,
  body: string,
  subject: string,
  persona: WritingPersona,
  request: WritingRequest,
  random: Random,
  d: Directives,
): ComposedPost {
  const rule = lengthRuleFor(persona, request);
  const v = voiceOf(persona.traits, voiceDice(random), {
    kind,
    // No opener before a question, nor a second colon ("Key takeaway: One rule: ...").
    allowOpener: kind !== 'question' && !body.includes(':') && !body.startsWith('“'),
    noEmoji: d.noEmoji,
  });
  return fit(body, v, tagsFor(subject, persona, request, d), rule, d.signOff);
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
  const headline =
    brief.kind === 'curated' ? cleanHeadline(brief.headline) : titles.length > 0 ? pick(titles, random()) : null;
  const strategy = brief.kind === 'original' ? brief.strategy : undefined;
  const kind = strategy ? kindOfStrategy(strategy) : 'short post';
  if (headline) {
    const { body, kind: headlineKind } = headlineBody(strategy?.id, headline, Math.floor(random() * 3));
    return composePost(headlineKind, body, headline, persona, request, random, d);
  }
  const own = pick(ownSubjects(persona, d, random), random());
  const subject = kind === 'question' ? own.replace(/\bmy\b/gi, 'your') : own;
  return composePost(kind, fill(pick(BODIES[kind], random()), subject), subject, persona, request, random, d);
}

/**
 * Posts written offline for a writing request: one for chat, draft, sample and reply; `count` for
 * the advanced generator (a thread as parts). Every post and part is within the request's limits.
 */
export function composeOffline(input: {
  persona: WritingPersona;
  request: WritingRequest;
  titles?: string[];
  random?: Random;
}): ComposedPost[] {
  const { persona, request } = input;
  const random = input.random ?? Math.random;
  const d = directivesOf(persona);
  if (request.kind === 'reply') return [composeReply(persona, request, random, d)];
  const answer =
    request.kind === 'chat' && request.facts ? answerFromFacts(request.prompt ?? '', request.facts, persona) : null;
  if (answer) return [{ content: answer, parts: [answer], hashtags: [] }];
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
    const bodies = shuffled(BODIES[type], random);
    return distinct(count, (i, attempt) => {
      const subject = subjects[i % subjects.length] as string;
      const body = fill(bodies[(i + attempt) % bodies.length] as string, subject);
      return composePost(type, body, subject, persona, request, random, d);
    });
  }

  const prompt = request.kind === 'sample' ? (request.topic ?? '') : (request.prompt ?? '');
  const asked = prompt.trim() ? typeFromPrompt(prompt) : null;
  const strategy = pickStrategy(persona.strategies, random);
  // Nothing asked and a headline to hand: a strategy post, like the pipeline preview.
  if (!prompt.trim() && strategy && titles.length > 0) {
    const headline = pick(titles, random());
    const { body, kind } = headlineBody(strategy.id, headline, Math.floor(random() * 3));
    return [composePost(kind, body, headline, persona, request, random, d)];
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
  const body = fill(pick(BODIES[kind], random()), subject);
  return [composePost(kind, body, subject, persona, request, random, d)];
}
