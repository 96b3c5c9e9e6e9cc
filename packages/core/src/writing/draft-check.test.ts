import { describe, expect, it } from 'vitest';
import { DEFAULT_TRAITS } from '../personas/traits';
import {
  bestAttempt,
  type CheckedPost,
  checkDraft,
  createDraftBatch,
  type DraftFlag,
  lengthFlags,
  recentIndex,
  rewriteNote,
  voiceFlags,
} from './draft-check';

const recent: CheckedPost[] = [
  {
    id: 'p1',
    content: 'Postgres 18 ships async I/O. Our nightly batch went from 41 to 29 minutes without a code change.',
    at: new Date('2025-11-03T10:00:00Z'),
    status: 'posted',
  },
  {
    id: 'p2',
    content: 'The meetup is on Thursday at 7, upstairs at the library. Bring a laptop and a question.',
    at: new Date('2025-11-05T18:00:00Z'),
    status: 'scheduled',
  },
  {
    id: 'p3',
    content: 'Cycling to work in the rain is fine once you own good gloves. Everything else is optional.',
    at: new Date('2025-11-04T08:00:00Z'),
    status: 'pending_review',
  },
];
const base = { platforms: ['bluesky'] as const, kind: 'post' as const, recent: recentIndex(recent), timeZone: 'UTC' };

describe('the check before review', () => {
  it('passes a fresh draft within the length', () => {
    expect(checkDraft({ ...base, parts: ['A new thought about whales and their songs.'] })).toEqual([]);
  });

  it('names the post a draft repeats, by its date and whether it went out', () => {
    const again = (text: string) => checkDraft({ ...base, parts: [text] });
    expect(
      again('Postgres 18 ships async I/O! Our nightly batch went from 41 to 29 minutes, without a code change 🚀'),
    ).toEqual([{ kind: 'repeat', reason: 'repeats your post of 3 Nov', postId: 'p1' }]);
    expect(
      again('Reminder: the meetup is on Thursday at 7, upstairs at the library. Bring a laptop and a question.'),
    ).toEqual([{ kind: 'repeat', reason: 'repeats your post scheduled for 5 Nov', postId: 'p2' }]);
    expect(
      again('Cycling to work in the rain is fine once you own good gloves. Everything else is optional!')[0]?.reason,
    ).toBe('repeats your draft of 4 Nov waiting for review');
    // Dates read in the user's zone.
    expect(checkDraft({ ...base, timeZone: 'Pacific/Kiritimati', parts: [recent[1]?.content ?? ''] })[0]?.reason).toBe(
      'repeats your post scheduled for 6 Nov',
    );
  });

  it('flags the second of two near-identical drafts of one batch', () => {
    const batch = createDraftBatch();
    const first = 'Three things before any migration: backups restore, locks stay short, rollback is written down.';
    expect(checkDraft({ ...base, batch, parts: [first] })).toEqual([]);
    batch.add(first, 'post 1 of this batch');
    expect(
      checkDraft({
        ...base,
        batch,
        parts: ['Three things before any migration: backups restore, locks stay short, and rollback is written down.'],
      }),
    ).toEqual([{ kind: 'batch', reason: 'nearly the same as post 1 of this batch' }]);
  });

  it("holds each part to each network's length, as that network counts it", () => {
    expect(lengthFlags(['a'.repeat(301)], ['bluesky'])).toEqual([
      { kind: 'length', reason: 'too long for Bluesky: 301 of 300 characters' },
    ]);
    // X weighs an emoji as two; Bluesky counts it once.
    expect(lengthFlags(['ok', '🙂'.repeat(141)], ['x', 'bluesky'])).toEqual([
      { kind: 'length', reason: 'part 2 is too long for X: 282 of 280 characters' },
    ]);
  });

  it('judges the voice only where one post is far from its slider', () => {
    const plain = 'Planning permission takes years in Dublin. Building takes longer. Rents keep rising.';
    expect(voiceFlags({ ...DEFAULT_TRAITS, humor: 95 }, plain)).toEqual([
      { kind: 'voice', trait: 'humor', reason: 'reads far less humorous than its slider' },
    ]);
    // A joke in it: within reach.
    expect(voiceFlags({ ...DEFAULT_TRAITS, humor: 95 }, `${plain} Plot twist: my cat bought a flat.`)).toEqual([]);
    // Balanced sliders are never far from a post.
    expect(voiceFlags(DEFAULT_TRAITS, plain)).toEqual([]);
    expect(voiceFlags({ ...DEFAULT_TRAITS, emoji: 0 }, 'Ship it 🚀🔥✨')).toEqual([
      { kind: 'voice', trait: 'emoji', reason: 'uses far more emoji than its slider' },
    ]);
    const warm = 'Be kind to yourself today, friends. You have got this. Proud of you.';
    expect(voiceFlags({ ...DEFAULT_TRAITS, tone: 95 }, warm)).toContainEqual({
      kind: 'voice',
      trait: 'tone',
      reason: 'reads far less edgy than its slider',
    });
    // A reply carries one touch at most: no touch is not far from the slider.
    expect(voiceFlags({ ...DEFAULT_TRAITS, humor: 95 }, plain, { kind: 'reply' })).toEqual([]);
  });

  it('tells the writer why and keeps the attempt with the fewest flags', () => {
    const flags: DraftFlag[] = [
      { kind: 'repeat', reason: 'repeats your post of 3 Nov', postId: 'p1' },
      { kind: 'voice', trait: 'humor', reason: 'reads far less humorous than its slider' },
    ];
    const note = rewriteNote(flags, recent);
    expect(note).toContain('It repeats your post of 3 Nov ("Postgres 18 ships async I/O.');
    expect(note).toContain('It reads far less humorous than its slider');
    expect(rewriteNote([{ kind: 'length', reason: 'part 2 is too long for X: 282 of 280 characters' }])).toContain(
      'Its part 2 is too long for X',
    );
    const attempts = [
      { n: 1, flags },
      { n: 2, flags: flags.slice(1) },
      { n: 3, flags: flags.slice(1) },
    ];
    expect(bestAttempt(attempts)?.n).toBe(3);
    // A rewrite that repeats another draft of the batch is not kept over an earlier one off its
    // sliders, however many voice flags that one has.
    const twin: DraftFlag = { kind: 'batch', reason: 'nearly the same as post 1 of this batch' };
    const emojiOff: DraftFlag = { kind: 'voice', trait: 'emoji', reason: 'reads far fewer emoji than its slider' };
    const offVoice = [
      { n: 1, flags: [flags[1] as DraftFlag, emojiOff] },
      { n: 2, flags: [twin] },
      { n: 3, flags: [twin] },
    ];
    expect(bestAttempt(offVoice)?.n).toBe(1);
  });
});
