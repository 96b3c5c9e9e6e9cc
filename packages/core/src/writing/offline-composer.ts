/**
 * The offline composer: what writes when no AI provider is set up. Templates per post type and
 * strategy, with the traits choosing the opener, the framing, the closer and the emoji. It reads the
 * same persona settings and limits as the prompt builder, is deterministic for a given `random`,
 * and every answer says it was written offline, so it never passes for a model's writing.
 */
import type { AdvancedOptions, Strategy } from '../personas/persona';
import { headlineHashtags, pickStrategy } from '../personas/sources';
import type { Traits } from '../personas/traits';
import type { PostType } from './api';
import { cutToFit, fitsPlatforms, type LengthRule, splitThread } from './limits';
import { DEFAULT_POST_COUNT } from './post-process';
import { lengthRuleFor, THREAD_PARTS, type WritingPersona, type WritingRequest } from './prompt';

export type ComposedPost = { content: string; parts: string[]; hashtags: string[] };
type Random = () => number;

const pick = <T>(list: readonly T[], random: Random): T => list[Math.floor(random() * list.length) % list.length] as T;

function shuffled<T>(list: readonly T[], random: Random): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

const capital = (s: string) => (s ? `${s[0]?.toUpperCase()}${s.slice(1)}` : s);
const fill = (template: string, subject: string) =>
  template.replaceAll('{S}', capital(subject)).replaceAll('{s}', subject);

// ---------------------------------------------------------------------------------------------
// The editor's pipeline preview (one strategy, one headline): kept as it was, templates' first variants.

function take(t: Traits): string {
  if (t.sarcasm > 70) return 'Sure, because that always goes exactly to plan.';
  if (t.optimism > 70) return 'This is the kind of progress worth getting excited about.';
  if (t.technicality > 70) return 'The interesting part is what changes under the hood.';
  if (t.professionalism > 70) return 'The details matter more than the headline suggests.';
  if (t.humor > 70) return 'I did not have this on my bingo card, but here we are.';
  return 'Curious to see where this goes.';
}

function question(t: Traits): string {
  if (t.technicality > 70) return 'How would you have built it?';
  if (t.optimism > 70) return 'What would you do with this?';
  if (t.sarcasm > 70) return 'Who had this on their roadmap?';
  return 'What is your take?';
}

/** A headline post for a strategy, in one of its variants. */
function strategyBody(strategy: Pick<Strategy, 'id' | 'name'>, headline: string, t: Traits, variant = 0): string {
  const closer = t.engagement > 70 ? ' Thoughts?' : '';
  const v = (options: string[]) => options[variant % options.length] as string;
  switch (strategy.id) {
    case 'discussion-starters':
      return v([
        `${headline}. ${question(t)}`,
        `Saw this today: ${headline}. ${question(t)}`,
        `${headline}. Would this change how you work?`,
      ]);
    case 'hot-takes': {
      const claim = t.controversial > 60 ? 'most people are reading it wrong' : 'it matters more than it looks';
      return v([
        `Hot take: ${headline}, and ${claim}.${closer}`,
        `Unpopular opinion on "${headline}": ${claim}.${closer}`,
        `${headline}. Everyone has a take; mine is that ${claim}.${closer}`,
      ]);
    }
    case 'educational-breakdown':
      return v([
        `${headline}. In plain words: start with the problem it solves, then how it solves it.${closer}`,
        `Quick explainer on "${headline}": what it is, why it matters, and what changes for you.${closer}`,
        `${headline}. The one idea to take away: ${t.technicality > 70 ? 'look at the trade-offs, not the benchmark' : 'the simple version is usually the right one'}.${closer}`,
      ]);
    default:
      return v([
        `${t.professionalism > 70 ? 'Worth reading' : 'Just saw this'}: ${headline}. ${take(t)}${closer}`,
        `Reading: ${headline}. ${take(t)}${closer}`,
        `${headline}. ${take(t)}${closer}`,
      ]);
  }
}

const cleanHeadline = (headline: string) => headline.trim().replace(/[\s.!?:;,]+$/, '');

// ---------------------------------------------------------------------------------------------
// Posts on a subject, by type.

const BODIES: Record<Exclude<PostType, 'thread'>, string[]> = {
  'short post': [
    '{S} rewards the people who keep showing up.',
    'Spent today thinking about {s}. The simple version usually wins.',
    'Most of {s} is small decisions made on time.',
    '{S} looks easy from the outside. It is not, and that is the fun part.',
    'Three words on {s}: start, notice, adjust.',
    'The best thing about {s}: you learn by doing, not by waiting.',
  ],
  joke: [
    'I tried to get better at {s}. Now I have a spreadsheet about my spreadsheet.',
    'My relationship with {s} is like my Wi-Fi: strong in theory, patchy in practice.',
    '{S}: the only thing I plan more carefully than lunch.',
    'Told my houseplant about {s}. It wilted. Tough crowd.',
    'Me: I will keep {s} simple this time. Also me: opens 47 tabs.',
    'They said {s} would be easy. They also said the meeting would be short.',
  ],
  advice: [
    'If {s} feels overwhelming, start with the smallest step you can finish today.',
    'One rule for {s}: write down what worked before you forget why.',
    'Getting better at {s}? Do it badly first, then do it often.',
    'The fastest way to improve at {s}: ask someone one step ahead of you.',
    'With {s}, consistency beats intensity. Ten minutes a day adds up.',
    'Stuck on {s}? Change one thing, wait a week, then judge.',
  ],
  observation: [
    'Funny how {s} always takes twice as long and teaches twice as much.',
    'Noticed: the people best at {s} talk about it the least.',
    '{S} changes a little every week, and most of us only notice once a year.',
    'Everyone has a theory about {s}. Very few have a habit.',
    'The quiet part of {s} is where most of the progress happens.',
    'The gap between knowing about {s} and doing it is where everyone lives.',
  ],
  question: [
    'What is one thing about {s} you wish you had known sooner?',
    'Be honest: how much time did {s} take you this week?',
    'If you had to explain {s} in one sentence, what would you say?',
    'What is the most underrated habit when it comes to {s}?',
    'What is your unpopular opinion on {s}?',
    'Where did you learn the most about {s}?',
  ],
};

/** Opinions, for requests that ask for a take. */
const TAKES = [
  'Unpopular opinion: {s} is overrated, and the fix is boring.',
  '{S} is not the problem. How we talk about it is.',
  'Everyone is excited about {s}. I will be excited when it ships something useful.',
  'The loudest voices on {s} have the least to lose.',
  'In five years, we will laugh at how seriously we took {s}.',
];

const THREAD = {
  intros: [
    'A few things I have learned about {s}:',
    'Let us talk about {s}. A short thread.',
    '{S}, in a few posts:',
    'Everything I wish someone had told me about {s}:',
  ],
  points: [
    'Start smaller than feels useful. With {s}, momentum matters more than scope.',
    'Write down what works. Memory is a bad record keeper.',
    'Ask for feedback early, while changing course is still cheap.',
    'Expect a plateau. It is where the next skill is quietly forming.',
    'Share what you learn. Explaining {s} is the fastest way to understand it.',
    'Cut what does not help, even if it once did.',
    'Copy the basics from people who are good at {s}, then make them yours.',
  ],
  closers: [
    'That is it. What would you add?',
    'Save this for the next time {s} gets messy.',
    'If this helped, pass it on to someone who needs it.',
  ],
};

/** A subject for a persona with nothing asked: what its traits suggest. */
function defaultSubjects(t: Traits): string[] {
  if (t.technicality > 70) return ['shipping software', 'debugging', 'code reviews', 'technical debt'];
  if (t.professionalism > 70) return ['building a career', 'leading a team', 'clear writing', 'good meetings'];
  if (t.humor > 70) return ['Mondays', 'meetings that could have been emails', 'my to-do list', 'coffee'];
  if (t.optimism > 70) return ['small wins', 'learning something new', 'starting over', 'good habits'];
  return ['getting things done', 'learning in public', 'good habits', 'focus'];
}

/** The post type a free-text request asks for, if it says. */
export function typeFromPrompt(prompt: string): Exclude<PostType, 'thread'> | 'take' | null {
  const p = prompt.toLowerCase();
  if (/\b(takes?|opinions?|controversial|unpopular|rant)\b/.test(p)) return 'take';
  if (/\b(jokes?|funny|humou?r(ous)?|laugh|pun)\b/.test(p)) return 'joke';
  if (/\b(tips?|advice|how to|habits?|lessons?|hacks?)\b/.test(p)) return 'advice';
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
  /^(?:ask|share|offer|describe|start|how|why|what|which|who|is|are|do|does|can|should|will|would)\b/i;
const MAX_SUBJECT_WORDS = 9;

/** The subject as found, or null when the request could not be read as one. */
function readSubject(prompt: string): string | null {
  const text = prompt
    .trim()
    .replace(/^start a debate:\s*/i, '')
    .replace(/[\s.!?:;,]+$/, '')
    .replace(TRAILER, '');
  const about = /\b(?:about|regarding|around)\s+(.+)$/i.exec(text)?.[1] ?? /\btake\s+on\s+(.+)$/i.exec(text)?.[1];
  const activity = FOR_ACTIVITY.exec(text)?.[1];
  let subject = about ?? activity ?? text;
  if (!about && !activity) {
    subject = subject.replace(LEAD, '');
    for (let i = 0; i < 4; i++) subject = subject.replace(ARTICLE, '').replace(ADJECTIVE, '');
    subject = subject.replace(TYPE_NOUN, '').replace(TYPE_NOUN_FOR, ' on ').trim();
  }
  subject = subject.replace(/^(?:the|a|an)\s+/i, '').trim() || text;
  // A request written as a sentence starts with a capital the subject does not need ("Morning
  // routines" reads "morning routines" mid-sentence); a lone word may be a name ("Rust"), so it stays.
  const sentenceStart = !about && !activity && !LEAD.test(text) && /^[A-Z][a-z]*\s+[a-z]/.test(subject);
  if (sentenceStart) subject = `${subject[0]?.toLowerCase()}${subject.slice(1)}`;
  const words = subject.split(/\s+/).length;
  return words > MAX_SUBJECT_WORDS || /[?:]/.test(subject) || NOT_A_SUBJECT.test(subject) ? null : subject;
}

/** What a free-text request is about, as a phrase for the templates; null when it can't be told. */
export function subjectFromPrompt(prompt: string): string | null {
  return readSubject(prompt);
}

// ---------------------------------------------------------------------------------------------
// The voice: opener, closer, emoji.

function openers(t: Traits, type: PostType | 'take'): string[] {
  // A joke opens like a joke, or not at all.
  if (type === 'joke') return t.humor >= 30 ? ['Plot twist:', 'Confession:', 'True story:'] : [];
  const pool: string[] = [];
  if (t.humor > 70) pool.push('Plot twist:', 'Breaking news from my desk:');
  if (t.sarcasm > 70) pool.push('Shocking absolutely no one:', 'Groundbreaking news:');
  if (t.controversial > 70) pool.push('Unpopular opinion:', 'Hot take:');
  if (t.professionalism > 70) pool.push('Worth noting:', 'Key takeaway:');
  if (t.professionalism < 30) pool.push('Real talk:', 'Quick one:');
  if (t.optimism > 70) pool.push('Good news:', 'Friendly reminder:');
  if (t.technicality > 70) pool.push('Under the hood:', 'Technical note:');
  if (pool.length === 0) pool.push('Thought of the day:', 'Note to self:');
  return pool;
}

function closers(t: Traits, type: PostType | 'take'): string[] {
  // A question is its own closer.
  if (type === 'question') return [];
  const pool: string[] = [];
  if (t.engagement > 70) pool.push('Thoughts?', 'Agree or disagree?', 'What would you add?');
  if (t.controversial > 70) pool.push('Change my mind.');
  if (t.sarcasm > 70) pool.push('But sure, what do I know.', 'Anyway, carry on.');
  if (t.optimism > 70) pool.push('You have got this.', 'Onward.');
  if (t.optimism < 30) pool.push('We will see.', 'Time will tell.');
  if (pool.length === 0 && t.engagement >= 30) pool.push('What do you think?');
  return pool;
}

function emojiFor(t: Traits, random: Random): string {
  const roll = random();
  const count = t.emoji > 70 ? (roll < 0.5 ? 1 : 2) : t.emoji >= 30 && roll < 0.4 ? 1 : 0;
  const pool =
    t.humor > 70
      ? ['😂', '🙃', '🤷']
      : t.optimism > 70
        ? ['🚀', '✨', '🙌']
        : t.technicality > 70
          ? ['💡', '🛠️', '⚙️']
          : t.sarcasm > 70
            ? ['🙄', '😏']
            : ['💡', '👀', '✨'];
  return shuffled(pool, random).slice(0, count).join('');
}

type Voice = { opener: string; closer: string; emoji: string };

function voice(t: Traits, type: PostType | 'take', body: string, random: Random): Voice {
  const pool = openers(t, type);
  // No opener before a question, nor a second colon ("Key takeaway: One rule: ...").
  const opener =
    type !== 'question' && !body.includes(':') && pool.length > 0 && random() < 0.5 ? pick(pool, random) : '';
  const closing = closers(t, type);
  const closer = closing.length > 0 && random() < (t.engagement > 70 ? 0.9 : 0.5) ? pick(closing, random) : '';
  return { opener, closer, emoji: emojiFor(t, random) };
}

/** The richest version of a post that fits: optional hashtags go first, then closer, opener, emoji; then it is cut. */
function fit(body: string, v: Voice, tags: { required: string[]; optional: string[] }, rule: LengthRule): ComposedPost {
  const join = (...pieces: string[]) => pieces.filter(Boolean).join(' ');
  const withTags = (text: string, optional: boolean) =>
    join(text, [...tags.required, ...(optional ? tags.optional : [])].join(' '));
  const candidates = [
    withTags(join(v.opener, body, v.closer, v.emoji), true),
    withTags(join(v.opener, body, v.closer, v.emoji), false),
    withTags(join(v.opener, body, v.emoji), false),
    withTags(join(body, v.emoji), false),
    withTags(body, false),
    body,
  ];
  const content =
    candidates.find((c) => fitsPlatforms(c, rule.platforms, rule.maxLength)) ??
    cutToFit(body, rule.platforms, rule.maxLength);
  return {
    content,
    parts: [content],
    hashtags: [...tags.required, ...tags.optional].filter((t) => content.includes(t)),
  };
}

function hashtagsFor(subject: string, requested: readonly string[], options: AdvancedOptions) {
  if (requested.length > 0) return { required: [...requested], optional: [] };
  return { required: [], optional: options.includeHashtags ? headlineHashtags(subject) : [] };
}

function composeThread(
  subject: string,
  t: Traits,
  tags: { required: string[]; optional: string[] },
  rule: LengthRule,
  random: Random,
): ComposedPost {
  const points = shuffled(THREAD.points, random).slice(0, THREAD_PARTS.max - 2 - (random() < 0.5 ? 1 : 0));
  const mark = t.emoji >= 30 ? ' 🧵' : '';
  const intro = `${fill(pick(THREAD.intros, random), subject)}${mark}`;
  const closer = fill(pick(THREAD.closers, random), subject);
  const tagText = [...tags.required, ...tags.optional].join(' ');
  const last =
    tagText && fitsPlatforms(`${closer} ${tagText}`, rule.platforms, rule.maxLength) ? `${closer} ${tagText}` : closer;
  const parts = [intro, ...points.map((p) => fill(p, subject)), last].flatMap((p) =>
    splitThread(p, rule.platforms, rule.maxLength),
  );
  return {
    content: parts.join('\n\n'),
    parts,
    hashtags: tagText && last !== closer ? [...tags.required, ...tags.optional] : [],
  };
}

// ---------------------------------------------------------------------------------------------
// Replies: a short answer in the voice, its move taken from the template's instruction.

type ReplyMove = 'thank' | 'answer' | 'agree' | 'encourage' | 'ask' | 'acknowledge';

const REPLY_BODIES: Record<ReplyMove, string[]> = {
  thank: [
    'Thank you, that means a lot.',
    'Really glad this landed with you, thanks for saying so.',
    'Thanks for taking the time to write this.',
  ],
  answer: [
    'Good question. Short answer: start small with {s}, then build on what works.',
    'Honest answer: with {s}, the basics done every day beat any clever trick.',
    'Good one. I would look at {s} one step at a time and write down what changes.',
  ],
  agree: [
    'Exactly this. And with {s}, the small details are where it is won.',
    'Agreed, and I would add: {s} gets easier once you stop doing it alone.',
    'Yes. The part people skip with {s} is the follow-through.',
  ],
  encourage: [
    'You are closer than it feels. Pick the smallest next step with {s} and do just that today.',
    'Everyone hits this with {s}. Take one small step today, and the next one gets easier.',
    'Keep going. Write down one thing that worked with {s} this week and do more of it.',
  ],
  ask: [
    'Interesting. What got you thinking about {s}?',
    'Curious: what would you change first about {s}?',
    'Good point. Where have you seen {s} work best?',
  ],
  acknowledge: [
    'Thanks for bringing me into this. {S} deserves more attention.',
    'Appreciate the mention. {S} is worth talking about.',
    'Thanks for including me. Happy to talk {s} any time.',
  ],
};

function replyMove(instruction: string, text: string, sentiment: 'positive' | 'negative' | 'neutral'): ReplyMove {
  const i = instruction.toLowerCase();
  if (/\bthank/.test(i)) return 'thank';
  if (/\banswer\b/.test(i)) return 'answer';
  if (/\bagree/.test(i)) return 'agree';
  if (/\bencourag/.test(i)) return 'encourage';
  if (/\b(?:ask|question)\b/.test(i)) return 'ask';
  if (text.includes('?')) return 'answer';
  if (sentiment === 'positive') return 'thank';
  if (sentiment === 'negative') return 'encourage';
  return 'acknowledge';
}

/** A reply written offline: one short post, no hashtags, within the platforms' limits. */
function composeReply(persona: WritingPersona, request: WritingRequest, random: Random): ComposedPost {
  const to = request.replyTo;
  const rule = lengthRuleFor(persona, request);
  const said = (to?.text ?? '')
    .replace(/(^|\s)@[\w.-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const subject = subjectFromPrompt(said) ?? 'this';
  const positive = /\b(?:thanks?|thank you|love|great|brilliant|helpful|awesome)\b/i.test(said);
  const negative = /\b(?:stuck|struggl\w*|hard|hate|awful|wrong|frustrat\w*)\b/i.test(said);
  const move = replyMove(to?.instruction ?? '', said, positive ? 'positive' : negative ? 'negative' : 'neutral');
  const body = fill(pick(REPLY_BODIES[move], random), subject);
  const v = { opener: '', closer: '', emoji: emojiFor(persona.traits, random) };
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

/**
 * Posts written offline for a writing request: one for chat, draft and sample; `count` for the
 * advanced generator (a thread as parts). Every post and part is within the request's limits.
 */
export function composeOffline(input: {
  persona: WritingPersona;
  request: WritingRequest;
  titles?: string[];
  random?: Random;
}): ComposedPost[] {
  const { persona, request } = input;
  const random = input.random ?? Math.random;
  if (request.kind === 'reply') return [composeReply(persona, request, random)];
  const t = persona.traits;
  const rule = lengthRuleFor(persona, request);
  const titles = (input.titles ?? []).map(cleanHeadline).filter(Boolean).slice(0, 5);
  const requested = request.hashtags ?? [];

  if (request.kind === 'generate') {
    const type = request.type ?? 'short post';
    const count = request.count ?? DEFAULT_POST_COUNT;
    const topic = request.topic?.trim();
    const subjects = topic ? [topic] : shuffled(defaultSubjects(t), random);
    if (type === 'thread') {
      return distinct(count, (i) => {
        const subject = subjects[i % subjects.length] as string;
        return composeThread(subject, t, hashtagsFor(subject, requested, persona.options), rule, random);
      });
    }
    const bodies = shuffled(BODIES[type], random);
    return distinct(count, (i, attempt) => {
      const subject = subjects[i % subjects.length] as string;
      const body = fill(bodies[(i + attempt) % bodies.length] as string, subject);
      return fit(body, voice(t, type, body, random), hashtagsFor(subject, requested, persona.options), rule);
    });
  }

  const prompt = request.kind === 'sample' ? (request.topic ?? '') : (request.prompt ?? '');
  const asked = prompt.trim() ? typeFromPrompt(prompt) : null;
  const strategy = pickStrategy(persona.strategies, random);
  // Nothing asked and a headline to hand: a strategy post, like the pipeline preview.
  if (!prompt.trim() && strategy && titles.length > 0) {
    const headline = pick(titles, random);
    const body = strategyBody(strategy, headline, t, Math.floor(random() * 3));
    const v = { ...voice(t, 'short post', body, random), opener: '', closer: '' };
    return [fit(body, v, hashtagsFor(headline, requested, persona.options), rule)];
  }
  const type = asked ?? pick(['short post', 'observation', 'advice'] as const, random);
  // A question asks the reader: "their morning routine" becomes "your morning routine".
  // A request that can't be read as a subject still gets a post in the voice, on a subject of its own.
  const named = (prompt.trim() ? subjectFromPrompt(prompt) : null) ?? pick(defaultSubjects(t), random);
  const subject = type === 'question' ? named.replace(/\btheir\b/gi, 'your') : named;
  const body = fill(pick(type === 'take' ? TAKES : BODIES[type], random), subject);
  return [fit(body, voice(t, type, body, random), hashtagsFor(subject, requested, persona.options), rule)];
}
