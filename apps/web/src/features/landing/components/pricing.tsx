import { contactSalesHref, MONEY_BACK_DAYS, PLANS, type Plan } from '@plume/core';
import { buttonBase, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { paths } from '../../../config/paths';
import { useMe } from '../../../lib/auth';
import { Link } from '../../../lib/navigation';
import { SectionHeading } from './section-heading';

function limitText(plan: Plan): string {
  if (plan.id === 'enterprise') return 'Custom limits for your team';
  const personas =
    plan.limits.personas === null
      ? 'Unlimited personas'
      : `${plan.limits.personas} persona${plan.limits.personas === 1 ? '' : 's'}`;
  const posts = plan.limits.postsPerMonth === null ? 'unlimited posts' : `${plan.limits.postsPerMonth} posts a month`;
  return `${personas}, ${posts}`;
}

function PlanCard({ plan, signedIn }: { plan: Plan; signedIn: boolean }) {
  const featured = plan.badges.length > 0;
  const headingId = `plan-${plan.id}`;
  const action =
    plan.id === 'enterprise'
      ? 'Contact sales'
      : plan.price === 0
        ? 'Start for free'
        : `Start ${plan.trialDays}-day free trial`;
  const actionClass = cn(buttonBase, featured ? buttonClasses.primary : buttonClasses.secondary, 'mt-8 w-full py-2.5');
  return (
    <li
      className={cn(
        'relative flex flex-col rounded-2xl border p-6',
        featured
          ? 'border-violet-500 bg-white shadow-xl shadow-violet-700/10 ring-1 ring-violet-500 dark:bg-slate-900'
          : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
      )}
      data-testid="plan"
    >
      {featured && (
        <p className="absolute -top-3 left-1/2 flex -translate-x-1/2 gap-1.5 whitespace-nowrap">
          {plan.badges.map((badge) => (
            <span
              key={badge}
              className="rounded-full bg-violet-700 px-2.5 py-0.5 text-xs font-semibold text-white dark:bg-violet-500 dark:text-slate-950"
            >
              {badge}
            </span>
          ))}
        </p>
      )}
      <h3 id={headingId} className="text-lg font-semibold">
        {plan.name}
      </h3>
      <p className="mt-4 flex items-baseline gap-1">
        {plan.price === null ? (
          <span className="text-3xl font-bold tracking-tight">Let’s talk</span>
        ) : (
          <>
            <span className="text-4xl font-bold tracking-tight">${plan.price}</span>
            <span className="text-slate-600 dark:text-slate-400">/month</span>
          </>
        )}
      </p>
      <p className="mt-1 min-h-5 text-sm text-slate-600 dark:text-slate-400">
        {plan.trialDays > 0
          ? `${plan.trialDays}-day free trial`
          : plan.price === 0
            ? 'Free forever'
            : 'Priced for your volume'}
      </p>
      <p className="mt-4 text-sm font-medium">{limitText(plan)}</p>
      <ul className="mt-4 flex-1 space-y-2 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="text-violet-700 dark:text-violet-300">
              ✓
            </span>
            <span className="text-slate-700 dark:text-slate-300">{feature}</span>
          </li>
        ))}
      </ul>
      {plan.id === 'enterprise' ? (
        <a href={contactSalesHref()} className={actionClass}>
          {action}
        </a>
      ) : (
        <Link to={signedIn ? paths.dashboard : paths.login} className={actionClass}>
          {action}
        </Link>
      )}
    </li>
  );
}

export function PricingSection() {
  const { data: user } = useMe();
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Start free, grow when you are ready"
          lead={`No credit card to start. Paid plans carry a ${MONEY_BACK_DAYS}-day money-back guarantee.`}
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} signedIn={Boolean(user)} />
          ))}
        </ul>
        <p className="mt-8 text-center text-sm text-slate-700 dark:text-slate-300">
          {MONEY_BACK_DAYS}-day money-back guarantee on Growth and Professional: not for you? Write to us for a full
          refund.
        </p>
      </div>
    </section>
  );
}
