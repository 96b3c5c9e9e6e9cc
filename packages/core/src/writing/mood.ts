/**
 * The mood of a topic or headline, for the offline composer (decision 038): bad news (a strike, an
 * outage, a rate rise, layoffs) is written about without celebration or laughter. A sentiment
 * score (the server gives VADER's, the library engagement uses) is read with a short list of news
 * words VADER scores as neutral ("outage", "layoffs", "rate rise" all score 0).
 */
export type Mood = 'bad' | 'good' | 'neutral';

const BAD_NEWS =
  /\b(?:strikes?|walk-?outs?|outages?|downtime|went down|is down|layoffs?|laid off|lay-?offs?|job cuts|cuts? jobs|redundanc\w*|(?:rate|price|rent|fare|tax) (?:rises?|hikes?|increases?)|rais\w* (?:interest )?rates|rates? (?:go(?:es|ing)? up|ris\w*|climb\w*)|hikes? (?:interest )?rates|recession|inflation|breach\w*|hack(?:ed|s)?|data leaks?|shortages?|crisis|crash(?:es|ed)?|bankrupt\w*|insolven\w*|closures?|closing down|shut(?:s|ting)? down|delays?|delayed|cancel(?:l?ed|lations?)|floods?|flooding|wildfires?|earthquakes?|storms?|war|deaths?|died|dies|killed|injur\w*|scams?|fraud|recalls?|lawsuits?|fined|evict\w*|burnout|grief|outbreaks?|incidents?|vulnerabilit\w*|exploits?|losses|deficits?|protests?|sanctions?|tariffs?|budget cuts?|spending cuts|downturn|slump\w*|plung\w*|collaps\w*|down for|waiting lists?|ransomware|cyber-?attacks?|attacks?|shootings?|strike action)\b/i;

const GOOD_NEWS =
  /\b(?:launch(?:es|ed)?|wins?|won|record|milestone|celebrat\w*|graduat\w*|birthday|anniversary|breakthrough|raised \$|funding round|promoted|hired|opens?|reopen\w*|back online|restored|cure|approved|award\w*)\b/i;

/** Bad news, good news or neither: the news words first, then the sentiment score when one is given. */
export function moodOf(text: string, sentiment?: (text: string) => number): Mood {
  if (BAD_NEWS.test(text)) return 'bad';
  const score = sentiment?.(text) ?? 0;
  if (score <= -0.3) return 'bad';
  if (score >= 0.4 || GOOD_NEWS.test(text)) return 'good';
  return 'neutral';
}

/** Emoji that celebrate or laugh: never on bad news (the writing benchmark counts them). */
export const CELEBRATORY_OR_LAUGHING = [
  '🎉',
  '🥳',
  '🎊',
  '🚀',
  '✨',
  '🙌',
  '😂',
  '🤣',
  '😅',
  '😆',
  '😄',
  '😁',
  '🤡',
  '🙃',
  '🍾',
  '🥂',
  '💃',
  '🕺',
  '👏',
  '😜',
  '🤪',
  '💪',
] as const;

const CELEBRATING = new RegExp(CELEBRATORY_OR_LAUGHING.join('|'), 'u');
/** Whether a text carries a celebratory or laughing emoji. */
export const celebratesOrLaughs = (text: string) => CELEBRATING.test(text);

const OWN_EMOJI = {
  humor: ['😂', '🙃', '🤷', '😅', '🤣'],
  optimism: ['🚀', '✨', '🙌', '🌱', '💪'],
  technicality: ['💡', '🛠️', '⚙️', '📈', '🧪'],
  sarcasm: ['🙄', '😏', '🫠', '🤡', '👏'],
} as const;
const PLAIN_EMOJI = ['💡', '👀', '✨', '🙌', '📌'] as const;

/**
 * The emoji a persona reaches for: on bad and good news the mood's, else its most marked trait's
 * (humor, optimism, technicality, sarcasm above 50) for a share of its emoji that grows from none
 * at 50 to all at 100, and plain ones for the rest.
 */
export function emojiPools(
  mood: Mood,
  t: { humor: number; optimism: number; technicality: number; sarcasm: number },
): { own: readonly string[]; share: number; plain: readonly string[] } {
  if (mood === 'bad') {
    if (t.technicality > 70) return { own: ['🛠️', '📉', '🧐', '⚠️', '👀'], share: 1, plain: PLAIN_EMOJI };
    if (t.sarcasm > 70) return { own: ['🙄', '😬', '🫤', '👀', '😐'], share: 1, plain: PLAIN_EMOJI };
    return { own: ['😬', '🙏', '👀', '🫤', '📌', '😔'], share: 1, plain: PLAIN_EMOJI };
  }
  if (mood === 'good') return { own: ['🎉', '🙌', '✨', '🚀', '🌱', '💪'], share: 1, plain: PLAIN_EMOJI };
  const traits = ['humor', 'optimism', 'technicality', 'sarcasm'] as const;
  const marked = traits.reduce((best, trait) => (t[trait] > t[best] ? trait : best), traits[0]);
  const share = Math.min(1, Math.max(0, (t[marked] - 50) / 50));
  return { own: share > 0 ? OWN_EMOJI[marked] : PLAIN_EMOJI, share, plain: PLAIN_EMOJI };
}
