/**
 * Account settings (app spec: Account settings; Entities: Profile): the profile, sessions,
 * personal API tokens, billing and e-mail notifications. One source of types for server and web.
 */
import { z } from 'zod';
import { PLAN_IDS } from '../billing/plans';
import { timeZoneSchema } from '../personas/schedule';
import { workspaceRoleSchema } from '../workspaces/workspaces';

export const EMAIL_CANNOT_CHANGE = 'Email address cannot be changed';
export const USERNAME_TAKEN = 'That username is taken';

/** Usernames: 3-30 letters, digits, '.', '_' or '-', starting with a letter or digit; kept lowercase. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const USERNAME_RULE = 'Use 3-30 letters, digits, dots, dashes or underscores, starting with a letter or digit';
export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, USERNAME_RULE);

export const FULL_NAME_MAX = 100;
const fullNameSchema = z
  .string()
  .trim()
  .max(FULL_NAME_MAX, `Full name must be at most ${FULL_NAME_MAX} characters`)
  .refine((v) => !/[<>]/.test(v), 'Full name cannot contain < or >');

/** GET /api/me/profile. `timeZone` is the one stored by /api/me/preferences (null: the browser's). */
export const profileSchema = z
  .object({
    username: z.string().nullable(),
    email: z.string(),
    fullName: z.string(),
    timeZone: z.string().nullable(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

/** PATCH /api/me/profile: only the fields sent change. A null username removes it; e-mail is not here. */
export const profileUpdateSchema = z
  .strictObject({
    username: usernameSchema.nullable().optional(),
    fullName: fullNameSchema.optional(),
    timeZone: timeZoneSchema.nullable().optional(),
    // Named so that a client sending it hears why, with the field (spec: e-mail is not editable).
    email: z.never({ error: EMAIL_CANNOT_CHANGE }).optional(),
  })
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** One signed-in session (a browser or device), for Security. */
export const accountSessionSchema = z
  .object({
    id: z.string(),
    /** 'Chrome 126 on macOS', from the user agent; 'Unknown browser' without one. */
    device: z.string(),
    userAgent: z.string().nullable(),
    ipAddress: z.string().nullable(),
    createdAt: z.string(),
    lastActiveAt: z.string(),
    expiresAt: z.string(),
    /** The session this request came from. */
    current: z.boolean(),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z.array(accountSessionSchema);

/** POST /api/me/sessions/revoke-all: every other session, or every one including this one. */
export const revokeAllSessionsSchema = z
  .object({ includeCurrent: z.boolean().default(false) })
  .meta({ id: 'RevokeAllSessions' });
export const revokedSchema = z.object({ revoked: z.number().int() }).meta({ id: 'Revoked' });

/** Personal API tokens: `Authorization: Bearer plume_…` on every API route. */
export const API_TOKEN_PREFIX = 'plume_';
export const API_TOKENS_MAX = 20;
export const API_TOKEN_NAME_MAX = 60;
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;

export const apiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The token's first characters ('plume_AbC1…'), to tell tokens apart; never the whole secret. */
    prefix: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    /** The one workspace it acts in. */
    workspaceId: z.string(),
    /** The most it may do there; null: whatever its owner's role is (never more than that role). */
    role: workspaceRoleSchema.nullable(),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.array(apiTokenSchema);

export const apiTokenCreateSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Name is required')
      .max(API_TOKEN_NAME_MAX, `Name must be at most ${API_TOKEN_NAME_MAX} characters`),
    /** The most it may do in the open workspace (at most your own role); absent: your role, whatever it becomes. */
    role: workspaceRoleSchema.optional(),
    /** Days until it stops working; null or absent: it never expires. */
    expiresInDays: z
      .number()
      .int()
      .refine((d) => (API_TOKEN_EXPIRY_DAYS as readonly number[]).includes(d), 'must be 7, 30, 90 or 365')
      .nullable()
      .optional(),
  })
  .meta({ id: 'ApiTokenCreate' });
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

/** The answer to creating a token: the only time its secret is sent. */
export const createdApiTokenSchema = z
  .object({ token: apiTokenSchema, secret: z.string() })
  .meta({ id: 'CreatedApiToken' });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

/** GET /api/me/billing: the plan, real usage, whether its limits apply, and that payment is not connected. */
export const billingSchema = z
  .object({
    planId: z.enum(PLAN_IDS),
    usage: z.object({
      personas: z.number().int(),
      /** The workspace's members (seats). */
      seats: z.number().int(),
      /** Posts published since the start of this month in the user's time zone (UTC without one). */
      postsThisMonth: z.number().int(),
      periodStart: z.string(),
    }),
    paymentConnected: z.boolean(),
    /**
     * Whether the plan's limits (personas, posts a month) apply on this instance (PLAN_LIMITS=on).
     * false, the self-hosted default: there are no plan limits, and usage is shown without them.
     */
    limitsEnforced: z.boolean(),
  })
  .meta({ id: 'Billing' });
export type Billing = z.infer<typeof billingSchema>;

/** Events that can send an e-mail (sent within a minute of the event, by the job queue). */
export const NOTIFICATION_EVENTS = [
  {
    key: 'postFailed',
    label: 'Post failed',
    description: 'A scheduled post could not be published, or its outcome is unknown and needs you to decide.',
  },
  {
    key: 'postPublished',
    label: 'Post published',
    description: 'A scheduled post went out.',
  },
  {
    key: 'accountAttention',
    label: 'Account or automation needs attention',
    description:
      "An X or Bluesky account stopped working and has to be connected again, or a persona's automation paused itself.",
  },
  {
    key: 'weeklySummary',
    label: 'Weekly summary',
    description: "Mondays at 09:00 UTC: last week's published and failed posts, and the coming week's, per persona.",
  },
  {
    key: 'approvalWaiting',
    label: 'Post waiting for approval',
    description: 'In a workspace where you approve posts, an editor or automation sent one for approval.',
  },
] as const;
export type NotificationKey = (typeof NOTIFICATION_EVENTS)[number]['key'];

export const notificationSettingsSchema = z
  .strictObject({
    postFailed: z.boolean(),
    postPublished: z.boolean(),
    accountAttention: z.boolean(),
    weeklySummary: z.boolean(),
    /** Older clients send the first four only: off unless sent. */
    approvalWaiting: z.boolean().default(false),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** What a new account gets: mail when something needs the user, not for every success. */
export const DEFAULT_NOTIFICATIONS: NotificationSettings = {
  postFailed: true,
  postPublished: false,
  accountAttention: true,
  weeklySummary: false,
  approvalWaiting: false,
};
