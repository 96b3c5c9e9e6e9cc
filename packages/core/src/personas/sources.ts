/** Content sources, strategies and the pipeline preview (editor spec: Content Sources & Strategies tab). */
import { type ContentSource, contentSourceSchema, type Strategy } from './persona';

export type SourceType = ContentSource['type'];
export const SOURCE_TYPES: { type: SourceType; label: string; hint: string }[] = [
  { type: 'rss', label: 'RSS feed', hint: 'An RSS or Atom feed address' },
  { type: 'reddit', label: 'Reddit', hint: "A subreddit's address" },
  { type: 'website', label: 'Website', hint: 'A page whose headlines you follow' },
];

/** Checks per week a new source starts with (spec §9). */
export const DEFAULT_SOURCE_FREQUENCY: Record<SourceType, number> = { rss: 3, reddit: 2, website: 1 };
export const MAX_SOURCES = 50;
export const MAX_STRATEGIES = 50;
/** At most this many fetched titles are sent to generation (spec §9). */
export const MAX_TITLES_FOR_GENERATION = 5;

/** The Add Source dialog's examples, one list per type. */
export const POPULAR_SOURCES: Record<SourceType, { name: string; url: string }[]> = {
  rss: [
    { name: 'Hacker News', url: 'https://news.ycombinator.com/rss' },
    { name: 'TechCrunch', url: 'https://techcrunch.com/feed/' },
    { name: 'The Verge', url: 'https://www.theverge.com/rss/index.xml' },
    { name: 'Ars Technica', url: 'https://feeds.arstechnica.com/arstechnica/index' },
  ],
  reddit: [
    { name: 'r/programming', url: 'https://www.reddit.com/r/programming/' },
    { name: 'r/technology', url: 'https://www.reddit.com/r/technology/' },
    { name: 'r/startups', url: 'https://www.reddit.com/r/startups/' },
    { name: 'r/MachineLearning', url: 'https://www.reddit.com/r/MachineLearning/' },
  ],
  website: [
    { name: 'GitHub Trending', url: 'https://github.com/trending' },
    { name: 'DEV Community', url: 'https://dev.to/' },
    { name: 'Lobsters', url: 'https://lobste.rs/' },
  ],
};

/** A source the user adds: disabled and pending until they turn it on and it is checked (spec §4). */
export function newSource(id: string, input: { type: SourceType; name: string; url: string }): ContentSource {
  return {
    id,
    name: input.name.trim(),
    type: input.type,
    url: input.url.trim(),
    enabled: false,
    frequency: DEFAULT_SOURCE_FREQUENCY[input.type],
    status: 'pending',
    lastCheck: null,
    errorMessage: null,
  };
}

/** The spec's new custom strategy: name Custom Strategy, weight 5, disabled. */
export function newStrategy(id: string): Strategy {
  return { id, name: 'Custom Strategy', description: '', enabled: false, weight: 5, prompt: '', examples: [] };
}

const sourceFormSchema = contentSourceSchema.pick({ name: true, url: true });

/** The first problem with a source's name and URL as typed, by field, or null when both are fine. */
export function sourceFormErrors(input: { name: string; url: string }): { name?: string; url?: string } | null {
  const result = sourceFormSchema.safeParse({ name: input.name, url: input.url.trim() });
  if (result.success) return null;
  const errors: { name?: string; url?: string } = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === 'name' && !errors.name) {
      errors.name = input.name.trim() === '' ? 'Source name is required' : 'Source name must be at most 100 characters';
    }
    if (field === 'url' && !errors.url) {
      errors.url =
        input.url.trim() === '' ? 'URL is required' : 'Enter a full http(s) address, e.g. https://example.com/feed';
    }
  }
  return errors;
}

/** Strategy examples are typed one per line; blank lines are dropped (spec §5). */
export function parseExamples(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** Each enabled strategy's share of generated posts in whole percent, from the weights. */
export function strategyShares(strategies: Strategy[]): Map<string, number> {
  const enabled = strategies.filter((s) => s.enabled);
  const total = enabled.reduce((sum, s) => sum + s.weight, 0);
  return new Map(enabled.map((s) => [s.id, total === 0 ? 0 : Math.round((s.weight / total) * 100)]));
}

/** Why Generate example cannot run yet, or null (spec §5: one enabled source and one enabled strategy). */
export function pipelineBlocker(sources: ContentSource[], strategies: Strategy[]): string | null {
  const source = sources.some((s) => s.enabled);
  const strategy = strategies.some((s) => s.enabled);
  if (source && strategy) return null;
  if (!source && !strategy) return 'Turn on at least one source and one strategy to generate an example.';
  return source
    ? 'Turn on at least one strategy to generate an example.'
    : 'Turn on at least one source to generate an example.';
}

/** Picks an enabled strategy, each as likely as its weight. `random` returns [0, 1). */
export function pickStrategy(strategies: Strategy[], random: () => number = Math.random): Strategy | null {
  const enabled = strategies.filter((s) => s.enabled);
  const total = enabled.reduce((sum, s) => sum + s.weight, 0);
  let point = random() * total;
  for (const s of enabled) {
    point -= s.weight;
    if (point < 0) return s;
  }
  return enabled.at(-1) ?? null;
}

/** "1 check per week", "3 checks per week". */
export function frequencyLabel(frequency: number): string {
  return `${frequency} ${frequency === 1 ? 'check' : 'checks'} per week`;
}

/** How long ago an instant was, in words: "just now", "45 min ago", "5 h ago", "yesterday", "4 days ago". */
function agoWords(at: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? 'yesterday' : `${days} days ago`;
}

/** When a source was last fetched, in words. */
export function lastCheckLabel(lastCheck: string | null, now: Date = new Date()): string {
  if (!lastCheck) return 'Never checked';
  return `Checked ${agoWords(new Date(lastCheck), now)}`;
}

/**
 * A source card's check line: when it was last read, or, after a failed read, that it failed,
 * how ("HTTP 404") and when.
 */
export function sourceCheckLabel(
  source: Pick<ContentSource, 'status' | 'lastCheck' | 'errorMessage'>,
  now: Date = new Date(),
): string {
  if (source.status !== 'error' || !source.lastCheck) return lastCheckLabel(source.lastCheck, now);
  const why = source.errorMessage?.replace(/^The site answered /, '').replace(/\.$/, '');
  return `Last check failed${why ? `: ${why}` : ''} · ${agoWords(new Date(source.lastCheck), now)}`;
}

/**
 * A fetch's outcome as a source records it: active with the check's time, or error with the
 * reason. For a source not saved yet (the server records saved ones itself).
 */
export function checkedSource(source: ContentSource, at: Date, error: string | null): ContentSource {
  return { ...source, status: error ? 'error' : 'active', lastCheck: at.toISOString(), errorMessage: error };
}

const STOP_WORDS = new Set(
  'about after also and are but can could does for from have how into its just like more most new not now our over says than that the their them then there these they this what when where which while who why will with without you your'.split(
    ' ',
  ),
);

/** Up to two hashtags from a headline's longest telling words, in headline order. */
export function headlineHashtags(headline: string): string[] {
  const words = [...new Set(headline.match(/[A-Za-z][A-Za-z0-9]+/g) ?? [])].filter(
    (w) => w.length >= 4 && !STOP_WORDS.has(w.toLowerCase()),
  );
  const chosen = new Set([...words].sort((a, b) => b.length - a.length).slice(0, 2));
  return words.filter((w) => chosen.has(w)).map((w) => `#${w[0]?.toUpperCase()}${w.slice(1)}`);
}
