import { describe, expect, it } from 'vitest';
import { defaultAdvancedOptions } from '../personas/defaults';
import type { Traits } from '../personas/traits';
import type { Platform } from '../platforms/platforms';
import { POST_TYPES } from './api';
import { fixturePersona, seeded } from './fixtures';
import { fitsPlatforms } from './limits';
import { isNearDuplicate } from './near-duplicate';
import { composeOffline, subjectFromPrompt, typeFromPrompt } from './offline-composer';
import { THREAD_PARTS, type WritingPersona } from './prompt';
import { SUGGESTED_PROMPTS } from './suggested-prompts';
import { measureVoice } from './voice-measures';

const persona = (traits: Partial<Traits> = {}, options: Partial<WritingPersona['options']> = {}): WritingPersona =>
  fixturePersona(traits, { options: { ...defaultAdvancedOptions(), ...options } });

const EMOJI = /\p{Extended_Pictographic}/u;
const titles = ['Rust 2026 edition – what’s new', 'Why boring tech wins'];

describe('the offline composer', () => {
  it('never writes the same post twice in one request, whatever the dice', () => {
    const topic = 'the long and winding history of internationalisation in distributed systems';
    // Seed 797 wrote one thread twice before repeats were rewritten.
    for (let seed = 1; seed <= 1000; seed++) {
      for (const type of seed <= 100 ? POST_TYPES : (['thread'] as const)) {
        const request = { kind: 'generate', type, topic, platforms: ['x', 'bluesky'], count: 4 } as const;
        const posts = composeOffline({ persona: persona(), request, random: seeded(seed) });
        expect(new Set(posts.map((p) => p.content)).size, `${type}, seed ${seed}`).toBe(4);
      }
    }
  }, 30_000);

  it('makes its verbs agree with a plural subject ("How are layoffs affecting you")', () => {
    const wrong =
      /\b(?:How|Why|Where|What) is (?:layoffs|interest rates)\b|\b(?<!(?:on|of|about) )(?:layoffs|interest rates) (?:is|has|was|looks|gets)\b/i;
    let checked = 0;
    for (const topic of ['layoffs', 'interest rates']) {
      for (const traits of [
        { engagement: 100 },
        { optimism: 100 },
        { sarcasm: 100 },
        { tone: 0 },
        { controversial: 100 },
      ]) {
        for (let seed = 1; seed <= 60; seed++) {
          const request = { kind: 'generate', type: 'short post', topic, platforms: ['bluesky'], count: 1 } as const;
          const [post] = composeOffline({ persona: persona(traits), request, random: seeded(seed) });
          expect(post?.content).not.toMatch(wrong);
          if (
            /\b(?:are|have|were|look|get) (?:layoffs|interest rates)\b|(?:layoffs|interest rates) (?:are|have|look|get)\b/i.test(
              post?.content ?? '',
            )
          )
            checked++;
        }
      }
    }
    // The plural forms were written, not only the singular ones avoided.
    expect(checked).toBeGreaterThan(5);
  });

  it('is deterministic for a given random function', () => {
    const request = { kind: 'generate', type: 'short post', topic: 'remote work', platforms: ['x'], count: 3 } as const;
    expect(composeOffline({ persona: persona(), request, random: seeded(7) })).toEqual(
      composeOffline({ persona: persona(), request, random: seeded(7) }),
    );
    expect(composeOffline({ persona: persona(), request, random: seeded(7) })).toMatchInlineSnapshot(`
      [
        {
          "content": "Read up about remote work this morning. 💡 Takeaway: going by my benchmarks, writing things down changes how it goes, as my cat would tell you. It depends on your situation with remote work more than any rule, friend. 📌 Agree or disagree on remote work, for once? #RemoteWork",
          "hashtags": [
            "#RemoteWork",
          ],
          "parts": [
            "Read up about remote work this morning. 💡 Takeaway: going by my benchmarks, writing things down changes how it goes, as my cat would tell you. It depends on your situation with remote work more than any rule, friend. 📌 Agree or disagree on remote work, for once? #RemoteWork",
          ],
        },
        {
          "content": "Talked with a few people about remote work, and the first step is smaller than it looks, at least in the metrics. 👀 As my cat would tell you, your mileage may vary with remote work, and that is encouraging. Agree or disagree on remote work, and why? #RemoteWork",
          "hashtags": [
            "#RemoteWork",
          ],
          "parts": [
            "Talked with a few people about remote work, and the first step is smaller than it looks, at least in the metrics. 👀 As my cat would tell you, your mileage may vary with remote work, and that is encouraging. Agree or disagree on remote work, and why? #RemoteWork",
          ],
        },
        {
          "content": "Reading about remote work takes an hour; doing the work weekly is the real test, as I learned the hard way. ✨ Going by my benchmarks, it depends on your situation with remote work more than any rule, friend. Agree or disagree on remote work? #RemoteWork",
          "hashtags": [
            "#RemoteWork",
          ],
          "parts": [
            "Reading about remote work takes an hour; doing the work weekly is the real test, as I learned the hard way. ✨ Going by my benchmarks, it depends on your situation with remote work more than any rule, friend. Agree or disagree on remote work? #RemoteWork",
          ],
        },
      ]
    `);
  });

  it('writes varied posts: no repeats within a batch, different batches for different seeds', () => {
    for (const type of POST_TYPES) {
      const request = { kind: 'generate', type, topic: 'remote work', platforms: ['bluesky'], count: 5 } as const;
      const posts = composeOffline({ persona: persona(), request, random: seeded(3) }).map((p) => p.content);
      expect(new Set(posts).size, type).toBe(5);
    }
    const seen = new Set(
      Array.from(
        { length: 20 },
        (_, i) =>
          composeOffline({
            persona: persona(),
            request: { kind: 'draft', prompt: 'Share a productivity tip' },
            random: seeded(i + 1),
          })[0]?.content,
      ),
    );
    expect(seen.size).toBeGreaterThan(10);
  });

  it('lets the traits shape the voice: emoji, closers, openers', () => {
    const run = (traits: Partial<Traits>) =>
      Array.from(
        { length: 30 },
        (_, i) =>
          composeOffline({
            persona: persona(traits, { includeHashtags: false }),
            request: { kind: 'generate', type: 'observation', topic: 'meetings', platforms: ['x'], count: 1 },
            random: seeded(i + 1),
          })[0]?.content ?? '',
      );
    expect(run({ emoji: 0 }).some((p) => EMOJI.test(p))).toBe(false);
    expect(run({ emoji: 100 }).every((p) => EMOJI.test(p))).toBe(true);
    const engaging = run({ engagement: 95, sarcasm: 0, controversial: 50, optimism: 50 });
    // It asks: a question or an invitation to reply, and never an emoji right after its question mark.
    expect(engaging.filter((p) => measureVoice('engagement', p) >= 1).length).toBeGreaterThan(25);
    for (const p of engaging) expect(p, p).not.toMatch(/\?\s*\p{Extended_Pictographic}/u);
    const sarcastic = run({
      sarcasm: 95,
      humor: 10,
      controversial: 10,
      optimism: 50,
      professionalism: 50,
      technicality: 50,
    });
    expect(sarcastic.filter((p) => measureVoice('sarcasm', p) >= 1).length).toBeGreaterThan(25);
  });

  it('follows the hashtag settings: requested tags always, its own only when hashtags are on', () => {
    const request = { kind: 'generate', type: 'advice', topic: 'public speaking', platforms: ['x'], count: 3 } as const;
    for (const post of composeOffline({
      persona: persona(),
      request: { ...request, hashtags: ['#talks'] },
      random: seeded(1),
    })) {
      expect(post.content).toContain('#talks');
      expect(post.hashtags).toEqual(['#talks']);
    }
    // Its own tag is the first thing a long post leaves out.
    const own = [1, 2, 3, 4].flatMap((seed) => composeOffline({ persona: persona(), request, random: seeded(seed) }));
    for (const post of own) expect(post.hashtags).toEqual(post.content.includes('#') ? ['#PublicSpeaking'] : []);
    expect(own.some((p) => p.hashtags.length === 1)).toBe(true);
    for (const post of composeOffline({
      persona: persona({}, { includeHashtags: false }),
      request,
      random: seeded(1),
    })) {
      expect(post.content).not.toContain('#');
      expect(post.hashtags).toEqual([]);
    }
  });

  it('writes every post type within the limits of every platform and max length', () => {
    const platformSets: Platform[][] = [['x'], ['bluesky'], ['x', 'bluesky']];
    const topic = 'the surprisingly complicated history of internationalisation in distributed systems engineering';
    for (const type of POST_TYPES) {
      for (const platforms of platformSets) {
        for (const maxLength of [40, 100, 280, 400]) {
          for (const emoji of [0, 100]) {
            const posts = composeOffline({
              persona: persona({ emoji, engagement: 90, humor: 90, sarcasm: 90 }, { maxLength }),
              request: {
                kind: 'generate',
                type,
                topic,
                hashtags: ['#distributedsystems', '#i18n'],
                platforms,
                count: 4,
              },
              random: seeded(maxLength + emoji),
            });
            expect(posts).toHaveLength(4);
            for (const post of posts) {
              for (const part of post.parts) expect(fitsPlatforms(part, platforms, maxLength), part).toBe(true);
              if (type !== 'thread') expect(post.parts).toEqual([post.content]);
            }
          }
        }
      }
    }
  });

  it('writes a thread as 3 to 5 parts, hashtags on the last', () => {
    const posts = composeOffline({
      persona: persona(),
      request: { kind: 'generate', type: 'thread', topic: 'code review', platforms: ['x', 'bluesky'], count: 2 },
      random: seeded(5),
    });
    expect(posts).toHaveLength(2);
    for (const post of posts) {
      expect(post.parts.length).toBeGreaterThanOrEqual(THREAD_PARTS.min);
      expect(post.parts.length).toBeLessThanOrEqual(THREAD_PARTS.max);
      expect(post.parts[0]).toMatch(/code review/i);
      expect(post.parts.at(-1)).toMatch(/#CodeReview$/);
      expect(post.content).toBe(post.parts.join('\n\n'));
    }
  });

  it('answers a draft request in the kind of post it asks for', () => {
    expect(typeFromPrompt('Share a humorous survival tip')).toBe('joke');
    expect(typeFromPrompt('Give me a productivity tip for Mondays')).toBe('advice');
    expect(typeFromPrompt('Ask your audience about their morning routine')).toBe('question');
    expect(typeFromPrompt('Write a sarcastic take on AI hype')).toBe('take');
    expect(typeFromPrompt('Anything goes')).toBeNull();
    expect(subjectFromPrompt('Share a humorous survival tip')).toBe('survival');
    expect(subjectFromPrompt('Give me a productivity tip for Mondays')).toBe('productivity on Mondays');
    expect(subjectFromPrompt('Write a sarcastic take on AI hype.')).toBe('AI hype');
    expect(subjectFromPrompt('Rust')).toBe('Rust');
    expect(subjectFromPrompt('Morning routines')).toBe('morning routines');
    const [draft] = composeOffline({
      persona: persona(),
      request: { kind: 'draft', prompt: 'Ask your audience about their morning routine' },
      random: seeded(2),
    });
    expect(draft?.content).toMatch(/your morning routine/);
    expect(draft?.content).not.toMatch(/their/);
  });

  it('writes a sample from a headline and a strategy when nothing is asked, within the max length', () => {
    for (let i = 1; i <= 20; i++) {
      const [sample] = composeOffline({
        persona: { ...persona({}, { maxLength: 60 }), platforms: ['x'] },
        request: { kind: 'sample' },
        titles,
        random: seeded(i),
      });
      expect(fitsPlatforms(sample?.content ?? '', ['x'], 60)).toBe(true);
    }
    const [sample] = composeOffline({ persona: persona(), request: { kind: 'sample' }, titles, random: seeded(9) });
    expect(sample?.content).toMatch(/Rust 2026 edition|boring tech/);
    const [chat] = composeOffline({
      persona: persona(),
      request: { kind: 'chat', prompt: 'Hello' },
      random: seeded(9),
    });
    expect(chat?.parts).toEqual([chat?.content]);
  });
});

describe('subjects of the suggested prompts', () => {
  it('are phrases the templates can use, or none (a subject of the voice is used instead)', () => {
    for (const prompt of SUGGESTED_PROMPTS) {
      const subject = subjectFromPrompt(prompt);
      if (subject === null) continue;
      expect(subject.split(/\s+/).length, prompt).toBeLessThanOrEqual(12);
      // "how…" is a subject after "about" ("about how to say no"), never a request's own words.
      expect(subject, prompt).not.toMatch(/[?:]|^(ask|share|offer|describe|start|is)\b/i);
    }
    expect(subjectFromPrompt('Share a humorous tip for surviving small talk at a networking event')).toBe(
      'surviving small talk at a networking event',
    );
    expect(subjectFromPrompt('Share a controversial opinion about remote work and invite replies')).toBe('remote work');
    expect(subjectFromPrompt('Start a debate: is hustle culture helping or hurting people?')).toBeNull();
  });
  it('still writes a post for a request it cannot read', () => {
    const [draft] = composeOffline({
      persona: persona(),
      request: { kind: 'draft', prompt: 'How are you?' },
      random: seeded(3),
    });
    expect(draft?.content.length).toBeGreaterThan(10);
    expect(draft?.content).not.toMatch(/how are you/i);
  });
});

describe('offline replies', () => {
  const reply = (text: string, instruction?: string, platforms: Platform[] = ['x']) =>
    composeOffline({
      persona: { ...persona({ emoji: 0 }), platforms },
      request: { kind: 'reply', replyTo: { author: 'bob', text, ...(instruction ? { instruction } : {}) } },
      random: seeded(3),
    })[0]?.content ?? '';

  it('answers in the move its template asks for, without hashtags or the handle, within the platform', () => {
    expect(reply('@ada thanks, love this post!', 'Thank them warmly and specifically for what they said.')).toMatch(
      /thank/i,
    );
    expect(reply('@ada how do you plan a week of posts?')).toMatch(/question|answer/i);
    expect(reply('@ada I agree', 'Agree and add one point of your own that moves the idea forward.')).toMatch(
      /agreed|exactly|yes/i,
    );
    expect(reply('@ada your last post was wrong about pricing')).toMatch(/fair|challenge/i);
    expect(reply('@ada I am stuck on my first launch')).toMatch(/closer|step|keep going/i);
    for (const text of [reply('@ada hello there'), reply('@ada '.repeat(200), undefined, ['bluesky'])]) {
      expect(text).not.toMatch(/#|@ada/);
      expect(fitsPlatforms(text, ['x', 'bluesky'], 280)).toBe(true);
    }
  });

  it('does not build a reply on the body of one already written in its batch', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const random = seeded(seed);
      const written: string[] = [];
      for (const text of ['@ada what do you think about tea?', '@ada how do you brew it?', '@ada and the water?']) {
        const [next] = composeOffline({
          persona: persona(),
          request: { kind: 'reply', replyTo: { author: 'bob', text } },
          avoid: written,
          random,
        });
        for (const before of written) expect(isNearDuplicate(next?.content ?? '', before)).toBe(false);
        written.push(next?.content ?? '');
      }
    }
  });
});
