import { describe, expect, it } from 'vitest';
import { defaultAdvancedOptions, defaultStrategies } from '../personas/defaults';
import { DEFAULT_TRAITS } from '../personas/traits';
import { buildPrompt, type WritingPersona } from './prompt';

const base: WritingPersona = {
  name: 'Ada',
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
      Your voice:
      - Adds light humor now and then.
      - Allows a wry aside.
      - Even-toned.
      - Relaxed but tidy.
      - Realistic.
      - Some technical detail.
      - Takes a side when it matters.
      - An emoji here and there.
      - Sometimes asks the audience.
      Content strategies, by share of posts:
      - Commentary (57%): Your take on a story from your sources. Comment on the headline with a clear opinion in the persona voice.
      - Discussion Starters (43%): Questions that invite your audience to reply. Turn the topic into an open question for the audience.
      Recent headlines from your sources, as ideas:
      - One
      - Two
      - Three
      - Four
      - Five
      Hashtags: end each post with one or two relevant hashtags.
      Links: share one when it helps.
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
      Your voice:
      - Adds light humor now and then.
      - Allows a wry aside.
      - Even-toned.
      - Polished and professional.
      - Realistic.
      - Deep technical detail.
      - Takes a side when it matters.
      - No emoji.
      - Ends with a question to spark replies.
      The user's instructions for this persona: Always mention compilers.
      Content strategies, by share of posts:
      - Commentary (35%): Your take on a story from your sources. Comment on the headline with a clear opinion in the persona voice.
      - Discussion Starters (26%): Questions that invite your audience to reply. Turn the topic into an open question for the audience.
      - Educational Breakdown (22%): Explain one idea simply. Explain the key idea behind the topic in plain words.
      - Hot Takes (17%): Bold, debatable opinions. State a bold, debatable opinion about the topic. Example: "Tabs won."
      Hashtags: use #rust #dev in each post.
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
      Your voice:
      - Leads with jokes and wordplay.
      - Leans on heavy sarcasm.
      - Even-toned.
      - Relaxed but tidy.
      - Realistic.
      - Some technical detail.
      - Takes a side when it matters.
      - Plenty of emoji.
      - Sometimes asks the audience.
      Hashtags: end each thread with one or two relevant hashtags.
      Links: share one when it helps.
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
});
