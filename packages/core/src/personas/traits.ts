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

/** How each trait's level reads as a style instruction (the editor's style preview; the prompt builder's basis). */
const STYLE: Record<TraitKey, Record<'Low' | 'Balanced' | 'High', string>> = {
  humor: { Low: 'Keeps it serious', Balanced: 'Adds light humor now and then', High: 'Leads with jokes and wordplay' },
  sarcasm: { Low: 'Says things straight', Balanced: 'Allows a wry aside', High: 'Leans on heavy sarcasm' },
  tone: { Low: 'Warm and friendly', Balanced: 'Even-toned', High: 'Edgy and blunt' },
  professionalism: { Low: 'Casual, like a chat', Balanced: 'Relaxed but tidy', High: 'Polished and professional' },
  optimism: { Low: 'Skeptical and critical', Balanced: 'Realistic', High: 'Upbeat and encouraging' },
  technicality: { Low: 'Plain words, no jargon', Balanced: 'Some technical detail', High: 'Deep technical detail' },
  controversial: {
    Low: 'Avoids hot topics',
    Balanced: 'Takes a side when it matters',
    High: 'Seeks debate with bold claims',
  },
  emoji: { Low: 'No emoji', Balanced: 'An emoji here and there', High: 'Plenty of emoji' },
  engagement: {
    Low: 'Speaks, does not ask',
    Balanced: 'Sometimes asks the audience',
    High: 'Ends with a question to spark replies',
  },
};

/** One style line per trait, in slider order: what the sliders make of the voice. */
export function styleInstructions(t: Traits): { trait: TraitKey; level: 'Low' | 'Balanced' | 'High'; text: string }[] {
  return TRAIT_KEYS.map((trait) => {
    const level = traitLevel(t[trait]);
    return { trait, level, text: STYLE[trait][level] };
  });
}
