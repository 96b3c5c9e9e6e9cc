import { describe, expect, it } from 'vitest';
import { defaultAdvancedOptions, defaultStrategies } from '../personas/defaults';
import { DEFAULT_TRAITS, TRAIT_KEYS } from '../personas/traits';
import { buildPrompt, type WritingPersona, type WritingRequest } from './prompt';

const base: WritingPersona = {
  name: 'Ada',
  bio: '',
  traits: DEFAULT_TRAITS,
  customPrompt: '',
  useDefaultPrompt: true,
  strategies: defaultStrategies(),
  options: defaultAdvancedOptions(),
  platforms: [],
};

describe('the prompt builder', () => {
  it('a default persona drafting: style lines, strategies by weight, titles, hashtags, length', () => {
    const built = buildPrompt({
      persona: base,
      request: { kind: 'draft', prompt: 'Share a humorous survival tip' },
      titles: ['One', 'Two', 'Three', 'Four', 'Five', 'Six is never sent'],
    });
    expect(built).toMatchInlineSnapshot(`
      {
        "count": 1,
        "maxOutputTokens": 204,
        "prompt": "Share a humorous survival tip",
        "rule": {
          "maxLength": 280,
          "platforms": [],
        },
        "system": "You are Ada, a social media persona: a Balanced Communicator.
      Your voice, trait by trait (follow the amounts):
      - Humor 50/100 (0 dry, 100 wacky): jokes, wordplay or funny asides, about 1.1 per post (e.g. "Ask me how I know.").
      - Sarcasm 30/100 (0 light, 100 heavy): sarcastic or wry remarks, one in about 49 of 100 posts (e.g. "Groundbreaking, I know.").
      - Tone 40/100 (0 friendly, 100 edgy): leaning friendly; warm touches (a kind word, an encouraging aside), one in about 40 of 100 posts (e.g. "Be kind to yourself while you figure it out.").
      - Professionalism 50/100 (0 casual, 100 polished): even, leaning neither way.
      - Optimism 60/100 (0 skeptical, 100 upbeat): leaning upbeat; upbeat remarks (hope, encouragement, excitement), one in about 40 of 100 posts (e.g. "Genuinely exciting times, and I love it.").
      - Technicality 50/100 (0 plain words, 100 deep technical detail): technical details (precise terms, methods, numbers), about 1.1 per post (e.g. "Measure a baseline first, then change one variable at a time.").
      - Controversial 30/100 (0 avoids hot topics, 100 seeks debate): leaning avoids hot topics; hedges (it depends, your mileage may vary), one in about 80 of 100 posts (e.g. "Your mileage may vary.").
      - Emoji 40/100 (0 none, 100 plenty): emoji, about 1.6 per post (e.g. "✨").
      - Engagement 50/100 (0 speaks, does not ask, 100 asks the audience): questions or invitations to the audience, about 1.1 per post (e.g. "What would you add?").
      At most 1 touch a post is a sentence of its own, the strongest trait's; every other touch is a word or a short phrase inside a sentence ("funnily enough", "frankly"), or a question to end on.
      Content strategies, by share of posts:
      - Commentary (57%): Your take on a story from your sources. Comment on the headline with a clear opinion in the persona voice.
      - Discussion Starters (43%): Questions that invite your audience to reply. Turn the topic into an open question for the audience.
      Recent headlines from your sources, as ideas:
      - One
      - Two
      - Three
      - Four
      - Five
      Hashtags: end each post with at most 2 relevant hashtags, each a whole key phrase of the subject.
      Never invent facts, figures, dates, quotes, names, @handles or links: use only what this prompt and the message give you, and leave out what you do not know.
      Links: only a link given to you in this prompt or the message, copied exactly; never make one up or guess one. With none given, include none.
      Length: each post at most 280 characters.
      Answer with the text of one post only: no preamble, no quotes around it.",
        "temperature": 0.7,
      }
    `);
  });

  it('a technical expert with a custom prompt generating jokes for X and Bluesky', () => {
    const built = buildPrompt({
      persona: {
        ...base,
        name: 'Grace',
        traits: { ...DEFAULT_TRAITS, professionalism: 90, technicality: 85, emoji: 10, engagement: 80 },
        customPrompt: 'Always mention compilers.',
        useDefaultPrompt: false,
        strategies: defaultStrategies().map((s) => ({
          ...s,
          enabled: true,
          examples: s.id === 'hot-takes' ? ['Tabs won.'] : [],
        })),
        options: {
          ...defaultAdvancedOptions(),
          includeHashtags: false,
          linkSharing: false,
          modelTemperature: 0.3,
          maxLength: 400,
        },
      },
      request: {
        kind: 'generate',
        type: 'joke',
        topic: 'compilers',
        hashtags: ['#rust', '#dev'],
        platforms: ['x', 'bluesky'],
        count: 5,
      },
    });
    expect(built).toMatchInlineSnapshot(`
      {
        "count": 5,
        "maxOutputTokens": 764,
        "prompt": "Write 5 jokes about: compilers",
        "rule": {
          "maxLength": 400,
          "platforms": [
            "x",
            "bluesky",
          ],
        },
        "system": "You are Grace, a social media persona: a Technical Expert.
      Your voice, trait by trait (follow the amounts):
      - Humor 50/100 (0 dry, 100 wacky): jokes, wordplay or funny asides, about 1.1 per post (e.g. "Ask me how I know.").
      - Sarcasm 30/100 (0 light, 100 heavy): sarcastic or wry remarks, one in about 49 of 100 posts (e.g. "Groundbreaking, I know.").
      - Tone 40/100 (0 friendly, 100 edgy): leaning friendly; warm touches (a kind word, an encouraging aside), one in about 40 of 100 posts (e.g. "Be kind to yourself while you figure it out.").
      - Professionalism 90/100 (0 casual, 100 polished): leaning polished; polished touches (full sentences, precise wording, a clear takeaway), about 1.6 per post (e.g. "Clarity before speed is the key takeaway.").
      - Optimism 60/100 (0 skeptical, 100 upbeat): leaning upbeat; upbeat remarks (hope, encouragement, excitement), one in about 40 of 100 posts (e.g. "Genuinely exciting times, and I love it.").
      - Technicality 85/100 (0 plain words, 100 deep technical detail): technical details (precise terms, methods, numbers), about 2.4 per post (e.g. "Measure a baseline first, then change one variable at a time.").
      - Controversial 30/100 (0 avoids hot topics, 100 seeks debate): leaning avoids hot topics; hedges (it depends, your mileage may vary), one in about 80 of 100 posts (e.g. "Your mileage may vary.").
      - Emoji 10/100 (0 none, 100 plenty): emoji, one in about 40 of 100 posts (e.g. "✨").
      - Engagement 80/100 (0 speaks, does not ask, 100 asks the audience): questions or invitations to the audience, about 2.1 per post (e.g. "What would you add?").
      At most 1 touch a post is a sentence of its own, the strongest trait's; every other touch is a word or a short phrase inside a sentence ("funnily enough", "frankly"), or a question to end on.
      The user's instructions for this persona: Always mention compilers.
      Content strategies, by share of posts:
      - Commentary (35%): Your take on a story from your sources. Comment on the headline with a clear opinion in the persona voice.
      - Discussion Starters (26%): Questions that invite your audience to reply. Turn the topic into an open question for the audience.
      - Educational Breakdown (22%): Explain one idea simply. Explain the key idea behind the topic in plain words.
      - Hot Takes (17%): Bold, debatable opinions. State a bold, debatable opinion about the topic. Example: "Tabs won."
      Threads: no; each post stands alone.
      Hashtags: use #rust #dev in each post.
      Never invent facts, figures, dates, quotes, names, @handles or links: use only what this prompt and the message give you, and leave out what you do not know.
      Links: do not include any.
      Length: each post at most 280 characters (for X and Bluesky).
      Write 5 jokes, one per line, no numbering, no quotes, no blank lines, no preamble.",
        "temperature": 0.3,
      }
    `);
  });

  it('a comedian writing threads for Bluesky; the custom prompt is ignored while the default prompt is on', () => {
    const built = buildPrompt({
      persona: {
        ...base,
        name: '  ',
        traits: { ...DEFAULT_TRAITS, humor: 90, sarcasm: 80, emoji: 90 },
        customPrompt: 'Not used while the default prompt is on.',
        strategies: defaultStrategies().map((s) => ({ ...s, enabled: false })),
        options: { ...defaultAdvancedOptions(), maxLength: 350, modelTemperature: 1 },
      },
      request: { kind: 'generate', type: 'thread', platforms: ['bluesky'], count: 2 },
    });
    expect(built).toMatchInlineSnapshot(`
      {
        "count": 2,
        "maxOutputTokens": 1564,
        "prompt": "Write 2 threads on a subject this persona cares about.",
        "rule": {
          "maxLength": 350,
          "platforms": [
            "bluesky",
          ],
        },
        "system": "You are a social media persona: a Sarcastic Comedian.
      Your voice, trait by trait (follow the amounts):
      - Humor 90/100 (0 dry, 100 wacky): jokes, wordplay or funny asides, about 2.6 per post (e.g. "Ask me how I know.").
      - Sarcasm 80/100 (0 light, 100 heavy): sarcastic or wry remarks, about 2.1 per post (e.g. "Groundbreaking, I know.").
      - Tone 40/100 (0 friendly, 100 edgy): leaning friendly; warm touches (a kind word, an encouraging aside), one in about 40 of 100 posts (e.g. "Be kind to yourself while you figure it out.").
      - Professionalism 50/100 (0 casual, 100 polished): even, leaning neither way.
      - Optimism 60/100 (0 skeptical, 100 upbeat): leaning upbeat; upbeat remarks (hope, encouragement, excitement), one in about 40 of 100 posts (e.g. "Genuinely exciting times, and I love it.").
      - Technicality 50/100 (0 plain words, 100 deep technical detail): technical details (precise terms, methods, numbers), about 1.1 per post (e.g. "Measure a baseline first, then change one variable at a time.").
      - Controversial 30/100 (0 avoids hot topics, 100 seeks debate): leaning avoids hot topics; hedges (it depends, your mileage may vary), one in about 80 of 100 posts (e.g. "Your mileage may vary.").
      - Emoji 90/100 (0 none, 100 plenty): emoji, about 3.6 per post (e.g. "✨").
      - Engagement 50/100 (0 speaks, does not ask, 100 asks the audience): questions or invitations to the audience, about 1.1 per post (e.g. "What would you add?").
      At most 1 touch a post is a sentence of its own, the strongest trait's; every other touch is a word or a short phrase inside a sentence ("funnily enough", "frankly"), or a question to end on.
      Hashtags: end each thread with at most 2 relevant hashtags, each a whole key phrase of the subject.
      Never invent facts, figures, dates, quotes, names, @handles or links: use only what this prompt and the message give you, and leave out what you do not know.
      Links: only a link given to you in this prompt or the message, copied exactly; never make one up or guess one. With none given, include none.
      Length: each part at most 300 characters (for Bluesky).
      Write 2 threads of 3 to 5 parts each. Put a line with only --- between the parts of a thread and a line with only === between threads. No numbering, no quotes, no preamble.",
        "temperature": 1,
      }
    `);
  });

  it('chat and sample keep the limits of where the persona posts', () => {
    const chat = buildPrompt({ persona: { ...base, platforms: ['x'] }, request: { kind: 'chat', prompt: 'Hi there' } });
    expect(chat.prompt).toBe('Hi there');
    expect(chat.rule).toEqual({ platforms: ['x'], maxLength: 280 });
    expect(chat.count).toBe(1);
    const sample = buildPrompt({
      persona: { ...base, options: { ...base.options, maxLength: 120 } },
      request: { kind: 'sample' },
    });
    expect(sample.prompt).toBe('Write a sample post.');
    expect(sample.system).toContain('Length: each post at most 120 characters.');
    expect(sample.maxOutputTokens).toBe(124);
  });

  it('changes with any 10-point move of any trait, and between 35 and 65 of all nine', () => {
    const system = (traits: Partial<WritingPersona['traits']>) =>
      buildPrompt({ persona: { ...base, traits: { ...base.traits, ...traits } }, request: { kind: 'sample' } }).system;
    for (const trait of TRAIT_KEYS) {
      expect(system({ [trait]: 35 }), trait).not.toBe(system({ [trait]: 65 }));
      for (let v = 0; v < 100; v += 10)
        expect(system({ [trait]: v }), `${trait} ${v}`).not.toBe(system({ [trait]: v + 10 }));
    }
  });

  it('tells the bio, whether threads may be written, and an automated post its brief', () => {
    const persona = {
      ...base,
      bio: 'Tea nerd. Writing about oolong.',
      options: { ...base.options, threadGeneration: true },
    };
    const generate = (brief?: WritingRequest['brief']) =>
      buildPrompt({
        persona,
        request: { kind: 'generate', type: 'short post', count: 1, ...(brief ? { brief } : {}) },
      });
    expect(generate().system).toContain('Your bio: Tea nerd. Writing about oolong.');
    expect(generate().system).toContain(
      'Threads: when a subject needs more room than one post, you may write it as a thread',
    );
    expect(
      buildPrompt({ persona: base, request: { kind: 'generate', type: 'short post', count: 1 } }).system,
    ).toContain('Threads: no; each post stands alone.');
    expect(generate({ kind: 'curated', headline: 'Oolong prices double' }).prompt).toBe(
      'Write one short post sharing this item from your sources, with a comment in your own voice: "Oolong prices double"',
    );
    expect(generate({ kind: 'promotional', label: 'Leaf & Co.' }).prompt).toBe(
      'Write one short post: a short, honest recommendation of Leaf & Co..',
    );
    const strategy = defaultStrategies()[1];
    expect(generate({ kind: 'original', strategy }).prompt).toBe(
      'Write one short post for your strategy "Discussion Starters": Turn the topic into an open question for the audience. Questions that invite your audience to reply.',
    );
  });
});

describe('what the model may say (decision 037)', () => {
  it('forbids invention, allows only the links given, and reads the archetype with its article', () => {
    const edgy = { ...DEFAULT_TRAITS, sarcasm: 85, controversial: 75 };
    const { system } = buildPrompt({ persona: { ...base, traits: edgy }, request: { kind: 'draft', prompt: 'Go' } });
    expect(system).toContain('You are Ada, a social media persona: an Edgy Commentator.');
    expect(system).toContain(
      'Never invent facts, figures, dates, quotes, names, @handles or links: use only what this prompt and the message give you',
    );
    expect(system).toContain('Links: only a link given to you in this prompt or the message, copied exactly');
    expect(system).not.toMatch(/share one when it helps/);
    expect(buildPrompt({ persona: base, request: { kind: 'sample' } }).system).toContain('a Balanced Communicator.');
  });

  it("carries the persona's best posts as examples and its recent posts as things not to repeat", () => {
    const best = ['Best one', 'Best two', 'Best three', 'Best four', 'Best five', 'Best six is never sent'];
    const recent = Array.from({ length: 12 }, (_, i) => `Recent ${i + 1}`);
    const { system } = buildPrompt({
      persona: base,
      request: { kind: 'generate', type: 'short post', count: 1 },
      examples: { best, recent },
    });
    expect(system).toContain(
      'Your best-performing posts, as examples of your voice (match the voice; do not copy them):\n- "Best one"\n- "Best two"\n- "Best three"\n- "Best four"\n- "Best five"\nYour recent posts: do not repeat them, their openings or their wording:\n- "Recent 1"',
    );
    expect(system).not.toContain('Best six');
    expect(system).toContain('- "Recent 10"');
    expect(system).not.toContain('Recent 11');
    // None yet: nothing is said.
    expect(
      buildPrompt({ persona: base, request: { kind: 'sample' }, examples: { best: [], recent: [] } }).system,
    ).not.toMatch(/best-performing|recent posts/);
  });

  it('asks again with the reason a draft was sent back', () => {
    const built = buildPrompt({
      persona: base,
      request: { kind: 'generate', type: 'joke', topic: 'tea', count: 1, revise: 'Your last draft could not be used.' },
    });
    expect(built.prompt).toBe('Write one joke about: tea\n\nYour last draft could not be used.');
  });
});

describe('the language a model writes in', () => {
  it('is said for a persona that writes in another language than English, and not for English', () => {
    const request = { kind: 'draft', prompt: 'A tip' } as const;
    const pt = buildPrompt({ persona: { ...base, languages: ['pt-BR', 'en'] }, request });
    expect(pt.system).toContain('Language: write in Brazilian Portuguese (pt-BR)');
    const en = buildPrompt({ persona: { ...base, languages: ['en-GB'] }, request });
    expect(en.system).not.toContain('Language:');
  });
});
