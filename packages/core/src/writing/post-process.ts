/** What a model's answer becomes before anyone sees it (app spec: generated lines). */
import twitter from 'twitter-text';

/** The spec's tweet generation count. */
export const DEFAULT_POST_COUNT = 3;

/** A list marker at the start of a line: `-`, `*`, `•`, `1.`, `2)`. */
const LIST_MARKER = /^\s*(?:[-*•]\s+|\d+[.)]\s*)/;
/** Quotes a model may wrap a whole post in. */
const WRAPPING_QUOTES = /^(["“])([\s\S]*)(["”])$/;

/** One line as a post: the list marker stripped, and quotes around the whole of it. */
export function cleanLine(line: string): string {
  const stripped = line.replace(LIST_MARKER, '').trim();
  const quoted = WRAPPING_QUOTES.exec(stripped);
  return quoted?.[2] && !quoted[2].includes('"') ? quoted[2].trim() : stripped;
}

/** Generated lines: list bullets and numbers stripped, blanks dropped, limited to `count` (default 3). */
export function cleanLines(text: string, count: number = DEFAULT_POST_COUNT): string[] {
  return text
    .split(/\r?\n/)
    .map(cleanLine)
    .filter((line) => line.length > 0)
    .slice(0, Math.max(0, count));
}

/** A thread part's own numbering ("1/", "2/5") is dropped: the parts are kept in order anyway. */
const PART_NUMBER = /^\s*(?:\d+\s*\/\s*\d*|\(\d+\/\d*\))\s*/;

/**
 * Threads as the prompt asks for them: threads apart on a line with only `===`, parts apart on a
 * line with only `---`. A thread written without `---` has one part per line.
 */
export function parseThreads(text: string, count: number = DEFAULT_POST_COUNT): string[][] {
  return text
    .split(/^\s*={3,}\s*$/m)
    .map((block) => {
      const marked = /^\s*-{3,}\s*$/m.test(block);
      const parts = marked ? block.split(/^\s*-{3,}\s*$/m) : block.split(/\r?\n/);
      return parts
        .map((part) =>
          part
            .split(/\r?\n/)
            .map((line) => cleanLine(line))
            .filter((line) => line.length > 0)
            .join('\n')
            .replace(PART_NUMBER, '')
            .trim(),
        )
        .filter((part) => part.length > 0);
    })
    .filter((parts) => parts.length > 0)
    .slice(0, Math.max(0, count));
}

/** The hashtags a post contains, in order, without repeats (as X reads them: not in links, not all digits). */
export function hashtagsIn(text: string): string[] {
  return [...new Set(twitter.extractHashtags(text).map((tag) => `#${tag}`))];
}
