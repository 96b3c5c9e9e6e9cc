/** Persona editor rules: presets, random names, section progress (editor spec; app spec: Editor save). */
import { DEFAULT_PERSONA_NAME } from './defaults';
import type { Persona } from './persona';
import { DEFAULT_TRAITS, TRAIT_KEYS, type Traits } from './traits';

export type PersonalityPreset = { id: string; name: string; emoji: string; description: string; traits: Traits };

const t = (
  humor: number,
  sarcasm: number,
  tone: number,
  professionalism: number,
  optimism: number,
  technicality: number,
  controversial: number,
  emoji: number,
  engagement: number,
): Traits => ({
  humor,
  sarcasm,
  tone,
  professionalism,
  optimism,
  technicality,
  controversial,
  emoji,
  engagement,
});

/** The six presets the spec names, and three of Plume's own. */
export const PERSONALITY_PRESETS: PersonalityPreset[] = [
  {
    id: 'tech-guru',
    name: 'Tech Guru',
    emoji: '🧠',
    description: 'Deep technical insight, explained with authority.',
    traits: t(30, 20, 45, 85, 65, 90, 20, 15, 60),
  },
  {
    id: 'sarcastic-developer',
    name: 'Sarcastic Developer',
    emoji: '🙃',
    description: 'Dry wit about code, bugs and meetings.',
    traits: t(85, 80, 70, 40, 35, 75, 55, 30, 65),
  },
  {
    id: 'motivational-coach',
    name: 'Motivational Coach',
    emoji: '🚀',
    description: 'Upbeat encouragement that gets people moving.',
    traits: t(45, 10, 25, 55, 95, 20, 15, 70, 85),
  },
  {
    id: 'industry-analyst',
    name: 'Industry Analyst',
    emoji: '📊',
    description: 'Measured takes on trends, backed by data.',
    traits: t(15, 15, 40, 90, 55, 75, 25, 5, 50),
  },
  {
    id: 'startup-founder',
    name: 'Startup Founder',
    emoji: '🦄',
    description: 'Builder energy: lessons, launches and bold bets.',
    traits: t(50, 30, 55, 65, 85, 60, 45, 40, 80),
  },
  {
    id: 'code-comedian',
    name: 'Code Comedian',
    emoji: '😂',
    description: 'Programming humour that lands with developers.',
    traits: t(95, 65, 60, 30, 70, 60, 35, 65, 75),
  },
  {
    id: 'friendly-educator',
    name: 'Friendly Educator',
    emoji: '📚',
    description: 'Patient explanations of one idea at a time.',
    traits: t(40, 10, 20, 70, 75, 55, 10, 35, 70),
  },
  {
    id: 'hot-take-machine',
    name: 'Hot Take Machine',
    emoji: '🔥',
    description: 'Debatable opinions that start conversations.',
    traits: t(60, 75, 80, 40, 45, 50, 75, 30, 85),
  },
  {
    id: 'calm-curator',
    name: 'Calm Curator',
    emoji: '🌿',
    description: 'Thoughtful picks from the best of the web.',
    traits: t(25, 10, 30, 70, 60, 45, 10, 20, 45),
  },
];

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';
const TECH_WORDS = ['Byte', 'Pixel', 'Code', 'Data', 'Cloud', 'Neural', 'Quantum', 'Cyber', 'Logic', 'Stack'];
const DESCRIPTORS = ['Sage', 'Wizard', 'Ninja', 'Guru', 'Pilot', 'Scout', 'Maker', 'Whisperer', 'Voyager', 'Smith'];

/** 'user-' and 6 random letters or digits (the spec's Random Name). */
export function randomUserName(random: () => number = Math.random): string {
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)];
  return `user-${suffix}`;
}

/** A tech word, a descriptor and a number 1-9999, e.g. 'PixelSage42'. */
export function randomPersonaName(random: () => number = Math.random): string {
  const pick = (list: string[]) => list[Math.floor(random() * list.length)] as string;
  return `${pick(TECH_WORDS)}${pick(DESCRIPTORS)}${1 + Math.floor(random() * 9999)}`;
}

export const EDITOR_SECTIONS = ['identity', 'personality', 'sources', 'accounts', 'automation', 'advanced'] as const;
export type EditorSection = (typeof EDITOR_SECTIONS)[number];

type Draft = Pick<
  Persona,
  | 'name'
  | 'personality'
  | 'sources'
  | 'templates'
  | 'connected_accounts'
  | 'automation'
  | 'use_default_prompt'
  | 'custom_prompt'
>;

/** Which sections a persona has filled in. */
export function completedSections(p: Draft): EditorSection[] {
  const done: Record<EditorSection, boolean> = {
    identity: p.name.trim().length > 0 && p.name.trim() !== DEFAULT_PERSONA_NAME,
    personality: TRAIT_KEYS.some((k) => p.personality[k] !== DEFAULT_TRAITS[k]),
    sources: p.sources.some((s) => s.enabled) && p.templates.some((s) => s.enabled),
    accounts: p.connected_accounts.some((a) => a.isConnected),
    automation: p.automation.autoPosting.enabled || p.automation.autoReplies.enabled || p.automation.engagement.enabled,
    advanced: p.use_default_prompt || p.custom_prompt.trim().length > 0,
  };
  return EDITOR_SECTIONS.filter((s) => done[s]);
}

/** Completed sections / 6 as a percentage, and the spec's message for it. */
export function editorProgress(p: Draft): { percent: number; message: string } {
  const percent = Math.round((completedSections(p).length / EDITOR_SECTIONS.length) * 100);
  return { percent, message: percent < 60 ? 'Complete more sections' : 'Great! Your persona is well configured' };
}
