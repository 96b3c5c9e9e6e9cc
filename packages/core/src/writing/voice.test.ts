import { describe, expect, it } from 'vitest';
import { defaultStrategies } from '../personas/defaults';
import { TRAIT_KEYS, type Traits } from '../personas/traits';
import type { Platform } from '../platforms/platforms';
import { POST_TYPES } from './api';
import { fixturePersona, seeded, VARIED_TOPICS } from './fixtures';
import { fitsPlatforms } from './limits';
import { answerFromFacts, questionAbout } from './offline-answers';
import { BODIES, composeOffline } from './offline-composer';
import { isStockLine } from './phrases';
import type { PersonaFacts, WritingPersona, WritingRequest } from './prompt';
import { hashtagOf, isFragmentTag, keyPhrases, themesIn, topicHashtags } from './topics';
import { measureVoice } from './voice-measures';

const persona = (traits: Partial<Traits> = {}, more: Partial<WritingPersona> = {}): WritingPersona =>
  fixturePersona(traits, { platforms: ['x'], ...more });

const write = (p: WritingPersona, request: WritingRequest, seed: number, titles?: string[]) =>
  composeOffline({ persona: p, request, random: seeded(seed), ...(titles ? { titles } : {}) });

describe('the voice of the offline composer', () => {
  it('is monotone in every trait: with the same dice, a higher value never shows less of it', () => {
    const kinds: WritingRequest[] = [
      ...POST_TYPES.map((type) => ({ kind: 'generate' as const, type, topic: '', count: 1 })),
      { kind: 'sample' },
      { kind: 'draft', prompt: 'Write about onboarding new hires' },
    ];
    for (const trait of TRAIT_KEYS) {
      for (const [k, request] of kinds.entries()) {
        for (let seed = 1; seed <= 25; seed++) {
          const topic = VARIED_TOPICS[(seed * 7 + k) % VARIED_TOPICS.length] as string;
          const asked = request.kind === 'generate' ? { ...request, topic } : request;
          // A sample writes on the persona's theme, a draft on what it asks: that is the subject.
          const subject =
            request.kind === 'sample' ? 'gardening' : request.kind === 'draft' ? 'onboarding new hires' : topic;
          let before = Number.NEGATIVE_INFINITY;
          for (let value = 0; value <= 100; value += 10) {
            const p = persona({ [trait]: value }, request.kind === 'sample' ? { bio: 'Writing about gardening.' } : {});
            const post = write(p, asked, seed)[0]?.content ?? '';
            const shown = measureVoice(trait, post, { subject });
            expect(
              shown,
              `${trait} ${value}, ${request.kind} ${asked.type ?? ''}, seed ${seed}: ${post}`,
            ).toBeGreaterThanOrEqual(before);
            before = shown;
          }
        }
      }
    }
  }, 60_000);

  it('tells 10 from 90 in every trait, tone included', () => {
    for (const trait of TRAIT_KEYS) {
      const mean = (value: number) =>
        VARIED_TOPICS.slice(0, 40).reduce((sum, topic, i) => {
          const post = write(
            persona({ [trait]: value }),
            { kind: 'generate', type: 'short post', topic, count: 1 },
            i + 1,
          )[0];
          return sum + measureVoice(trait, post?.content ?? '', { subject: topic });
        }, 0) / 40;
      expect(mean(90) - mean(10), trait).toBeGreaterThan(1);
    }
  });

  it('writes one line of the voice a post, the strongest trait’s, and weaves the other touches in as words', () => {
    const loud = persona({ humor: 100, sarcasm: 100, technicality: 100, engagement: 100, tone: 100, emoji: 0 });
    for (let seed = 1; seed <= 20; seed++) {
      const post =
        write(loud, { kind: 'generate', type: 'short post', topic: 'tea', count: 1 }, seed)[0]?.content ?? '';
      // One line of the voice besides engagement's question and invitation, whatever the sliders.
      expect(post.split(/(?<=[.!?])\s+/).filter(isStockLine).length, post).toBeLessThanOrEqual(1);
      // The loud traits still show, in the line, its opener and the words around it.
      const shown = (['humor', 'sarcasm', 'technicality', 'engagement'] as const).filter(
        (trait) => measureVoice(trait, post, { subject: 'tea' }) > 0,
      );
      expect(shown.length, post).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('grammar for any topic', () => {
  it('names every subject after "about", where a noun, a name or a "how"/"why" clause all read right', () => {
    for (const [kind, bodies] of Object.entries(BODIES)) {
      for (const body of bodies)
        expect(
          body.match(/(\S+ )?\{s\}/g)?.every((m) => m === 'about {s}'),
          `${kind}: ${body}`,
        ).toBe(true);
    }
  });

  it('ends a question post on its question, and opens a body after an opener mid-sentence', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const [question] = write(
        persona({ controversial: 0 }),
        { kind: 'generate', type: 'question', topic: 'tea', count: 1 },
        seed,
      );
      expect(question?.content.replace(/\s*(?:\p{Extended_Pictographic}|\uFE0F)+|\s*#\w+/gu, '')).toMatch(/\?$/);
      const [post] = write(persona({ humor: 100 }), { kind: 'generate', type: 'joke', topic: 'tea', count: 1 }, seed);
      expect(post?.content).not.toMatch(
        /^(?:Plot twist|True story|Confession|Fun fact nobody asked for): [A-HJ-Z][a-z]/,
      );
    }
  });

  it('writes clean sentences on every varied topic, in every kind of post', () => {
    for (const [i, topic] of VARIED_TOPICS.entries()) {
      for (const type of POST_TYPES) {
        const [post] = write(persona(), { kind: 'generate', type, topic, count: 1 }, i + 1);
        const text = post?.content ?? '';
        const subject = /^(?:The|A|An|My|Why|How)\s/.test(topic)
          ? `${topic[0]?.toLowerCase()}${topic.slice(1)}`
          : topic;
        expect(text, topic).toContain(`about ${subject}`);
        expect(text, topic).not.toMatch(/\{s\}|\s{3,}| [,.;:!?]|\.\.|\b(\w+) \1\b|^[a-z]/);
      }
    }
  });

  it('names the subject again by its noun, not by the verb of the phrase or without its article', () => {
    for (let seed = 1; seed <= 40; seed++) {
      for (const [topic, wrong] of [
        ['learning to bake sourdough', /(?<!to )\bbake sourdough\b/],
        ['trying to learn Japanese', /\b(?:with|for|on|about|where) learn Japanese\b/],
        ['a community garden opening', /\b(?:with|for|on|about|where) community garden opening\b/],
      ] as const) {
        const [post] = write(persona(), { kind: 'draft', prompt: `Write about ${topic}` }, seed);
        expect(post?.content).not.toMatch(wrong);
      }
    }
  });

  it('reads a request for its subject, keeping what "about" names whole', () => {
    const [post] = write(persona(), { kind: 'draft', prompt: 'Write something about why most startups fail' }, 3);
    expect(post?.content).toContain('about why most startups fail');
    const [vague] = write(persona(), { kind: 'chat', prompt: 'Write something for today' }, 3);
    expect(vague?.content).not.toMatch(/about something/);
  });
});

describe('hashtags', () => {
  it('are the main noun phrase of the subject only: one good tag or none, never a fragment', () => {
    expect(keyPhrases('the future of remote work')).toEqual(['future', 'remote work']);
    expect(topicHashtags('machine learning in healthcare', [])).toEqual(['#MachineLearning']);
    expect(topicHashtags('why remote work is better', [])).toEqual(['#RemoteWork']);
    expect(topicHashtags('Breaking news on machine learning', [])).toEqual(['#BreakingNews']);
    // A theme of the persona joins only when the subject is one of them, and only when asked for two.
    expect(topicHashtags('AI', ['cash flow'])).toEqual(['#AI']);
    expect(topicHashtags('cash flow', ['cash flow', 'forecasting'], 2)).toEqual(['#CashFlow', '#Forecasting']);
    expect(topicHashtags('working from home', [])).toEqual(['#WorkingFromHome']);
    expect(topicHashtags('saving for retirement', [])).toEqual(['#SavingForRetirement']);
    expect(topicHashtags('starting over', [])).toEqual([]);
    expect(topicHashtags('the week’s news', [])).toEqual(['#News']);
    expect(hashtagOf('reply-all email storm')).toBe('#ReplyAllEmailStorm');
    expect(topicHashtags('the last mile of delivery', [])).toEqual(['#LastMile']);
    expect(hashtagOf('iOS apps')).toBe('#iOSApps');
    expect(topicHashtags('how to say no', [])).toEqual([]);
    // After "learning to", "how to": the verb is not the subject, what it acts on is.
    expect(keyPhrases('learning to bake sourdough')).toEqual(['sourdough']);
    expect(keyPhrases('how to run a first marathon')).toEqual(['first marathon']);
    expect(keyPhrases('the road to recovery')).toEqual(['road to recovery']);
    expect(topicHashtags('trying to learn Japanese', [])).toEqual(['#Japanese']);
    // The fragments: verb endings, time words, bare modifiers, numbers glued on.
    expect(topicHashtags('mortgage rates going up', [])).toEqual(['#MortgageRates']);
    expect(topicHashtags('Tube strike on Thursday', [])).toEqual(['#TubeStrike']);
    expect(topicHashtags('closing a Series A', [])).toEqual([]);
    expect(topicHashtags('TypeScript 5.9', [])).toEqual(['#TypeScript']);
    expect(topicHashtags('testing', [])).toEqual([]);
    for (const fragment of ['#MortgageRatesGoing', '#Testing', '#Closing', '#Series', '#Thursday', '#TypeScript59'])
      expect(isFragmentTag(fragment), fragment).toBe(true);
    for (const tag of ['#RemoteWork', '#MachineLearning', '#AI', '#Parenting', '#Web3', '#TubeStrike'])
      expect(isFragmentTag(tag), tag).toBe(false);
  });

  it('are at most one of its own on X and Bluesky, never a fragment, and none with Include hashtags off', () => {
    for (const platforms of [['x'], ['bluesky']] as Platform[][]) {
      for (const [i, topic] of VARIED_TOPICS.entries()) {
        const p = persona({}, { platforms, bio: 'Writing about climate, cities and transit.' });
        const [post] = write(p, { kind: 'generate', type: 'short post', topic, count: 1 }, i);
        expect(post?.hashtags.length, topic).toBeLessThanOrEqual(1);
        for (const tag of post?.hashtags ?? []) expect(isFragmentTag(tag), `${topic}: ${tag}`).toBe(false);
        const words = `${topic} climate cities transit`.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
        for (const tag of post?.hashtags ?? []) expect(words, `${topic}: ${tag}`).toContain(tag.slice(1).toLowerCase());
        const [off] = write(
          { ...p, options: { ...p.options, includeHashtags: false } },
          { kind: 'generate', type: 'short post', topic, count: 1 },
          i,
        );
        expect(off?.content).not.toContain('#');
      }
    }
  });
});

describe('the persona behind the voice', () => {
  it('writes about the themes of its bio when nothing is asked', () => {
    const bio = 'Fractional CFO. Writing about cash flow, forecasting and board reporting for SaaS founders.';
    expect(themesIn(bio)).toEqual(['cash flow', 'forecasting', 'board reporting for SaaS founders']);
    expect(themesIn('Rust, WebAssembly & developer tools')).toEqual(['Rust', 'WebAssembly', 'developer tools']);
    const cfo = persona({}, { bio });
    for (let seed = 1; seed <= 20; seed++) {
      const [sample] = write(cfo, { kind: 'sample' }, seed);
      expect(sample?.content, sample?.content).toMatch(/cash flow|forecasting|board reporting/);
    }
  });

  it('follows its custom prompt when the default prompt is off: themes, sign-off, no emoji, no hashtags', () => {
    const custom = persona(
      { emoji: 100 },
      {
        customPrompt: 'Focus on personal finance. Sign off with "— Sam". No emoji, no hashtags.',
        useDefaultPrompt: false,
      },
    );
    for (let seed = 1; seed <= 10; seed++) {
      const [post] = write(custom, { kind: 'generate', type: 'advice', topic: '', count: 1 }, seed);
      expect(post?.content).toMatch(/personal finance/);
      expect(post?.content).toMatch(/— Sam$/);
      expect(post?.content).not.toMatch(/\p{Extended_Pictographic}|#/u);
    }
    const [ignored] = write(
      { ...custom, useDefaultPrompt: true },
      { kind: 'generate', type: 'advice', topic: 'tea', count: 1 },
      1,
    );
    expect(ignored?.content).not.toContain('— Sam');
  });

  it('writes an automated post for its brief: a strategy, a curated headline, a promotion', () => {
    const brief = (b: WritingRequest['brief'], seed = 1, titles?: string[]) =>
      write(
        persona({ emoji: 0 }, { bio: 'Writing about tea.' }),
        { kind: 'generate', type: 'short post', topic: '', count: 1, brief: b },
        seed,
        titles,
      )[0]?.content ?? '';
    expect(brief({ kind: 'curated', headline: 'Oolong prices double.' })).toContain('Oolong prices double');
    expect(brief({ kind: 'promotional', label: 'Leaf & Co. tasting box' })).toContain('Leaf & Co. tasting box');
    const hot = defaultStrategies().find((s) => s.id === 'hot-takes');
    expect(brief({ kind: 'original', strategy: hot })).toMatch(/tea/);
    const ask = defaultStrategies().find((s) => s.id === 'discussion-starters');
    expect(brief({ kind: 'original', strategy: ask })).toMatch(/\?/);
  });
});

describe('chat about the persona itself', () => {
  const now = '2026-11-24T15:00:00.000Z';
  const facts: PersonaFacts = {
    timeZone: 'Europe/Paris',
    now,
    recent: [
      { content: 'Tea is a verb.', platform: 'bluesky', at: '2026-11-24T08:00:00.000Z' },
      { content: 'Oolong, ranked.', platform: 'x', at: '2026-11-22T18:30:00.000Z' },
    ],
    upcoming: [
      { content: 'Matcha myths.', platform: 'x', at: '2026-11-25T08:00:00.000Z', status: 'scheduled' },
      { content: 'Gong fu at home.', platform: 'bluesky', at: '2026-11-26T08:00:00.000Z', status: 'pending_review' },
    ],
    sources: [
      { name: 'Tea News', type: 'rss', enabled: true },
      { name: 'r/tea', type: 'reddit', enabled: false },
    ],
    headlines: ['Darjeeling harvest late this year'],
  };
  const ask = (prompt: string, f = facts) => answerFromFacts(prompt, f, persona({}, { bio: 'Tea nerd.' }));

  it('answers from its real posts, schedule and sources', () => {
    expect(ask('What did you post today?')).toBe(
      'Today I published 1 post: “Tea is a verb.” (Bluesky, today at 09:00).',
    );
    expect(ask("What's scheduled?")).toBe(
      '1 post scheduled and 1 draft waiting for your review: “Matcha myths.” on X, tomorrow at 09:00; and “Gong fu at home.” on Bluesky, waiting for your review (for Thu 26 Nov at 09:00).',
    );
    expect(ask('Which sources do you read?')).toBe(
      'I read Tea News (rss). Latest: “Darjeeling harvest late this year”.',
    );
    expect(ask('What did you post today?', { ...facts, recent: facts.recent.slice(1) })).toBe(
      'Nothing published today. My last post went out Sun 22 Nov at 19:30 on X: “Oolong, ranked.”.',
    );
    expect(ask('Who are you?')).toBe('Ada, a Balanced Communicator. Tea nerd.');
  });

  it('quotes a long post by whole characters: an emoji at the cut is kept, never halved', () => {
    const long = `${'a'.repeat(88)}😀 and more after the cut`;
    const recent = [{ content: long, platform: 'bluesky' as const, at: '2026-11-24T08:00:00.000Z' }];
    expect(ask('What did you post today?', { ...facts, recent })).toBe(
      `Today I published 1 post: “${'a'.repeat(88)}😀…” (Bluesky, today at 09:00).`,
    );
  });

  it('writes what was asked when the message is not a question about the account', () => {
    expect(questionAbout('Write a post about the news in tea')).toBeNull();
    expect(questionAbout('What do you think about matcha?')).toBeNull();
    const [post] = composeOffline({
      persona: persona(),
      request: { kind: 'chat', prompt: 'Write a post about matcha' },
      random: seeded(1),
    });
    expect(post?.content).toContain('about matcha');
  });
  // A model's chat prompt, with these facts and the conversation: chat-prompt.ts (chat.test.ts).
});

describe('limits', () => {
  it('keeps every post within the platforms, whatever the voice', () => {
    for (const [i, topic] of VARIED_TOPICS.entries()) {
      const loud = persona(
        { humor: 100, sarcasm: 100, technicality: 100, engagement: 100, emoji: 100, tone: 0 },
        { platforms: ['x', 'bluesky'] },
      );
      const [post] = write(loud, { kind: 'generate', type: 'short post', topic, count: 1 }, i);
      expect(fitsPlatforms(post?.content ?? '', ['x', 'bluesky'], 280), post?.content).toBe(true);
    }
  });
});
