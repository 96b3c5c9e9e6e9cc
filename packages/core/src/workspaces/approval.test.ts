import { describe, expect, it } from 'vitest';
import { historyLine, type PostHistoryEntry } from './approval';

const entry = (action: PostHistoryEntry['action'], actorName: string | null, at = '2026-11-26T14:02:00.000Z') => ({
  at,
  action,
  actorKind: actorName === null ? ('automation' as const) : ('person' as const),
  actorName,
  note: null,
});
const format = (iso: string) => `<${iso.slice(11, 16)}>`;

describe('a post’s history in one line', () => {
  it('names who wrote it and who approved it, and when', () => {
    const line = historyLine([entry('wrote', 'Ann'), entry('submitted', 'Ann'), entry('approved', 'Carl')], format);
    expect(line).toBe('Written by Ann · Approved by Carl, <14:02>');
  });

  it('names another editor, the last decision, and automation as the writer', () => {
    const line = historyLine(
      [
        entry('wrote', null),
        entry('submitted', null),
        entry('edited', 'Eve'),
        entry('rejected', 'Carl', '2026-11-26T09:00:00.000Z'),
        entry('approved', 'Dora', '2026-11-26T10:30:00.000Z'),
      ],
      format,
    );
    expect(line).toBe('Written by automation · Edited by Eve · Approved by Dora, <10:30>');
  });

  it('keeps to who wrote and decided once the post was published or failed', () => {
    const line = historyLine(
      [entry('wrote', 'Ann'), entry('approved', 'Carl'), entry('failed', null), entry('published', 'Ann')],
      format,
    );
    expect(line).toBe('Written by Ann · Approved by Carl, <14:02>');
  });

  it('says nothing of a post with no history', () => {
    expect(historyLine([], format)).toBe('');
  });
});
