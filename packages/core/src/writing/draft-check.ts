/**
 * The one check a draft passes before the review queue (decision 037), whoever wrote it: within
 * the network's length, not a near-duplicate of the persona's recent posts or of another draft of
 * its batch, its voice within reach of its sliders. Pure: the server gathers the history and
 * rewrites a draft that fails; the benchmark calls the same rules.
 */
import { z } from 'zod';
import { MAX_TOUCHES, TRAIT_KEYS, TRAIT_MEANINGS, type TraitKey, type Traits, traitStrength } from '../personas/traits';
import { PLATFORM_RULES, type Platform, platformLabel } from '../platforms/platforms';
import { platformLength } from './limits';
import { findNearDuplicate, type RepeatIndex, repeatIndex } from './near-duplicate';
import { measureVoice } from './voice-measures';

export const DRAFT_FLAG_KINDS = ['length', 'repeat', 'batch', 'voice'] as const;
export type DraftFlagKind = (typeof DRAFT_FLAG_KINDS)[number];

/** Why a draft entered the queue flagged, in words ("repeats your post of 3 Nov"). */
export const draftFlagSchema = z
  .object({
    kind: z.enum(DRAFT_FLAG_KINDS),
    reason: z.string(),
    /** The post it repeats (kind repeat). */
    postId: z.string().optional(),
    /** The trait it misses (kind voice). */
    trait: z.enum(TRAIT_KEYS).optional(),
  })
  .meta({ id: 'DraftFlag' });
export type DraftFlag = z.infer<typeof draftFlagSchema>;

/** How analytics and the screens name each kind. */
export const DRAFT_FLAG_LABELS: Record<DraftFlagKind, string> = {
  length: 'Too long for the network',
  repeat: 'Repeats a recent post',
  batch: 'Same as another draft of its batch',
  voice: 'Off its voice',
};

/** A draft that fails is written again at most this many times, then queued with its flags. */
export const MAX_REWRITES = 2;
/** How many of the persona's latest posts a draft is compared with. */
export const CHECKED_RECENT_POSTS = 250;

/** A post of the persona's that a draft must not repeat. */
export type CheckedPost = {
  id: string;
  content: string;
  /** When it went out, goes out, or was written (a draft in review). */
  at: Date;
  status: 'posted' | 'scheduled' | 'publishing' | 'unconfirmed' | 'pending_review';
};

/** The drafts written so far in one job (a batch of the generator, a check's replies). */
export type DraftBatch = { entries: RepeatIndex<{ label: string }>; add(text: string, label: string): void };
export function createDraftBatch(): DraftBatch {
  const entries: RepeatIndex<{ label: string }> = [];
  return {
    entries,
    add(text, label) {
      entries.push(...repeatIndex([{ label }], () => text));
    },
  };
}

/** The persona's recent posts prepared for comparison (once per writing job). */
export function recentIndex(posts: readonly CheckedPost[]): RepeatIndex<CheckedPost> {
  return repeatIndex(posts, (p) => p.content);
}

const dayMonth = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone }).format(at);

/** "repeats your post of 3 Nov", or of a post still to go out, or a draft in review. */
export function repeatReason(post: CheckedPost, timeZone: string): string {
  const day = dayMonth(post.at, timeZone);
  switch (post.status) {
    case 'posted':
    case 'unconfirmed':
      return `repeats your post of ${day}`;
    case 'scheduled':
    case 'publishing':
      return `repeats your post scheduled for ${day}`;
    case 'pending_review':
      return `repeats your draft of ${day} waiting for review`;
  }
}

/** Each network's length, as that network counts it: a part over it is named with its count. */
export function lengthFlags(parts: readonly string[], platforms: readonly Platform[]): DraftFlag[] {
  const flags: DraftFlag[] = [];
  for (const platform of platforms) {
    const limit = PLATFORM_RULES[platform].length.limit;
    parts.forEach((part, i) => {
      const length = platformLength(platform, part);
      if (length <= limit) return;
      const which = parts.length > 1 ? `part ${i + 1} is ` : '';
      flags.push({
        kind: 'length',
        reason: `${which}too long for ${platformLabel(platform)}: ${length} of ${limit} characters`,
      });
    });
  }
  return flags;
}

/** How a trait's pole reads in a flag ("reads far less humorous than its slider"). */
const POLE_WORDS: Record<TraitKey, { high: string; low: string }> = {
  humor: { high: 'humorous', low: 'dry' },
  sarcasm: { high: 'sarcastic', low: 'earnest' },
  tone: { high: 'edgy', low: 'friendly' },
  professionalism: { high: 'polished', low: 'casual' },
  optimism: { high: 'upbeat', low: 'skeptical' },
  technicality: { high: 'technical', low: 'plain' },
  controversial: { high: 'bold', low: 'cautious' },
  // Emoji and engagement read as counts ("uses far fewer emoji"), not as a pole.
  emoji: { high: 'emoji', low: 'emoji' },
  engagement: { high: 'engaging', low: 'reserved' },
};

/** A slider this far towards an end is "strong": a post without its touch is far from it. */
export const VOICE_HIGH = 80;
export const VOICE_LOW = 20;
/** A `more` trait this low means next to none of it: two touches or more are far from it. */
export const VOICE_NONE = 10;

function lessWords(trait: TraitKey, pole: 'high' | 'low'): string {
  if (trait === 'emoji') return 'uses far fewer emoji than its slider';
  if (trait === 'engagement') return 'asks the audience far less than its slider';
  return `reads far less ${POLE_WORDS[trait][pole]} than its slider`;
}
function moreWords(trait: TraitKey): string {
  if (trait === 'emoji') return 'uses far more emoji than its slider';
  if (trait === 'engagement') return 'asks the audience far more than its slider';
  return `reads far more ${POLE_WORDS[trait].high} than its slider`;
}

/**
 * The voice within reach of the sliders, by the core voice measures (decision 023), judged only
 * where a single post can be far from its slider:
 * - a `more` trait at 80 or above, among the post's strongest traits (its touches are kept within
 *   the budget of `MAX_TOUCHES`), with none of its touch: "reads far less humorous than its slider";
 *   emoji at 80 or above with none at all;
 * - a `more` trait at 10 or below with two touches or more: "reads far more humorous…";
 * - a `between` trait at 80 or above (or 20 or below), among the strongest, whose text leans to the
 *   other pole by two sentences or more: "reads far less edgy (friendly)…".
 * A reply carries at most one touch, so it is held only to the last two.
 */
export function voiceFlags(
  traits: Traits,
  text: string,
  options: { kind: 'post' | 'reply'; subject?: string } = { kind: 'post' },
): DraftFlag[] {
  const measured = (trait: TraitKey) => measureVoice(trait, text, options.subject ? { subject: options.subject } : {});
  const budgeted = TRAIT_KEYS.filter((t) => t !== 'emoji');
  const strengths = budgeted.map((t) => traitStrength(t, traits[t])).sort((a, b) => b - a);
  const cut = strengths[MAX_TOUCHES - 1] ?? 0;
  const strongest = (trait: TraitKey) => trait === 'emoji' || traitStrength(trait, traits[trait]) >= cut;
  const flags: DraftFlag[] = [];
  const flag = (trait: TraitKey, reason: string) => flags.push({ kind: 'voice', trait, reason });
  for (const trait of TRAIT_KEYS) {
    const value = traits[trait];
    const meaning = TRAIT_MEANINGS[trait];
    if (meaning.shape === 'more') {
      if (options.kind === 'post' && value >= VOICE_HIGH && strongest(trait) && measured(trait) <= 0) {
        flag(trait, lessWords(trait, 'high'));
      } else if (value <= VOICE_NONE && measured(trait) >= 2) {
        flag(trait, moreWords(trait));
      }
      continue;
    }
    if (!strongest(trait)) continue;
    if (value >= VOICE_HIGH && measured(trait) <= -2) flag(trait, lessWords(trait, 'high'));
    else if (value <= VOICE_LOW && measured(trait) >= 2) flag(trait, lessWords(trait, 'low'));
  }
  return flags;
}

/** What the check needs beside the draft: what it must not repeat, and in which zone dates read. */
export type DraftCheckInput = {
  parts: readonly string[];
  platforms: readonly Platform[];
  kind: 'post' | 'reply';
  /** The persona's sliders; left out (a person wrote it), the voice is not judged. */
  traits?: Traits;
  /** The topic or headline: its words are the subject's, not the voice's. */
  subject?: string;
  recent: RepeatIndex<CheckedPost>;
  batch?: DraftBatch;
  timeZone: string;
};

/** Every reason the draft is not ready for review, in words; [] when it is. */
export function checkDraft(input: DraftCheckInput): DraftFlag[] {
  const text = input.parts.join('\n\n');
  const flags = lengthFlags(input.parts, input.platforms);
  const repeated = findNearDuplicate(text, input.recent);
  if (repeated) {
    flags.push({ kind: 'repeat', reason: repeatReason(repeated, input.timeZone), postId: repeated.id });
  } else if (input.batch) {
    const twin = findNearDuplicate(text, input.batch.entries);
    if (twin) flags.push({ kind: 'batch', reason: `nearly the same as ${twin.label}` });
  }
  if (input.traits) {
    flags.push(
      ...voiceFlags(input.traits, text, { kind: input.kind, ...(input.subject ? { subject: input.subject } : {}) }),
    );
  }
  return flags;
}

/** What a writer is told when its draft is sent back: each reason, and what to do instead. */
export function rewriteNote(flags: readonly DraftFlag[], recent: readonly CheckedPost[] = []): string {
  const line = (f: DraftFlag): string => {
    if (f.kind === 'length') {
      return f.reason.startsWith('part ')
        ? `Its ${f.reason}: write it shorter.`
        : `It is ${f.reason}: write it shorter.`;
    }
    if (f.kind === 'repeat') {
      const post = recent.find((p) => p.id === f.postId);
      const quoted = post ? ` ("${post.content.replace(/\s+/g, ' ').slice(0, 140)}")` : '';
      return `It ${f.reason}${quoted}: say something else, in other words.`;
    }
    if (f.kind === 'batch') return `It is ${f.reason}: take another angle, in other words.`;
    return `It ${f.reason}: follow the voice above.`;
  };
  return `Your last draft could not be used. ${flags.map(line).join(' ')} Write a new one.`;
}

/**
 * How bad an attempt's flags are: a repeat (of a recent post or of another draft of the batch)
 * outweighs every other flag together, since saying the same thing twice is worse to publish than a
 * post a little off its sliders or a link too long.
 */
function weight(flags: readonly DraftFlag[]): number {
  return flags.reduce((sum, f) => sum + (f.kind === 'repeat' || f.kind === 'batch' ? 100 : 1), 0);
}

/** The attempt to keep of several: the lightest flags (a repeat weighs most), the latest on a tie. */
export function bestAttempt<T extends { flags: readonly DraftFlag[] }>(attempts: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const attempt of attempts) if (!best || weight(attempt.flags) <= weight(best.flags)) best = attempt;
  return best;
}
