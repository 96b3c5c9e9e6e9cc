/**
 * Chat's answers about the persona's own account when no model is set up (decisions 023, 036):
 * what it posted, what is coming up or waiting for review, which post did best, how the account is
 * doing, what its sources say, who it is. Read from its real posts, metrics and sources
 * (`ChatFacts`), never made up; a fact it does not have is said to be missing.
 */
import { quotePost } from '../analytics/analytics';
import { archetype, TRAIT_KEYS, TRAIT_MEANINGS, type TraitKey } from '../personas/traits';
import { type Platform, platformLabel } from '../platforms/platforms';
import { type ChatIntent, chatIntent } from './chat-intents';
import type { PersonaFacts, WritingPersona } from './prompt';
import { themesIn } from './topics';

/** A published post with its counts as last read. */
export type PostWithCounts = {
  content: string;
  platform: Platform;
  at: string;
  likes: number;
  reposts: number;
  replies: number;
  quotes: number;
};

/**
 * What the persona's own account holds, for chat to answer from (times in the user's time zone).
 * The fields beyond `PersonaFacts` are optional: what a caller did not read is not claimed.
 */
export type ChatFacts = Omit<PersonaFacts, 'upcoming'> & {
  /** Scheduled posts (soonest first), then every post waiting for review (a draft may have no time yet). */
  upcoming: { content: string; platform: Platform; at: string | null; status: 'scheduled' | 'pending_review' }[];
  /** Drafts waiting for review in all (`upcoming` may list only the first few). */
  waiting?: number;
  /** The newest items of the enabled sources, newest first, with the source's name. */
  items?: { source: string; title: string; link: string | null; at: string }[];
  /** Posts published in the last 30 days with their counts as last read, newest first. */
  performance?: PostWithCounts[];
  /** The persona's figures as its card shows them, and the networks it is connected to. */
  stats?: { followers: number; totalPosts: number; engagementRate: number; connected: Platform[] };
  /** The persona's strategies that are on, by name. */
  strategies?: string[];
};

const where = platformLabel;
export const quoteText = (text: string, max = 90) => `“${quotePost(text.replace(/\s+/g, ' ').trim(), max)}”`;
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

export function chatDates(facts: Pick<ChatFacts, 'timeZone' | 'now'>) {
  const part = (iso: string, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: facts.timeZone, ...options }).format(new Date(iso));
  const day = (iso: string) => part(iso, { year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = (iso: string) => part(iso, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const today = day(facts.now);
  const tomorrow = day(new Date(new Date(facts.now).getTime() + 86_400_000).toISOString());
  const yesterday = day(new Date(new Date(facts.now).getTime() - 86_400_000).toISOString());
  const date = (iso: string) => {
    const d = day(iso);
    if (d === today) return 'today';
    if (d === tomorrow) return 'tomorrow';
    if (d === yesterday) return 'yesterday';
    return part(iso, { weekday: 'short', day: 'numeric', month: 'short' });
  };
  const when = (iso: string) => `${date(iso)} at ${time(iso)}`;
  return { day, today, date, when };
}

export const joinList = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join('; ')}; and ${items.at(-1)}`;

const DAY_MS = 86_400_000;
const withinDays = (facts: Pick<ChatFacts, 'now'>, iso: string, days: number) =>
  new Date(facts.now).getTime() - new Date(iso).getTime() < days * DAY_MS;

/** "this week" (7 days), "this month" (30), "today": the period a question names; a week by default. */
function periodOf(prompt: string): { days: number; label: string; today?: boolean } {
  const p = prompt.toLowerCase();
  if (/\btoday\b/.test(p)) return { days: 1, label: 'today', today: true };
  if (/\b(?:this|last|past) month\b|\b30 days\b/.test(p)) return { days: 30, label: 'in the last 30 days' };
  return { days: 7, label: 'this week' };
}

const engagementOf = (p: PostWithCounts) => p.likes + p.reposts + p.replies + p.quotes;
function counts(p: Pick<PostWithCounts, 'likes' | 'reposts' | 'replies' | 'quotes'>): string {
  const parts = [
    plural(p.likes, 'like'),
    plural(p.reposts, 'repost'),
    plural(p.replies, 'reply', 'replies'),
    ...(p.quotes > 0 ? [plural(p.quotes, 'quote')] : []),
  ];
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** How many upcoming posts an answer lists before pointing to the Calendar. */
const LISTED = 5;

function upcomingAnswer(facts: ChatFacts, only: 'all' | 'next' | 'review'): string {
  const f = chatDates(facts);
  const scheduled = facts.upcoming.filter((p) => p.status === 'scheduled');
  const pending = facts.upcoming.filter((p) => p.status === 'pending_review');
  const waiting = Math.max(facts.waiting ?? 0, pending.length);
  const item = (p: ChatFacts['upcoming'][number], withStatus = true) => {
    const at = p.at ? f.when(p.at) : null;
    if (p.status === 'scheduled') return `${quoteText(p.content)} on ${where(p.platform)}, ${at}`;
    const time = at ? `for ${at}` : 'no time set yet';
    return `${quoteText(p.content)} on ${where(p.platform)}, ${withStatus ? `waiting for your review (${time})` : time}`;
  };
  if (only === 'review') {
    if (waiting === 0) return 'Nothing is waiting for your review.';
    const more = waiting - Math.min(pending.length, LISTED);
    return `${plural(waiting, 'draft is', 'drafts are')} waiting for your review: ${joinList(pending.slice(0, LISTED).map((p) => item(p, false)))}.${more > 0 ? ` And ${more} more.` : ''} Approve or reject ${waiting === 1 ? 'it' : 'them'} in the Review queue on the Calendar.`;
  }
  if (scheduled.length === 0 && waiting === 0) return 'Nothing is scheduled and nothing is waiting for your review.';
  if (only === 'next') {
    const next = scheduled[0] ?? pending[0];
    if (!next) return 'Nothing is scheduled.';
    const rest = scheduled.length + waiting - 1;
    const head =
      next.status === 'scheduled' ? `Next up: ${item(next)}.` : `Nothing is scheduled. Next in line: ${item(next)}.`;
    return rest > 0 ? `${head} Then ${rest} more after it.` : head;
  }
  const shown = [...scheduled, ...pending].slice(0, LISTED);
  const more = scheduled.length + waiting - shown.length;
  const head = [
    scheduled.length > 0 ? plural(scheduled.length, 'post scheduled', 'posts scheduled') : 'Nothing scheduled',
    waiting > 0 ? `${plural(waiting, 'draft')} waiting for your review` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return `${head}: ${joinList(shown.map((p) => item(p)))}.${more > 0 ? ` And ${more} more in the Calendar.` : ''}`;
}

function postedAnswer(prompt: string, facts: ChatFacts): string {
  const f = chatDates(facts);
  const p = prompt.toLowerCase();
  const today = /\btoday\b/.test(p);
  const yesterday = /\byesterday\b/.test(p);
  const week = /\b(?:this|last|past) week\b/.test(p);
  const dayOf = (iso: string) => f.date(iso);
  const shown = today
    ? facts.recent.filter((post) => f.day(post.at) === f.today)
    : yesterday
      ? facts.recent.filter((post) => dayOf(post.at) === 'yesterday')
      : week
        ? facts.recent.filter((post) => withinDays(facts, post.at, 7))
        : facts.recent.slice(0, 3);
  const label = today ? 'today' : yesterday ? 'yesterday' : week ? 'this week' : '';
  if (shown.length === 0) {
    const last = facts.recent[0];
    if (!last)
      return 'I have not published anything yet. Schedule a post, or turn on auto-posting, and it will show here.';
    return `Nothing published ${label || 'yet'}. My last post went out ${f.when(last.at)} on ${where(last.platform)}: ${quoteText(last.content)}.`;
  }
  const head = label
    ? `${label === 'this week' ? 'This week' : label === 'today' ? 'Today' : 'Yesterday'} I published ${plural(shown.length, 'post')}: `
    : `My latest ${shown.length === 1 ? 'post' : `${shown.length} posts`}: `;
  return `${head}${joinList(shown.map((post) => `${quoteText(post.content)} (${where(post.platform)}, ${f.when(post.at)})`))}.`;
}

function bestAnswer(prompt: string, facts: ChatFacts): string {
  const connected = facts.stats?.connected ?? [];
  if (facts.performance === undefined) return 'I cannot see how my posts did from here.';
  const period = periodOf(prompt);
  const f = chatDates(facts);
  const posts = facts.performance.filter((p) =>
    period.today ? f.day(p.at) === f.today : withinDays(facts, p.at, period.days),
  );
  if (posts.length === 0) {
    if (connected.length === 0)
      return 'I cannot tell yet: no account is connected, so there are no likes or reposts to read. Connect Bluesky or X in the Accounts tab.';
    return `I published nothing ${period.label}, so there is nothing to compare.`;
  }
  const worst = /\b(?:worst|least)\b/i.test(prompt);
  const ranked = [...posts].sort((a, b) => (worst ? -1 : 1) * (engagementOf(b) - engagementOf(a)));
  const top = ranked[0] as PostWithCounts;
  if (engagementOf(top) === 0 && !worst) {
    return `Nothing stands out yet: my ${plural(posts.length, 'post')} ${period.label} ${posts.length === 1 ? 'has' : 'have'} no likes, reposts or replies so far (counts are read about once an hour).`;
  }
  const word = worst ? 'weakest' : 'best';
  const head = `My ${word} post ${period.label}: ${quoteText(top.content)} on ${where(top.platform)}, ${f.date(top.at)}, with ${counts(top)}.`;
  const next = ranked[1];
  return next && posts.length > 1
    ? `${head} ${worst ? 'Next weakest' : 'Runner-up'}: ${quoteText(next.content, 60)} with ${counts(next)}.`
    : head;
}

function statsAnswer(facts: ChatFacts): string {
  const stats = facts.stats;
  if (!stats) return 'I cannot see the account figures from here.';
  if (stats.connected.length === 0) {
    return 'No account is connected yet, so I have no followers, likes or reposts to report. Connect Bluesky or X in the Accounts tab.';
  }
  const networks = stats.connected.map(where).join(' and ');
  const head = `On ${networks}: ${plural(stats.followers, 'follower')}, ${plural(stats.totalPosts, 'post')} in all, an engagement rate of ${stats.engagementRate.toFixed(1)}%.`;
  const week = (facts.performance ?? []).filter((p) => withinDays(facts, p.at, 7));
  if (week.length === 0) return `${head} Nothing published this week.`;
  const sum = week.reduce(
    (a, p) => ({
      likes: a.likes + p.likes,
      reposts: a.reposts + p.reposts,
      replies: a.replies + p.replies,
      quotes: a.quotes + p.quotes,
    }),
    { likes: 0, reposts: 0, replies: 0, quotes: 0 },
  );
  return `${head} This week: ${plural(week.length, 'post')} with ${counts(sum)}.`;
}

function sourcesAnswer(facts: ChatFacts): string {
  const on = facts.sources.filter((s) => s.enabled);
  if (facts.sources.length === 0)
    return 'I do not read any sources yet. Add an RSS feed, a subreddit or a website in the Content tab.';
  if (on.length === 0)
    return `I have ${facts.sources.length} sources, all turned off, so I am not reading anything right now.`;
  const reading = `I read ${joinList(on.map((s) => `${s.name} (${s.type})`))}.`;
  const latest = facts.headlines.slice(0, 3);
  return latest.length > 0
    ? `${reading} Latest: ${joinList(latest.map((t) => quoteText(t)))}.`
    : `${reading} Nothing new in them yet.`;
}

/** How many headlines a summary names, in all and from one source. */
const SUMMARY_ITEMS = 6;
const SUMMARY_PER_SOURCE = 3;

function summaryAnswer(facts: ChatFacts): string {
  const on = facts.sources.filter((s) => s.enabled);
  if (on.length === 0) return sourcesAnswer(facts);
  const items = facts.items;
  if (!items) {
    const latest = facts.headlines.slice(0, SUMMARY_ITEMS);
    return latest.length > 0
      ? `The latest from my sources: ${joinList(latest.map((t) => quoteText(t, 80)))}.`
      : `Nothing has come in from ${joinList(on.map((s) => s.name))} yet.`;
  }
  if (items.length === 0) {
    return `Nothing has come in from ${joinList(on.map((s) => s.name))} yet: sources are read a few times a week (Content tab).`;
  }
  const week = items.filter((i) => withinDays(facts, i.at, 7));
  const bySource = new Map<string, string[]>();
  let named = 0;
  for (const item of items) {
    const titles = bySource.get(item.source) ?? [];
    if (titles.length >= SUMMARY_PER_SOURCE || named >= SUMMARY_ITEMS) continue;
    titles.push(quoteText(item.title, 80));
    bySource.set(item.source, titles);
    named += 1;
  }
  const head =
    week.length > 0
      ? `${plural(week.length, 'new item')} this week from ${plural(new Set(week.map((i) => i.source)).size, 'source')}.`
      : 'Nothing new this week; the latest items are older.';
  const parts = [...bySource].map(([source, titles]) => `${source}: ${titles.join(', ')}`);
  return `${head} ${parts.join('. ')}.`;
}

/**
 * The traits that speak loudest in the voice, strongest first: High (above 70), or Low (below 30)
 * for a trait between two poles, 10 or below (next to none) for a trait of more or less.
 */
export function loudestTraits(persona: WritingPersona, max = 3): { text: string; trait: TraitKey }[] {
  return TRAIT_KEYS.map((trait) => ({ trait, value: persona.traits[trait] }))
    .filter(({ trait, value }) => value > 70 || (TRAIT_MEANINGS[trait].shape === 'more' ? value <= 10 : value < 30))
    .sort((a, b) => Math.abs(b.value - 50) - Math.abs(a.value - 50))
    .slice(0, max)
    .map(({ trait, value }) => {
      const m = TRAIT_MEANINGS[trait];
      return { trait, text: `${m.name} ${value}/100 (${value < 50 ? m.low : m.high})` };
    });
}

function selfAnswer(persona: WritingPersona): string {
  const bio = persona.bio.trim();
  const head = `${persona.name.trim() || 'This persona'}, a ${archetype(persona.traits)}.${bio ? ` ${bio}` : ''}`;
  const loud = loudestTraits(persona);
  return loud.length > 0 ? `${head} Loudest in my voice: ${joinList(loud.map((l) => l.text))}.` : head;
}

function ideasAnswer(facts: ChatFacts | undefined, persona: WritingPersona, titles: readonly string[]): string {
  const custom = persona.useDefaultPrompt ? '' : persona.customPrompt;
  const themes = [...new Set([...themesIn(persona.bio), ...themesIn(custom)])].slice(0, 4);
  const headlines = (facts?.headlines.length ? facts.headlines : titles).slice(0, 3);
  const strategies = (facts?.strategies ?? persona.strategies.filter((s) => s.enabled).map((s) => s.name)).slice(0, 3);
  const parts = [
    themes.length > 0 ? `the themes in your bio (${themes.join(', ')})` : '',
    headlines.length > 0 ? `the latest from my sources (${headlines.map((t) => quoteText(t, 70)).join(', ')})` : '',
    strategies.length > 0 ? `my strategies (${strategies.join(', ')})` : '',
  ].filter(Boolean);
  if (parts.length === 0) {
    return 'I have nothing to go on yet: add a bio with your themes, or a source in the Content tab. Or give me a subject: “write a post about …”.';
  }
  return `From what I have: ${joinList(parts)}. Say “write a post about …” with one of them and I will draft it.`;
}

/** Intents answered from the account's facts. */
export const FACT_INTENTS: ReadonlySet<ChatIntent> = new Set([
  'best',
  'stats',
  'review',
  'next',
  'scheduled',
  'posted',
  'summarise',
  'sources',
  'self',
  'ideas',
]);

/**
 * An answer about the account from its facts, for an intent of `FACT_INTENTS`. Without facts (a
 * persona not saved), only the persona itself can be described.
 */
export function answerAboutAccount(
  intent: ChatIntent,
  prompt: string,
  facts: ChatFacts | undefined,
  persona: WritingPersona,
  titles: readonly string[] = [],
): string | null {
  if (intent === 'self') return selfAnswer(persona);
  if (intent === 'ideas') return ideasAnswer(facts, persona, titles);
  if (!FACT_INTENTS.has(intent)) return null;
  if (!facts) return 'This persona is not saved yet, so it has no posts, schedule or sources to tell you about.';
  switch (intent) {
    case 'posted':
      return postedAnswer(prompt, facts);
    case 'scheduled':
      return upcomingAnswer(facts, 'all');
    case 'next':
      return upcomingAnswer(facts, 'next');
    case 'review':
      return upcomingAnswer(facts, 'review');
    case 'best':
      return bestAnswer(prompt, facts);
    case 'stats':
      return statsAnswer(facts);
    case 'sources':
      return sourcesAnswer(facts);
    case 'summarise':
      return summaryAnswer(facts);
    default:
      return null;
  }
}

/** Which question about the account a chat message asks, if it asks one. */
export function questionAbout(prompt: string): ChatIntent | null {
  const intent = chatIntent(prompt);
  return FACT_INTENTS.has(intent) ? intent : null;
}

/** An answer from the account's facts, or null when the message is not a question about them. */
export function answerFromFacts(prompt: string, facts: ChatFacts, persona: WritingPersona): string | null {
  const intent = questionAbout(prompt);
  return intent ? answerAboutAccount(intent, prompt, facts, persona) : null;
}
