import { describe, expect, it } from 'vitest';
import { answerChatOffline, type ChatHistoryTurn, NEED_A_MODEL, writtenTexts } from './chat';
import { type ChatIntent, chatIntent, chatIntents } from './chat-intents';
import { buildChatPrompt, turnsForModel } from './chat-prompt';
import {
  addHashtags,
  addQuestion,
  CLOSING_QUESTIONS,
  casualize,
  formalize,
  shorten,
  stripEmoji,
  stripHashtags,
} from './chat-transforms';
import { fixturePersona } from './fixtures';
import type { ChatFacts } from './offline-answers';

/** Ordinary things people type into a persona's chat, and what each asks for. */
const QUESTIONS: [string, ChatIntent][] = [
  ["What's scheduled?", 'scheduled'],
  ['What is coming up this week?', 'scheduled'],
  ["What's next?", 'next'],
  ['When is the next post going out?', 'next'],
  ['How many drafts are waiting for review?', 'review'],
  ['What did you post today?', 'posted'],
  ['What did you post this week?', 'posted'],
  ['Show me your last posts', 'posted'],
  ['Which post did best this week?', 'best'],
  ['What was your top post this month?', 'best'],
  ['How are my posts doing?', 'stats'],
  ['How many followers do I have?', 'stats'],
  ['Summarise my sources', 'summarise'],
  ['Summarize the news', 'summarise'],
  ["What's new in my feeds?", 'summarise'],
  ['Anything new?', 'summarise'],
  ['Which sources do you read?', 'sources'],
  ['Who are you?', 'self'],
  ['Describe your voice', 'self'],
  ['Give me some ideas', 'ideas'],
  ['What should I post about today?', 'ideas'],
  ['Make it shorter', 'shorter'],
  ['shorter', 'shorter'],
  ['Can you make that shorter please?', 'shorter'],
  ['too long', 'shorter'],
  ['Make it longer', 'longer'],
  ['Rewrite it more formally', 'formal'],
  ['make it less casual', 'formal'],
  ['more casual', 'casual'],
  ['less formal', 'casual'],
  ['Add a question', 'add-question'],
  ['End it with a question for my followers', 'add-question'],
  ['Add hashtags', 'add-hashtags'],
  ['Remove the hashtags', 'remove-hashtags'],
  ['No emoji please', 'remove-emoji'],
  ['Make it funnier', 'restyle'],
  ['Translate it into French', 'restyle'],
  ['Why did you write that?', 'why'],
  ['Why?', 'why'],
  ['Where did that come from?', 'why'],
  ['Another one', 'another'],
  ['Try again', 'another'],
  ['Go back to the previous version', 'previous'],
  ['Undo', 'previous'],
  ['Post it', 'publish'],
  ['Schedule it for tomorrow', 'publish'],
  ['Hi', 'greeting'],
  ['How are you?', 'greeting'],
  ['Thanks!', 'thanks'],
  ['What can you do?', 'help'],
  ['help', 'help'],
  ['Write a post about remote work', 'write'],
  ['Write a shorter post about cats', 'write'],
  ['Share a productivity tip', 'write'],
  ['Tell a joke about meetings', 'write'],
  ['Write 3 short posts about: AI tools', 'write'],
  ['What do you think about matcha?', 'write'],
  ["What's your take on four-day weeks?", 'write'],
  ['remote work', 'write'],
  ["What's the weather in Paris?", 'question'],
  ['How do I grow my audience?', 'question'],
  ['Is this any good?', 'question'],
];

describe('what a chat message asks for', () => {
  it.each(QUESTIONS)('reads %j as %s', (prompt, intent) => {
    expect(chatIntent(prompt)).toBe(intent);
  });

  it('reads several changes in one message as steps, in order', () => {
    expect(chatIntents('Make it shorter and more formal')).toEqual(['shorter', 'formal']);
    expect(chatIntents('more casual, then add a question')).toEqual(['casual', 'add-question']);
    expect(chatIntents('remove the hashtags and no emoji')).toEqual(['remove-hashtags', 'remove-emoji']);
    // Not all of them changes by rule: one step, as a whole.
    expect(chatIntents('Write a post about tea and coffee')).toEqual(['write']);
    expect(chatIntents("What's scheduled and what did you post?")).toEqual(['scheduled']);
  });
});

describe('changes by rule', () => {
  const post =
    'Kelp forests are back along the Oregon coast, and they grow fast. Half a metre a day in summer. Nature does not wait for permission. 🌊🌿 #KelpForests';

  it('shortens to the first whole sentences within 60% of the text, hashtags kept', () => {
    expect(shorten(post)).toBe('Kelp forests are back along the Oregon coast, and they grow fast. #KelpForests');
    // One long sentence is cut at a word, with an ellipsis.
    const long =
      'A single very long sentence that keeps going and going about the housing shortage in Dublin without ever stopping for breath';
    const cut = shorten(long) ?? '';
    expect(cut).toMatch(/^A single very long sentence .*[a-z]…$/);
    expect(cut.length).toBeLessThanOrEqual(Math.floor(long.length * 0.6) + 1);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    // Already short: nothing to cut.
    expect(shorten('Tea is a verb.')).toBeNull();
    // Shorter and shorter, until it cannot be.
    let text: string | null = post;
    const lengths: number[] = [];
    while (text) {
      lengths.push(text.length);
      text = shorten(text);
    }
    expect(lengths.length).toBeGreaterThan(1);
    expect([...lengths].sort((a, b) => b - a)).toEqual(lengths);
  });

  it('makes a text more formal: contractions spelled out, slang replaced, emoji and laughter dropped', () => {
    expect(
      formalize("tbh I'm gonna say it: remote work isn't dead, it's just kinda misunderstood lol 😅 #RemoteWork"),
    ).toBe('Frankly I am going to say it: remote work is not dead, it is just somewhat misunderstood #RemoteWork');
    expect(formalize("Can't wait!! We're shipping tomorrow")).toBe('Cannot wait. We are shipping tomorrow');
    // A possessive is not a contraction.
    expect(formalize("Ada's notebook isn't tidy")).toBe("Ada's notebook is not tidy");
    expect(formalize('The report is ready.')).toBeNull();
  });

  it('makes a text more casual: contractions and everyday words, stock phrases dropped', () => {
    expect(
      casualize(
        'It is important to note that we cannot utilize numerous tools. However, you are going to need sufficient context in order to ship.',
      ),
    ).toBe("We can't use lots of tools. But you're going to need enough context to ship.");
    expect(casualize('I am not sure it is ready. Therefore, we will wait.')).toBe(
      "I'm not sure it's ready. So, we'll wait.",
    );
    expect(casualize("It's fine, you're right.")).toBeNull();
  });

  it('adds a question before the hashtags, within the limit, once', () => {
    const asked = addQuestion('Sea stars are back. #TidePools', 280) ?? '';
    expect(CLOSING_QUESTIONS.some((q) => asked === `Sea stars are back. ${q} #TidePools`)).toBe(true);
    expect(addQuestion('Sea stars are back. Seen any?', 280)).toBeNull();
    // No full stop is forced after emoji; a long text is cut to make room.
    expect(addQuestion('Back at the pools 🌊', 280)).toMatch(/^Back at the pools 🌊 [A-Z].*\?$/);
    const long = `${'word '.repeat(60)}end.`;
    const fitted = addQuestion(long, 100) ?? '';
    expect(fitted.length).toBeLessThanOrEqual(100);
    expect(fitted).toMatch(/…\s[A-Z][^?]*\?$/);
  });

  it('adds and removes hashtags and emoji, and says when there is nothing to do', () => {
    expect(stripHashtags('Learning #Rust slowly. #Programming #Rust')).toBe('Learning Rust slowly.');
    expect(stripHashtags('No tags here.')).toBeNull();
    expect(stripEmoji('Low tide 🌊 at six 🌅!')).toBe('Low tide at six!');
    expect(stripEmoji('Low tide at six.')).toBeNull();
    expect(addHashtags('Low tide at six.', ['#TidePools'])).toBe('Low tide at six. #TidePools');
    expect(addHashtags('Low tide at six. #TidePools', ['#tidepools'])).toBeNull();
  });
});

describe('the conversation chat follows', () => {
  const turns = (...pairs: [string, string][]): ChatHistoryTurn[] =>
    pairs.flatMap(([q, a]) => [
      { role: 'user' as const, content: q },
      { role: 'assistant' as const, content: a, writer: 'offline' as const },
    ]);

  it('knows the texts written, and what asked for each: answers about the account and refusals are not texts', () => {
    const conversation = turns(
      ['Write a post about kelp', 'Kelp grows fast. Really fast.'],
      ["What's scheduled?", 'Nothing is scheduled and nothing is waiting for your review.'],
      ['shorter', 'Kelp grows fast.'],
      ['Make it funnier', `${NEED_A_MODEL} Without one…`],
      ['shorter', 'Nothing to change: “Kelp grows fast.” is already as short as I can make it without losing it.'],
      ['more formal', 'Kelp grows quickly.'],
    );
    expect(writtenTexts(conversation)).toEqual([
      { text: 'Kelp grows fast. Really fast.', ask: 'Write a post about kelp', steps: [], writer: 'offline' },
      { text: 'Kelp grows fast.', ask: 'Write a post about kelp', steps: ['shorter'], writer: 'offline' },
      { text: 'Kelp grows quickly.', ask: 'Write a post about kelp', steps: ['shorter', 'formal'], writer: 'offline' },
    ]);
    // The start cut off: a change whose request is gone has no ask.
    expect(writtenTexts(conversation.slice(4))[0]).toMatchObject({ text: 'Kelp grows fast.', ask: null });
  });

  it('sends a model the latest turns, the person first, answers in a row joined', () => {
    const many: ChatHistoryTurn[] = Array.from({ length: 20 }, (_, i) => ({
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: `Turn ${i}`,
    }));
    const sent = turnsForModel(many);
    expect(sent).toHaveLength(12);
    expect(sent[0]).toEqual({ role: 'user', content: 'Turn 8' });
    expect(
      turnsForModel([
        { role: 'assistant', content: 'orphan' },
        { role: 'user', content: 'Q' },
        { role: 'assistant', content: 'A1' },
        { role: 'assistant', content: 'A2' },
        { role: 'user', content: 'unanswered' },
      ]),
    ).toEqual([
      { role: 'user', content: 'Q' },
      { role: 'assistant', content: 'A1\n\nA2' },
    ]);
    expect(
      turnsForModel([
        { role: 'user', content: 'x'.repeat(5000) },
        { role: 'assistant', content: 'y' },
      ])[0]?.content,
    ).toHaveLength(2000);
  });
});

describe('chat without a model', () => {
  const now = '2026-11-24T15:00:00.000Z';
  const facts: ChatFacts = {
    timeZone: 'Europe/Paris',
    now,
    recent: [{ content: 'Tea is a verb.', platform: 'bluesky', at: '2026-11-24T08:00:00.000Z' }],
    upcoming: [
      { content: 'Matcha myths.', platform: 'x', at: '2026-11-25T08:00:00.000Z', status: 'scheduled' },
      { content: 'Gong fu at home.', platform: 'bluesky', at: null, status: 'pending_review' },
    ],
    waiting: 1,
    sources: [{ name: 'Tea News', type: 'rss', enabled: true }],
    headlines: ['Darjeeling harvest late this year'],
    items: [
      { source: 'Tea News', title: 'Darjeeling harvest late this year', link: null, at: '2026-11-23T10:00:00.000Z' },
    ],
    performance: [
      {
        content: 'Tea is a verb.',
        platform: 'bluesky',
        at: '2026-11-24T08:00:00.000Z',
        likes: 4,
        reposts: 1,
        replies: 1,
        quotes: 0,
      },
    ],
    stats: { followers: 52, totalPosts: 3, engagementRate: 4.2, connected: ['bluesky'] },
  };
  const persona = fixturePersona({ humor: 90 }, { name: 'Tea Fox', bio: 'Writing about oolong and gong fu.' });
  const answer = (prompt: string, history: ChatHistoryTurn[] = [], f: ChatFacts | null = facts) =>
    answerChatOffline({
      prompt,
      turns: history,
      persona,
      rule: { platforms: ['bluesky'] },
      ...(f ? { facts: f } : {}),
    });

  it('answers each ordinary question from the facts, by a rule, with a post, or by saying it needs a model', () => {
    const last: ChatHistoryTurn[] = [
      { role: 'user', content: 'Write a post about oolong' },
      {
        role: 'assistant',
        content: "Oolong isn't a compromise between green and black. It's its own thing. 🍵 #Oolong",
      },
    ];
    const texts: Record<string, string> = {};
    for (const [prompt, intent] of QUESTIONS) {
      const reply = answer(prompt, last);
      if (intent === 'write') {
        expect(reply, prompt).toEqual({ kind: 'compose', prompt });
        continue;
      }
      if (intent === 'another') {
        expect(reply, prompt).toEqual({
          kind: 'compose',
          prompt: 'Write a post about oolong',
          avoid: last[1]?.content,
        });
        continue;
      }
      expect(reply.kind, prompt).toBe('text');
      const text = reply.kind === 'text' ? reply.text : '';
      texts[prompt] = text;
      // Never a template post: no hashtags of its own, unless it is the last post changed.
      if (
        !['shorter', 'formal', 'casual', 'add-question', 'add-hashtags', 'remove-emoji', 'previous'].includes(intent)
      ) {
        expect(text, prompt).not.toMatch(/#Oolong/);
      }
    }
    expect(texts["What's scheduled?"]).toBe(
      '1 post scheduled and 1 draft waiting for your review: “Matcha myths.” on X, tomorrow at 09:00; and “Gong fu at home.” on Bluesky, waiting for your review (no time set yet).',
    );
    expect(texts["What's next?"]).toBe('Next up: “Matcha myths.” on X, tomorrow at 09:00. Then 1 more after it.');
    expect(texts['Which post did best this week?']).toBe(
      'My best post this week: “Tea is a verb.” on Bluesky, today, with 4 likes, 1 repost and 1 reply.',
    );
    expect(texts['How many followers do I have?']).toBe(
      'On Bluesky: 52 followers, 3 posts in all, an engagement rate of 4.2%. This week: 1 post with 4 likes, 1 repost and 1 reply.',
    );
    expect(texts['Summarise my sources']).toBe(
      '1 new item this week from 1 source. Tea News: “Darjeeling harvest late this year”.',
    );
    expect(texts['Make it shorter']).toBe("Oolong isn't a compromise between green and black. #Oolong");
    expect(texts['Rewrite it more formally']).toBe(
      'Oolong is not a compromise between green and black. It is its own thing. #Oolong',
    );
    expect(texts['Why did you write that?']).toBe(
      'You asked: “Write a post about oolong”. The voice follows your sliders, loudest: Humor 90/100 (wacky). The hashtags come from the key phrases of its subject (Include hashtags is on).',
    );
    expect(texts['Make it funnier']).toBe(
      `${NEED_A_MODEL} Without one I can make my last post shorter, more formal or more casual, add a question or hashtags, or take hashtags or emoji out. Or move the Humor slider and ask me again.`,
    );
    expect(texts["What's the weather in Paris?"]).toMatch(
      new RegExp(`^${NEED_A_MODEL} Without one I can answer from your account`),
    );
    expect(texts['Post it']).toMatch(/^I do not post from chat\./);
    expect(texts.Undo).toBe('Nothing to change: this is the first version I wrote here.');
  });

  it('says there is no post yet when a change comes first, and what a persona not saved can tell', () => {
    expect(answer('shorter')).toEqual({
      kind: 'text',
      text: 'There is no post of mine in this conversation yet to change. Give me a subject (“write a post about …”) and I will write one.',
    });
    expect(answer("What's scheduled?", [], null)).toEqual({
      kind: 'text',
      text: 'This persona is not saved yet, so it has no posts, schedule or sources to tell you about.',
    });
    expect(answer('Who are you?', [], null)).toEqual({
      kind: 'text',
      text: 'Tea Fox, a Balanced Communicator. Writing about oolong and gong fu. Loudest in my voice: Humor 90/100 (wacky).',
    });
  });

  it('keeps a changed post within the platform limits', () => {
    const long =
      `${'Tide pools are small worlds with big rules, and every visit teaches me something new. '.repeat(3)}`.trim();
    const reply = answerChatOffline({
      prompt: 'add a question',
      turns: [
        { role: 'user', content: 'Write a post about tide pools' },
        { role: 'assistant', content: long },
      ],
      persona,
      rule: { platforms: ['bluesky'], maxLength: 120 },
    });
    expect(reply.kind === 'text' && reply.text.length <= 120).toBe(true);
    expect(reply.kind === 'text' && reply.text.endsWith('?')).toBe(true);
  });
});

describe("a model's chat prompt", () => {
  it('carries the facts, the rule to answer from them only, and the turns before the message', () => {
    const prompt = buildChatPrompt({
      persona: fixturePersona({}, { name: 'Tea Fox', platforms: ['bluesky'] }),
      prompt: 'shorter',
      turns: [
        { role: 'user', content: 'Write a post about oolong' },
        { role: 'assistant', content: 'Oolong is its own thing.' },
      ],
      facts: {
        timeZone: 'UTC',
        now: '2026-11-24T15:00:00.000Z',
        recent: [],
        upcoming: [{ content: 'Gong fu at home.', platform: 'bluesky', at: null, status: 'pending_review' }],
        waiting: 3,
        sources: [],
        headlines: [],
      },
    });
    expect(prompt.prompt).toBe('shorter');
    expect(prompt.history).toEqual([
      { role: 'user', content: 'Write a post about oolong' },
      { role: 'assistant', content: 'Oolong is its own thing.' },
    ]);
    expect(prompt.system).toContain(
      'Waiting for the owner\'s review (3 in all):\n- no time set on Bluesky: "Gong fu at home."',
    );
    expect(prompt.system).toContain('Never invent posts, figures, dates, headlines, quotes, handles or links.');
    expect(prompt.system).toContain('Length: every answer at most 280 characters (for Bluesky).');
    expect(prompt.rule).toEqual({ platforms: ['bluesky'], maxLength: 280 });
  });
});
