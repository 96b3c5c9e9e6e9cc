import { describe, expect, it } from 'vitest';
import { DEFAULT_REPLY_TEMPLATES, defaultAutomation } from '../personas/defaults';
import type { ReplyTemplate } from '../personas/persona';
import { isWakingTime, nextWakingTime } from '../personas/schedule';
import {
  actionsThisRun,
  chooseTemplate,
  hasTrigger,
  matchesKeywords,
  mentionCheckMinutes,
  repliesNeedReview,
  sentimentAllowed,
  sentimentOfScore,
} from './engagement';

const templates = DEFAULT_REPLY_TEMPLATES.map((t) => ({ ...t }));

describe('engagement rules', () => {
  it('reads VADER scores with its own ±0.05 cut-offs, and the filter lets through what it says', () => {
    expect([0.6, 0.05, 0.01, -0.04, -0.05, -0.8].map(sentimentOfScore)).toEqual([
      'positive',
      'positive',
      'neutral',
      'neutral',
      'negative',
      'negative',
    ]);
    expect(sentimentAllowed('all', 'negative')).toBe(true);
    expect(sentimentAllowed('neutral-positive', 'neutral')).toBe(true);
    expect(sentimentAllowed('neutral-positive', 'negative')).toBe(false);
    expect(sentimentAllowed('positive', 'neutral')).toBe(false);
  });

  it('matches triggers on word boundaries, and symbols anywhere', () => {
    expect(hasTrigger('Thanks a lot!', 'thanks')).toBe(true);
    expect(hasTrigger('Thanksgiving plans', 'thanks')).toBe(false);
    expect(hasTrigger('I love this so much', 'love this')).toBe(true);
    expect(hasTrigger('is it?', '?')).toBe(true);
    expect(matchesKeywords('Plume ships today', ['rust', 'plume'])).toBe(true);
    expect(matchesKeywords('Plume ships today', [])).toBe(false);
  });

  it('chooses the first active template whose context, sentiment and trigger fit', () => {
    // Appreciation: mentions, positive, "thanks".
    expect(chooseTemplate(templates, { kind: 'mention', text: 'thanks, love this', sentiment: 'positive' })?.name).toBe(
      'Appreciation',
    );
    // A quote counts as a mention.
    expect(chooseTemplate(templates, { kind: 'quote', text: 'thank you!', sentiment: 'positive' })?.name).toBe(
      'Appreciation',
    );
    // Question Response: any context and sentiment, "?".
    expect(chooseTemplate(templates, { kind: 'reply', text: 'why is that?', sentiment: 'neutral' })?.name).toBe(
      'Question Response',
    );
    // Agreement is for replies only.
    expect(chooseTemplate(templates, { kind: 'mention', text: 'exactly', sentiment: 'positive' })).toBeNull();
    expect(chooseTemplate(templates, { kind: 'reply', text: 'exactly', sentiment: 'positive' })?.name).toBe(
      'Agreement',
    );
    // Encouragement is inactive by default.
    expect(chooseTemplate(templates, { kind: 'reply', text: 'I am stuck', sentiment: 'negative' })).toBeNull();
    // A template without triggers fits when none with a trigger does; DM templates never do.
    const open: ReplyTemplate = {
      id: 'open',
      name: 'Open',
      text: 'Say hello.',
      triggers: [],
      context: 'any',
      sentiment: 'any',
      isActive: true,
    };
    const dm: ReplyTemplate = { ...open, id: 'dm', name: 'DM', context: 'dm' };
    expect(chooseTemplate([dm, open], { kind: 'mention', text: 'hello', sentiment: 'neutral' })?.name).toBe('Open');
  });

  it('asks for review on X always, on Bluesky unless the persona says otherwise; reads X as often as set', () => {
    const replies = { ...defaultAutomation().autoReplies, publishWithoutReview: true, xCheckMinutes: 30 };
    expect(repliesNeedReview(replies, 'x')).toBe(true);
    expect(repliesNeedReview(replies, 'bluesky')).toBe(false);
    expect(repliesNeedReview({ ...replies, publishWithoutReview: false }, 'bluesky')).toBe(true);
    expect(mentionCheckMinutes(replies, 'x')).toBe(30);
    expect(mentionCheckMinutes(replies, 'bluesky')).toBe(2);
  });

  it('takes a share of a cap each run, at least one, never past what is left', () => {
    expect(actionsThisRun(10, 0, 60)).toBe(2);
    expect(actionsThisRun(10, 9, 60)).toBe(1);
    expect(actionsThisRun(10, 10, 60)).toBe(0);
    expect(actionsThisRun(3, 0, 840)).toBe(1);
    expect(actionsThisRun(100, 0, 60)).toBe(17);
    expect(actionsThisRun(0, 0, 60)).toBe(0);
  });

  it('moves a time outside waking hours to the next 08:00 in the zone', () => {
    const zone = 'Europe/Berlin';
    const night = new Date('2026-11-24T23:30:00Z'); // 00:30 in Berlin
    expect(isWakingTime(night, zone)).toBe(false);
    expect(nextWakingTime(night, zone).toISOString()).toBe('2026-11-25T07:00:00.000Z');
    const late = new Date('2026-11-24T21:30:00Z'); // 22:30 in Berlin
    expect(nextWakingTime(late, zone).toISOString()).toBe('2026-11-25T07:00:00.000Z');
    const noon = new Date('2026-11-24T11:00:00Z');
    expect(nextWakingTime(noon, zone)).toBe(noon);
  });
});
