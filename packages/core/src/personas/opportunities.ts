import { z } from 'zod';
import { platformSchema } from '../platforms/platform-schema';

/*
 * The dashboard's upcoming engagement opportunities (app spec: Persona dashboard; decision 031):
 * what a user could act on now, each drawn from real data and linking to where they act on it.
 */

/**
 * mentions: people who mentioned, replied to or quoted a persona lately and got no reply;
 * replies: reply drafts waiting in the review queue; spike: a post doing unusually well against
 * the persona's own baseline; fresh_items: new items in the persona's sources, not shared yet.
 */
export const OPPORTUNITY_KINDS = ['mentions', 'replies', 'spike', 'fresh_items'] as const;
export type OpportunityKind = (typeof OPPORTUNITY_KINDS)[number];

/** How far back each kind looks: mentions and items go stale; a spike is a post of the last week. */
export const OPPORTUNITY_WINDOWS = { mentionsHours: 24, freshItemsHours: 48, spikeDays: 7, baselineDays: 90 } as const;
/** The most opportunities the panel lists, newest first. */
export const OPPORTUNITY_LIST_MAX = 20;

/**
 * A post takes off (decision 020): at least SPIKE_MIN_ENGAGEMENT engagements and SPIKE_FACTOR times
 * the median of the persona's other posts of the baseline window, of which there are at least
 * SPIKE_MIN_OTHERS. Answers the usual engagement, or null when it is not a spike.
 */
export const SPIKE_MIN_ENGAGEMENT = 5;
export const SPIKE_FACTOR = 3;
/**
 * The smallest baseline a spike is measured against: a median of three posts said "taking off" of
 * a persona that had barely posted. Ten other posts of the 90 days before make "usual" mean something.
 */
export const SPIKE_MIN_OTHERS = 10;

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function engagementSpike(engagement: number, others: readonly number[]): { usual: number } | null {
  return spikeOver(engagement, { count: others.length, usual: median(others) });
}

/** The same rule over a baseline already summed up (by the database): how many posts, and their median. */
export function spikeOver(engagement: number, baseline: { count: number; usual: number }): { usual: number } | null {
  if (engagement < SPIKE_MIN_ENGAGEMENT || baseline.count < SPIKE_MIN_OTHERS) return null;
  const { usual } = baseline;
  return engagement >= SPIKE_FACTOR * Math.max(usual, 1) ? { usual } : null;
}

const linkSchema = z.object({
  /** A path in the app, or an http(s) address on the network (`external`). */
  href: z.string(),
  label: z.string(),
  external: z.boolean(),
});

export const opportunitySchema = z
  .object({
    /** What it is about: its kind and persona (and post, for a spike). Dismissing names it. */
    id: z.string(),
    kind: z.enum(OPPORTUNITY_KINDS),
    personaId: z.uuid(),
    personaName: z.string(),
    platform: platformSchema.nullable(),
    /** Mentions, reply drafts or items waiting; for a spike, the post's engagements. */
    count: z.number().int(),
    title: z.string(),
    detail: z.string(),
    /** Where the user acts on it. */
    link: linkSchema,
    /** Up to three of the things it counts (a mention, a draft, an item, the post), newest first. */
    examples: z.array(z.object({ text: z.string(), by: z.string().nullable(), url: z.string().nullable() })).max(3),
    /** The newest thing it counts: once dismissed, it shows again only when something newer comes. */
    newestAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Opportunity' });
export type Opportunity = z.infer<typeof opportunitySchema>;

export const opportunityListSchema = z
  .object({
    items: z.array(opportunitySchema),
    /** Opportunities there are that the user dismissed (and nothing newer came). */
    dismissed: z.number().int(),
    /** Whether any persona of the user has a connected account (mentions and spikes need one). */
    connected: z.boolean(),
  })
  .meta({ id: 'OpportunityList' });
export type OpportunityList = z.infer<typeof opportunityListSchema>;

/** An opportunity's id: its kind and persona, and for a spike the post (any text the network uses as an id). */
export const opportunityIdSchema = z
  .string()
  .max(600)
  .regex(
    /^(?:(?:mentions|replies|fresh_items):[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}|spike:[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}:\S+)$/,
    'must be an opportunity id from GET /api/opportunities',
  );

/** POST /api/opportunities/dismiss: the opportunities as the user saw them (their newest thing). */
export const dismissOpportunitiesSchema = z
  .object({
    items: z
      .array(z.object({ id: opportunityIdSchema, newestAt: z.iso.datetime({ offset: true }) }))
      .min(1)
      .max(OPPORTUNITY_LIST_MAX),
  })
  .meta({ id: 'DismissOpportunities' });
export type DismissOpportunities = z.infer<typeof dismissOpportunitiesSchema>;

/** The persona an opportunity id names. */
export function opportunityPersonaId(id: string): string {
  return id.split(':')[1] ?? '';
}
