/**
 * What a model is told for chat (decision 036): who the persona is and how it sounds, the facts
 * of its account gathered for this message, and the conversation's recent turns as messages, with
 * the rule to answer from those facts only.
 */
import { archetype, describeTrait, TRAIT_KEYS } from '../personas/traits';
import { platformLabel } from '../platforms/platforms';
import { CHAT_TURN_MAX_CHARS, CHAT_TURNS_FOR_MODEL } from './api';
import type { ChatHistoryTurn } from './chat';
import { characterLimit } from './limits';
import type { ChatFacts } from './offline-answers';
import { type BuiltPrompt, languageLine, lengthRuleFor, type WritingPersona } from './prompt';

export type ChatMessage = { role: 'user' | 'assistant'; content: string };
/** A chat prompt: the system prompt, the new message, and the turns before it. */
export type ChatPrompt = BuiltPrompt & { history: ChatMessage[] };

/**
 * The turns a model reads before the new message: the last `CHAT_TURNS_FOR_MODEL`, each cut to
 * `CHAT_TURN_MAX_CHARS`, starting with the person's (providers want a user turn first), turns of
 * the same side in a row joined (the generator's several posts are one answer).
 */
export function turnsForModel(turns: readonly ChatHistoryTurn[]): ChatMessage[] {
  const merged: ChatMessage[] = [];
  for (const turn of turns.slice(-CHAT_TURNS_FOR_MODEL)) {
    const content = turn.content.trim().slice(0, CHAT_TURN_MAX_CHARS);
    if (!content) continue;
    const last = merged.at(-1);
    if (last?.role === turn.role) last.content = `${last.content}\n\n${content}`;
    else if (merged.length > 0 || turn.role === 'user') merged.push({ role: turn.role, content });
  }
  // The new message is the person's turn: an unanswered one before it is part of it.
  if (merged.at(-1)?.role === 'user') merged.pop();
  return merged;
}

const flat = (text: string, max = 200) => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
};

/** The account's facts, as lines a model can answer from. */
export function chatFactLines(facts: ChatFacts): string[] {
  const when = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: facts.timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(iso));
  const where = platformLabel;
  const scheduled = facts.upcoming.filter((p) => p.status === 'scheduled');
  const pending = facts.upcoming.filter((p) => p.status === 'pending_review');
  const waiting = Math.max(facts.waiting ?? 0, pending.length);
  const lines = [
    `Your account (the time now is ${when(facts.now)}, ${facts.timeZone}):`,
    facts.recent.length > 0 ? 'Published recently, newest first:' : 'Published recently: nothing yet.',
    ...facts.recent.map((p) => `- ${when(p.at)} on ${where(p.platform)}: "${flat(p.content)}"`),
    scheduled.length > 0 ? 'Scheduled, soonest first:' : 'Scheduled: nothing.',
    ...scheduled.map((p) => `- ${p.at ? when(p.at) : 'no time'} on ${where(p.platform)}: "${flat(p.content)}"`),
    waiting > 0 ? `Waiting for the owner's review (${waiting} in all):` : 'Waiting for review: nothing.',
    ...pending.map(
      (p) => `- ${p.at ? `for ${when(p.at)}` : 'no time set'} on ${where(p.platform)}: "${flat(p.content)}"`,
    ),
  ];
  if (facts.performance) {
    const counted = facts.performance.slice(0, 10);
    lines.push(
      counted.length > 0
        ? 'Your posts of the last 30 days with their counts as last read (likes, reposts, replies, quotes):'
        : 'Your posts of the last 30 days: none.',
      ...counted.map(
        (p) =>
          `- ${when(p.at)} on ${where(p.platform)}: "${flat(p.content, 120)}" ${p.likes} likes, ${p.reposts} reposts, ${p.replies} replies, ${p.quotes} quotes`,
      ),
    );
  }
  if (facts.stats) {
    const s = facts.stats;
    lines.push(
      s.connected.length > 0
        ? `Connected to ${s.connected.map(where).join(' and ')}: ${s.followers} followers, ${s.totalPosts} posts in all, engagement rate ${s.engagementRate.toFixed(1)}%.`
        : 'No account connected yet: no followers or counts to report.',
    );
  }
  lines.push(
    facts.sources.length > 0
      ? `Your sources: ${facts.sources.map((s) => `${s.name} (${s.type}${s.enabled ? '' : ', off'})`).join('; ')}.`
      : 'Your sources: none yet.',
  );
  const items = facts.items ?? [];
  if (items.length > 0) {
    lines.push(
      'Latest items from your sources, newest first:',
      ...items.map((i) => `- "${flat(i.title, 160)}" (${i.source}, ${when(i.at)})${i.link ? ` ${i.link}` : ''}`),
    );
  }
  // Headlines the request gave (or read without their items) are listed as they came.
  const listed = new Set(items.map((i) => i.title));
  const others = facts.headlines.filter((t) => !listed.has(t)).slice(0, 5);
  if (others.length > 0) lines.push('Headlines for this chat:', ...others.map((t) => `- "${flat(t, 160)}"`));
  return lines;
}

/** The model's prompt for one chat message, with the conversation's recent turns. */
export function buildChatPrompt(input: {
  persona: WritingPersona;
  prompt: string;
  turns: readonly ChatHistoryTurn[];
  facts?: ChatFacts;
  titles?: readonly string[];
}): ChatPrompt {
  const { persona, facts } = input;
  const rule = lengthRuleFor(persona, { kind: 'chat' });
  const limit = characterLimit(rule);
  const name = persona.name.trim();
  const bio = persona.bio.trim();
  const networks = rule.platforms.map(platformLabel);
  const lines = [
    `You are ${name ? `${name}, ` : ''}a social media persona: a ${archetype(persona.traits)}.`,
    ...(bio ? [`Your bio: ${bio}`] : []),
    'You are chatting with the person who runs you in Plume, the app that writes and schedules your posts. They may ask about your account, ask for a post, or ask you to change or explain something you wrote earlier in this conversation.',
    'Your voice, trait by trait (a touch is one short phrase or sentence; follow the amounts in posts):',
    ...TRAIT_KEYS.map((trait) => `- ${describeTrait(trait, persona.traits[trait])}.`),
  ];
  const custom = persona.customPrompt.trim();
  if (!persona.useDefaultPrompt && custom) lines.push(`The owner's instructions for this persona: ${custom}`);
  const strategies = persona.strategies.filter((s) => s.enabled).map((s) => s.name);
  if (strategies.length > 0) lines.push(`Your content strategies: ${strategies.join(', ')}.`);
  const language = languageLine(persona.languages);
  if (language) lines.push(language);
  if (facts) lines.push(...chatFactLines(facts));
  else {
    const titles = (input.titles ?? []).slice(0, 5);
    lines.push('This persona is not saved yet: it has no posts, schedule or metrics.');
    if (titles.length > 0) lines.push('Headlines for this chat:', ...titles.map((t) => `- "${flat(t, 160)}"`));
  }
  const links = persona.options.linkSharing
    ? 'Links: only ones listed above, copied exactly; none otherwise.'
    : 'Links: none.';
  lines.push(
    'How to answer:',
    '- Use only the facts above and this conversation. Never invent posts, figures, dates, headlines, quotes, handles or links. If they do not hold the answer, say so in one sentence.',
    '- A question about your account: answer in one to three plain sentences, not as a post.',
    `- A request for a post: answer with the text of one post only, in your voice, no preamble, no quotes around it. ${links} Hashtags: ${persona.options.includeHashtags ? 'at most two, each a whole key phrase of the subject' : 'none'}.`,
    '- A request to change your last post (shorter, more formal, a question added…): answer with the changed post only.',
    '- Asked why you wrote something: explain briefly from this conversation, the facts and your voice above.',
  );
  lines.push(
    `Length: every answer at most ${limit} characters${networks.length > 0 ? ` (for ${networks.join(' and ')})` : ''}.`,
  );
  return {
    system: lines.join('\n'),
    prompt: input.prompt.trim(),
    history: turnsForModel(input.turns),
    temperature: persona.options.modelTemperature,
    maxOutputTokens: Math.min(8192, Math.ceil(Math.max(limit, 600) / 2) + 64),
    rule,
    count: 1,
  };
}
