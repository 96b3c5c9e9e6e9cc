import type { UsageSummary } from '@plume/core';

/**
 * The engagement rate across personas as every screen shows it: GET /api/usage's figure (decision
 * 042), one decimal; '…' while it is read, '—' when it could not be.
 */
export function engagementAcross(usage: UsageSummary | undefined, failed: boolean): string {
  if (usage) return `${usage.engagementRate.value.toFixed(1)}%`;
  return failed ? '—' : '…';
}
