import { type AccountSpend, BUDGET_SAFE_SHARE, budgetRows, type Platform, platformLabel } from '@plume/core';
import { useId } from 'react';

const count = (n: number) => n.toLocaleString('en-US');
const dollars = (n: number) => `$${n.toFixed(2)}`;

/**
 * What an account spent of its network's limits (Bluesky) or bill (X) today and this month, each
 * with the limit in words (decision 033): the Accounts tab's card and /usage draw it alike.
 */
export function AccountSpendTable({
  platform,
  spend,
  caption,
  className = '',
}: {
  platform: Platform;
  spend: AccountSpend;
  /** What the table is, for screen readers and as its visible title. */
  caption: string;
  className?: string;
}) {
  const noteId = useId();
  const { rows, monthCostUsd } = budgetRows(platform, spend);
  const label = platformLabel(platform);
  return (
    <div data-testid={`account-spend-${platform}`} className={`space-y-1.5 ${className}`}>
      <table className="w-full text-sm" aria-describedby={noteId}>
        <caption className="mb-1 text-left text-sm font-medium">{caption}</caption>
        <thead>
          <tr className="text-xs text-slate-600 dark:text-slate-400">
            <th scope="col" className="py-1 pr-2 text-left font-normal">
              <span className="sr-only">Measure</span>
            </th>
            <th scope="col" className="px-2 py-1 text-right font-normal">
              Today
            </th>
            <th scope="col" className="whitespace-nowrap py-1 pl-2 text-right font-normal">
              This month
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {rows.map((row) => (
            <tr key={row.meter} data-testid="spend-row">
              <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                <span className="block">{row.label}</span>
                {row.limit && <span className="block text-xs text-slate-600 dark:text-slate-400">{row.limit}</span>}
              </th>
              <td className="px-2 py-1.5 text-right align-top font-semibold tabular-nums">{count(row.today)}</td>
              <td className="py-1.5 pl-2 text-right align-top font-semibold tabular-nums">{count(row.month)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p id={noteId} className="text-xs text-slate-600 dark:text-slate-400">
        {monthCostUsd !== null && (
          <>
            About <strong className="font-semibold text-slate-800 dark:text-slate-200">{dollars(monthCostUsd)}</strong>{' '}
            this month at {label}'s listed prices.{' '}
          </>
        )}
        Plume's automation stops at {Math.round(BUDGET_SAFE_SHARE * 100)}% of a limit and waits for room.
      </p>
    </div>
  );
}
