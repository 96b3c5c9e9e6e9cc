/**
 * When a draft repeats a post (decision 037): the overlap of their character 5-grams, once both
 * are reduced to their words. Links, @handles, emoji, punctuation and case are left out (a repeat
 * with a new link or an extra emoji is still a repeat); a hashtag counts as its word. Two texts are
 * near-duplicates when the Jaccard index of their 5-gram sets reaches `NEAR_DUPLICATE_THRESHOLD`,
 * or when one of at least `CONTAINED_MIN_GRAMS` 5-grams lies almost wholly inside the other
 * (`CONTAINED_THRESHOLD`): an old post with a line added is a repeat, whatever the line.
 *
 * Character 5-grams rather than word 3-grams: one changed word in a short post breaks three word
 * 3-grams out of a handful, but only a few 5-grams out of dozens, so light rewording still shows.
 */

/** The Jaccard index of 5-gram sets from which two texts are near-duplicates. */
export const NEAR_DUPLICATE_THRESHOLD = 0.5;
/** The share of the shorter text's 5-grams found in the longer from which it is contained in it. */
export const CONTAINED_THRESHOLD = 0.8;
/** A text counts as contained only with at least this many 5-grams (about 40 characters). */
export const CONTAINED_MIN_GRAMS = 36;
/** The length of the character n-grams compared. */
export const GRAM = 5;

/** A text reduced to its words: lower case, no links, handles, emoji or punctuation. */
export function normalizeForRepeat(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/\bwww\.\S+/g, ' ')
    .replace(/(^|\s)@[\w.-]+/g, ' ')
    .replace(/[’']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The set of character n-grams of a normalized text (a text shorter than one n-gram is its own). */
export function gramsOf(text: string): Set<string> {
  const t = normalizeForRepeat(text);
  const grams = new Set<string>();
  if (t.length === 0) return grams;
  if (t.length <= GRAM) {
    grams.add(t);
    return grams;
  }
  for (let i = 0; i + GRAM <= t.length; i++) grams.add(t.slice(i, i + GRAM));
  return grams;
}

function overlap(a: Set<string>, b: Set<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const g of small) if (large.has(g)) shared += 1;
  return shared;
}

/** How alike two texts are, 0 to 1: the Jaccard index of their 5-grams, and the containment of the shorter. */
export function repeatScore(a: Set<string>, b: Set<string>): { jaccard: number; contained: number } {
  if (a.size === 0 || b.size === 0) return { jaccard: 0, contained: 0 };
  const shared = overlap(a, b);
  const smaller = Math.min(a.size, b.size);
  return {
    jaccard: shared / (a.size + b.size - shared),
    contained: smaller >= CONTAINED_MIN_GRAMS ? shared / smaller : 0,
  };
}

/** Whether two scores make a near-duplicate. */
const isRepeat = (s: { jaccard: number; contained: number }) =>
  s.jaccard >= NEAR_DUPLICATE_THRESHOLD || s.contained >= CONTAINED_THRESHOLD;

/** Whether two texts are near-duplicates by the rule above. */
export function isNearDuplicate(a: string, b: string): boolean {
  return isRepeat(repeatScore(gramsOf(a), gramsOf(b)));
}

/**
 * Texts prepared once for many comparisons (a persona's last 250 posts are compared with each
 * draft of a batch and each rewrite).
 */
export type RepeatIndex<T> = { item: T; grams: Set<string> }[];
export function repeatIndex<T>(items: readonly T[], textOf: (item: T) => string): RepeatIndex<T> {
  return items.map((item) => ({ item, grams: gramsOf(textOf(item)) }));
}

/** The first item the text nearly repeats (the closest when several do), or null. */
export function findNearDuplicate<T>(text: string, index: RepeatIndex<T>): T | null {
  const grams = gramsOf(text);
  let best: { item: T; score: number } | null = null;
  for (const entry of index) {
    const score = repeatScore(grams, entry.grams);
    if (!isRepeat(score)) continue;
    const s = Math.max(score.jaccard, score.contained);
    if (!best || s > best.score) best = { item: entry.item, score: s };
  }
  return best?.item ?? null;
}

// ---------------------------------------------------------------------------------------------
// Planted repeats: how the measure is held to account (its unit test and `npm run bench`).

/** The light rewordings a repeat is planted with (decision 037). */
export const PLANTED_EDITS = [
  'exact copy',
  'case and punctuation changed',
  'emoji and hashtag changed',
  'link changed',
  'one word replaced',
  'opener added',
  'closing line added',
  'last sentence dropped',
] as const;
export type PlantedEdit = (typeof PLANTED_EDITS)[number];

const OPENERS = ['Reminder: ', 'Still true: ', 'Again, ', 'Honestly, '];
const CLOSERS = ['Worth saying twice.', 'Thoughts?', 'More on this soon.', 'That is all for today.'];
const SWAPS = ['really', 'quite', 'often', 'still', 'never', 'always'];

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)] as T;

/**
 * A planted repeat of `text`: the post lightly reworded by `edit` (dice from `random`). An edit that
 * does not apply (no link to change, a single sentence to drop) falls back to a case change.
 */
export function plantRepeat(text: string, edit: PlantedEdit, random: () => number = Math.random): string {
  const recase = (t: string) =>
    t
      .replace(/[.!]\s*$/u, '')
      .replace(/,/g, ' ,')
      .replace(/\b\w/g, (c) => (random() < 0.5 ? c.toUpperCase() : c.toLowerCase()));
  switch (edit) {
    case 'exact copy':
      return text;
    case 'case and punctuation changed':
      return recase(text);
    case 'emoji and hashtag changed': {
      const without = text.replace(/#[\p{L}\p{N}_]+/gu, '').replace(/\p{Extended_Pictographic}/gu, '');
      return `${without.trim()} ${pick(['🔥', '👀', '✨', '🙌'], random)} #${pick(['Today', 'Notes', 'Thoughts'], random)}`;
    }
    case 'link changed': {
      if (!/https?:\/\/\S+/.test(text)) return recase(text);
      return text.replace(/https?:\/\/\S+/g, `https://example.org/${Math.floor(random() * 1e6)}`);
    }
    case 'one word replaced': {
      const words = text.split(/(\s+)/);
      const candidates = words.map((w, i) => ({ w, i })).filter(({ w }) => /^[A-Za-z]{4,}[,.]?$/.test(w));
      if (candidates.length === 0) return recase(text);
      const { w, i } = pick(candidates, random);
      words[i] = w.replace(/^[A-Za-z]+/, pick(SWAPS, random));
      return words.join('');
    }
    case 'opener added':
      return `${pick(OPENERS, random)}${text.charAt(0).toLowerCase()}${text.slice(1)}`;
    case 'closing line added':
      return `${text.trim()} ${pick(CLOSERS, random)}`;
    case 'last sentence dropped': {
      const sentences = text.match(/[^.!?]+[.!?]+(\s+|$)|[^.!?]+$/g) ?? [text];
      if (sentences.length < 3) return recase(text);
      return sentences.slice(0, -1).join('').trim();
    }
  }
}

/**
 * The measure's catch rate on planted repeats, for its unit test and the benchmark's writing
 * section: each post of `posts` is planted again under every edit and must be found among the
 * posts; and its false alarms: the posts (distinct by hand) found to repeat another of them.
 */
export function nearDuplicateCatchRate(
  posts: readonly string[],
  random: () => number = Math.random,
): {
  planted: number;
  caught: number;
  rate: number;
  missed: { post: string; edit: PlantedEdit; planted: string }[];
  byEdit: Record<PlantedEdit, { planted: number; caught: number }>;
  /** Pairs of different posts of `posts` that the measure calls repeats. */
  falseAlarms: number;
  pairs: number;
} {
  const index = repeatIndex(posts, (p) => p);
  const byEdit = Object.fromEntries(PLANTED_EDITS.map((e) => [e, { planted: 0, caught: 0 }])) as Record<
    PlantedEdit,
    { planted: number; caught: number }
  >;
  const missed: { post: string; edit: PlantedEdit; planted: string }[] = [];
  let planted = 0;
  let caught = 0;
  posts.forEach((post, i) => {
    for (const edit of PLANTED_EDITS) {
      const repeat = plantRepeat(post, edit, random);
      planted += 1;
      byEdit[edit].planted += 1;
      const entry = index[i];
      if (entry && isRepeat(repeatScore(gramsOf(repeat), entry.grams))) {
        caught += 1;
        byEdit[edit].caught += 1;
      } else missed.push({ post, edit, planted: repeat });
    }
  });
  let falseAlarms = 0;
  let pairs = 0;
  for (let i = 0; i < index.length; i++) {
    for (let j = i + 1; j < index.length; j++) {
      const a = index[i];
      const b = index[j];
      if (!a || !b || posts[i] === posts[j]) continue;
      pairs += 1;
      if (isRepeat(repeatScore(a.grams, b.grams))) falseAlarms += 1;
    }
  }
  return { planted, caught, rate: planted === 0 ? 1 : caught / planted, missed, byEdit, falseAlarms, pairs };
}
