/**
 * The plans (app spec §9, Business constants). Prices are US dollars a month; a null limit is
 * unlimited. Enterprise has no price: it is a contact-sales mail link.
 */
export const PLAN_IDS = ['free', 'growth', 'professional'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type Plan = {
  id: PlanId;
  name: string;
  monthlyPrice: number;
  limits: { personas: number | null; postsPerMonth: number | null };
  features: string[];
  /** Days of free trial; 0 for none. */
  trialDays: number;
  /** The pricing table's ribbons ('Most Popular', 'Best Value'). */
  badges: string[];
};

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free Starter',
    monthlyPrice: 0,
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
    monthlyPrice: 19,
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
    monthlyPrice: 49,
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
];

export const DEFAULT_PLAN_ID: PlanId = 'free';
/** Paid plans carry this guarantee (landing copy). */
export const MONEY_BACK_DAYS = 14;
export const ENTERPRISE_CONTACT = 'mailto:sales@plume.local?subject=Plume%20Enterprise';

/** The plan with this id; an unknown id (a plan since removed) reads as the free plan. */
export function planById(id: string): Plan {
  return PLANS.find((p) => p.id === id) ?? (PLANS[0] as Plan);
}
