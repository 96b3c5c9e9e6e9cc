import { PAUSE_EFFECT, PLATFORM_LABELS, quotePost } from '@plume/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer';
import {
  accountAttentionMail,
  automationPausedMail,
  postFailedMail,
  postPublishedMail,
  weeklySummaryMail,
} from '../../integrations/mail/templates';
import type { InboxRepository } from '../inbox/inbox.repository';
import type { WebhookEvents } from '../webhooks/webhooks.service';
import type { NotificationsRepository } from './notifications.repository';

/** At most this many notices of each kind per run; the rest wait for the next minute. */
const BATCH = 100;
const WEEK_MS = 7 * 86_400_000;
/** Two weekly summaries to one user are at least this far apart (a week, less some slack for the cron). */
const WEEKLY_GAP_MS = 6 * 86_400_000;
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Why a connection broke, then what to do, said once: the adapters' reasons already end with
 * "Reconnect the account.", which the notice replaces with where and which account.
 */
function reconnectNotice(reason: string | null, username: string): string {
  const why = (reason ?? 'The connection stopped working')
    .replace(/\s*Reconnect the account\.?\s*$/i, '')
    .trim()
    .replace(/[.!]?$/, '.');
  return `${why} Reconnect @${username} in the Accounts tab.`;
}

/**
 * The e-mails chosen in Account settings, Notifications. Events are read from the database (a
 * scheduled post's outcome, a connection in error), so whichever process published the post,
 * each is told once: marked first, unmarked again if the mail could not be sent.
 */
export function createNotificationsService(deps: {
  repository: NotificationsRepository;
  /** Each event is also an in-app notification, whatever the e-mail settings say. */
  inbox: Pick<InboxRepository, 'add'>;
  mailer: Mailer;
  appUrl: string;
  /** A broken connection is told to the owner's webhooks too, once per break (the claim above). */
  events?: Pick<WebhookEvents, 'emit'>;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { repository, mailer, appUrl, log, now = () => new Date() } = deps;

  async function deliver(message: MailMessage, unmark: () => Promise<void>): Promise<boolean> {
    try {
      await mailer.send(message);
      return true;
    } catch (error) {
      log.warn({ err: error, subject: message.subject }, 'a notification e-mail could not be sent; trying again later');
      await unmark();
      return false;
    }
  }

  return {
    /** Every minute: scheduled posts' outcomes, broken connections and automation pauses nobody was told about. */
    async sendPending(): Promise<{ sent: number; skipped: number }> {
      let sent = 0;
      let skipped = 0;
      const at = now();

      const outcomes = await repository.pendingOutcomes(BATCH);
      const mine = new Set(
        await repository.markOutcomesNotified(
          outcomes.map((o) => o.postId),
          at,
        ),
      );
      await deps.inbox.add(
        outcomes
          .filter((o) => mine.has(o.postId) && o.status !== 'posted')
          .map((o) => ({
            workspaceId: o.workspaceId,
            personaId: o.personaId,
            kind: 'platform_update' as const,
            severity: 'update' as const,
            title:
              o.status === 'failed'
                ? `A post to ${PLATFORM_LABELS[o.platform]} failed`
                : `A post to ${PLATFORM_LABELS[o.platform]} may not have gone out`,
            message: `${o.personaName}: “${quotePost(o.content)}”${o.error ? ` (${o.error})` : ''}`,
            link: '/calendar',
            dedupeKey: `post:${o.postId}:${o.status}`,
          })),
      );
      for (const outcome of outcomes) {
        if (!mine.has(outcome.postId)) continue;
        if (!outcome.wanted) {
          skipped += 1;
          continue;
        }
        const platformLabel = PLATFORM_LABELS[outcome.platform];
        const message =
          outcome.status === 'posted'
            ? postPublishedMail(outcome.email, { ...outcome, platformLabel }, appUrl)
            : postFailedMail(outcome.email, { ...outcome, platformLabel, status: outcome.status }, appUrl);
        if (await deliver(message, () => repository.unmarkOutcome(outcome.postId, at))) sent += 1;
      }

      const broken = await repository.pendingBrokenConnections(BATCH);
      const claimed = new Set(
        await repository.markConnectionsNotified(
          broken.map((b) => b.accountId),
          at,
        ),
      );
      // A pause the broken connection caused is told with it, in one notice (decision 035).
      const pausedWith = new Set(
        await repository.markPausesTold(
          broken.filter((b) => claimed.has(b.accountId) && b.pausedForIt).map((b) => b.personaId),
          at,
        ),
      );
      await deps.inbox.add(
        broken
          .filter((b) => claimed.has(b.accountId))
          .map((b) => ({
            workspaceId: b.workspaceId,
            personaId: b.personaId,
            kind: 'platform_update' as const,
            severity: 'update' as const,
            title: `${b.personaName}'s ${PLATFORM_LABELS[b.platform]} connection needs attention`,
            message: `${reconnectNotice(b.errorMessage, b.username)}${
              pausedWith.has(b.personaId) ? ' Its automation is paused: resume it once the account is reconnected.' : ''
            }`,
            link: `/editor/${b.personaId}?tab=accounts`,
            dedupeKey: `account:${b.accountId}:${at.toISOString()}`,
          })),
      );
      await deps.events?.emit(
        broken
          .filter((b) => claimed.has(b.accountId))
          .map((b) => ({
            workspaceId: b.workspaceId,
            type: 'connection.broken' as const,
            key: `connection.broken:${b.accountId}:${at.toISOString()}`,
            data: {
              accountId: b.accountId,
              personaId: b.personaId,
              personaName: b.personaName,
              platform: b.platform,
              username: b.username,
              reason: b.errorMessage,
              automationPaused: pausedWith.has(b.personaId),
            },
          })),
      );
      for (const connection of broken) {
        if (!claimed.has(connection.accountId)) continue;
        if (!connection.wanted) {
          skipped += 1;
          continue;
        }
        const automationPaused = pausedWith.has(connection.personaId);
        const message = accountAttentionMail(
          connection.email,
          { ...connection, platformLabel: PLATFORM_LABELS[connection.platform], automationPaused },
          appUrl,
        );
        const unmark = async () => {
          await repository.unmarkConnection(connection.accountId, at);
          if (automationPaused) await repository.unmarkPause(connection.personaId, at);
        };
        if (await deliver(message, unmark)) sent += 1;
      }

      // Automation that paused itself: why, and where to resume it.
      const pauses = await repository.pendingPauses(BATCH);
      const told = new Set(
        await repository.markPausesTold(
          pauses.map((p) => p.personaId),
          at,
        ),
      );
      await deps.inbox.add(
        pauses
          .filter((p) => told.has(p.personaId))
          .map((p) => ({
            workspaceId: p.workspaceId,
            personaId: p.personaId,
            kind: 'platform_update' as const,
            severity: 'update' as const,
            title: `${p.personaName}'s automation is paused`,
            message: `${capitalize(p.message)} ${PAUSE_EFFECT}`,
            link: `/editor/${p.personaId}?tab=automation`,
            dedupeKey: `pause:${p.personaId}:${p.pausedAt.toISOString()}`,
          })),
      );
      for (const pause of pauses) {
        if (!told.has(pause.personaId)) continue;
        if (!pause.wanted) {
          skipped += 1;
          continue;
        }
        const message = automationPausedMail(pause.email, pause, appUrl);
        if (await deliver(message, () => repository.unmarkPause(pause.personaId, at))) sent += 1;
      }
      return { sent, skipped };
    },

    /** Mondays: the past seven days per persona, to everyone who asked for it and has a persona. */
    async sendWeeklySummaries(): Promise<{ sent: number }> {
      const to = now();
      const from = new Date(to.getTime() - WEEK_MS);
      let sent = 0;
      for (const recipient of await repository.weeklyRecipients()) {
        const personas = await repository.weeklyFigures(recipient.userId, from, to);
        if (personas.length === 0) continue;
        // Marked before sending: a retried or repeated run skips whoever already had this week's.
        const claim = await repository.claimWeekly(recipient.userId, to, WEEKLY_GAP_MS);
        if (!claim) continue;
        try {
          await mailer.send(weeklySummaryMail(recipient.email, { from, to, personas }, appUrl));
          sent += 1;
        } catch (error) {
          log.warn({ err: error }, 'a weekly summary could not be sent');
          await repository.unclaimWeekly(recipient.userId, to, claim.previous);
        }
      }
      return { sent };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
