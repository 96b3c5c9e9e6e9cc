/**
 * Chat's answers about the persona's own account when no model is set up: what it posted, what is
 * coming up, what it reads. Read from its real posts and sources (`PersonaFacts`); a question it
 * cannot answer this way is written as a post instead (the offline composer).
 */
import { quotePost } from '../analytics/analytics';
import { archetype } from '../personas/traits';
import { platformLabel } from '../platforms/platforms';
import type { PersonaFacts, WritingPersona } from './prompt';

type Question = 'posted' | 'upcoming' | 'sources' | 'self';

/** Which question about the account a chat message asks, if it asks one. */
export function questionAbout(prompt: string): Question | null {
  const p = prompt.toLowerCase();
  if (!/\?\s*$|^(?:what|when|which|where|who|how|did|do|have|has|is|are|tell me|show me|list)\b/.test(p.trim())) {
    return null;
  }
  if (
    /\bwhat(?:'s|’s| is) next\b|\b(?:scheduled?|coming up|upcoming|next post|queue|review queue|going out|post next|posting next|planned)\b/.test(
      p,
    )
  )
    return 'upcoming';
  if (
    /\b(?:did you|have you|you(?:'|’)ve)\s+(?:post|posted|publish|published|share|shared|tweet|tweeted|write|written)\b|\b(?:last|latest|recent)\s+posts?\b|\bposted\b/.test(
      p,
    )
  )
    return 'posted';
  if (
    /\b(?:sources?|feeds?|rss|subreddits?|headlines?)\b|\b(?:do|are|what do) you (?:read|follow)|\bwhat(?:'s|’s| is) new\b/.test(
      p,
    )
  )
    return 'sources';
  if (/\b(?:who are you|about yourself|your bio|describe yourself|your (?:voice|personality|style))\b/.test(p))
    return 'self';
  return null;
}

const where = platformLabel;
const quoted = (text: string) => `“${quotePost(text.replace(/\s+/g, ' ').trim(), 90)}”`;

function formatters(facts: PersonaFacts) {
  const part = (iso: string, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: facts.timeZone, ...options }).format(new Date(iso));
  const day = (iso: string) => part(iso, { year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = (iso: string) => part(iso, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const today = day(facts.now);
  const tomorrow = day(new Date(new Date(facts.now).getTime() + 86_400_000).toISOString());
  const when = (iso: string) => {
    const d = day(iso);
    const label =
      d === today
        ? 'today'
        : d === tomorrow
          ? 'tomorrow'
          : part(iso, { weekday: 'short', day: 'numeric', month: 'short' });
    return `${label} at ${time(iso)}`;
  };
  return { day, today, when };
}

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join('; ')}; and ${items.at(-1)}`;

/** An answer from the account's facts, or null when the message is not a question about them. */
export function answerFromFacts(prompt: string, facts: PersonaFacts, persona: WritingPersona): string | null {
  const question = questionAbout(prompt);
  if (!question) return null;
  const f = formatters(facts);
  switch (question) {
    case 'posted': {
      const asksToday = /\btoday\b/i.test(prompt);
      const today = facts.recent.filter((p) => f.day(p.at) === f.today);
      const shown = asksToday ? today : facts.recent.slice(0, 3);
      if (shown.length === 0) {
        const last = facts.recent[0];
        if (!last)
          return 'I have not published anything yet. Schedule a post, or turn on auto-posting, and it will show here.';
        return `Nothing published today. My last post went out ${f.when(last.at)} on ${where(last.platform)}: ${quoted(last.content)}.`;
      }
      const head = asksToday
        ? `Today I published ${shown.length} ${shown.length === 1 ? 'post' : 'posts'}: `
        : `My latest ${shown.length === 1 ? 'post' : `${shown.length} posts`}: `;
      return `${head}${list(shown.map((p) => `${quoted(p.content)} (${where(p.platform)}, ${f.when(p.at)})`))}.`;
    }
    case 'upcoming': {
      if (facts.upcoming.length === 0) return 'Nothing is scheduled and nothing is waiting for review.';
      const [next, ...rest] = facts.upcoming;
      if (!next) return 'Nothing is scheduled.';
      const waiting = facts.upcoming.filter((p) => p.status === 'pending_review').length;
      return [
        `Next up: ${quoted(next.content)} on ${where(next.platform)}, ${f.when(next.at)}${next.status === 'pending_review' ? ' (waiting for your review)' : ''}.`,
        rest.length > 0 ? `Then ${rest.length} more after it.` : '',
        waiting > 0 ? `${waiting} of them ${waiting === 1 ? 'is' : 'are'} waiting for review.` : '',
      ]
        .filter(Boolean)
        .join(' ');
    }
    case 'sources': {
      const on = facts.sources.filter((s) => s.enabled);
      if (facts.sources.length === 0)
        return 'I do not read any sources yet. Add an RSS feed, a subreddit or a website in the Content tab.';
      if (on.length === 0)
        return `I have ${facts.sources.length} sources, all turned off, so I am not reading anything right now.`;
      const reading = `I read ${list(on.map((s) => `${s.name} (${s.type})`))}.`;
      const latest = facts.headlines.slice(0, 3);
      return latest.length > 0
        ? `${reading} Latest: ${list(latest.map(quoted))}.`
        : `${reading} Nothing new in them yet.`;
    }
    case 'self': {
      const bio = persona.bio.trim();
      return `${persona.name.trim() || 'This persona'}, a ${archetype(persona.traits)}.${bio ? ` ${bio}` : ''}`;
    }
  }
}
