import {
  type DismissOpportunities,
  OPPORTUNITY_LIST_MAX,
  OPPORTUNITY_WINDOWS,
  type Opportunity,
  type OpportunityList,
  opportunityPersonaId,
  PLATFORM_LABELS,
  type Platform,
  platformSchema,
  quotePost,
  spikeOver,
} from '@plume/core';
import { NotFoundError } from '../../errors';
import { PERSONA_NOT_FOUND } from '../personas/persona-access';
import type { OpportunitiesRepository } from './opportunities.repository';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const snippet = (text: string) => quotePost(text.replace(/\s+/g, ' ').trim(), 140);
const platformOf = (value: string): Platform | null => platformSchema.safeParse(value).data ?? null;

type Row = { personaId: string; personaName: string };

/** Rows grouped by persona, keeping their order (newest first). */
function byPersona<T extends Row>(rows: T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(row.personaId, [...(groups.get(row.personaId) ?? []), row]);
  return [...groups.values()];
}

/**
 * The dashboard's upcoming engagement opportunities (decision 031), each from the workspace's own rows:
 * mentions no reply answered, reply drafts waiting for review, a post doing unusually well against
 * its persona's baseline, fresh items of the persona's sources. A dismissed one stays hidden, on
 * every device, until something newer than what was dismissed comes for it.
 */
export function createOpportunitiesService(deps: { repository: OpportunitiesRepository; now?: () => Date }) {
  const { repository, now = () => new Date() } = deps;

  async function mentionsWaiting(workspaceId: string, at: Date): Promise<Opportunity[]> {
    const since = new Date(at.getTime() - OPPORTUNITY_WINDOWS.mentionsHours * HOUR_MS);
    return byPersona(await repository.unansweredMentions(workspaceId, since)).map((rows) => {
      const [newest] = rows as [(typeof rows)[number], ...typeof rows];
      const platform = platformOf(newest.platform);
      const network = platform ? PLATFORM_LABELS[platform] : 'the network';
      const people = new Set(rows.map((r) => r.authorHandle)).size;
      return {
        id: `mentions:${newest.personaId}`,
        kind: 'mentions',
        personaId: newest.personaId,
        personaName: newest.personaName,
        platform,
        count: rows.length,
        title: `${plural(rows.length, 'mention')} without a reply`,
        detail: `${plural(people, 'person', 'people')} talked to ${newest.personaName} in the last ${OPPORTUNITY_WINDOWS.mentionsHours} hours and got no reply.`,
        link: newest.url
          ? { href: newest.url, label: `Reply on ${network}`, external: true }
          : { href: `/editor/${newest.personaId}?tab=automation`, label: 'See the activity log', external: false },
        examples: rows.slice(0, 3).map((r) => ({ text: snippet(r.text), by: `@${r.authorHandle}`, url: r.url })),
        newestAt: newest.receivedAt.toISOString(),
      };
    });
  }

  async function repliesWaiting(workspaceId: string): Promise<Opportunity[]> {
    return byPersona(await repository.replyDraftsWaiting(workspaceId)).map((rows) => {
      const [newest] = rows as [(typeof rows)[number], ...typeof rows];
      return {
        id: `replies:${newest.personaId}`,
        kind: 'replies',
        personaId: newest.personaId,
        personaName: newest.personaName,
        platform: platformOf(newest.platform),
        count: rows.length,
        title: `${plural(rows.length, 'reply', 'replies')} waiting for review`,
        detail: `${rows.length === 1 ? 'A reply' : 'Replies'} to people who mentioned ${newest.personaName}: nothing goes out until you approve.`,
        link: { href: `/calendar?persona=${newest.personaId}#review`, label: 'Review replies', external: false },
        examples: rows.slice(0, 3).map((r) => ({
          text: snippet(r.content),
          by: r.replyToAuthor ? `to @${r.replyToAuthor}` : null,
          url: null,
        })),
        newestAt: newest.createdAt.toISOString(),
      };
    });
  }

  async function spikes(workspaceId: string, at: Date): Promise<Opportunity[]> {
    const recent = await repository.spikeCandidates(
      workspaceId,
      new Date(at.getTime() - OPPORTUNITY_WINDOWS.spikeDays * DAY_MS),
      new Date(at.getTime() - OPPORTUNITY_WINDOWS.baselineDays * DAY_MS),
    );
    const found: Opportunity[] = [];
    for (const post of recent) {
      const engagement = Number(post.engagement);
      const spike = spikeOver(engagement, { count: post.baseline.count, usual: post.baseline.usual ?? 0 });
      if (!spike) continue;
      const platform = platformOf(post.platform);
      const network = platform ? PLATFORM_LABELS[platform] : 'the network';
      const times = Math.round((engagement / Math.max(spike.usual, 1)) * 10) / 10;
      found.push({
        id: `spike:${post.personaId}:${post.externalId}`,
        kind: 'spike',
        personaId: post.personaId,
        personaName: post.personaName,
        platform,
        count: engagement,
        title: 'A post is taking off',
        detail:
          spike.usual === 0
            ? `${plural(engagement, 'engagement')}; ${post.personaName}'s posts usually get none. Join the conversation while it lasts.`
            : `${plural(engagement, 'engagement')}, ${times}× ${post.personaName}'s usual ${spike.usual}. Join the conversation while it lasts.`,
        link: post.url
          ? { href: post.url, label: `Open on ${network}`, external: true }
          : { href: `/analytics/${post.personaId}`, label: 'See analytics', external: false },
        examples: [{ text: snippet(post.text), by: null, url: post.url }],
        newestAt: post.postedAt.toISOString(),
      });
    }
    return found;
  }

  async function freshItems(workspaceId: string, at: Date): Promise<Opportunity[]> {
    const since = new Date(at.getTime() - OPPORTUNITY_WINDOWS.freshItemsHours * HOUR_MS);
    return byPersona(await repository.freshItems(workspaceId, since)).map((rows) => {
      const [newest] = rows as [(typeof rows)[number], ...typeof rows];
      return {
        id: `fresh_items:${newest.personaId}`,
        kind: 'fresh_items',
        personaId: newest.personaId,
        personaName: newest.personaName,
        platform: null,
        count: rows.length,
        title: `${plural(rows.length, 'new item')} in ${newest.personaName}'s sources`,
        detail: `Fetched in the last ${OPPORTUNITY_WINDOWS.freshItemsHours} hours and not shared yet: something to write about.`,
        link: { href: `/advanced/${newest.personaId}`, label: 'Write about them', external: false },
        examples: rows.slice(0, 3).map((r) => ({ text: snippet(r.title), by: null, url: r.link })),
        newestAt: newest.fetchedAt.toISOString(),
      };
    });
  }

  return {
    async list(workspaceId: string): Promise<OpportunityList> {
      const at = now();
      const [found, dismissals, connected] = await Promise.all([
        Promise.all([
          mentionsWaiting(workspaceId, at),
          repliesWaiting(workspaceId),
          spikes(workspaceId, at),
          freshItems(workspaceId, at),
        ]),
        repository.dismissals(workspaceId),
        repository.hasConnection(workspaceId),
      ]);
      const all = found.flat();
      // Hidden while nothing newer than what was dismissed came.
      const shown = all.filter((o) => {
        const through = dismissals.get(o.id);
        return !through || new Date(o.newestAt).getTime() > through.getTime();
      });
      shown.sort((a, b) => b.newestAt.localeCompare(a.newestAt) || a.id.localeCompare(b.id));
      return { items: shown.slice(0, OPPORTUNITY_LIST_MAX), dismissed: all.length - shown.length, connected };
    },

    /** Hides opportunities of the workspace's personas; another workspace's persona is not found. */
    async dismiss(workspaceId: string, input: DismissOpportunities): Promise<void> {
      const at = now();
      const latest = new Map<string, Date>();
      for (const item of input.items) {
        // Never past now: a dismissal hides what the user saw, not what is still to come.
        const through = new Date(Math.min(new Date(item.newestAt).getTime(), at.getTime()));
        const kept = latest.get(item.id);
        if (!kept || through > kept) latest.set(item.id, through);
      }
      const personaIds = [...new Set([...latest.keys()].map(opportunityPersonaId))];
      const owned = await repository.ownedPersonaIds(workspaceId, personaIds);
      if (personaIds.some((id) => !owned.has(id))) throw new NotFoundError(PERSONA_NOT_FOUND);
      const forgetBefore = new Date(at.getTime() - (OPPORTUNITY_WINDOWS.spikeDays + 1) * DAY_MS);
      await repository.dismiss(
        workspaceId,
        [...latest].map(([key, through]) => ({ key, through })),
        forgetBefore,
      );
    },
  };
}
export type OpportunitiesService = ReturnType<typeof createOpportunitiesService>;
