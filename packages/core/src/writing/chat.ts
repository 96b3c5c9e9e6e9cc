/**
 * Chat without a model (decision 036): every message is read for what it asks (`chatIntents`) and
 * answered from the account's facts, by a rule applied to the last text written in the
 * conversation, by a new post (the offline composer, in the service), or, when only a model could
 * do it, by saying so plainly. Never an unrelated post.
 */
import { escapeRegExp } from '../regexp';
import type { Writer } from './api';
import { type ChatIntent, chatIntents, TRANSFORM_INTENTS, WRITING_INTENTS } from './chat-intents';
import {
  addHashtags,
  addQuestion,
  casualize,
  formalize,
  shorten,
  splitHashtags,
  stripEmoji,
  stripHashtags,
} from './chat-transforms';
import { characterLimit, cutToFit, type LengthRule } from './limits';
import {
  answerAboutAccount,
  type ChatFacts,
  FACT_INTENTS,
  joinList,
  loudestTraits,
  quoteText,
} from './offline-answers';
import type { WritingPersona } from './prompt';
import { keyPhrases, themesIn, topicHashtags } from './topics';

/** One turn of the conversation, oldest first; `writer` when the server kept who wrote it. */
export type ChatHistoryTurn = { role: 'user' | 'assistant'; content: string; writer?: Writer | null };

/** A text written in the conversation (a post, or a post changed), and how it came about. */
export type WrittenText = {
  text: string;
  /** The message that asked for the first version; null when the conversation does not hold it. */
  ask: string | null;
  /** The changes made since, in order ("shorter", "formal"). */
  steps: ChatIntent[];
  writer: Writer | null;
};

/** How offline answers that are not texts to post begin: what follow-ups must not act on. */
export const NEED_A_MODEL = 'I need a model for that: set one up in Global Settings.';
const NOTHING_TO_CHANGE = 'Nothing to change:';
const NO_TEXT_YET = 'There is no post of mine in this conversation yet';
const NOT_A_TEXT = new RegExp(`^(?:${[NEED_A_MODEL, NOTHING_TO_CHANGE, NO_TEXT_YET].map(escapeRegExp).join('|')})`);

/**
 * The texts written in a conversation, oldest first: each answer to a request for a post or a
 * change of one (an answer about the account, or a refusal, is not one), with the message that
 * asked for its first version and the changes since.
 */
export function writtenTexts(turns: readonly ChatHistoryTurn[]): WrittenText[] {
  const written: WrittenText[] = [];
  let asked: { content: string; intents: ChatIntent[] } | null = null;
  let answered = false;
  for (const turn of turns) {
    if (turn.role === 'user') {
      asked = { content: turn.content, intents: chatIntents(turn.content) };
      answered = false;
      continue;
    }
    // An assistant turn with no message before it (the start of a stored conversation cut short).
    if (!asked) continue;
    if (!asked.intents.some((i) => WRITING_INTENTS.has(i)) || NOT_A_TEXT.test(turn.content)) continue;
    const writer = turn.writer ?? null;
    const last = written.at(-1);
    const first = asked.intents[0] as ChatIntent;
    // Several answers to one message (the generator's posts) were each asked for by it.
    if (!last) {
      // The first text here: its own request, or a change of one the conversation no longer holds.
      written.push({ text: turn.content, ask: first === 'write' ? asked.content : null, steps: [], writer });
    } else if (answered || first === 'write') {
      written.push({ text: turn.content, ask: answered ? last.ask : asked.content, steps: [], writer });
    } else if (first === 'another') {
      written.push({ text: turn.content, ask: last.ask, steps: [], writer });
    } else if (first === 'previous') {
      const before = written.at(-2);
      written.push({ text: turn.content, ask: before?.ask ?? last.ask, steps: before?.steps ?? [], writer });
    } else {
      written.push({ text: turn.content, ask: last.ask, steps: [...last.steps, ...asked.intents], writer });
    }
    answered = true;
  }
  return written;
}

/** What chat answers offline: a text, or a request for a new post the offline composer writes. */
export type OfflineChatAnswer =
  | { kind: 'text'; text: string }
  /** Write a post for `prompt` (the message, or the one that asked for the last post); not `avoid`. */
  | { kind: 'compose'; prompt: string; avoid?: string };

export type OfflineChatInput = {
  prompt: string;
  /** The conversation before this message, oldest first. */
  turns: readonly ChatHistoryTurn[];
  /** The account's facts; absent for a persona not saved. */
  facts?: ChatFacts;
  persona: WritingPersona;
  /** Headlines the request gave, or the persona's latest. */
  titles?: readonly string[];
  /** The limits every text to post keeps. */
  rule: LengthRule;
};

const STEP_WORDS: Partial<Record<ChatIntent, string>> = {
  shorter: 'shortened it (to its first sentences)',
  formal: 'made it more formal (contractions spelled out, chatty words and emoji dropped)',
  casual: 'made it more casual (contractions, everyday words)',
  'add-question': 'ended it with a question',
  'add-hashtags': 'added hashtags',
  'remove-hashtags': 'took the hashtags out',
  'remove-emoji': 'took the emoji out',
};

/** The slider that moves what a restyle asks for ("funnier": Humor), to suggest instead. */
function sliderFor(prompt: string): string | null {
  const p = prompt.toLowerCase();
  if (/funn|humou?r|joke|witt/.test(p)) return 'Humor';
  if (/sarcas/.test(p)) return 'Sarcasm';
  if (/upbeat|positive|optimis|negative|exciting/.test(p)) return 'Optimism';
  if (/technical|simpl|plain/.test(p)) return 'Technicality';
  if (/edg|bold|punch/.test(p)) return 'Tone';
  if (/emoji/.test(p)) return 'Emoji';
  if (/engag/.test(p)) return 'Engagement';
  return null;
}

const REAL_REWRITE = 'For a real rewrite I need a model: set one up in Global Settings.';
const WITHOUT_A_MODEL =
  'Without one I can make my last post shorter, more formal or more casual, add a question or hashtags, or take hashtags or emoji out.';

function cannot(prompt: string, intent: ChatIntent): string {
  if (intent === 'question') {
    return `${NEED_A_MODEL} Without one I can answer from your account (what is scheduled or waiting for review, what I posted, which post did best, what my sources say) and write or change posts.`;
  }
  const slider = intent === 'restyle' ? sliderFor(prompt) : null;
  return `${NEED_A_MODEL} ${WITHOUT_A_MODEL}${slider ? ` Or move the ${slider} slider and ask me again.` : ''}`;
}

const HELP =
  'I can tell you what is scheduled or waiting for your review, what I posted, which post did best this week, how the account is doing and what my sources say. Give me a subject and I will write a post, then make it shorter, more formal or more casual, add a question or hashtags, take hashtags or emoji out, or tell you why I wrote it. Anything else needs a model: set one up in Global Settings.';

/** Why the last text reads as it does, from what wrote it: the message, the source, the sliders. */
export function explainText(
  written: WrittenText,
  persona: WritingPersona,
  facts: ChatFacts | undefined,
  titles: readonly string[],
): string {
  const sentences: string[] = [];
  sentences.push(
    written.ask
      ? `You asked: ${quoteText(written.ask, 80)}.`
      : 'The message that asked for it is no longer in this chat.',
  );
  if (written.writer === 'offline') sentences.push('The offline composer wrote it from templates, in your voice.');
  else if (written.writer) sentences.push('Your model wrote it, from your persona and your message.');
  // The source it shares: a headline whose words it carries.
  const text = written.text.toLowerCase();
  const items = facts?.items ?? titles.map((title) => ({ title, source: '' }));
  const shared = items.find(({ title }) => {
    const words = keyPhrases(title).flatMap((p) => p.toLowerCase().split(' '));
    return words.length >= 2 && words.filter((w) => text.includes(w)).length / words.length >= 0.6;
  });
  if (shared) {
    sentences.push(
      `Its words match the headline ${quoteText(shared.title, 80)}${shared.source ? ` from ${shared.source}` : ''}.`,
    );
  } else if (!written.ask || !/\b(?:about|on)\b/i.test(written.ask)) {
    const custom = persona.useDefaultPrompt ? '' : persona.customPrompt;
    const theme = [...themesIn(persona.bio), ...themesIn(custom)].find((t) => text.includes(t.toLowerCase()));
    if (theme) sentences.push(`Its subject, ${theme}, is one of the themes in your bio.`);
  }
  const loud = loudestTraits(persona);
  if (loud.length > 0) {
    const emoji = [...written.text.matchAll(/\p{Extended_Pictographic}/gu)].length;
    const asks = /\?/.test(splitHashtags(written.text).body);
    // What can be counted in the text itself goes with its slider: "Emoji 80/100 (plenty; it has 3)".
    const evidence = (trait: string) =>
      trait === 'emoji' && emoji > 0
        ? `; it has ${emoji}`
        : trait === 'engagement' && asks
          ? '; hence the question'
          : '';
    sentences.push(
      `The voice follows your sliders, loudest: ${joinList(loud.map((l) => l.text.replace(/\)$/, `${evidence(l.trait)})`)))}.`,
    );
  } else {
    sentences.push('Your sliders sit near the middle, so the voice is even.');
  }
  if (
    /#[\p{L}\p{N}_]+/u.test(written.text) &&
    persona.options.includeHashtags &&
    !written.steps.includes('add-hashtags')
  ) {
    sentences.push('The hashtags come from the key phrases of its subject (Include hashtags is on).');
  }
  const steps = written.steps.flatMap((s) => STEP_WORDS[s] ?? []);
  if (steps.length > 0) {
    const said = steps.length === 1 ? steps[0] : `${steps.slice(0, -1).join(', ')} and ${steps.at(-1)}`;
    sentences.push(`Then, as you asked, I ${said}.`);
  }
  return sentences.join(' ');
}

/** One change by rule to a text; a string starting with `NOTHING_TO_CHANGE` when it changes nothing. */
function applyStep(step: ChatIntent, text: string, input: OfflineChatInput, ask: string | null): string {
  const limit = characterLimit(input.rule);
  const same = (why: string) => `${NOTHING_TO_CHANGE} ${why}`;
  switch (step) {
    case 'shorter':
      return shorten(text) ?? same(`${quoteText(text, 60)} is already as short as I can make it without losing it.`);
    case 'formal':
      return (
        formalize(text) ??
        same(`it already reads formally (no contractions, slang or emoji to change). ${REAL_REWRITE}`)
      );
    case 'casual':
      return casualize(text) ?? same(`I found no formal wording to loosen. ${REAL_REWRITE}`);
    case 'add-question':
      return addQuestion(text, limit) ?? same('it already ends with a question.');
    case 'remove-hashtags':
      return stripHashtags(text) ?? same('it has no hashtags.');
    case 'remove-emoji':
      return stripEmoji(text) ?? same('it has no emoji.');
    case 'add-hashtags': {
      const custom = input.persona.useDefaultPrompt ? '' : input.persona.customPrompt;
      const themes = [...themesIn(input.persona.bio), ...themesIn(custom)];
      const subject = ask?.replace(/^.*?\b(?:about|on)\b:?\s*/i, '') ?? '';
      // One good hashtag beats two poor ones.
      const tags = topicHashtags(subject || splitHashtags(text).body, themes, 1);
      return addHashtags(text, tags) ?? same('I found no phrase in it that makes a good hashtag.');
    }
    default:
      return same('I cannot do that by rule.');
  }
}

/** Chat's answer without a model. */
export function answerChatOffline(input: OfflineChatInput): OfflineChatAnswer {
  const { prompt, persona, facts } = input;
  const titles = input.titles ?? [];
  const intents = chatIntents(prompt);
  const intent = intents[0] as ChatIntent;
  const text = (t: string): OfflineChatAnswer => ({ kind: 'text', text: t });

  if (FACT_INTENTS.has(intent)) return text(answerAboutAccount(intent, prompt, facts, persona, titles) ?? HELP);
  switch (intent) {
    case 'write':
      return { kind: 'compose', prompt };
    case 'question':
    case 'longer':
    case 'restyle':
      return text(cannot(prompt, intent));
    case 'help':
      return text(HELP);
    case 'greeting':
      return text(
        `Hi! I am ${persona.name.trim() || 'your persona'}. Ask me what is scheduled or what I posted today, or give me a subject to write about.`,
      );
    case 'thanks':
      return text(
        'Glad to help. Say “shorter”, “more formal” or “add a question” to change my last post, or give me a new subject.',
      );
    default:
      break;
  }

  // The rest act on the last text written in this conversation.
  const written = writtenTexts(input.turns);
  const last = written.at(-1);
  if (!last) {
    return text(
      `${NO_TEXT_YET} to ${intent === 'why' ? 'explain' : 'change'}. Give me a subject (“write a post about …”) and I will write one.`,
    );
  }
  switch (intent) {
    case 'why':
      return text(explainText(last, persona, facts, titles));
    case 'publish':
      return text(
        'I do not post from chat. Write it in the AI Draft panel to get Post and Schedule under it, or copy it into Schedule Post on the Calendar.',
      );
    case 'another':
      return last.ask
        ? { kind: 'compose', prompt: last.ask, avoid: last.text }
        : text(`${NO_TEXT_YET} to write again. Give me a subject and I will write one.`);
    case 'previous': {
      const before = written.at(-2);
      return text(before ? before.text : `${NOTHING_TO_CHANGE} this is the first version I wrote here.`);
    }
    default:
      break;
  }
  if (!TRANSFORM_INTENTS.has(intent)) return text(HELP);
  let current = last.text;
  for (const step of intents) {
    const next = applyStep(step, current, input, last.ask);
    if (next.startsWith(NOTHING_TO_CHANGE)) {
      // A change that does nothing after others that did: the others stand.
      if (current !== last.text) break;
      return text(next);
    }
    current = next;
  }
  return text(cutToFit(current, input.rule.platforms, input.rule.maxLength));
}
