import { z } from 'zod';

/**
 * The spec's session user: username is the e-mail, else the full name, else empty — or the
 * username chosen in Account settings, once there is one.
 */
export const sessionUserSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    avatarUrl: z.string().nullable(),
    jwt: z.string(),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUserSchema>;

export function usernameOf(user: { username?: string | null; email?: string | null; name?: string | null }): string {
  return user.username?.trim() || user.email?.trim() || user.name?.trim() || '';
}

/** One message kept by the dev mailer (never in production). */
export const devOutboxMessageSchema = z
  .object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    url: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'DevOutboxMessage' });
export const devOutboxSchema = z.array(devOutboxMessageSchema);
export type DevOutboxMessage = z.infer<typeof devOutboxMessageSchema>;

/** What the web app needs to know about the server's setup; nothing secret. */
export const publicConfigSchema = z
  .object({
    xSignIn: z.boolean(),
    /** Whether personas can connect X accounts (the server has an X client id). */
    xConnect: z.boolean(),
    devOutbox: z.boolean(),
    helpUrl: z.string(),
    version: z.string(),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** The web app's session probe: 200 whether or not anyone is signed in. */
export const sessionStateSchema = z
  .object({ user: sessionUserSchema.omit({ jwt: true }).nullable() })
  .meta({ id: 'SessionState' });
export type SessionState = z.infer<typeof sessionStateSchema>;
