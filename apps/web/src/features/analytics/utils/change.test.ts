import { describe, expect, it } from 'vitest';
import { changeOf } from './change';

describe('the change against the previous period', () => {
  it('is the relative change, rounded to a whole percent, with its sign', () => {
    expect(changeOf(112, 100, 30, 'percent')).toEqual({ kind: 'up', text: '+12% vs previous 30 days' });
    expect(changeOf(46, 50, 7, 'percent')).toEqual({ kind: 'down', text: '-8% vs previous 7 days' });
    expect(changeOf(1001, 1000, 90, 'percent')).toEqual({ kind: 'same', text: 'No change vs previous 90 days' });
  });

  it('moves a rate in percentage points, one decimal', () => {
    expect(changeOf(3.6, 3.2, 30, 'points')).toEqual({ kind: 'up', text: '+0.4 pts vs previous 30 days' });
    expect(changeOf(2, 3.5, 30, 'points')).toEqual({ kind: 'down', text: '-1.5 pts vs previous 30 days' });
  });

  it('says nothing against a period without data (null) or without any (0)', () => {
    expect(changeOf(12, null, 30, 'percent')).toEqual({ kind: 'none' });
    expect(changeOf(12, 0, 30, 'percent')).toEqual({ kind: 'none' });
    expect(changeOf(1.2, 0, 30, 'points')).toEqual({ kind: 'none' });
  });
});
