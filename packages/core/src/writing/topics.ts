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

/** Verbs and auxiliaries that end a key phrase ("remote work | is | better", "mortgage rates | going up"). */
const BREAK = new Set(
  'is are was were be been being should could would can will may might must do does did has have had get gets got make makes stay keep start stop need needs want wants help helps helping goes going comes coming rises rising falls falling raises raising cuts hits wins loses launches announces says plans faces warns drops opens closes ends starts shuts reaches hikes hits up down again still even finally just now'.split(
    ' ',
  ),
);

/** Time words: never a hashtag, nor part of one (#Thursday, #MorningRoutine2026). */
const TIME =
  /^(?:today|tonight|tomorrow|yesterday|now|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mondays|weekend|weekends|week|weeks|weekly|month|months|monthly|year|years|yearly|daily|morning|mornings|evening|night|q[1-4]|january|february|march|april|june|july|august|september|october|november|december|spring|summer|autumn|winter|\d{4}s?)$/i;

/** Words that only qualify another ("#Remote", "#Series", "#Latest"): never a hashtag alone. */
const MODIFIER = new Set(
  'new old big small latest future current recent next last first best worst open public private remote local global digital modern annual major minor quick simple high low free real series more less top key main early late hybrid full part whole entire other own same various several many few'.split(
    ' ',
  ),
);

/** Gerunds that name a thing of their own, so stand as a hashtag alone ("#Parenting", "#Marketing"). */
const NOUN_ING = new Set(
  'learning training baking marketing engineering parenting banking computing hiring budgeting gardening cycling running swimming hiking cooking writing reading investing saving fundraising networking branding programming coding housing funding lending shipping farming gaming streaming dating travelling traveling climbing fishing camping surfing skiing sailing painting drawing singing dancing accounting consulting manufacturing pricing recycling nursing teaching journaling podcasting blogging weightlifting onboarding crowdfunding publishing advertising homeschooling wellbeing debugging mentoring forecasting copywriting storytelling bookkeeping retraining upskilling'.split(
    ' ',
  ),
);

const wordsOfTag = (tag: string) => tag.replace(/^#/, '').match(/[A-Z]+(?![a-z])\d*|[A-Z]?[a-z]+\d*|\d+/g) ?? [];

/**
 * Whether a hashtag is a fragment, by the rule the writing benchmark states (decision 038): it ends
 * on a verb form (a participle after a plural or any -ing/-ed that is not a noun: #MortgageRatesGoing,
 * #Testing, #Closing), holds a time word (#Thursday), is a bare modifier (#Series, #Remote), ends in
 * a number glued to a word (#TypeScript59), or is under 2 or over 24 characters.
 */
export function isFragmentTag(tag: string): boolean {
  const body = tag.replace(/^#/, '');
  const words = wordsOfTag(body);
  const last = (words.at(-1) ?? '').toLowerCase();
  if (body.length < 2 || body.length > 24 || words.length === 0) return true;
  if (words.some((w) => TIME.test(w))) return true;
  if (/[a-z]{2,}\d+$/i.test(body) && body.length > 5) return true;
  if (words.length === 1 && (MODIFIER.has(last) || WEAK.has(last) || STOP.has(last))) return true;
  if (/ing$/.test(last) && !NOUN_ING.has(last)) {
    const before = (words.at(-2) ?? '').toLowerCase();
    if (words.length === 1 || BREAK.has(last) || /[^s]s$/.test(before)) return true;
  }
  if (BREAK.has(last)) return true;
  if (/[^e]ed$/.test(last) && last.length > 4) return true;
  return false;
}

/** Prepositions that join two single words into one phrase: "saving for retirement", "learning in public". */
const JOINING = new Set(['for', 'in', 'from', 'on', 'at', 'of', 'to']);

/**
 * Words a "to" after which starts a verb ("learning to bake sourdough", "how to run a marathon"):
 * neither they nor that verb are the subject; what the verb acts on is.
 */
const TAKES_INFINITIVE = new Set(
  'how learning learn learns learned learnt trying try tries tried want wants wanted need needs needed going starting started start decided deciding plan plans planning hoping hope ready able ways tips reasons easier harder hard easy failing forgot remember remembering choosing chose managing managed'.split(
    ' ',
  ),
);

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
  let verbNext = false;
  for (const [i, word] of words.entries()) {
    const lower = word.toLowerCase();
    const run = runs.at(-1) ?? [];
    const infinitive = lower === 'to' && TAKES_INFINITIVE.has(words[i - 1]?.toLowerCase() ?? '');
    if (infinitive) {
      // "learning to bake sourdough": neither "learning" nor "bake" is what it is about.
      if (run.length === 1 && TAKES_INFINITIVE.has(run[0]?.toLowerCase() ?? '')) run.pop();
      verbNext = /^[a-z]/.test(words[i + 1] ?? '');
      runs.push([]);
      continue;
    }
    if (verbNext) {
      verbNext = false;
      runs.push([]);
      continue;
    }
    const joins = JOINING.has(lower) && run.length === 1 && isSingle(words, i + 1);
    if (joins) run.push(lower);
    else if (
      STOP.has(lower) ||
      BREAK.has(lower) ||
      TIME.test(lower) ||
      /^\d[\d.,]*$/.test(word) ||
      !/^[\p{L}\p{N}][\p{L}\p{N}+#.&-]*$/u.test(word)
    )
      runs.push([]);
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
 * The post's own hashtag: its subject's main noun phrase (the longest key phrase, the first of
 * equals), made a hashtag when it is not a fragment (`isFragmentTag`); else the next phrase, else
 * none. One good tag or none beats two poor ones (decision 038), so `max` is 1 unless asked; a
 * theme of the persona is a second only when the subject is one of its themes and `max` allows.
 */
export function topicHashtags(subject: string, themes: readonly string[], max = 1): string[] {
  const phrases = keyPhrases(subject)
    .map((p, index) => ({ p, index, words: p.split(' ').length }))
    .sort((a, b) => b.words - a.words || a.index - b.index)
    .map(({ p }) => p);
  const own = themes.some((t) => t.toLowerCase() === subject.trim().toLowerCase());
  const themed = own ? themes.flatMap((t) => keyPhrases(t).slice(0, 1)) : [];
  const tags: string[] = [];
  for (const [i, phrase] of [...phrases, ...themed].entries()) {
    // Beyond the main phrase, only a theme: the subject's other words are its modifiers.
    if (i > 0 && i < phrases.length && tags.length > 0) continue;
    const tag = hashtagOf(phrase);
    if (tag && !isFragmentTag(tag) && !tags.some((t) => t.toLowerCase() === tag.toLowerCase())) tags.push(tag);
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
