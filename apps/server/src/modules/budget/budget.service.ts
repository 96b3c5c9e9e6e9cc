import {
  type AccountSpend,
  BUDGET_METERS,
  BUDGET_SAFE_SHARE,
  type BudgetLimit,
  type BudgetMeter,
  dayStart,
  localDateOf,
  PLATFORM_RULES,
  PLATFORMS,
  type Platform,
  type Spend,
  startOfDay,
} from '@plume/core';
import type { FastifyBaseLogger } from 'fastify';
import type { UsageMeter } from '../../integrations/platform';
import { type BudgetWait, budgetWait } from '../automation/safety';
import { type BudgetRepository, FINE_MINUTES } from './budget.repository';

/** Each network's limits per meter: the networks' facts (PLATFORM_RULES) unless a test makes them small. */
export type BudgetLimits = Record<Platform, Partial<Record<BudgetMeter, readonly BudgetLimit[]>>>;

/** The networks' own limits, from their facts. */
export function networkLimits(): BudgetLimits {
  const limits = {} as BudgetLimits;
  for (const platform of PLATFORMS) {
    const meters = PLATFORM_RULES[platform].budget.meters;
    limits[platform] = Object.fromEntries(
      BUDGET_METERS.flatMap((meter) => (meters[meter] ? [[meter, meters[meter].limits]] : [])),
    );
  }
  return limits;
}

/** 5-minute buckets are looked at over the longest window of any limit; a day more than that is kept. */
const FINE_KEEP_MS = 2 * 86_400_000;
/** Hour buckets: this month and the one before, whatever the zone. */
const COARSE_KEEP_MS = 63 * 86_400_000;

/** An account as the budget knows it: its network and its id there (a DID, an X user id). */
export type BudgetAccount = { platform: Platform; externalId: string };

/**
 * Every platform budget (decision 033): the meter the adapters report each call's spend to, the
 * question automation asks before it acts (does this fit within the safe share of the network's
 * limits, or when will it), and each account's spend today and this month for the screens.
 */
export function createBudget(deps: {
  repository: BudgetRepository;
  /** The networks' limits; tests make them small. */
  limits?: BudgetLimits;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { repository, log, now = () => new Date() } = deps;
  const limits = deps.limits ?? networkLimits();

  const meter: UsageMeter = {
    async record(platform, accountId, spend) {
      try {
        await repository.record(platform, accountId, spend, now());
      } catch (error) {
        // The call itself went through: a spend not kept must not turn it into a failure.
        log.warn({ err: error, platform }, 'recording a platform spend failed');
      }
    },
  };

  /** When `spend` fits within `share` of the account's limits: null now, else the wait. */
  async function waitFor(account: BudgetAccount, spend: Spend, share: number): Promise<BudgetWait | null> {
    const own = limits[account.platform];
    const meters = (Object.keys(spend) as BudgetMeter[]).filter((m) => (spend[m] ?? 0) > 0 && own[m]?.length);
    if (meters.length === 0) return null;
    const at = now();
    const longest = Math.max(...meters.flatMap((m) => (own[m] ?? []).map((l) => l.minutes)));
    const buckets = await repository.bucketsSince(
      account.platform,
      account.externalId,
      meters,
      new Date(at.getTime() - longest * 60_000),
    );
    return budgetWait({
      platform: account.platform,
      limits: own,
      buckets,
      bucketMinutes: FINE_MINUTES,
      spend,
      at,
      share,
    });
  }

  return {
    meter,

    /** Plume's own sending: whether the action fits within the safe share, or how long it waits. */
    wait: (account: BudgetAccount, spend: Spend) => waitFor(account, spend, BUDGET_SAFE_SHARE),

    /** A person posting now through Plume: whether it fits within the network's whole limit. */
    waitWhole: (account: BudgetAccount, spend: Spend) => waitFor(account, spend, 1),

    /** Each account's spend today and this month, in `timeZone` (every account with none has zeros). */
    async spendOf(accounts: BudgetAccount[], timeZone: string): Promise<(account: BudgetAccount) => AccountSpend> {
      const at = now();
      const today = startOfDay(at, timeZone);
      const date = localDateOf(at, timeZone);
      const month = dayStart({ ...date, day: 1 }, timeZone);
      const rows = await repository.spent(
        accounts.map((a) => a.externalId),
        { today, month },
      );
      const byAccount = new Map<string, AccountSpend>();
      for (const row of rows) {
        const key = `${row.platform}:${row.accountId}`;
        const spend = byAccount.get(key) ?? { today: {}, month: {} };
        if (row.today > 0) spend.today[row.meter] = row.today;
        if (row.month > 0) spend.month[row.meter] = row.month;
        byAccount.set(key, spend);
      }
      return (account) => byAccount.get(`${account.platform}:${account.externalId}`) ?? { today: {}, month: {} };
    },

    /** Drops the buckets no window or screen looks at any more. */
    prune(): Promise<number> {
      const at = now().getTime();
      return repository.deleteBefore({ fine: new Date(at - FINE_KEEP_MS), coarse: new Date(at - COARSE_KEEP_MS) });
    },
  };
}
export type Budget = ReturnType<typeof createBudget>;
