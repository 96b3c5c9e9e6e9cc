import { dateKey, localDateOf } from '@plume/core';
import type { InboxRepository, NewNotification } from './inbox.repository';

const WEEK_MS = 7 * 86_400_000;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * What Plume suggests on its own, looked at every hour and told at most once a day (drafts) or a
 * week (a quiet persona): the dedupe key names the day or the week.
 */
export function createInboxService(deps: { inbox: InboxRepository; now?: () => Date }) {
  const { inbox, now = () => new Date() } = deps;
  return {
    async suggest(): Promise<number> {
      const at = now();
      const today = dateKey(localDateOf(at, 'UTC'));
      const week = Math.floor(at.getTime() / WEEK_MS);
      const rows: NewNotification[] = [];
      for (const { userId, drafts } of await inbox.draftsWaiting()) {
        rows.push({
          userId,
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
          userId: quiet.userId,
          personaId: quiet.personaId,
          kind: 'suggestion',
          severity: 'info',
          title: `${quiet.name} has not posted for a week`,
          message: 'Write a few posts in its studio, or turn on automated posting.',
          link: `/advanced/${quiet.personaId}`,
          dedupeKey: `quiet:${quiet.personaId}:${week}`,
        });
      }
      return inbox.add(rows);
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
