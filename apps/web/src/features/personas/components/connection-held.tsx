import { CONNECTION_HOLD_EFFECT, connectionHolds, type Persona, PLATFORM_LABELS } from '@plume/core';
import { Link } from 'react-router';
import { buttonBase, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';

/**
 * A connection the network refused holds the persona's automation on that network until it is
 * reconnected. On the dashboard card (compact): "Reconnect <network>", a link to the Accounts tab;
 * in the Automation tab: that it is held, why, and what it stops. Nothing while every connection works.
 */
export function ConnectionHeld({ persona, compact = false }: { persona: Persona; compact?: boolean }) {
  const holds = connectionHolds(persona);
  if (holds.length === 0) return null;
  const accountsTab = `/editor/${encodeURIComponent(persona.id)}?tab=accounts`;
  const reconnect = (platform: keyof typeof PLATFORM_LABELS) => (
    <Link
      key={platform}
      to={accountsTab}
      className={cn(buttonBase, buttonClasses.secondary, compact ? 'px-3 py-1.5' : undefined)}
      aria-label={compact ? `Reconnect ${PLATFORM_LABELS[platform]} for ${persona.name}` : undefined}
    >
      Reconnect {PLATFORM_LABELS[platform]}
    </Link>
  );
  if (compact) {
    return (
      <div
        data-testid="connection-held"
        className="flex flex-wrap items-center gap-2 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-950 dark:border-red-800 dark:bg-red-950/60 dark:text-red-50"
      >
        <p className="min-w-0 flex-1">
          {holds.length === 1
            ? `${PLATFORM_LABELS[holds[0]?.platform ?? 'bluesky']} needs a reconnect: its automation is held.`
            : 'Connections need a reconnect: their automation is held.'}
        </p>
        {holds.map((h) => reconnect(h.platform))}
      </div>
    );
  }
  return (
    <div
      data-testid="connection-held"
      className="space-y-2 rounded-xl border border-red-300 bg-red-50 p-4 text-red-950 dark:border-red-800 dark:bg-red-950/60 dark:text-red-50"
    >
      <h2 className="text-base font-semibold">
        {holds.length === 1 ? `Held on ${PLATFORM_LABELS[holds[0]?.platform ?? 'bluesky']}` : 'Held on some networks'}
      </h2>
      {holds.map((h) => (
        <p key={h.platform}>{h.message}</p>
      ))}
      <p className="text-xs text-red-900 dark:text-red-100">{CONNECTION_HOLD_EFFECT}</p>
      <div className="flex flex-wrap gap-2">{holds.map((h) => reconnect(h.platform))}</div>
    </div>
  );
}
