import { formatCount, MAX_ACTIVE_PERSONAS, type Persona, summarize } from '@plume/core';

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
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Summary">
      {cards.map((c) => (
        <li
          key={c.label}
          className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <p className="text-sm text-slate-600 dark:text-slate-400">{c.label}</p>
          <p className="mt-1 text-2xl font-semibold">{c.value}</p>
          {c.note && <p className="text-sm text-slate-600 dark:text-slate-400">{c.note}</p>}
        </li>
      ))}
    </ul>
  );
}
