/**
 * Every platform budget in view (decision 033): what an account has spent of each network's limits
 * (Bluesky) or bill (X), as the API reports it and the screens show it. The limits and prices are
 * the networks' facts (platforms.ts).
 */
import { z } from 'zod';
import { platformSchema } from './platform-schema';
import { BUDGET_METERS, type BudgetLimit, type BudgetMeter, PLATFORM_RULES, type Platform } from './platforms';

/**
 * The budget's safe share (decision 033): Plume's own sending (scheduled and automated posts,
 * likes, reposts, follows) keeps within this share of each network limit on the account, and waits
 * for room beyond it, so the network never has to answer 429. The rest is the owner's (a person
 * posting now through Plume may use the whole limit). The rule itself is automation's safety
 * rules' (apps/server/src/modules/automation/safety.ts).
 */
export const BUDGET_SAFE_SHARE = 0.8;

/** An amount per meter; a meter left out is 0. */
export type Spend = Partial<Record<BudgetMeter, number>>;

export const spendSchema = z.partialRecord(z.enum(BUDGET_METERS), z.number().int().min(0)).meta({ id: 'Spend' });

/** An account's spend today and this month (in the owner's zone), every Plume connection to it together. */
export const accountSpendSchema = z
  .object({
    today: spendSchema,
    month: spendSchema,
  })
  .meta({ id: 'AccountSpend' });
export type AccountSpend = z.infer<typeof accountSpendSchema>;

/** GET /api/usage's `budgets`: each connected account of the user's personas, with its spend. */
export const accountBudgetSchema = accountSpendSchema
  .extend({
    personaId: z.string(),
    personaName: z.string(),
    platform: platformSchema,
    username: z.string(),
  })
  .meta({ id: 'AccountBudget' });
export type AccountBudget = z.infer<typeof accountBudgetSchema>;

/** The meters a network counts, in the order they are shown. */
export function metersOf(platform: Platform): BudgetMeter[] {
  const { meters } = PLATFORM_RULES[platform].budget;
  return BUDGET_METERS.filter((meter) => meters[meter]);
}

/** The network's limits on a meter (none where it only bills). */
export function limitsOf(platform: Platform, meter: BudgetMeter): readonly BudgetLimit[] {
  return PLATFORM_RULES[platform].budget.meters[meter]?.limits ?? [];
}

/**
 * What an action of Plume's will spend before it is taken (the budget asks whether it fits): on
 * Bluesky a record created per post part and per like, repost or follow, and one more for a post's
 * threadgate (`gated`: who may reply is limited, decision 034); on X a post per part.
 */
export function plannedSpend(
  platform: Platform,
  action: 'post' | 'like' | 'repost' | 'follow',
  parts = 1,
  gated = false,
): Spend {
  const count = action === 'post' ? Math.max(1, parts) : 1;
  const points = PLATFORM_RULES[platform].budget.writePoints;
  if (points) return { points: points.create * (count + (action === 'post' && gated ? 1 : 0)) };
  return action === 'post' ? { posts: count } : {};
}

/** What a spend costs at the network's listed prices, in US dollars; null where it bills nothing. */
export function estimatedCostUsd(platform: Platform, spend: Spend): number | null {
  const { meters } = PLATFORM_RULES[platform].budget;
  let priced = false;
  let cost = 0;
  for (const meter of BUDGET_METERS) {
    const rules = meters[meter];
    if (rules?.priceUsd === undefined) continue;
    priced = true;
    const count = spend[meter] ?? 0;
    cost += count * rules.priceUsd;
    // Counted among another meter too: its own price replaces that one's.
    const parent = rules.within ? meters[rules.within] : undefined;
    if (parent?.priceUsd !== undefined) cost -= count * parent.priceUsd;
  }
  return priced ? Math.round(cost * 1000) / 1000 : null;
}

const count = (n: number) => n.toLocaleString('en-US');

/** A window as people say it: 'an hour', 'a day', '5 minutes'. */
export function windowWords(minutes: number): string {
  if (minutes === 60) return 'an hour';
  if (minutes === 1_440) return 'a day';
  if (minutes % 1_440 === 0) return `${minutes / 1_440} days`;
  if (minutes % 60 === 0) return `${minutes / 60} hours`;
  return `${minutes} minutes`;
}

/** A window after a figure: '5,000 an hour', '30 in 5 minutes'. */
export function perWindow(minutes: number): string {
  const words = windowWords(minutes);
  return words.startsWith('a') ? words : `in ${words}`;
}

/** A meter's name for an amount: 'write point', 'write points'. */
export function meterWords(platform: Platform, meter: BudgetMeter, amount: number): string {
  const label = PLATFORM_RULES[platform].budget.meters[meter]?.label ?? [meter, meter];
  return amount === 1 ? label[0] : label[1];
}

/** The network's limits on a meter in words ('5,000 an hour and 35,000 a day'), or null where it has none. */
export function limitWords(platform: Platform, meter: BudgetMeter): string | null {
  const limits = limitsOf(platform, meter);
  if (limits.length === 0) return null;
  return limits.map((l) => `${count(l.max)} ${perWindow(l.minutes)}`).join(' and ');
}

/** One line of an account's budget as the screens show it. */
export type BudgetRow = {
  meter: BudgetMeter;
  /** 'Write points', 'Posts read'. */
  label: string;
  today: number;
  month: number;
  /** The network's limits in words, or what it bills for one; null when neither. */
  limit: string | null;
};

/**
 * An account's budget as rows: each meter the network counts (a meter of X's is left out while
 * nothing was spent of it this month, save posts), and on X what the month cost at its prices.
 */
export function budgetRows(
  platform: Platform,
  spend: AccountSpend,
): { rows: BudgetRow[]; monthCostUsd: number | null } {
  const { meters } = PLATFORM_RULES[platform].budget;
  const rows: BudgetRow[] = [];
  for (const meter of metersOf(platform)) {
    const rules = meters[meter];
    if (!rules) continue;
    const today = spend.today[meter] ?? 0;
    const month = spend.month[meter] ?? 0;
    if (rules.limits.length === 0 && month === 0) continue;
    const limits = limitWords(platform, meter);
    const price =
      rules.priceUsd !== undefined ? `${platformRuleName(platform)} bills $${rules.priceUsd.toFixed(3)} each` : null;
    const label = rules.label[1];
    rows.push({
      meter,
      label: label.charAt(0).toUpperCase() + label.slice(1),
      today,
      month,
      limit: limits ? `${platformRuleName(platform)} allows ${limits}` : price,
    });
  }
  return { rows, monthCostUsd: estimatedCostUsd(platform, spend.month) };
}

const platformRuleName = (platform: Platform) => PLATFORM_RULES[platform].label;
