import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HOSTED_BASE_URLS, HOSTED_MODELS, MEDIA_DEFAULT_QUOTA_BYTES } from '@plume/core';
import { z } from 'zod';
import type { NetworkReach } from './integrations/feeds/safe-fetch';
import type { S3MediaStoreOptions } from './integrations/media-store/s3-media-store';

const bool = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** PostgreSQL: connections each process's pool may open (decision 048-fair-under-load). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(25),
  APP_URL: z.url().optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: readable lines on a terminal, JSON lines otherwise (a file, a log collector). */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Plume <no-reply@plume.local>'),
  X_CLIENT_ID: z.string().min(1).optional(),
  X_CLIENT_SECRET: z.string().min(1).optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  PUBLIC_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  LANDING_METRICS_CACHE_SECONDS: z.coerce.number().int().min(0).default(60),
  RUN_WORKER: bool.default(true),
  WEB_DIST: z.string().min(1).optional(),
  HELP_URL: z.url().optional(),
  /** Unset: decided by where Plume runs (reachOf). */
  FEEDS_ALLOW_PRIVATE: bool.optional(),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  AI_PROVIDER: z.enum(['openai', 'anthropic', 'custom']).optional(),
  AI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  GENERATION_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  AI_ALLOW_PRIVATE: bool.optional(),
  /** Unset: decided by where Plume runs (reachOf), as for feeds. */
  WEBHOOKS_ALLOW_PRIVATE: bool.optional(),
  /** Where Global Settings looks for an Ollama server on this machine (decision 037). */
  OLLAMA_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('http://127.0.0.1:11434'),
  PLAN_LIMITS: z.enum(['on', 'off']).default('off'),
  /** 0: no scheduled reads (Refresh still reads). */
  METRICS_SYNC_MINUTES: z.coerce.number().int().min(0).default(60),
  X_METRICS_SYNC_MINUTES: z.coerce.number().int().min(0).default(360),
  X_METRICS_MAX_PAGES: z.coerce.number().int().min(1).max(50).default(2),
  METRICS_REFRESH_RATE_LIMIT: z.coerce.number().int().min(1).default(6),
  BLUESKY_SERVICE: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://bsky.social'),
  BLUESKY_HANDLE_RESOLVER: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://bsky.social'),
  BLUESKY_PLC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://plc.directory'),
  BLUESKY_ALLOW_PRIVATE: bool.default(false),
  X_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://api.x.com'),
  X_AUTHORIZE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://x.com/i/oauth2/authorize'),
  /** How long X's answer may go quiet before a call gives up (a post then is unconfirmed). */
  X_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Each user's media library, at most (decision 046-media-library). */
  MEDIA_QUOTA_BYTES: z.coerce.number().int().min(0).default(MEDIA_DEFAULT_QUOTA_BYTES),
  /** Set: images are stored in this S3-compatible bucket instead of the database. */
  MEDIA_S3_BUCKET: z.string().min(1).optional(),
  MEDIA_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
  MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  MEDIA_S3_FORCE_PATH_STYLE: bool.default(false),
});

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * An ALLOW_PRIVATE switch as a reach (decision 029): true reaches loopback and private networks,
 * false neither; unset, loopback is reached when Plume runs on one's own machine (not production,
 * opened at a loopback APP_URL, so its users are on that machine and reach its loopback anyway).
 */
export function reachOf(allow: boolean | undefined, ownMachine: boolean): NetworkReach {
  if (allow !== undefined) return allow ? 'private' : 'public';
  return ownMachine ? 'loopback' : 'public';
}

function trustedOriginsOf(appUrl: string): string[] {
  const url = new URL(appUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: the most connections this process's pool opens. */
  databasePoolSize: number;
  appUrl: string;
  /**
   * Origins the app's pages may be opened at: APP_URL's, and when that is a loopback address, the
   * other spellings of loopback on its port (a newcomer opens whichever address the log shows).
   */
  trustedOrigins: string[];
  appSecret: string;
  logLevel: string;
  /** How log lines are written; undefined: decided by whether stdout is a terminal. */
  logFormat: 'pretty' | 'json' | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  x: { clientId: string; clientSecret: string } | undefined;
  /** Requests a minute to each /api/auth route from one address. */
  authRateLimit: number;
  /** Requests a minute from one address to each public write (waitlist, the landing demo's sample). */
  publicRateLimit: number;
  /** How long the landing's metrics (four aggregates over every user) are kept in memory; 0: not kept. */
  landingMetricsCacheSeconds: number;
  runWorker: boolean;
  webDist: string;
  helpUrl: string | undefined;
  /** The media library (decision 046-media-library): each user's quota, and the bucket when images go to S3. */
  media: {
    quotaBytes: number;
    s3: S3MediaStoreOptions | undefined;
  };
  /** What server-side fetches of feed and site URLs that users enter may reach (FEEDS_ALLOW_PRIVATE). */
  feedsReach: NetworkReach;
  /** How many proxies in front of Plume may set X-Forwarded-For (0: none, the socket address counts). */
  trustProxy: number;
  /** The server-wide AI provider (users may choose their own); unset: the offline composer writes. */
  ai: AiProviderConfig | undefined;
  /** How long one call to an AI provider may take. */
  aiTimeoutMs: number;
  /** Writing requests (chat, draft, generate, test) a minute per user. */
  generationRateLimit: number;
  /** What webhook URLs that users register may reach (WEBHOOKS_ALLOW_PRIVATE), checked at registration and at each delivery. */
  webhooksReach: NetworkReach;
  /** What AI base URLs that users enter may reach (AI_ALLOW_PRIVATE): a model on this machine, a network's. */
  aiReach: NetworkReach;
  /** The Ollama server Global Settings offers, when the AI reach allows this machine (OLLAMA_URL). */
  ollamaUrl: string;
  /**
   * PLAN_LIMITS=on: the plans' persona and monthly post limits apply (a hosted service). Off, the
   * default for a self-hosted instance: no plan limits, and Billing shows usage without them.
   */
  planLimits: boolean;
  /** Refreshes of metrics a minute from one client address. */
  metricsRefreshRateLimit: number;
  metrics: {
    /** How often each network's accounts are read (X separately: X bills every read); 0: only on demand. */
    intervalMinutes: { bluesky: number; x: number };
    /** Pages of 100 posts one sync reads per account (on X each page is a billed read). */
    maxPages: { bluesky: number; x: number };
  };
  bluesky: {
    /** Where app-password sign-ins go when the user names no server of their own. */
    service: string;
    /** An XRPC service that resolves handles (com.atproto.identity.resolveHandle). */
    handleResolver: string;
    plcUrl: string;
    /** Let Bluesky servers, resolvers and authorization servers be on loopback or private addresses, over http (tests, self-hosting). */
    allowPrivate: boolean;
  };
  /** X's API and authorization page (a contract stub in tests). */
  xEndpoints: { apiUrl: string; authorizeUrl: string; timeoutMs: number };
  version: string;
};

export type AiProviderConfig = {
  provider: 'openai' | 'anthropic' | 'custom';
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** apps/server, from src/config.ts and from the bundled dist/*.js alike (both one level down). */
export const serverRoot = path.resolve(import.meta.dirname, '..');
export const migrationsFolder = path.join(serverRoot, 'drizzle');

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Reads APP_SECRET from DATA_DIR, creating it on first run (not allowed in production). */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * A value copied from an example file and never filled in ('your_x_client_id', '<client id>',
 * 'changeme'): the spec counts such an X client id as not configured.
 */
export function isPlaceholderValue(value: string | undefined): boolean {
  if (!value) return false;
  return /^(your[\s_-]|<.*>$|\[.*\]$|changeme$|change[_-]me$|placeholder|todo$|xxx+$|\.\.\.$)/i.test(value.trim());
}

/** Validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as shells and .env files often leave them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  // A placeholder X client id or secret is not configured: X's connect button says so.
  if (isPlaceholderValue(e.X_CLIENT_ID) || isPlaceholderValue(e.X_CLIENT_SECRET)) {
    e.X_CLIENT_ID = undefined;
    e.X_CLIENT_SECRET = undefined;
  }
  const problems: string[] = [];
  if (e.NODE_ENV === 'production' && !e.APP_SECRET) {
    problems.push('APP_SECRET: required when NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    problems.push('SMTP_URL: required when NODE_ENV=production (the dev mailer never runs in production)');
  }
  if (Boolean(e.X_CLIENT_ID) !== Boolean(e.X_CLIENT_SECRET)) {
    problems.push('X_CLIENT_ID / X_CLIENT_SECRET: set both or neither');
  }
  if (!e.DATABASE_URL && !e.RUN_WORKER) {
    problems.push('RUN_WORKER: cannot be false with the embedded database (PGlite is single-process)');
  }
  if (!e.AI_PROVIDER && (e.AI_BASE_URL || e.AI_MODEL || e.AI_API_KEY)) {
    problems.push('AI_PROVIDER: set it (openai, anthropic or custom) to use AI_BASE_URL, AI_MODEL or AI_API_KEY');
  }
  if (e.AI_PROVIDER === 'custom' && !e.AI_BASE_URL) problems.push('AI_BASE_URL: required when AI_PROVIDER=custom');
  if (e.AI_PROVIDER === 'custom' && !e.AI_MODEL) problems.push('AI_MODEL: required when AI_PROVIDER=custom');
  if ((e.AI_PROVIDER === 'openai' || e.AI_PROVIDER === 'anthropic') && !e.AI_API_KEY) {
    problems.push(`AI_API_KEY: required when AI_PROVIDER=${e.AI_PROVIDER}`);
  }
  if (!e.MEDIA_S3_ACCESS_KEY_ID !== !e.MEDIA_S3_SECRET_ACCESS_KEY) {
    problems.push(
      'MEDIA_S3_SECRET_ACCESS_KEY: set both MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY, or neither',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const ownMachine = e.NODE_ENV !== 'production' && LOOPBACK_HOSTS.includes(new URL(appUrl).hostname);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    appUrl,
    trustedOrigins: trustedOriginsOf(appUrl),
    appSecret: e.APP_SECRET ?? loadOrCreateSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    x: e.X_CLIENT_ID && e.X_CLIENT_SECRET ? { clientId: e.X_CLIENT_ID, clientSecret: e.X_CLIENT_SECRET } : undefined,
    authRateLimit: e.AUTH_RATE_LIMIT,
    publicRateLimit: e.PUBLIC_RATE_LIMIT,
    landingMetricsCacheSeconds: e.LANDING_METRICS_CACHE_SECONDS,
    runWorker: e.RUN_WORKER,
    webDist: path.resolve(e.WEB_DIST ?? path.join(serverRoot, '..', 'web', 'dist')),
    helpUrl: e.HELP_URL,
    media: {
      quotaBytes: e.MEDIA_QUOTA_BYTES,
      s3: e.MEDIA_S3_BUCKET
        ? {
            bucket: e.MEDIA_S3_BUCKET,
            endpoint: e.MEDIA_S3_ENDPOINT,
            region: e.MEDIA_S3_REGION,
            accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID,
            secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE,
          }
        : undefined,
    },
    feedsReach: reachOf(e.FEEDS_ALLOW_PRIVATE, ownMachine),
    trustProxy: e.TRUST_PROXY,
    ai: e.AI_PROVIDER
      ? {
          provider: e.AI_PROVIDER,
          baseUrl: e.AI_BASE_URL ?? (e.AI_PROVIDER === 'custom' ? '' : HOSTED_BASE_URLS[e.AI_PROVIDER]),
          model: e.AI_MODEL ?? (e.AI_PROVIDER === 'custom' ? '' : HOSTED_MODELS[e.AI_PROVIDER][0]),
          apiKey: e.AI_API_KEY,
        }
      : undefined,
    aiTimeoutMs: e.AI_TIMEOUT_MS,
    generationRateLimit: e.GENERATION_RATE_LIMIT,
    aiReach: reachOf(e.AI_ALLOW_PRIVATE, ownMachine),
    webhooksReach: reachOf(e.WEBHOOKS_ALLOW_PRIVATE, ownMachine),
    ollamaUrl: e.OLLAMA_URL.replace(/\/+$/, ''),
    planLimits: e.PLAN_LIMITS === 'on',
    metricsRefreshRateLimit: e.METRICS_REFRESH_RATE_LIMIT,
    metrics: {
      intervalMinutes: { bluesky: e.METRICS_SYNC_MINUTES, x: e.X_METRICS_SYNC_MINUTES },
      maxPages: { bluesky: 10, x: e.X_METRICS_MAX_PAGES },
    },
    bluesky: {
      service: e.BLUESKY_SERVICE.replace(/\/$/, ''),
      handleResolver: e.BLUESKY_HANDLE_RESOLVER.replace(/\/$/, ''),
      plcUrl: e.BLUESKY_PLC_URL.replace(/\/$/, ''),
      allowPrivate: e.BLUESKY_ALLOW_PRIVATE,
    },
    xEndpoints: {
      apiUrl: e.X_API_URL.replace(/\/$/, ''),
      authorizeUrl: e.X_AUTHORIZE_URL,
      timeoutMs: e.X_TIMEOUT_MS,
    },
    version: readVersion(),
  };
}
