import { z } from 'zod';

export const TRAIT_KEYS = [
  'humor',
  'sarcasm',
  'tone',
  'professionalism',
  'optimism',
  'technicality',
  'controversial',
  'emoji',
  'engagement',
] as const;
export type TraitKey = (typeof TRAIT_KEYS)[number];

const traitValue = z.number().int('must be a whole number').min(0).max(100);

export const traitsSchema = z
  .object({
    humor: traitValue,
    sarcasm: traitValue,
    tone: traitValue,
    professionalism: traitValue,
    optimism: traitValue,
    technicality: traitValue,
    controversial: traitValue,
    emoji: traitValue,
    engagement: traitValue,
  })
  .meta({ id: 'Traits' });
export type Traits = z.infer<typeof traitsSchema>;

export const DEFAULT_TRAITS: Traits = {
  humor: 50,
  sarcasm: 30,
  tone: 40,
  professionalism: 50,
  optimism: 60,
  technicality: 50,
  controversial: 30,
  emoji: 40,
  engagement: 50,
};

/** Below 30 Low, above 70 High, otherwise Balanced (live sample and preview). */
export function traitLevel(value: number): 'Low' | 'Balanced' | 'High' {
  if (value < 30) return 'Low';
  if (value > 70) return 'High';
  return 'Balanced';
}

/** The spec's named labels: humor Dry/Wacky, sarcasm Light/Heavy, tone Friendly/Edgy; null in between. */
export function traitLabel(trait: 'humor' | 'sarcasm' | 'tone', value: number): string | null {
  if (trait === 'humor') return value < 30 ? 'Dry' : value > 70 ? 'Wacky' : null;
  if (trait === 'sarcasm') return value < 30 ? 'Light' : value > 70 ? 'Heavy' : null;
  return value < 40 ? 'Friendly' : value > 60 ? 'Edgy' : null;
}

/** The archetype label; the first matching rule wins. */
export function archetype(t: Traits): string {
  if (t.professionalism > 80 && t.technicality > 70) return 'Technical Expert';
  if (t.humor > 80 && t.sarcasm > 70) return 'Sarcastic Comedian';
  if (t.optimism > 80 && t.engagement > 70) return 'Motivational Leader';
  if (t.professionalism > 70 && t.controversial < 30) return 'Professional Analyst';
  if (t.humor > 70 && t.emoji > 60) return 'Playful Creator';
  if (t.sarcasm > 70 && t.controversial > 60) return 'Edgy Commentator';
  return 'Balanced Communicator';
}

/** "a" or "an" before a word, by its first letter: "an Edgy Commentator", "a Balanced Communicator". */
export function withArticle(phrase: string): string {
  return `${/^[aeiou]/i.test(phrase.trim()) ? 'an' : 'a'} ${phrase}`;
}

// ---------------------------------------------------------------------------------------------
// What a trait means (decision 023): one definition, read by the prompt builder, the offline
// composer and the editor's style preview. A value moves the voice continuously, not in three steps.

/**
 * `more`: 0 is none of the trait's touch and 100 the most (up to `max` a post). `between`: 0 and 100
 * are opposite poles and 50 neither; the value leans towards a pole by up to `max` touches a post.
 */
type TraitMeaning =
  | {
      name: string;
      shape: 'more';
      max: number;
      /** How the dose grows with the value: 1 in proportion; above 1 slowly at first (a little is rare, plenty is a lot). */
      power: number;
      low: string;
      high: string;
      touch: string;
      example: string;
    }
  | {
      name: string;
      shape: 'between';
      max: number;
      low: string;
      high: string;
      lowTouch: string;
      highTouch: string;
      lowExample: string;
      highExample: string;
    };

export const TRAIT_MEANINGS: Record<TraitKey, TraitMeaning> = {
  humor: {
    name: 'Humor',
    shape: 'more',
    max: 3,
    power: 1.5,
    low: 'dry',
    high: 'wacky',
    touch: 'jokes, wordplay or funny asides',
    example: 'Ask me how I know.',
  },
  sarcasm: {
    name: 'Sarcasm',
    shape: 'more',
    max: 3,
    power: 1.5,
    low: 'light',
    high: 'heavy',
    touch: 'sarcastic or wry remarks',
    example: 'Groundbreaking, I know.',
  },
  tone: {
    name: 'Tone',
    shape: 'between',
    max: 2,
    low: 'friendly',
    high: 'edgy',
    lowTouch: 'warm touches (a kind word, an encouraging aside)',
    highTouch: 'blunt touches (a hard truth, a short command, no softening)',
    lowExample: 'Be kind to yourself while you figure it out.',
    highExample: 'No excuses.',
  },
  professionalism: {
    name: 'Professionalism',
    shape: 'between',
    max: 2,
    low: 'casual',
    high: 'polished',
    lowTouch: 'casual touches (contractions, slang, a chatty aside)',
    highTouch: 'polished touches (full sentences, precise wording, a clear takeaway)',
    lowExample: 'tbh that is kinda the whole trick.',
    highExample: 'Clarity before speed is the key takeaway.',
  },
  optimism: {
    name: 'Optimism',
    shape: 'between',
    max: 2,
    low: 'skeptical',
    high: 'upbeat',
    lowTouch: 'skeptical remarks (doubt, caution, a reality check)',
    highTouch: 'upbeat remarks (hope, encouragement, excitement)',
    lowExample: 'I doubt most of it will last, sadly.',
    highExample: 'Genuinely exciting times, and I love it.',
  },
  technicality: {
    name: 'Technicality',
    shape: 'more',
    max: 3,
    power: 1.5,
    low: 'plain words',
    high: 'deep technical detail',
    touch: 'technical details (precise terms, methods, numbers)',
    example: 'Measure a baseline first, then change one variable at a time.',
  },
  controversial: {
    name: 'Controversial',
    shape: 'between',
    max: 2,
    low: 'avoids hot topics',
    high: 'seeks debate',
    lowTouch: 'hedges (it depends, your mileage may vary)',
    highTouch: 'bold claims (an unpopular opinion, a dare to disagree)',
    lowExample: 'Your mileage may vary.',
    highExample: 'Change my mind.',
  },
  emoji: { name: 'Emoji', shape: 'more', max: 4, power: 1, low: 'none', high: 'plenty', touch: 'emoji', example: '✨' },
  engagement: {
    name: 'Engagement',
    shape: 'more',
    max: 3,
    power: 1.5,
    low: 'speaks, does not ask',
    high: 'asks the audience',
    touch: 'questions or invitations to the audience',
    example: 'What would you add?',
  },
};

/**
 * How many of a trait's touches a post carries on average: for a `more` trait from 0 to its max
 * (by its power: humor, sarcasm, technicality and engagement slowly at first), for a `between` trait
 * from -max (all the way to the low pole) to +max (the high pole), 0 at 50, in proportion. One touch
 * a post is a sentence of its own (`MAX_LINES`), the rest are words (decision 066).
 */
export function traitDose(trait: TraitKey, value: number): number {
  const meaning = TRAIT_MEANINGS[trait];
  const v = Math.min(100, Math.max(0, value)) / 100;
  return meaning.shape === 'more' ? meaning.max * v ** meaning.power : meaning.max * (2 * v - 1);
}

/**
 * The traits a post speaks for first (emoji aside): a thread's points take a line of each, and the
 * check before review holds only these to their sliders.
 */
export const MAX_TOUCHES = 3;

/**
 * Touches of a post that are a sentence of their own (decision 066): one, the strongest trait's;
 * the others are words woven into the post's sentences, or a short question to end on.
 */
export const MAX_LINES = 1;

/** How strongly a trait speaks at a value, to decide whose touches a post keeps: its dose's share of the max. */
export function traitStrength(trait: TraitKey, value: number): number {
  return Math.abs(traitDose(trait, value)) / TRAIT_MEANINGS[trait].max;
}

/** "in about 8 of 100 posts" below one a post, else "about 1.6 per post". */
function perPost(dose: number): string {
  const d = Math.abs(dose);
  return d < 0.995 ? `one in about ${Math.max(1, Math.round(d * 100))} of 100 posts` : `about ${d.toFixed(1)} per post`;
}

/** What a value means, in words a writer can follow; any change of the value changes it. */
export function describeTrait(trait: TraitKey, value: number): string {
  const m = TRAIT_MEANINGS[trait];
  const dose = traitDose(trait, value);
  const scale = `${m.name} ${value}/100 (0 ${m.low}, 100 ${m.high})`;
  if (m.shape === 'more') {
    if (dose === 0) return `${scale}: no ${m.touch} at all`;
    return `${scale}: ${m.touch}, ${perPost(dose)} (e.g. "${m.example}")`;
  }
  if (dose === 0) return `${scale}: even, leaning neither way`;
  const [pole, touch, example] = dose < 0 ? [m.low, m.lowTouch, m.lowExample] : [m.high, m.highTouch, m.highExample];
  return `${scale}: leaning ${pole}; ${touch}, ${perPost(dose)} (e.g. "${example}")`;
}

const capitalize = (s: string) => `${s[0]?.toUpperCase()}${s.slice(1)}`;

/** The editor's style preview: each trait's meaning at its value, short. */
export function stylePreview(
  t: Traits,
): { trait: TraitKey; name: string; level: 'Low' | 'Balanced' | 'High'; text: string }[] {
  return TRAIT_KEYS.map((trait) => {
    const m = TRAIT_MEANINGS[trait];
    const dose = traitDose(trait, t[trait]);
    const short = (touch: string) => touch.replace(/\s*\(.*\)$/, '');
    let text: string;
    if (m.shape === 'more') {
      // "Emoji: About 1.6 per post", not "Emoji: Emoji, about 1.6 per post".
      const what = short(m.touch) === m.name.toLowerCase() ? '' : `${short(m.touch)}, `;
      text = dose === 0 ? `No ${short(m.touch)}` : capitalize(`${what}${perPost(dose)}`);
    } else if (dose === 0) text = `Even: neither ${m.low} nor ${m.high}`;
    else text = `Leans ${dose < 0 ? m.low : m.high}: ${short(dose < 0 ? m.lowTouch : m.highTouch)}, ${perPost(dose)}`;
    return { trait, name: m.name, level: traitLevel(t[trait]), text };
  });
}
