import { formatCount, MAX_ACTIVE_PERSONAS, type Persona, summarize } from '@plume/core';
import { StatCard, StatCards, StatNote } from '../../../components/ui/stat-card';

/** Figures computed from the personas themselves. Trend arrows come when history exists. */
export function SummaryCards({ personas }: { personas: Persona[] }) {
  const s = summarize(personas);
  const cards = [
    { label: 'Personas', value: String(s.personas), note: null },
    { label: 'Active', value: String(s.active), note: `of ${MAX_ACTIVE_PERSONAS} active max` },
    { label: 'Followers', value: formatCount(s.followers), note: 'across connected accounts' },
    { label: 'Avg engagement', value: `${s.avgEngagement.toFixed(1)}%`, note: 'per persona' },
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
