/** How a stat card's figure moved against the previous period, from the API's two numbers. */
export type Change = { kind: 'none' } | { kind: 'same'; text: string } | { kind: 'up' | 'down'; text: string };

/**
 * '+12% vs previous 30 days' (relative change); a rate moves in percentage points ('+0.4 pts'),
 * since '+12%' of a rate reads as twelve points. No earlier figure (null or 0): nothing to compare.
 */
export function changeOf(value: number, previous: number | null, days: number, unit: 'percent' | 'points'): Change {
  if (previous === null || previous === 0) return { kind: 'none' };
  const versus = `vs previous ${days} days`;
  const delta =
    unit === 'points' ? Math.round((value - previous) * 10) / 10 : Math.round(((value - previous) / previous) * 100);
  if (delta === 0) return { kind: 'same', text: `No change ${versus}` };
  const sign = delta > 0 ? '+' : '-';
  const amount = unit === 'points' ? `${Math.abs(delta).toFixed(1)} pts` : `${Math.abs(delta)}%`;
  return { kind: delta > 0 ? 'up' : 'down', text: `${sign}${amount} ${versus}` };
}
