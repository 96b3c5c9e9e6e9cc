/**
 * Connected accounts (editor spec: Connected Accounts tab, Bluesky and X connection, connection
 * report; §7 calls): the API's shapes, shared by server and web. Tokens never appear here: they
 * stay encrypted on the server (DESIGN.md, Principle 5).
 */
import { z } from 'zod';
import { connectedAccountSchema, HANDLE_MAX, personaIdParamsSchema } from '../personas/persona';
import { accountSpendSchema } from '../platforms/budget';
import { platformSchema } from '../platforms/platform-schema';

/** Bluesky grants the persona asks for: read and create posts, read profiles, follow accounts. */
export const BLUESKY_OAUTH_SCOPE = 'atproto transition:generic';
/** X scopes (editor spec §6). */
/** `media.write`: images (decision 046-media-library); an account connected before it reconnects to post them. */
export const X_SCOPES = [
  'tweet.read',
  'tweet.write',
  'users.read',
  'follows.read',
  'follows.write',
  'offline.access',
  'media.write',
];

export const BLUESKY_HANDLE_REQUIRED = 'Please enter your Bluesky handle.';
export const BLUESKY_HANDLE_INVALID = 'Please enter a valid Bluesky handle (e.g., username.bsky.social).';
export const X_NOT_CONFIGURED = 'X API client ID not configured. Please check your environment variables.';

/**
 * The handle modal's rules (editor spec §5): not empty after trimming; only letters, digits, dots
 * and hyphens. A leading @ is dropped, and a bare name means a bsky.social handle, as people type it.
 */
export function parseBlueskyHandle(input: string): { handle: string } | { error: string } {
  const trimmed = input.trim().replace(/^@/, '');
  if (trimmed === '') return { error: BLUESKY_HANDLE_REQUIRED };
  if (!/^[a-zA-Z0-9.-]+$/.test(trimmed)) return { error: BLUESKY_HANDLE_INVALID };
  const handle = (trimmed.includes('.') ? trimmed : `${trimmed}.bsky.social`).toLowerCase();
  // Each label 1-63 characters, no leading/trailing hyphen, at most HANDLE_MAX in all (atproto handle syntax).
  const labels = handle.split('.');
  const wellFormed =
    handle.length <= HANDLE_MAX &&
    labels.every((l) => l.length > 0 && l.length <= 63 && !l.startsWith('-') && !l.endsWith('-'));
  return wellFormed ? { handle } : { error: BLUESKY_HANDLE_INVALID };
}

export const blueskyHandleSchema = z.string().transform((value, ctx) => {
  const parsed = parseBlueskyHandle(value);
  if ('error' in parsed) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed.handle;
});

/**
 * A connected account as the Accounts tab shows it: the spec's connection report (platform,
 * username, isConnected, connectedAt, status, followers, lastSyncAt) and what the card needs.
 */
export const accountSchema = connectedAccountSchema
  .extend({
    displayName: z.string(),
    avatarUrl: z.string().nullable(),
    /** Where the profile is seen on the web. */
    profileUrl: z.string().nullable(),
    authMethod: z.enum(['oauth', 'app_password']),
    /** Why the status is `error` (a revoked or expired connection): reconnect to mend it. */
    errorMessage: z.string().nullable(),
    /**
     * What the account spent of the network's limits or bill today and this month (decision 033):
     * in the persona's list of accounts; a connection's own answer leaves it out.
     */
    spend: accountSpendSchema.optional(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;
export const accountListSchema = z.array(accountSchema);

export const accountParamsSchema = personaIdParamsSchema.extend({ platform: platformSchema });

/** POST /api/personas/{id}/accounts/bluesky/app-password: the second way in (bots, self-hosted servers). */
export const blueskyAppPasswordRequestSchema = z
  .object({
    handle: blueskyHandleSchema,
    appPassword: z.string().trim().min(1, 'App password is required').max(200),
    /** The account's server, when it is not found from the handle (self-hosted PDS). */
    service: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .max(2048)
      .optional(),
  })
  .meta({ id: 'BlueskyAppPasswordRequest' });
export type BlueskyAppPasswordRequest = z.infer<typeof blueskyAppPasswordRequestSchema>;

/**
 * GET /api/oauth/bluesky: the popup's first page; answers with a redirect to the account's
 * authorization server (PAR, PKCE and DPoP). The spec's query: state, handle, redirectUrl,
 * personaId, authMethod=dpop, popupId, t (state, redirectUrl and t are accepted and not needed).
 */
export const blueskyOAuthStartQuerySchema = z.object({
  handle: z.string().max(300),
  personaId: z.uuid('must be a persona id'),
  popupId: z.string().max(100).optional(),
  state: z.string().max(200).optional(),
  redirectUrl: z.string().max(2048).optional(),
  authMethod: z.string().max(20).optional(),
  t: z.string().max(40).optional(),
  /** The open workspace: a popup cannot send the X-Plume-Workspace header (decision 058-workspace-web). */
  workspace: z.string().max(100).optional(),
});

/** POST /api/oauth/token: finishes a Bluesky authorization with the code the callback received. */
export const blueskyTokenRequestSchema = z
  .object({
    code: z.string().min(1, 'Missing authorization code').max(2000),
    state: z.string().min(1, 'Missing state parameter').max(2000),
    personaId: z.uuid('must be a persona id').optional(),
    iss: z.string().max(2048).optional(),
  })
  .meta({ id: 'BlueskyTokenRequest' });
export const blueskyProfileSchema = z.object({ did: z.string(), handle: z.string() }).meta({ id: 'BlueskyProfile' });
export type BlueskyProfile = z.infer<typeof blueskyProfileSchema>;
/** The token exchange's answer: the profile and the account, never the tokens (they stay on the server). */
export const blueskyTokenResponseSchema = z
  .object({ personaId: z.string(), profile: blueskyProfileSchema, account: accountSchema })
  .meta({ id: 'BlueskyTokenResponse' });

/** GET /api/oauth/x: the X popup's first page; answers with a redirect to X's authorization page. */
export const xOAuthStartQuerySchema = z.object({
  personaId: z.uuid('must be a persona id'),
  popupId: z.string().max(100).optional(),
  /** The open workspace: a popup cannot send the X-Plume-Workspace header (decision 058-workspace-web). */
  workspace: z.string().max(100).optional(),
});

/** The X user profile (editor spec §3). */
export const xUserProfileSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    name: z.string(),
    profileImageUrl: z.string().nullable(),
    verified: z.boolean(),
    publicMetrics: z.object({
      followersCount: z.number().int(),
      followingCount: z.number().int(),
      tweetCount: z.number().int(),
      listedCount: z.number().int(),
    }),
  })
  .meta({ id: 'XUserProfile' });
export type XUserProfile = z.infer<typeof xUserProfileSchema>;

/**
 * POST /api/auth/x/token: the /x/callback page hands over X's code and state; the PKCE verifier
 * was kept on the server with the state, so the spec's codeVerifier and clientId are not needed.
 */
export const xTokenRequestSchema = z
  .object({
    code: z.string().min(1, 'Missing required OAuth parameters').max(2000),
    state: z.string().min(1, 'Missing required OAuth parameters').max(200),
    personaId: z.uuid('must be a persona id').optional(),
    redirectUri: z.string().max(2048).optional(),
    codeVerifier: z.string().max(200).optional(),
    clientId: z.string().max(200).optional(),
  })
  .meta({ id: 'XTokenRequest' });
export const xTokenResponseSchema = z
  .object({ personaId: z.string(), user: xUserProfileSchema, account: accountSchema })
  .meta({ id: 'XTokenResponse' });

/** POST /api/auth/x/refresh: renews the persona's X token on the server (the spec's refreshToken and clientId are not needed). */
export const xRefreshRequestSchema = z
  .object({
    personaId: z.uuid('must be a persona id'),
    refreshToken: z.string().max(2000).optional(),
    clientId: z.string().max(200).optional(),
  })
  .meta({ id: 'XRefreshRequest' });
export const xRefreshResponseSchema = z.object({ expiresAt: z.string() }).meta({ id: 'XRefreshResponse' });

/** GET /api/x/user/me?personaId=: the persona's X profile, read from X with its stored token. */
export const xUserQuerySchema = z.object({ personaId: z.uuid('must be a persona id') });
