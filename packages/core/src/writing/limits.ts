/**
 * Platform length limits: X counts weighted characters (twitter-text: CJK and emoji count 2, a
 * URL 23), Bluesky counts graphemes; a persona's max length counts graphemes too. Nothing
 * written leaves the server over the strictest limit that applies.
 */
import twitter from 'twitter-text';
import { GRAPHEMES, graphemeCount } from '../personas/persona';
import { PLATFORM_RULES, type Platform } from '../platforms/platforms';

export const X_MAX_WEIGHTED_LENGTH = PLATFORM_RULES.x.length.limit;
export const BLUESKY_MAX_GRAPHEMES = PLATFORM_RULES.bluesky.length.limit;
const ELLIPSIS = '…';

/** X's weighted length of a text (what X checks against 280). */
export function xWeightedLength(text: string): number {
  return twitter.parseTweet(text).weightedLength;
}

/** Whether X finds a link in a text (X bills a post with one at its dearer price). */
export function xFindsLink(text: string): boolean {
  return twitter.extractUrls(text).length > 0;
}

/** Each platform's own limit, and a text's length as that platform counts it. */
export const PLATFORM_LIMITS: Record<Platform, number> = {
  x: PLATFORM_RULES.x.length.limit,
  bluesky: PLATFORM_RULES.bluesky.length.limit,
};
export function platformLength(platform: Platform, text: string): number {
  return PLATFORM_RULES[platform].length.measure === 'weighted' ? xWeightedLength(text) : graphemeCount(text);
}

/** The limits a text must keep: the platforms it is for and the persona's max length (graphemes). */
export type LengthRule = { platforms: readonly Platform[]; maxLength?: number };

/** The number of characters the strictest rule allows, for prompts ("under N characters"). */
export function characterLimit(rule: LengthRule): number {
  const limits = [rule.maxLength ?? Number.POSITIVE_INFINITY];
  if (rule.platforms.includes('x')) limits.push(X_MAX_WEIGHTED_LENGTH);
  if (rule.platforms.includes('bluesky')) limits.push(BLUESKY_MAX_GRAPHEMES);
  const min = Math.min(...limits);
  return Number.isFinite(min) ? min : BLUESKY_MAX_GRAPHEMES;
}

/** Whether a text is within every limit of the rule. */
export function fitsPlatforms(text: string, platforms: readonly Platform[], maxLength?: number): boolean {
  const graphemes = graphemeCount(text);
  if (maxLength !== undefined && graphemes > maxLength) return false;
  if (platforms.includes('bluesky') && graphemes > BLUESKY_MAX_GRAPHEMES) return false;
  if (platforms.includes('x') && xWeightedLength(text) > X_MAX_WEIGHTED_LENGTH) return false;
  return true;
}

const fits = (text: string, rule: LengthRule) => fitsPlatforms(text, rule.platforms, rule.maxLength);

/** Words with the whitespace before each, so joining a prefix gives the text up to that word. */
function words(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}

/** The longest run of leading graphemes that fits: only for a single word longer than the limit. */
function cutGraphemes(text: string, rule: LengthRule): string {
  const graphemes = [...GRAPHEMES.segment(text)].map((s) => s.segment);
  let low = 0;
  let high = graphemes.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(graphemes.slice(0, mid).join('') + ELLIPSIS, rule)) low = mid;
    else high = mid - 1;
  }
  return low === 0 ? '' : graphemes.slice(0, low).join('') + ELLIPSIS;
}

/**
 * The text as is when it fits; otherwise cut after the last whole word that leaves room for "…".
 * Never mid-word (except a single word longer than the limit), never over the limit.
 */
export function cutToFit(text: string, platforms: readonly Platform[], maxLength?: number): string {
  const rule = { platforms, maxLength };
  const trimmed = text.trim();
  if (fits(trimmed, rule)) return trimmed;
  const list = words(trimmed);
  let kept = '';
  for (const word of list) {
    const next = kept + word;
    if (!fits(trimSentenceEnd(next) + ELLIPSIS, rule)) break;
    kept = next;
  }
  if (kept === '') return cutGraphemes(trimmed, rule);
  return trimSentenceEnd(kept) + ELLIPSIS;
}

/** Drops trailing punctuation that reads badly before an ellipsis ("word,…"). */
function trimSentenceEnd(text: string): string {
  return text.replace(/[\s,;:–—-]+$/u, '');
}

/** Sentences with their closing punctuation and the whitespace after them. */
function sentences(text: string): string[] {
  return text.match(/[^.!?…\n]+(?:[.!?…]+|\n|$)\s*/g)?.filter((s) => s.trim() !== '') ?? [];
}

/**
 * A thread's parts, each within the limits. Parts the writer marked (a line with only `---`) stay
 * apart; a part that is too long is split between sentences, then between words.
 */
export function splitThread(text: string, platforms: readonly Platform[], maxLength?: number): string[] {
  const rule = { platforms, maxLength };
  const marked = text
    .split(/^\s*-{3,}\s*$/m)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const parts: string[] = [];
  for (const part of marked) {
    if (fits(part, rule)) {
      parts.push(part);
      continue;
    }
    let current = '';
    const flush = () => {
      if (current.trim() !== '') parts.push(current.trim());
      current = '';
    };
    for (const sentence of sentences(part)) {
      if (fits((current + sentence).trim(), rule)) {
        current += sentence;
        continue;
      }
      flush();
      if (fits(sentence.trim(), rule)) {
        current = sentence;
        continue;
      }
      // A sentence longer than a part: whole words per part.
      for (const word of words(sentence)) {
        if (fits((current + word).trim(), rule)) current += word;
        else {
          flush();
          current = fits(word.trim(), rule) ? word : cutGraphemes(word.trim(), rule);
        }
      }
    }
    flush();
  }
  return parts;
}

/**
 * Passes streamed text on while it fits. Far from a limit, text goes on as it comes, the word still
 * being written included (a reader sees the first word at once, not when the second arrives);
 * within a margin of a limit, whole words only (the word still being written waits for the next
 * piece), and once the next word would not fit with room for "…", an ellipsis and stop. Trailing
 * whitespace always waits for the word after it.
 */
export function createStreamLimiter(platforms: readonly Platform[], maxLength?: number) {
  const rule = { platforms, maxLength };
  let sent = '';
  let pending = '';
  let stopped = false;
  // The part of the word still being written that has been sent (with its leading whitespace).
  let open = '';
  // The lengths of the whole words sent are kept as words arrive (a word starts with whitespace, so
  // lengths add up; the open word is measured whole once it ends, as X counts a link whole); the
  // whole text is measured only within a margin of a limit, where the answer must be exact
  // (measuring it for every word made a stream's cost grow with the square of its length).
  const graphemeLimit = Math.min(
    maxLength ?? Number.POSITIVE_INFINITY,
    platforms.includes('bluesky') ? BLUESKY_MAX_GRAPHEMES : Number.POSITIVE_INFINITY,
  );
  const weightedLimit = platforms.includes('x') ? X_MAX_WEIGHTED_LENGTH : Number.POSITIVE_INFINITY;
  const sizeOf = (text: string) => ({
    graphemes: graphemeCount(text),
    weighted: weightedLimit === Number.POSITIVE_INFINITY ? 0 : xWeightedLength(text),
  });
  const ellipsis = sizeOf(ELLIPSIS);
  let sentSize = { graphemes: 0, weighted: 0 };
  const MARGIN = 40;
  /** Whether whole words of `size` more, then "…", stay clear of every limit by the margin. */
  const clearWith = (size: { graphemes: number; weighted: number }) =>
    sentSize.graphemes + size.graphemes + ellipsis.graphemes <= graphemeLimit - MARGIN &&
    sentSize.weighted + size.weighted + ellipsis.weighted <= weightedLimit - MARGIN;

  /** The open word ended where it is: its length counts whole from now on. */
  function closeOpen() {
    if (open === '') return;
    const size = sizeOf(open);
    sentSize = { graphemes: sentSize.graphemes + size.graphemes, weighted: sentSize.weighted + size.weighted };
    open = '';
  }

  function take(complete: string): string {
    let out = '';
    let outSize = { graphemes: 0, weighted: 0 };
    for (const word of words(complete)) {
      // A word with no whitespace before it ends the open one: measured whole, with the part sent.
      const continues = open !== '' && !/^\s/.test(word);
      if (!continues) closeOpen();
      const size = sizeOf(continues ? open + word : word);
      const next = { graphemes: outSize.graphemes + size.graphemes, weighted: outSize.weighted + size.weighted };
      if (clearWith(next) || fits(sent + out + word + ELLIPSIS, rule)) {
        out += word;
        outSize = next;
        if (continues) open = '';
      } else {
        stopped = true;
        out = sent + out === '' ? cutGraphemes(word.trim(), rule) : `${trimSentenceEnd(out)}${ELLIPSIS}`;
        break;
      }
    }
    // Every word taken whole: the text sent grows by them (once stopped, nothing more is measured).
    if (!stopped)
      sentSize = { graphemes: sentSize.graphemes + outSize.graphemes, weighted: sentSize.weighted + outSize.weighted };
    return out;
  }

  return {
    /** The text sent so far. */
    get text() {
      return sent;
    },
    /** Whether the limit was reached (the caller stops the provider). */
    get stopped() {
      return stopped;
    },
    /** Takes a piece; answers what may be sent now (maybe ''). */
    push(piece: string): string {
      if (stopped) return '';
      pending += piece;
      if (sent === '') pending = pending.trimStart();
      // Whitespace after the open word ends it.
      if (/^\s/.test(pending)) closeOpen();
      const lastWord = pending.match(/\s*\S+$/);
      const cut = lastWord ? pending.length - lastWord[0].length : pending.length;
      // Whitespace is sent with the word after it, so a trailing space waits too.
      const complete = pending.slice(0, cut);
      const boundary = complete.replace(/\s+$/, '');
      pending = pending.slice(boundary.length);
      let out = take(boundary);
      sent += out;
      // The word still being written, far enough from every limit: on its way at once.
      if (!stopped && lastWord && pending === lastWord[0] && clearWith(sizeOf(open + pending))) {
        open += pending;
        out += pending;
        sent += pending;
        pending = '';
      }
      return out;
    },
    /** The end of the stream: answers the last word if it fits. */
    end(): string {
      if (stopped) return '';
      const rest = pending.replace(/\s+$/, '');
      pending = '';
      if (rest.trim() === '') return '';
      if (fits(sent + rest, rule)) {
        sent += rest;
        return rest;
      }
      const out = take(rest);
      sent += out;
      return out;
    },
  };
}
