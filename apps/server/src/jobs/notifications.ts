import type { NotificationsService } from '../modules/notifications/notifications.service';
import type { JobDefinition, Queue } from './queue';

export const SEND_NOTIFICATIONS = 'send-notifications';
export const WEEKLY_SUMMARY = 'weekly-summary';

/**
 * Tells the owner now, not at the next minute: a connection broke, automation paused. Sends that come together make
 * one run (its key); a send that fails is not the caller's failure, since the every-minute run
 * tells it anyway.
 */
export async function sendNotificationsNow(queue: Queue): Promise<void> {
  await queue.send(SEND_NOTIFICATIONS, {}, { singletonKey: 'now' }).catch(() => null);
}

/**
 * Every minute (and at once when a connection breaks or automation pauses) the notices due (post
 * outcomes, broken connections, automation pauses); Mondays at 09:00 UTC the weekly summary.
 */
export function notificationJobs(notifications: NotificationsService): JobDefinition[] {
  return [
    { name: SEND_NOTIFICATIONS, cron: '* * * * *', handler: () => notifications.sendPending() },
    { name: WEEKLY_SUMMARY, cron: '0 9 * * 1', handler: () => notifications.sendWeeklySummaries() },
  ];
}
