/**
 * How much of each trait a post shows (decision 023): the instrument of `npm run bench`'s voice
 * section and of the composer's monotony tests. Each measure counts the sentences (and openers)
 * that show generic cues of the trait's behaviour (technical vocabulary, a question or an invitation,
 * hedges against bold claims…), and emoji one by one; a `between` trait scores its high pole's
 * sentences minus its low pole's. Optimism takes a sentiment
 * score when one is given (the benchmark gives VADER's), else counts upbeat against skeptical cues.
 * The lists were written with the offline composer, so they measure control, not taste: they are
 * broader than its phrases and a model's text is scored by the same rules.
 */
import type { TraitKey } from '../personas/traits';
import { escapeRegExp } from '../regexp';

const cues = (words: string[]) => new RegExp(`(?:${words.join('|')})`, 'iu');
/** A post's sentences and its openers ("Plot twist:"): each shows a trait or not, however many cues it has. */
// An emoji after a sentence's end is a sentence of its own, not part of the next one.
const sentences = (text: string) =>
  text.split(/(?<=[.!?:…]|\p{Extended_Pictographic}|\uFE0F)\s+/u).filter((s) => s.trim());
const count = (text: string, pattern: RegExp) => sentences(text).filter((s) => pattern.test(s)).length;

const HUMOR = cues([
  'plot twist',
  'true story',
  'confession',
  'fun fact',
  'funnily enough',
  'ask me how i know',
  'the hard way',
  '\\bmy (?:coffee|cat|dog|houseplant|to-do list|wi-?fi|inbox)\\b',
  '\\d+ (?:open )?tabs',
  'spreadsheet',
  'tough crowd',
  'also me',
  '\\b(?:lol|lmao|haha+|hehe)\\b',
  '\\bpuns?\\b',
  '😂|🤣|😅|🙃|🤷',
]);
const SARCASM = cues([
  'groundbreaking',
  'revolutionary',
  'shocking',
  'who could (?:possibly )?have (?:seen|guessed)',
  'totally normal',
  'nothing to see here',
  'what do i know',
  'always goes (?:exactly )?to plan',
  '\\bobviously\\b',
  'yeah,? right',
  'said no one',
  'episode of the obvious',
  '🙄|😏|🫠|🤡|👏',
]);
const EDGY = cues([
  'no excuses',
  '\\bstop\\b',
  '\\bquit\\b',
  '\\bnobody\\b',
  '\\bharsh\\b',
  '\\bbrutal\\b',
  '\\bblunt(?:ly)?\\b',
  'fix it',
  'get over it',
  'deal with it',
]);
const WARM = cues([
  'be kind',
  '\\bgentl[ey]\\b',
  '\\bfriends?\\b',
  'we are all',
  'you are doing',
  'happy to help',
  "you(?: have|’ve|'ve) got this",
  'proud of you',
  '\\bfriendly\\b',
  '🙂|🤗|❤️|💛',
]);
const POLISHED = cues([
  'in practice',
  'key takeaway',
  'worth noting',
  '\\bconsistency\\b',
  '\\bdrives? results\\b',
  '\\bprecise\\b',
  '\\bmeasurable\\b',
  '\\bmoreover\\b',
  '\\bnotably\\b',
  '\\btherefore\\b',
  '\\bclarity\\b',
  '\\boutcomes?\\b',
]);
const CASUAL = cues([
  "\\b\\w+[’'](?:s|t|re|ve|ll|m|d)\\b",
  '\\bngl\\b',
  '\\btbh\\b',
  '\\bkinda\\b',
  '\\bgonna\\b',
  '\\bwanna\\b',
  '\\bhonestly\\b',
  '\\bwild\\b',
  '\\banyway\\b',
  'two cents',
  'real talk',
  'quick one',
  '\\byeah\\b',
]);
const UPBEAT = cues([
  'exciting',
  'good things',
  'celebrat',
  '\\blove\\b',
  'wonderful',
  'hopeful',
  '\\bhappily\\b',
  'encouraging',
  '\\bhopefully\\b',
  'good news',
  'great news',
  'thrilled',
  '\\bgreat\\b',
  '🚀|✨|🙌|💪|🌱',
]);
const SKEPTICAL = cues([
  'skeptical',
  '\\bdoubt',
  '\\bhype\\b',
  '\\bfail',
  'problems nobody',
  'not convinced',
  'disappoint',
  '\\bworry',
  '\\bsadly\\b',
  'worrying',
  '\\bfear\\b',
  'bad news',
  '\\bpoor\\b',
]);
const TECHNICAL = cues(
  [
    'baseline',
    'variables?',
    '\\bp9[59]\\b',
    '\\baverage\\b',
    '\\bmedian\\b',
    '\\blog(?:s|ging)?\\b',
    'timestamps?',
    'regressions?',
    'traceable',
    'pipelines?',
    '\\binputs?\\b',
    '\\boutputs?\\b',
    'constraints?',
    '\\bversion(?:s|ing|ed)?\\b',
    '\\bdiffs?\\b',
    'rollbacks?',
    'bottlenecks?',
    '\\bsystems?\\b',
    'automat\\w*',
    'benchmarks?',
    'latency',
    'throughput',
    '\\bapis?\\b',
    '\\bcach(?:e|ing)\\b',
    '\\bschemas?\\b',
    '\\bdeploy\\w*',
    '\\bconfig\\w*',
    '\\bmetrics?\\b',
    'algorithms?',
    'under the hood',
    '\\btechnical\\b',
    'optimi[sz]e',
    'iterat\\w*',
    'refactor\\w*',
    'debug\\w*',
    '\\bquer(?:y|ies)\\b',
    'databases?',
  ].map((w) => (w.startsWith('\\b') ? w : `\\b${w}`)),
);
const BOLD = cues([
  'unpopular opinion',
  'hot take',
  'change my mind',
  '\\boverrated\\b',
  '(?:simply|plainly|dead) wrong',
  '\\bbackwards\\b',
  'die on this hill',
  'fight me',
  '\\bclearly\\b',
  '\\bfrankly\\b',
  '\\bmyth\\b',
]);
const HEDGE = cues([
  'it depends',
  'your mileage may vary',
  '\\bymmv\\b',
  'no single right way',
  'just my experience',
  'what worked for me',
  'in my experience',
  '\\bperhaps\\b',
  '\\bmaybe\\b',
]);
const INVITATION = cues([
  'replies are open',
  '\\breply\\b',
  '\\bcomment\\b',
  'tell me',
  'share yours',
  'share (?:your|what)\\b',
  'in the replies',
  'tag someone',
  'let me know',
  'your thoughts',
]);
const EMOJI = /\p{Extended_Pictographic}/gu;

const FUNCTION_WORDS = new Set(
  'the and for with from into about how why what when where who which are was were you your our its this that than not but'.split(
    ' ',
  ),
);

/**
 * The trait's score for a text: higher means more of it (the high pole, for a trait between two).
 * The subject's words and the hashtags are the topic's, not the voice's, so they are left out.
 */
export function measureVoice(
  trait: TraitKey,
  text: string,
  options: { subject?: string; sentiment?: (text: string) => number } = {},
): number {
  const { subject, sentiment } = options;
  let t = text.replace(/#[\p{L}\p{N}_]+/gu, ' ');
  if (subject?.trim()) {
    t = t.replace(new RegExp(escapeRegExp(subject.trim()), 'giu'), ' ');
    // A post may name its subject by a shorter name ("the automation"): the subject's words go too.
    // Its function words ("the", "how") are everyone's: taking them out would hide a cue ("the hard way").
    for (const word of subject.match(/[\p{L}\p{N}]{3,}/gu) ?? [])
      if (!FUNCTION_WORDS.has(word.toLowerCase())) t = t.replace(new RegExp(`\\b${escapeRegExp(word)}\\b`, 'giu'), ' ');
  }
  switch (trait) {
    case 'humor':
      return count(t, HUMOR);
    case 'sarcasm':
      return count(t, SARCASM);
    case 'tone':
      return count(t, EDGY) - count(t, WARM);
    case 'professionalism':
      return count(t, POLISHED) - count(t, CASUAL);
    case 'optimism':
      return sentiment ? sentiment(t) : count(t, UPBEAT) - count(t, SKEPTICAL);
    case 'technicality':
      return count(t, TECHNICAL);
    case 'controversial':
      return count(t, BOLD) - count(t, HEDGE);
    case 'emoji':
      return t.match(EMOJI)?.length ?? 0;
    case 'engagement':
      return sentences(t).filter((s) => s.trim().endsWith('?') || INVITATION.test(s)).length;
  }
}
