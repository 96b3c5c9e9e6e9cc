import { contactSalesHref, MAX_ACTIVE_PERSONAS, MONEY_BACK_DAYS, PLANS, type Plan, planById } from '@plume/core';
import { cn } from '../../../components/ui/cn';
import { useOpenWorkspace } from '../../../lib/workspace';
import { useBilling } from '../api/get-billing';
import { cardClass, formatDate } from './field';

const price = (plan: Plan) => (plan.price === null ? 'Priced with sales' : `$${plan.price}/month`);
const limitText = (limit: number | null, unit: string) => (limit === null ? `Unlimited ${unit}` : `${limit} ${unit}`);

/**
 * Billing: the plan and real usage; payment is not connected yet. The plan's limits show only where
 * the server enforces them (PLAN_LIMITS=on); a self-hosted instance has none by default.
 */
export function BillingTab() {
  const billing = useBilling();
  const { workspace } = useOpenWorkspace();
  if (billing.isPending) return <p role="status">Loading...</p>;
  if (billing.isError) {
    return (
      <p role="alert" className="text-red-700 dark:text-red-300">
        Failed to load billing: {billing.error.message}
      </p>
    );
  }
  const plan = planById(billing.data.planId);
  const { usage, limitsEnforced } = billing.data;
  const since = `Published since ${formatDate(usage.periodStart)}`;
  // A plan is the workspace's (issue 33): its personas and posts count for everyone in it, and each member is a seat.
  const seats = <Figure label="Seats" hint="Members of this workspace" value={usage.seats} />;
  return (
    <div className="space-y-6">
      <section aria-labelledby="billing-plan" className={cardClass}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <p className="text-sm text-slate-600 dark:text-slate-400">Current plan</p>
            <h2 id="billing-plan" className="text-2xl font-semibold">
              {plan.name}
            </h2>
          </div>
          <p className="text-2xl font-semibold">{price(plan)}</p>
        </div>
        <div
          role="note"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <p className="font-semibold">Payment is not connected yet</p>
          <p>Plume cannot take payments or change plans yet, so there is nothing to pay and no card on file.</p>
        </div>
        <div className="space-y-3" data-testid="billing-usage">
          <h3 className="font-semibold">Usage{workspace ? ` in ${workspace.name}` : ''}</h3>
          {limitsEnforced ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Your plan's limits apply: creating a persona or a post beyond them is refused. At most{' '}
              {MAX_ACTIVE_PERSONAS} personas can be active at once.
            </p>
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              This self-hosted instance has no plan limits: create as many personas and posts as you like. At most{' '}
              {MAX_ACTIVE_PERSONAS} personas can be active at once.
            </p>
          )}
          <dl className="grid gap-4 sm:grid-cols-3">
            {limitsEnforced ? (
              <>
                <Usage label="Personas" used={usage.personas} limit={plan.limits.personas} />
                <Usage
                  label="Posts this month"
                  hint={since}
                  used={usage.postsThisMonth}
                  limit={plan.limits.postsPerMonth}
                />
                {seats}
              </>
            ) : (
              <>
                <Figure label="Personas" value={usage.personas} />
                <Figure label="Posts this month" hint={since} value={usage.postsThisMonth} />
                {seats}
              </>
            )}
          </dl>
        </div>
        {/* Without plan limits, the plan's own list ("1 persona", "50 posts per month") would contradict the figures. */}
        {limitsEnforced && (
          <ul className="grid gap-1 text-sm sm:grid-cols-2">
            {plan.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <span aria-hidden="true" className="text-emerald-700 dark:text-emerald-400">
                  ✓
                </span>
                {feature}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="billing-plans" className="space-y-3">
        <h2 id="billing-plans" className="text-lg font-semibold">
          Plans
        </h2>
        {!limitsEnforced && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Each plan's personas and posts a month are limits only on an instance that enforces them; this one does not.
          </p>
        )}
        <ul className="grid gap-3 md:grid-cols-3">
          {PLANS.filter((p) => p.price !== null).map((p) => (
            <li
              key={p.id}
              className={cn(
                cardClass,
                'space-y-2 p-4',
                p.id === plan.id && 'border-violet-500 ring-1 ring-violet-500 dark:border-violet-500',
              )}
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold">{p.name}</h3>
                {p.id === plan.id && (
                  <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900 dark:bg-violet-900/60 dark:text-violet-100">
                    Your plan
                  </span>
                )}
                {p.badges.map((badge) => (
                  <span
                    key={badge}
                    className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-200"
                  >
                    {badge}
                  </span>
                ))}
              </div>
              <p className="text-lg font-semibold">{price(p)}</p>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {limitText(p.limits.personas, p.limits.personas === 1 ? 'persona' : 'personas')} ·{' '}
                {limitText(p.limits.postsPerMonth, 'posts a month')}
              </p>
              {p.trialDays > 0 && (
                <p className="text-xs text-slate-600 dark:text-slate-400">{p.trialDays}-day free trial</p>
              )}
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Paid plans carry a {MONEY_BACK_DAYS}-day money-back guarantee. Enterprise:{' '}
          <a className="text-violet-700 underline dark:text-violet-300" href={contactSalesHref()}>
            contact sales
          </a>
          .
        </p>
      </section>
    </div>
  );
}

/** A usage figure on its own: where no plan limits apply. */
function Figure({ label, hint, value }: { label: string; hint?: string; value: number }) {
  return (
    <div className="space-y-0.5">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-2xl font-semibold">{value}</dd>
      {hint && <dd className="text-xs text-slate-600 dark:text-slate-400">{hint}</dd>}
    </div>
  );
}

/** A usage figure against the plan's limit, where the server enforces it. */
function Usage({ label, hint, used, limit }: { label: string; hint?: string; used: number; limit: number | null }) {
  const percent = limit === null || limit === 0 ? 0 : Math.min(100, Math.round((used / limit) * 100));
  const over = limit !== null && used > limit;
  return (
    <div className="space-y-1.5">
      <dt className="text-sm text-slate-600 dark:text-slate-400">
        {label}
        {hint && <span className="block text-xs">{hint}</span>}
      </dt>
      <dd className="space-y-1.5">
        <p className="font-semibold">
          {used} {limit === null ? '(unlimited)' : `of ${limit}`}
          {over && <span className="ml-2 text-sm font-normal text-amber-800 dark:text-amber-300">over the limit</span>}
        </p>
        {limit !== null && (
          <div className="h-2 rounded-full bg-slate-200 dark:bg-slate-800" aria-hidden="true">
            <div
              className={cn('h-2 rounded-full', over ? 'bg-amber-500' : 'bg-violet-600')}
              style={{ width: `${percent}%` }}
            />
          </div>
        )}
      </dd>
    </div>
  );
}
