/**
 * What a chat message asks for, read without a model (decision 036): a question about the account,
 * a change to the last text, a follow-up about it, small talk, a post to write, or a question only a
 * model could answer. Rules over the words, checked in a fixed order; the first that matches wins.
 */

export type ChatIntent =
  // A change to the last text written in the conversation.
  | 'shorter'
  | 'longer'
  | 'formal'
  | 'casual'
  | 'add-question'
  | 'add-hashtags'
  | 'remove-hashtags'
  | 'remove-emoji'
  | 'restyle'
  // About the last text written.
  | 'why'
  | 'another'
  | 'previous'
  | 'publish'
  // About the account.
  | 'best'
  | 'stats'
  | 'review'
  | 'next'
  | 'scheduled'
  | 'posted'
  | 'summarise'
  | 'sources'
  | 'self'
  | 'ideas'
  // Small talk.
  | 'help'
  | 'greeting'
  | 'thanks'
  // A post to write, or a question only a model can answer.
  | 'write'
  | 'question';

/** Intents that change the last text written: their answer is a text, and the next change acts on it. */
export const TRANSFORM_INTENTS: ReadonlySet<ChatIntent> = new Set([
  'shorter',
  'longer',
  'formal',
  'casual',
  'add-question',
  'add-hashtags',
  'remove-hashtags',
  'remove-emoji',
  'restyle',
  'another',
  'previous',
]);

/** Intents whose answer is a text to post (a post, or a post changed): what later follow-ups act on. */
export const WRITING_INTENTS: ReadonlySet<ChatIntent> = new Set([...TRANSFORM_INTENTS, 'write']);

/** Lower case, straight apostrophes, single spaces, no closing punctuation or "please". */
export function normalizePrompt(prompt: string): string {
  return prompt
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/\b(?:please|pls|plz)\b[,]?/g, '')
    .replace(/^(?:ok(?:ay)?|so|and|now|hey|great|nice|cool|thanks)[,!.]?\s+(?=\S)/, '')
    .replace(/^(?:can|could|would|will) you\s+/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.!?…]+$/, '');
}

const words = (p: string) => p.split(' ').filter(Boolean).length;
/** The message points at something already in the conversation ("it", "that", "the post"). */
const REFERENT =
  /\b(?:it|that|this|the (?:post|tweet|text|draft|answer|last one|one above)|your (?:post|answer|draft))\b/;
/** A verb that asks for a change. */
const CHANGE =
  /\b(?:make|rewrite|re-write|reword|rephrase|redo|write|say|turn|put|keep|change|edit|tweak|adjust|add|remove|drop|cut|trim|end|finish)\b/;
/** A short message ("shorter", "more casual") or one about what is already there ("make it …"). */
const aboutLast = (p: string) => words(p) <= 4 || REFERENT.test(p) || CHANGE.test(p);

type Rule = { intent: ChatIntent; test: (p: string) => boolean };

const RULES: Rule[] = [
  // Follow-ups about the last text come first: "why did you write that" names writing.
  {
    intent: 'why',
    test: (p) =>
      /^why(?: (?:did|do|would|have) you (?:write|say|pick|choose|use|add|mention|go with|put|include|post|talk about)\b| (?:that|this|it|these|so)\b| (?:this|that) (?:topic|post|one|headline|subject)\b|$)/.test(
        p,
      ) ||
      /\b(?:explain (?:it|that|this|yourself|your (?:choice|post))|where did (?:that|this|it) come from|what made you (?:write|say|pick|choose)|how did you (?:come up with|pick|choose|write) (?:it|that|this))\b/.test(
        p,
      ),
  },
  {
    intent: 'previous',
    test: (p) =>
      /^(?:undo|revert|go back)\b|\b(?:previous|earlier|first|original|last) (?:one|version)\b|\bchange it back\b/.test(
        p,
      ) && !/\bpost(?:ed)?\b.*\b(?:today|yesterday|week)\b/.test(p),
  },
  {
    intent: 'publish',
    test: (p) =>
      /^(?:post|publish|tweet|schedule|queue|send|share|ship) (?:it|that|this|the (?:post|draft|last one))\b/.test(p) ||
      /^(?:go ahead and )?(?:post|publish) (?:it|that|this)\b/.test(p),
  },
  {
    intent: 'shorter',
    test: (p) =>
      /\b(?:shorter|shorten|trim (?:it|that|this|down)|cut (?:it|that|this) (?:down|short)|tighten|too long|more concise|concise|condense|briefer|fewer words|tl;?dr (?:it|that|this)|less wordy)\b/.test(
        p,
      ) && aboutLast(p),
  },
  {
    intent: 'longer',
    test: (p) =>
      /\b(?:longer|lengthen|expand|elaborate|more detail(?:ed)?|flesh (?:it|that|this) out|too short)\b/.test(p) &&
      aboutLast(p),
  },
  {
    intent: 'casual',
    test: (p) =>
      /\b(?:casual(?:ly)?|informal(?:ly)?|less formal(?:ly)?|relaxed|chill(?:er)?|conversational|laid[- ]back|friendlier|less stiff|more human)\b/.test(
        p,
      ) &&
      !/\bless (?:casual|informal|relaxed|chill)\b/.test(p) &&
      aboutLast(p),
  },
  {
    intent: 'formal',
    test: (p) =>
      /\b(?:formal(?:ly)?|more professional(?:ly)?|professionally|polished|less casual|serious(?:ly)?|businesslike)\b/.test(
        p,
      ) && aboutLast(p),
  },
  {
    intent: 'remove-hashtags',
    test: (p) =>
      /\b(?:remove|drop|delete|lose|strip|without|no|fewer|less|get rid of)\b.*\b(?:hashtags?|tags)\b/.test(p),
  },
  {
    intent: 'remove-emoji',
    test: (p) => /\b(?:remove|drop|delete|lose|strip|without|no|fewer|less|get rid of)\b.*\bemoj(?:i|is)\b/.test(p),
  },
  {
    intent: 'add-hashtags',
    test: (p) => /\b(?:add|with|include|put in|give it|suggest)\b.*\b(?:hashtags?|tags)\b/.test(p) && aboutLast(p),
  },
  {
    intent: 'add-question',
    test: (p) =>
      (/\b(?:add|end (?:it |that |this )?with|finish (?:it |that |this )?with|include|put|close (?:it |that |this )?with)\b.*\b(?:question|cta|call to action)\b/.test(
        p,
      ) ||
        /\bask (?:the |my )?(?:audience|readers|followers|people) (?:something|a question)\b/.test(p) ||
        /^(?:make it|turn it into) a question\b/.test(p)) &&
      aboutLast(p),
  },
  {
    intent: 'restyle',
    test: (p) =>
      (/\b(?:funnier|less funny|more (?:funny|fun|humou?rous|sarcastic|upbeat|positive|optimistic|negative|technical|edgy|bold|punchy|engaging|exciting|emotional|personal|witty|clever|emoji)|edgier|punchier|simpler|simplify|plainer|wittier|add (?:an? |some )?(?:emoji|joke|example|link|stat|statistic|number)s?|less (?:technical|sarcastic|edgy|negative|positive))\b/.test(
        p,
      ) &&
        aboutLast(p)) ||
      /\b(?:translate|in (?:french|german|spanish|italian|portuguese|dutch|japanese|chinese|korean|arabic|hindi|polish|swedish|irish))\b/.test(
        p,
      ) ||
      /^(?:fix|correct|proofread|improve|polish) (?:it|that|this|the (?:grammar|spelling|typos?))\b/.test(p),
  },
  {
    intent: 'another',
    test: (p) =>
      /^(?:another(?: one| post| version)?|one more|try again|again|redo(?: it)?|regenerate|rewrite(?: it| that| this)?|give me another|different one|something else|write (?:it|that) again|new version|try (?:a )?different(?: one| version)?)$/.test(
        p,
      ),
  },
  // About the account.
  {
    intent: 'best',
    test: (p) =>
      /\b(?:best|top|most (?:liked|popular|engag\w*|shared|successful)|did (?:the )?best|did well|performed (?:best|well)|worked best|worst|least)\b/.test(
        p,
      ) && /\b(?:posts?|tweets?|performed|performing|did|worked|week|month|today)\b/.test(p),
  },
  {
    intent: 'stats',
    test: (p) =>
      /\b(?:followers?|how am i doing|how are (?:we|you|things) doing|how(?:'s| is| are) (?:my |the |your )?(?:account|persona|posts?|engagement|numbers|growth|it going)|engagement(?: rate)?|stats|statistics|numbers|analytics|growth|reach|likes|metrics)\b/.test(
        p,
      ),
  },
  {
    intent: 'review',
    test: (p) =>
      /\b(?:waiting for (?:my )?(?:review|approval)|pending|to review|review queue|need(?:s)? (?:my )?(?:review|approval)|to approve|awaiting)\b/.test(
        p,
      ),
  },
  {
    intent: 'next',
    test: (p) =>
      /\bwhat(?:'s| is) next\b|\b(?:next post|post next|posting next|next one|going out next)\b|\bwhen(?:'s| is| do you| will you)? (?:the |your )?(?:next|post again)\b/.test(
        p,
      ),
  },
  {
    intent: 'scheduled',
    test: (p) =>
      /\b(?:scheduled?|schedule|coming up|upcoming|queued?|planned|calendar|going out|lined up|in the pipeline)\b/.test(
        p,
      ),
  },
  {
    intent: 'posted',
    test: (p) =>
      /\b(?:did you|have you|you(?:'ve| have))\s+(?:post|posted|publish|published|share|shared|tweet|tweeted|put out)\b|\b(?:last|latest|recent|previous) posts?\b|\bposted\b|\bpublished\b|\b(?:today|yesterday)(?:'s)? posts?\b|\bposts? (?:today|yesterday|this week)\b/.test(
        p,
      ),
  },
  {
    intent: 'summarise',
    test: (p) =>
      (/\b(?:summar(?:y|ies|i[sz]e)|digest|recap|round-?up|overview|tl;?dr|catch me up|brief me|highlights)\b/.test(
        p,
      ) &&
        /\b(?:sources?|feeds?|rss|news|headlines?|reading|subreddits?|articles?|items?)\b/.test(p)) ||
      /\bwhat(?:'s| is) new\b|\banything new\b|\b(?:latest|today's|new) (?:news|headlines?|articles?|items?)\b|\bwhat(?:'s| is) (?:in|happening in) (?:my |the |your )?(?:feeds?|sources?|news)\b/.test(
        p,
      ),
  },
  {
    intent: 'sources',
    test: (p) =>
      /\b(?:sources?|feeds?|rss|subreddits?|headlines?)\b|\b(?:do|are|what do) you (?:read|follow)\b/.test(p),
  },
  {
    intent: 'self',
    test: (p) =>
      /\b(?:who are you|about yourself|your bio|describe yourself|introduce yourself|your (?:voice|personality|style|sliders|traits|settings|tone))\b/.test(
        p,
      ),
  },
  {
    intent: 'ideas',
    test: (p) =>
      /\b(?:ideas?|inspiration|what should (?:i|we|you) (?:post|write|share|tweet)|what (?:to|can i) (?:post|write)|suggest (?:a |some )?(?:topics?|posts?)|topics?)\b/.test(
        p,
      ) && !/^(?:write|draft|compose|give me a post)\b/.test(p),
  },
  // Small talk.
  {
    intent: 'help',
    test: (p) =>
      /^(?:help|\?|commands|menu)$/.test(p) ||
      /\b(?:what can you do|what do you do|how do(?:es)? (?:you|this|chat) work|what (?:can|should|do) i ask|what are you for|how can you help)\b/.test(
        p,
      ),
  },
  {
    intent: 'greeting',
    test: (p) =>
      words(p) <= 5 &&
      /^(?:hi|hello|hey|heya|hiya|yo|howdy|good (?:morning|afternoon|evening)|morning|how are you|how(?:'s| is) it going|what's up|sup)\b/.test(
        p,
      ),
  },
  {
    intent: 'thanks',
    test: (p) =>
      words(p) <= 5 &&
      /^(?:thanks|thank you|thx|ty|cheers|great|perfect|nice|awesome|cool|ok|okay|love it|good|got it|lovely|brilliant)\b/.test(
        p,
      ),
  },
];

/** An opinion asked for ("what do you think about X"): the persona answers with a post about it. */
const OPINION =
  /^(?:what(?:'s| is| are)? (?:do you think|your (?:take|thoughts?|opinion|view))|your (?:take|thoughts?|opinion)|thoughts|how do you feel|what do you make of)\b.*\b(?:about|on|of|regarding)\b/;
/** A request for a text: a post, a joke, a tip… */
const REQUEST =
  /^(?:write|draft|compose|tweet|post|create|make|give|share|tell|craft|suggest|generate|come up with|need|i need|i want|let's|lets)\b|\b(?:a|an|one|some|two|three) (?:post|tweet|thread|joke|tip|quote|take|question|observation|hot take|one-liner)s?\b/;
/** A question: a question mark, or a question word first. */
const QUESTION =
  /^(?:what|when|which|where|who|whom|whose|why|how|did|do|does|have|has|is|are|was|were|can|could|should|would|will|am|may|tell me|show me|list)\b/;

/**
 * A request for a new text, said outright ("Write a post about…", "Tell me a joke"): never a change
 * to the last one, even with "shorter" in it. Ideas, a summary or a version of the last text are not.
 */
const NEW_TEXT =
  /^(?:write|draft|compose|create|generate|craft|give me|tell(?: me)?|share)(?: me| us)? (?:a|an|one|some|two|three|a few)\b(?!.*\b(?:ideas?|suggestions?|topics?|inspiration|summary|recap|overview|update|rundown|version|copy)\b)/;

/** What a chat message asks for. */
export function chatIntent(prompt: string): ChatIntent {
  const p = normalizePrompt(prompt);
  if (!p) return 'help';
  if (NEW_TEXT.test(p)) return 'write';
  for (const rule of RULES) if (rule.test(p)) return rule.intent;
  if (OPINION.test(p) || REQUEST.test(p)) return 'write';
  // "Which is better?", "How do I grow my audience?": a question only a model could answer.
  if (/\?\s*$/.test(prompt.trim()) || QUESTION.test(p)) return 'question';
  // Anything else is a subject to write about ("remote work", "coffee prices in 2026").
  return 'write';
}

/** Changes the offline writer can make by rule, one after another ("shorter and more formal"). */
const CHAINABLE: ReadonlySet<ChatIntent> = new Set([
  'shorter',
  'formal',
  'casual',
  'add-question',
  'add-hashtags',
  'remove-hashtags',
  'remove-emoji',
]);

/**
 * What a chat message asks for, as steps: several changes in one message ("make it shorter and
 * more formal") are each a step, in order; anything else is one step.
 */
export function chatIntents(prompt: string): ChatIntent[] {
  const parts = normalizePrompt(prompt)
    .replace(/^(?:make|keep) (?:it|that|this) /, '')
    .split(/\s*(?:,|;|\band then\b|\bthen\b|\band\b|\bplus\b)\s*/)
    .filter(Boolean);
  if (parts.length >= 2) {
    const steps = parts.map((part) => chatIntent(part));
    if (steps.every((step) => CHAINABLE.has(step))) return [...new Set(steps)];
  }
  return [chatIntent(prompt)];
}
