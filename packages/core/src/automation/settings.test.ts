import { describe, expect, it } from 'vitest';
import { defaultAutomation } from '../personas/defaults';
import {
  actsWithoutReview,
  automationActive,
  formatKeywordList,
  formatTimeSaved,
  integerFieldError,
  keywordListError,
  labelsAccountAsAutomated,
  newReplyTemplate,
  parseKeywordList,
  removeReplyTemplate,
  upsertReplyTemplate,
} from './settings';

describe('keyword lists', () => {
  it('are comma separated, trimmed, with empties dropped', () => {
    expect(parseKeywordList(' thanks, thank you ,, ,great post,')).toEqual(['thanks', 'thank you', 'great post']);
    expect(parseKeywordList('   ')).toEqual([]);
    expect(formatKeywordList(['a', 'b c'])).toBe('a, b c');
  });

  it('keep to the schema limits', () => {
    expect(keywordListError('a, b', 'Keywords')).toBeNull();
    expect(keywordListError(Array.from({ length: 51 }, (_, i) => `k${i}`).join(','), 'Keywords')).toBe(
      'Keywords can hold at most 50 entries',
    );
    expect(keywordListError('x'.repeat(101), 'Keywords')).toBe('Each entry in Keywords must be at most 100 characters');
  });
});

describe('limit fields', () => {
  it('accept whole numbers in range only, naming the field', () => {
    expect(integerFieldError('50', 'Daily activity limit', 0, 1000)).toBeNull();
    expect(integerFieldError('0', 'Daily activity limit', 0, 1000)).toBeNull();
    for (const bad of ['1001', '-1', '2.5', '', ' ', 'abc', '1e9']) {
      expect(integerFieldError(bad, 'Daily activity limit', 0, 1000)).toBe(
        'Daily activity limit must be a whole number from 0 to 1000',
      );
    }
    expect(integerFieldError('1000000', 'Max followers', 0)).toBeNull();
    expect(integerFieldError('-5', 'Max followers', 0)).toBe('Max followers must be a whole number of 0 or more');
  });
});

describe('time saved', () => {
  it('shows minutes, then hours with one decimal from 60 minutes', () => {
    expect(formatTimeSaved(0)).toBe('0 min');
    expect(formatTimeSaved(2.25)).toBe('2.3 min');
    expect(formatTimeSaved(45)).toBe('45 min');
    expect(formatTimeSaved(59.96)).toBe('60 min');
    expect(formatTimeSaved(60)).toBe('1.0 hours');
    expect(formatTimeSaved(150)).toBe('2.5 hours');
  });
});

describe('automation status and reply templates', () => {
  it('is active when posting, replies or engagement is on', () => {
    const a = defaultAutomation();
    expect(automationActive(a)).toBe(false);
    a.engagement.autoLike.enabled = true;
    expect(automationActive(a)).toBe(false);
    a.autoReplies.enabled = true;
    expect(automationActive(a)).toBe(true);
  });

  it('opens a new template with the spec defaults; save replaces or appends; delete removes', () => {
    const fresh = newReplyTemplate('t1');
    expect(fresh).toEqual({
      id: 't1',
      name: 'New Template',
      text: '',
      triggers: [],
      context: 'mention',
      sentiment: 'neutral',
      isActive: false,
    });
    const seeded = defaultAutomation().autoReplies.templates;
    const appended = upsertReplyTemplate(seeded, fresh);
    expect(appended.map((t) => t.id)).toEqual([...seeded.map((t) => t.id), 't1']);
    const renamed = upsertReplyTemplate(appended, { ...fresh, name: 'Renamed' });
    expect(renamed).toHaveLength(appended.length);
    expect(renamed.at(-1)?.name).toBe('Renamed');
    expect(removeReplyTemplate(renamed, 'appreciation').map((t) => t.id)).not.toContain('appreciation');
  });
});

describe('the automated label', () => {
  it('is offered while the persona acts without review, on by default, and counts only then', () => {
    const a = defaultAutomation();
    expect(a.safety.labelAutomated).toBe(true);
    expect(actsWithoutReview(a)).toBe(false);
    expect(labelsAccountAsAutomated(a)).toBe(false);
    // Reviewed posting and replies are a person's say; unreviewed ones are not.
    const posting = { ...a, autoPosting: { ...a.autoPosting, enabled: true } };
    expect(actsWithoutReview(posting)).toBe(false);
    expect(actsWithoutReview({ ...posting, autoPosting: { ...posting.autoPosting, publishWithoutReview: true } })).toBe(
      true,
    );
    const replying = { ...a, autoReplies: { ...a.autoReplies, enabled: true, publishWithoutReview: true } };
    expect(actsWithoutReview(replying)).toBe(true);
    // Without review but switched off: no switch, no effect.
    expect(actsWithoutReview({ ...a, autoReplies: { ...a.autoReplies, publishWithoutReview: true } })).toBe(false);
    // Engagement acts on its own once one of its actions is on.
    const engaging = { ...a, engagement: { ...a.engagement, enabled: true } };
    expect(actsWithoutReview(engaging)).toBe(false);
    const liking = {
      ...engaging,
      engagement: { ...engaging.engagement, autoLike: { ...a.engagement.autoLike, enabled: true } },
    };
    expect(labelsAccountAsAutomated(liking)).toBe(true);
    expect(labelsAccountAsAutomated({ ...liking, safety: { ...liking.safety, labelAutomated: false } })).toBe(false);
  });
});
