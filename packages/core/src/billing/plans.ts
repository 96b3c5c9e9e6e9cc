/**
 * The plans (app spec §9): the landing page's pricing and Account settings' billing. No zod here:
 * the landing page imports this without the validation library.
 */

export const PLAN_IDS = ['free', 'growth', 'professional', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type PlanBadge = 'Most Popular' | 'Best Value';

export type Plan = {
  id: PlanId;
  name: string;
  /** US dollars a month; null: priced with sales (Enterprise). */
  price: number | null;
  /** null: no limit. */
  limits: { personas: number | null; postsPerMonth: number | null };
  features: readonly string[];
  /** Free days before the first charge; 0: none. */
  trialDays: number;
  badges: readonly PlanBadge[];
};

/** Where Enterprise asks for a quote (a mail link) and where support questions go. */
export const SALES_EMAIL = 'sales@plume.social';
export const SUPPORT_EMAIL = 'support@plume.social';

/** Paid plans can be refunded in full within this many days (spec §1 and §9). */
export const MONEY_BACK_DAYS = 14;

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free Starter',
    price: 0,
    limits: { personas: 1, postsPerMonth: 50 },
    features: [
      '1 persona',
      '50 posts per month',
      'Basic content generation',
      'Essential analytics',
      'Community support',
    ],
    trialDays: 0,
    badges: [],
  },
  {
    id: 'growth',
    name: 'Growth',
    price: 19,
    limits: { personas: 3, postsPerMonth: null },
    features: [
      'Up to 3 personas',
      'Unlimited posts',
      'Smart scheduling',
      'Multi-platform analytics',
      'Auto-engagement',
      'Priority support',
    ],
    trialDays: 7,
    badges: ['Most Popular', 'Best Value'],
  },
  {
    id: 'professional',
    name: 'Professional',
    price: 49,
    limits: { personas: null, postsPerMonth: null },
    features: [
      'Unlimited personas',
      'Advanced testing',
      'Custom AI personality models',
      'Revenue optimisation tools',
      'White-label options',
      'Multi-platform management',
    ],
    trialDays: 14,
    badges: [],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: null,
    limits: { personas: null, postsPerMonth: null },
    features: ['Everything in Professional', 'Volume pricing', 'Onboarding for your team', 'A contact at Plume'],
    trialDays: 0,
    badges: [],
  },
];

/** A new account's plan. */
export const DEFAULT_PLAN_ID: PlanId = 'free';

/** The plan with this id; an unknown id (a plan since removed) reads as the free plan. */
export function planById(id: string): Plan {
  return PLANS.find((p) => p.id === id) ?? (PLANS[0] as Plan);
}

/** The mail link Enterprise's button opens. */
export function contactSalesHref(): string {
  return `mailto:${SALES_EMAIL}?subject=${encodeURIComponent('Plume Enterprise')}`;
}
