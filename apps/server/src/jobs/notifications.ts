import type { NotificationsService } from '../modules/notifications/notifications.service';
import type { JobDefinition } from './queue';

export const SEND_NOTIFICATIONS = 'send-notifications';
export const WEEKLY_SUMMARY = 'weekly-summary';

/** Every minute the notices due (post outcomes, broken connections); Mondays at 09:00 UTC the weekly summary. */
export function notificationJobs(notifications: NotificationsService): JobDefinition[] {
  return [
    { name: SEND_NOTIFICATIONS, cron: '* * * * *', handler: () => notifications.sendPending() },
    { name: WEEKLY_SUMMARY, cron: '0 9 * * 1', handler: () => notifications.sendWeeklySummaries() },
  ];
}
