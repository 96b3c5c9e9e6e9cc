import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, magicLink } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accounts, sessions, users, verifications } from '../../db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { magicLinkMail } from '../../integrations/mail/templates';

export const MAGIC_LINK_MINUTES = 15;
export const SESSION_COOKIE_PREFIX = 'plume';
/** Set by the bridge to the request's address; whatever a client sends under this name is replaced. */
export const CLIENT_IP_HEADER = 'x-plume-client-ip';

export function createAuth(options: {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** A user was just created (their first sign-in): their personal workspace is made here. */
  onUserCreated: (user: { id: string }) => Promise<void>;
}) {
  const { config, db, mailer, log } = options;
  return betterAuth({
    appName: 'Plume',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.appSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    // Limits are enforced by Fastify with counters in the database, shared by every process.
    rateLimit: { enabled: false },
    // The profile is edited through Account settings (/api/me/profile), which checks each field and
    // keeps the e-mail fixed; the library's own routes for it would go around those checks.
    disabledPaths: ['/update-user', '/change-email', '/delete-user'],
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Read with the session (the session user's name); set only through Account settings.
    user: { additionalFields: { username: { type: 'string', required: false, input: false } } },
    account: { encryptOAuthTokens: true },
    databaseHooks: { user: { create: { after: (user) => options.onUserCreated(user) } } },
    advanced: {
      // Always checked, tests included (the library turns it off when NODE_ENV is test).
      disableOriginCheck: false,
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.appUrl.startsWith('https://'),
      database: { generateId: () => crypto.randomUUID() },
      // The client address as Fastify worked it out (TRUST_PROXY), set by the bridge: kept on sessions.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    socialProviders: config.x ? { twitter: { clientId: config.x.clientId, clientSecret: config.x.clientSecret } } : {},
    logger: {
      log: (level, message, ...args) => log[level]({ args }, `auth: ${message}`),
    },
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_MINUTES * 60,
        sendMagicLink: async ({ email, url }) => {
          await mailer.send(magicLinkMail(email, url, MAGIC_LINK_MINUTES));
        },
      }),
      bearer({ requireSignature: true }),
    ],
  });
}
export type Auth = ReturnType<typeof createAuth>;
