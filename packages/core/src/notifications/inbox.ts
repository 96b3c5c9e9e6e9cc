import { z } from 'zod';

/*
 * In-app notifications (app spec: Entities: Notification): rows made from real events, shown in
 * the app with an unread dot; the e-mail settings decide which events are also mailed.
 */

export const NOTIFICATION_KINDS = [
  'engagement_spike',
  'suggestion',
  'platform_update',
  'mention',
  'data_export',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_SEVERITIES = ['success', 'info', 'update'] as const;
export type NotificationSeverity = (typeof NOTIFICATION_SEVERITIES)[number];

export const inAppNotificationSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(NOTIFICATION_KINDS),
    severity: z.enum(NOTIFICATION_SEVERITIES),
    title: z.string(),
    message: z.string(),
    /** Where the notification leads in the app (a path), if anywhere. */
    link: z.string().nullable(),
    personaId: z.uuid().nullable(),
    read: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'InAppNotification' });
export type InAppNotification = z.infer<typeof inAppNotificationSchema>;

export const inAppNotificationListSchema = z
  .object({
    items: z.array(inAppNotificationSchema),
    unread: z.number().int(),
    /** With `limit` or `cursor`: the next page's cursor; null, this was the last (decision 044-list-paging). */
    nextCursor: z.string().nullable().optional(),
  })
  .meta({ id: 'InAppNotificationList' });
export type InAppNotificationList = z.infer<typeof inAppNotificationListSchema>;

export const notificationIdParamsSchema = z.object({ id: z.uuid('must be a notification id') });

/** How many notifications the list shows, newest first. */
export const NOTIFICATION_LIST_MAX = 50;
