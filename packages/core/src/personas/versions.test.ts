import { describe, expect, it } from 'vitest';
import { readableSummary, rollbackSummary } from './versions';

describe("a rollback's summary", () => {
  it('names the restored version by its instant, which the reader sees their own way', () => {
    const summary = rollbackSummary(new Date('2026-03-01T09:30:00.000Z'));
    expect(summary).toBe('Rolled back to the version of 2026-03-01T09:30:00.000Z');
    expect(readableSummary(summary, (iso) => `<${iso.slice(0, 10)}>`)).toBe(
      'Rolled back to the version of <2026-03-01>',
    );
  });

  it('leaves any other summary as it is', () => {
    const format = () => 'never';
    expect(readableSummary('Renamed to "Ada"', format)).toBe('Renamed to "Ada"');
    expect(readableSummary('Rolled back to the version of yesterday', format)).toBe(
      'Rolled back to the version of yesterday',
    );
  });
});
