import { type Analytics, dateKey, localDateOf, MIN_POSTS_FOR_INSIGHTS } from '@plume/core';
import type { WebhookEvents } from '../webhooks/webhooks.service';
import type { InboxRepository, NewNotification } from './inbox.repository';

const WEEK_MS = 7 * 86_400_000;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * What Plume suggests on its own, looked at every hour and told at most once a day (drafts) or a
 * week (a quiet persona, a persona's insights): the dedupe key names the day or the week.
 */
export function createInboxService(deps: {
  inbox: InboxRepository;
  /** The recommendations of a persona's last 30 days (its analytics, decision 020). */
  insights: (workspaceId: string, personaId: string) => Promise<Analytics['recommendations']>;
  /** Drafts waiting for review are told to the owner's webhooks too, once a day as in the app. */
  events?: Pick<WebhookEvents, 'emit'>;
  now?: () => Date;
}) {
  const { inbox, now = () => new Date() } = deps;
  return {
    async suggest(): Promise<number> {
      const at = now();
      const today = dateKey(localDateOf(at, 'UTC'));
      const week = Math.floor(at.getTime() / WEEK_MS);
      const rows: NewNotification[] = [];
      const waiting = await inbox.draftsWaiting();
      await deps.events?.emit(
        waiting.map(({ workspaceId, drafts }) => ({
          workspaceId,
          type: 'draft.waiting_review' as const,
          key: `draft.waiting_review:${today}`,
          data: { drafts, day: today },
        })),
      );
      for (const { workspaceId, drafts } of waiting) {
        rows.push({
          workspaceId,
          personaId: null,
          kind: 'suggestion',
          severity: 'info',
          title: `${plural(drafts, 'draft')} waiting for review`,
          message: 'Approve them to schedule them, or reject what should not go out.',
          link: '/calendar',
          dedupeKey: `drafts:${today}`,
        });
      }
      for (const quiet of await inbox.quietPersonas(new Date(at.getTime() - WEEK_MS))) {
        rows.push({
          workspaceId: quiet.workspaceId,
          personaId: quiet.personaId,
          kind: 'suggestion',
          severity: 'info',
          title: `${quiet.name} has not posted for a week`,
          message: 'Write a few posts in its studio, or turn on automated posting.',
          link: `/advanced/${quiet.personaId}`,
          dedupeKey: `quiet:${quiet.personaId}:${week}`,
        });
      }
      // Once a week, what a persona's own figures say works: its best day and hour, how often to post.
      const monthAgo = new Date(at.getTime() - 30 * 86_400_000);
      for (const persona of await inbox.personasWithReadings(monthAgo, MIN_POSTS_FOR_INSIGHTS)) {
        const dedupeKey = `insights:${persona.personaId}:${week}`;
        if (await inbox.has(persona.workspaceId, dedupeKey)) continue;
        const insights = await deps.insights(persona.workspaceId, persona.personaId);
        if (insights.length === 0) continue;
        rows.push({
          workspaceId: persona.workspaceId,
          personaId: persona.personaId,
          kind: 'suggestion',
          severity: 'info',
          title: `What works for ${persona.name}`,
          message: insights.map((i) => i.detail).join(' '),
          link: `/analytics/${persona.personaId}`,
          dedupeKey,
        });
      }
      return inbox.add(rows);
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
