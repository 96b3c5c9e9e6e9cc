/**
 * Changes chat makes to a text without a model (decision 036): each is a plain rule, and each
 * returns null when it would change nothing, so the answer can say so instead of pretending.
 */
import { GRAPHEMES, graphemeCount } from '../personas/persona';

const graphemes = (text: string) => [...GRAPHEMES.segment(text)];

/** A text's trailing hashtags ("… #RemoteWork #Hiring") apart from its body. */
export function splitHashtags(text: string): { body: string; tags: string } {
  const match = /(?:\s+#[\p{L}\p{N}_]+)+\s*$/u.exec(text);
  if (!match || match.index === 0) return { body: text.trim(), tags: '' };
  return { body: text.slice(0, match.index).trim(), tags: match[0].trim() };
}

const join = (body: string, tags: string) => (tags ? `${body} ${tags}` : body);

/** Sentences with their closing punctuation; a line break ends one too. */
export function sentencesOf(text: string): string[] {
  return (text.match(/[^.!?…\n]+(?:[.!?…]+["”’)]*|\n+|$)/g) ?? []).map((s) => s.trim()).filter(Boolean);
}

/** The first graphemes of a text up to `max`, cut after the last whole word, with "…". */
function cutAtWord(text: string, max: number): string {
  const kept = graphemes(text)
    .slice(0, max)
    .map((s) => s.segment)
    .join('');
  const atWord = /\s/.test(text[kept.length] ?? ' ') ? kept : kept.replace(/\s+\S*$/, '');
  return `${(atWord || kept).replace(/[\s,;:–—-]+$/u, '')}…`;
}

/** The share of the text a "shorter" keeps, at most. */
export const SHORTER_SHARE = 0.6;
/** Below this many characters a text is not cut further (it would say nothing). */
export const SHORTEST = 40;

/**
 * A shorter version: the first whole sentences within about 60% of the body's length (at least
 * `SHORTEST` characters), else the first sentence alone; a text of one sentence is cut at a word
 * with "…". The trailing hashtags stay. Null when the text is already as short as that.
 */
export function shorten(text: string): string | null {
  const { body, tags } = splitHashtags(text);
  const length = graphemeCount(body);
  const target = Math.max(SHORTEST, Math.floor(length * SHORTER_SHARE));
  if (length <= target) return null;
  const sentences = sentencesOf(body);
  let kept = '';
  for (const sentence of sentences) {
    const next = kept ? `${kept} ${sentence}` : sentence;
    if (graphemeCount(next) > target) break;
    kept = next;
  }
  // A first sentence longer than that still reads better whole than cut; a single one is cut.
  const shorter = kept || (sentences.length > 1 ? (sentences[0] as string) : cutAtWord(body, target));
  return graphemeCount(shorter) < length ? join(shorter, tags) : null;
}

type Swap = [RegExp, string];

/** Keeps a replaced word's capital: "Gonna" -> "Going to". */
function swap(text: string, [pattern, by]: Swap): string {
  return text.replace(pattern, (found) => (by && /^[A-Z]/.test(found) ? `${by[0]?.toUpperCase()}${by.slice(1)}` : by));
}

const word = (w: string) => new RegExp(`\\b${w}\\b`, 'gi');

/** Contractions spelled out; the 's forms only after pronouns (a noun's 's is a possessive). */
const EXPAND: Swap[] = [
  [word("can[’']t"), 'cannot'],
  [word("won[’']t"), 'will not'],
  [word("shan[’']t"), 'shall not'],
  [word("ain[’']t"), 'is not'],
  [word("let[’']s"), 'let us'],
  [word("I[’']m"), 'I am'],
  ...(['do', 'does', 'did', 'is', 'are', 'was', 'were', 'have', 'has', 'had', 'would', 'should', 'could', 'must'].map(
    (verb): Swap => [word(`${verb}n[’']t`), `${verb} not`],
  ) as Swap[]),
  ...(['it', 'that', 'there', 'here', 'what', 'who', 'where', 'how', 'he', 'she'].map(
    (pronoun): Swap => [word(`${pronoun}[’']s`), `${pronoun} is`],
  ) as Swap[]),
  ...(['you', 'we', 'they', 'who', 'what'].map((p): Swap => [word(`${p}[’']re`), `${p} are`]) as Swap[]),
  ...(['I', 'you', 'we', 'they', 'who', 'would', 'should', 'could'].map(
    (p): Swap => [word(`${p}[’']ve`), `${p} have`],
  ) as Swap[]),
  ...(['I', 'you', 'we', 'they', 'he', 'she', 'it', 'that', 'there'].map(
    (p): Swap => [word(`${p}[’']ll`), `${p} will`],
  ) as Swap[]),
  ...(['I', 'you', 'we', 'they', 'he', 'she'].map((p): Swap => [word(`${p}[’']d`), `${p} would`]) as Swap[]),
];

/** Chatty words and their plain, formal counterparts ('' drops the word). */
const SLANG: Swap[] = [
  [word('gonna'), 'going to'],
  [word('wanna'), 'want to'],
  [word('gotta'), 'have to'],
  [word('kinda'), 'somewhat'],
  [word('sorta'), 'somewhat'],
  [word('dunno'), 'do not know'],
  [word("y[’']all"), 'you all'],
  [word('yeah'), 'yes'],
  [word('yep'), 'yes'],
  [word('nope'), 'no'],
  [word('tbh'), 'frankly'],
  [word('imo'), 'in my view'],
  [word('imho'), 'in my view'],
  [word('btw'), 'incidentally'],
  [word('fyi'), 'for your information'],
  [word('thx'), 'thank you'],
  [word('pls'), 'please'],
  [word('tho'), 'though'],
  [word('u'), 'you'],
  [word('ur'), 'your'],
  [word('stuff'), 'things'],
  [word('guys'), 'everyone'],
  [word('folks'), 'everyone'],
  [word('awesome'), 'excellent'],
  [word('pretty much'), 'largely'],
  [word('a ton of'), 'a great deal of'],
  [word('super'), 'very'],
  [/\s*\b(?:lol|lmao|rofl|haha+|hehe+)\b[.!]*/gi, ''],
];

const EMOJI = /\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F|\u200D\p{Extended_Pictographic})*\uFE0F?/gu;

/** Sentence starts with a capital, a lone "i" as "I", single spaces, no space before punctuation. */
function tidy(text: string): string {
  return text
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ +([.,!?;:…])/g, '$1')
    .replace(/\bi\b/g, 'I')
    .replace(/(^|[.!?…]\s+|\n\s*)(\p{Ll})/gu, (_m, before: string, letter: string) => before + letter.toUpperCase())
    .replace(/([.!?])\1+/g, '$1')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim();
}

/**
 * A more formal version by rule: contractions spelled out, chatty words replaced, emoji and
 * laughter dropped, exclamation marks calmed to full stops. Null when there was nothing to change.
 */
export function formalize(text: string): string | null {
  const { body, tags } = splitHashtags(text);
  let out = body;
  for (const rule of [...SLANG, ...EXPAND]) out = swap(out, rule);
  out = out
    .replace(EMOJI, '')
    .replace(/\?!+|!+\?/g, '?')
    .replace(/!+/g, '.');
  out = tidy(out);
  return out !== body && out ? join(out, tags) : null;
}

/** Formal wording and its everyday counterpart. */
const PLAIN: Swap[] = [
  [/\b(?:in conclusion|to conclude|in summary),?\s*/gi, ''],
  [/\bit is important to note that\s*/gi, ''],
  [word('therefore'), 'so'],
  [word('thus'), 'so'],
  [word('hence'), 'so'],
  [/\bhowever,\s*/gi, 'but '],
  [word('however'), 'though'],
  [/\b(?:additionally|furthermore|moreover),\s*/gi, 'plus, '],
  [word('additionally'), 'also'],
  [word('utili[sz]e'), 'use'],
  [word('utili[sz]es'), 'uses'],
  [word('regarding'), 'about'],
  [word('approximately'), 'about'],
  [word('purchase'), 'buy'],
  [word('assist'), 'help'],
  [word('commence'), 'start'],
  [word('numerous'), 'lots of'],
  [word('obtain'), 'get'],
  [word('sufficient'), 'enough'],
  [word('in order to'), 'to'],
  [word('prior to'), 'before'],
  [word('subsequently'), 'then'],
  [word('nevertheless'), 'still'],
  [word('demonstrate'), 'show'],
  [word('demonstrates'), 'shows'],
  [word('individuals'), 'people'],
  [word('require'), 'need'],
  [word('requires'), 'needs'],
  [word('attempt'), 'try'],
  [word('ensure'), 'make sure'],
  [word('frequently'), 'often'],
  [word('excellent'), 'great'],
];

/** Spelled-out forms and their contractions. */
const CONTRACT: Swap[] = [
  [word('cannot'), "can't"],
  [word('can not'), "can't"],
  [word('will not'), "won't"],
  [word('let us'), "let's"],
  [word('I am'), "I'm"],
  ...(['do', 'does', 'did', 'is', 'are', 'was', 'were', 'has', 'have', 'had', 'would', 'should', 'could'].map(
    (verb): Swap => [word(`${verb} not`), `${verb}n't`],
  ) as Swap[]),
  ...(['it', 'that', 'there', 'here', 'what', 'he', 'she'].map((p): Swap => [word(`${p} is`), `${p}'s`]) as Swap[]),
  ...(['you', 'we', 'they'].map((p): Swap => [word(`${p} are`), `${p}'re`]) as Swap[]),
  ...(['I', 'you', 'we', 'they', 'it', 'that'].map((p): Swap => [word(`${p} will`), `${p}'ll`]) as Swap[]),
  ...(['I', 'you', 'we', 'they'].map((p): Swap => [word(`${p} would`), `${p}'d`]) as Swap[]),
];

/**
 * A more casual version by rule: contractions, everyday words for formal ones, stock formal
 * phrases dropped. Null when there was nothing to change.
 */
export function casualize(text: string): string | null {
  const { body, tags } = splitHashtags(text);
  let out = body;
  for (const rule of [...PLAIN, ...CONTRACT]) out = swap(out, rule);
  if (out === body) return null;
  // A sentence that lost its opener ("In conclusion, …") starts with a capital again.
  out = tidy(out);
  return out ? join(out, tags) : null;
}

/** Questions a post can end with, one picked by the text so the same text gets the same one. */
export const CLOSING_QUESTIONS = [
  'What do you think?',
  'Agree, or not?',
  'How do you see it?',
  'Has that been your experience?',
  'Where do you land on this?',
  'What would you add?',
] as const;

function hashOf(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return h;
}

/**
 * The text with a question to the reader before its hashtags, within `max` graphemes (the body is
 * cut at a word to make room). Null when it already ends with a question.
 */
export function addQuestion(text: string, max: number): string | null {
  const { body, tags } = splitHashtags(text);
  if (/\?["”’)]*$/.test(body)) return null;
  const question = CLOSING_QUESTIONS[hashOf(body) % CLOSING_QUESTIONS.length] as string;
  const room = max - graphemeCount(question) - 1 - (tags ? graphemeCount(tags) + 1 : 0);
  // A sentence end, or emoji, closes the body before the question.
  const ended = /(?:[.!…]["”’)]*|\p{Extended_Pictographic}\uFE0F?)$/u.test(body) ? body : `${body}.`;
  const fitted = graphemeCount(ended) <= room ? ended : cutAtWord(body, Math.max(1, room - 1));
  return join(`${fitted} ${question}`, tags);
}

/** The text without its hashtags: trailing ones go, inline ones keep their word ("#AI is" -> "AI is"). */
export function stripHashtags(text: string): string | null {
  const { body } = splitHashtags(text);
  const out = body.replace(/#([\p{L}\p{N}_]+)/gu, '$1');
  return out !== text.trim() ? out : null;
}

/** The text without emoji. */
export function stripEmoji(text: string): string | null {
  const out = text
    .replace(EMOJI, '')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ +([.,!?;:…])/g, '$1')
    .replace(/ *\n */g, '\n')
    .trim();
  return out !== text.trim() ? out : null;
}

/** Hashtags added at the end (those not already in it); null when there are none to add. */
export function addHashtags(text: string, tags: readonly string[]): string | null {
  const lower = text.toLowerCase();
  const fresh = tags.filter((t) => !lower.includes(t.toLowerCase()));
  return fresh.length > 0 ? `${text.trim()} ${fresh.join(' ')}` : null;
}
