import { type AccountBudget, platformLabel } from '@plume/core';
import { AccountSpendTable } from '../../../components/account-spend';

/**
 * Every connected account's spend of its network's limits and bill, today and this month
 * (decision 033); nothing while no account is connected.
 */
export function PlatformBudgets({ budgets }: { budgets: AccountBudget[] }) {
  if (budgets.length === 0) return null;
  return (
    <section aria-labelledby="platform-budgets-title" data-testid="platform-budgets" className="space-y-3">
      <div>
        <h2 id="platform-budgets-title" className="text-xl font-semibold">
          Network limits
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          What each connected account used of its network's limits, and what X bills, today and this month.
        </p>
      </div>
      <ul className="grid gap-4 md:grid-cols-2">
        {budgets.map((budget) => (
          <li
            key={`${budget.personaId}:${budget.platform}`}
            data-testid="platform-budget"
            className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
          >
            <AccountSpendTable
              platform={budget.platform}
              spend={budget}
              caption={`${budget.personaName} on ${platformLabel(budget.platform)} (@${budget.username})`}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
