import { formatCount, MAX_ACTIVE_PERSONAS, type Persona, summarize } from '@plume/core';
import { StatCard, StatCards, StatNote } from '../../../components/ui/stat-card';
import { useUsage } from '../../../lib/api/get-usage';
import { engagementAcross } from '../../../lib/engagement';

/**
 * Counts from the personas themselves; the engagement rate across them is GET /api/usage's, the
 * figure /usage shows (one definition, decision 042).
 */
export function SummaryCards({ personas }: { personas: Persona[] }) {
  const s = summarize(personas);
  const usage = useUsage();
  const cards = [
    { label: 'Personas', value: String(s.personas), note: null },
    { label: 'Active', value: String(s.active), note: `of ${MAX_ACTIVE_PERSONAS} active max` },
    { label: 'Followers', value: formatCount(s.followers), note: 'across connected accounts' },
    {
      label: 'Avg engagement',
      value: engagementAcross(usage.data, usage.isError),
      note: 'per post per follower, 90 days',
    },
  ];
  return (
    <StatCards label="Summary">
      {cards.map((c) => (
        <StatCard key={c.label} label={c.label} value={c.value}>
          {c.note && <StatNote>{c.note}</StatNote>}
        </StatCard>
      ))}
    </StatCards>
  );
}
