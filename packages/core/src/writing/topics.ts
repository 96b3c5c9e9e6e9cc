/**
 * What a persona writes about and how a subject becomes hashtags: themes read from the bio and the
 * custom prompt, key phrases of a subject, and hashtags made of whole key phrases, never fragments.
 */

/** Own hashtags a post may carry on X and on Bluesky (both platforms advise one or two). */
export const MAX_HASHTAGS = 2;

const STOP = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having here how i if in into is it its itself just me more most my no nor not now of off on once only or other our ours out over own same she should so some such than that the their theirs them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours yourself`.split(
    ' ',
  ),
);

/** Words that are not a hashtag on their own. */
const WEAK = new Set(
  'thing things stuff way ways today tips tip ideas idea post posts thoughts thought lessons lesson people time times day days week year years better best good great really new get got make makes made say tell go know think use try find give take see look feel become starting getting working making doing going trying'.split(
    ' ',
  ),
);

/** Verbs and auxiliaries that end a key phrase ("remote work | is | better"). */
const BREAK = new Set(
  'is are was were be been being should could would can will may might must do does did has have had get gets got make makes stay keep start stop need needs want wants help helps helping'.split(
    ' ',
  ),
);

/** Prepositions that join two single words into one phrase: "saving for retirement", "learning in public". */
const JOINING = new Set(['for', 'in', 'from', 'on', 'at', 'of', 'to']);

/**
 * Runs of content words in a phrase, in order: "the future of remote work" -> ["future", "remote
 * work"]; two single words joined by a preposition stay one phrase ("working from home").
 */
export function keyPhrases(phrase: string): string[] {
  const words = phrase
    // A possessive ends a phrase: "the week’s news" is about the news.
    .replace(/[’']s\b/g, ' the ')
    .replace(/[“”"'’()[\]{}]/g, ' ')
    .split(/[\s,;:.!?/|–—]+/)
    .filter(Boolean);
  const runs: string[][] = [[]];
  for (const [i, word] of words.entries()) {
    const lower = word.toLowerCase();
    const run = runs.at(-1) ?? [];
    const joins = JOINING.has(lower) && run.length === 1 && isSingle(words, i + 1);
    if (joins) run.push(lower);
    else if (STOP.has(lower) || BREAK.has(lower) || !/^[\p{L}\p{N}][\p{L}\p{N}+#.&-]*$/u.test(word)) runs.push([]);
    else run.push(word);
  }
  return runs
    .filter((run) => run.length > 0 && run.length <= 3)
    .filter((run) => !(run.length === 1 && WEAK.has(run[0]?.toLowerCase() ?? '')))
    .map((run) => run.join(' '));
}

/** Whether the word at `i` is a content word standing alone: none follows it in the same run. */
function isSingle(words: string[], i: number): boolean {
  const content = (w: string | undefined) =>
    w !== undefined && !STOP.has(w.toLowerCase()) && !BREAK.has(w.toLowerCase());
  return /^\p{L}/u.test(words[i] ?? '') && content(words[i]) && !content(words[i + 1]);
}

/** "machine learning" -> "#MachineLearning"; acronyms and inner capitals are kept ("AI", "iOS"). */
export function hashtagOf(phrase: string): string | null {
  const tag = phrase
    .split(/[\s-]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean)
    .map((w) => (/[A-Z]/.test(w.slice(1)) ? w : `${w[0]?.toUpperCase()}${w.slice(1).toLowerCase()}`))
    .join('');
  return tag.length >= 2 && tag.length <= 24 && /\p{L}/u.test(tag) ? `#${tag}` : null;
}

/**
 * Up to `max` hashtags for a post: the subject's key phrases, longest first (the head of the
 * subject), then, when the subject is one of the persona's themes, its other themes. Each is a
 * whole phrase, none repeated.
 */
export function topicHashtags(subject: string, themes: readonly string[], max = MAX_HASHTAGS): string[] {
  const phrases = keyPhrases(subject)
    .map((p, index) => ({ p, index, words: p.split(' ').length }))
    .sort((a, b) => b.words - a.words || a.index - b.index)
    .map(({ p }) => p);
  const own = themes.some((t) => t.toLowerCase() === subject.trim().toLowerCase());
  const themed = own ? themes.flatMap((t) => keyPhrases(t).slice(0, 1)) : [];
  const tags: string[] = [];
  for (const phrase of [...phrases, ...themed]) {
    const tag = hashtagOf(phrase);
    if (tag && !tags.some((t) => t.toLowerCase() === tag.toLowerCase())) tags.push(tag);
    if (tags.length >= max) break;
  }
  return tags;
}

/** Fillers that open a bio's phrase before its subject: "Writing about", "Helping founders with". */
const FILLER =
  /^(?:(?:i|we)\s+)?(?:(?:write|writing|talk|talking|post|posting|share|sharing|thoughts|notes|tips|posts|all things|everything)\s+(?:about|on|around)?\s*|(?:helping|help|teaching|showing)\s+[\p{L}\s]+?\s+(?:with|on|about|understand|master|make sense of)\s+)/iu;
const TOPIC_MARKER = /\b(?:about|on|covering|around|into|topics?|focus(?:ed|ing)? on|obsessed with)\b[:\s]+(.+)$/i;
const LEADING = /^(?:the|a|an|my|our|your|some|all)\s+/i;
const ROLE_ONLY = /^(?:i\s+am|i'm|we\s+are)\b/i;

/** "Forecasting" mid-sentence reads "forecasting"; "Rust", "AI" and "JavaScript" stay as written. */
function midSentence(phrase: string): string {
  const [first = '', ...rest] = phrase.split(' ');
  const common = /(?:ing|ment|tion|sion|ness|ity|ship|ance|ence|ics)$/i.test(first) || rest.length > 0;
  const keep = /[A-Z]/.test(first.slice(1)) || (rest.length > 0 && /^[A-Z]/.test(rest[0] ?? ''));
  return common && !keep
    ? `${first[0]?.toLowerCase()}${first.slice(1)}${rest.length ? ` ${rest.join(' ')}` : ''}`
    : phrase;
}

/**
 * Subjects named in a free text (a bio, a custom prompt): the list after "about", "on" or ":" when
 * the text has one ("Fractional CFO. Writing about cash flow and forecasting" -> cash flow,
 * forecasting), else its short phrases.
 */
export function themesIn(text: string): string[] {
  const sentences = text
    .split(/[.!?\n]+/)
    .map((s) => s.trim())
    .filter((s) => s && !ROLE_ONLY.test(s));
  const marked = sentences.flatMap((s) => {
    const list = TOPIC_MARKER.exec(s)?.[1] ?? /:\s*(.+)$/.exec(s)?.[1];
    return list ? [list] : [];
  });
  const themes: string[] = [];
  for (const sentence of marked.length > 0 ? marked : sentences) {
    const body = sentence.replace(FILLER, '');
    for (const item of body.split(/\s*(?:,|;|\||•|·|&|\/|\band\b|\bor\b|\+)\s*/i)) {
      const phrase = item.replace(LEADING, '').replace(FILLER, '').trim();
      const words = phrase.split(/\s+/).filter(Boolean);
      if (words.length === 0 || words.length > 5) continue;
      if (words.every((w) => STOP.has(w.toLowerCase()))) continue;
      if (/^(?:i|we|you|he|she|they|it)$/i.test(words[0] ?? '')) continue;
      themes.push(midSentence(phrase));
    }
  }
  return [...new Set(themes)].slice(0, 8);
}
