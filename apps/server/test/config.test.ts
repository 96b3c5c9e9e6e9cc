import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { DataDirLockedError, openDatabase } from '../src/db/client';
import { build, seedPglite } from './helpers/build';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'plume-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      // A newcomer opens whichever loopback address they see: each spelling is trusted.
      trustedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'],
      databaseUrl: undefined,
      runWorker: true,
    });
    expect(loadConfig({ DATA_DIR: tempDir(), APP_URL: 'https://plume.example/' }).trustedOrigins).toEqual([
      'https://plume.example',
    ]);
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      SMTP_URL: 'http://mail',
      DATA_DIR: tempDir(),
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['DATABASE_URL', 'PORT', 'SMTP_URL']);
  });

  it('requires APP_SECRET and real mail in production', () => {
    expect(problemsOf({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toEqual([
      'APP_SECRET: required when NODE_ENV=production',
      'SMTP_URL: required when NODE_ENV=production (the dev mailer never runs in production)',
    ]);
  });

  it('generates APP_SECRET into DATA_DIR on first run and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).appSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'app-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(first);
  });

  it('needs both X credentials or neither', () => {
    expect(problemsOf({ X_CLIENT_ID: 'id', DATA_DIR: tempDir() })).toEqual([
      'X_CLIENT_ID / X_CLIENT_SECRET: set both or neither',
    ]);
  });

  it('counts a placeholder X client id as not configured (the connect button then says so), a real one as set', () => {
    for (const [id, secret] of [
      ['your_x_client_id_here', 'your_x_client_secret_here'],
      ['<client id>', 'real-looking-secret'],
      ['abc123', 'changeme'],
      ['PLACEHOLDER', 'PLACEHOLDER'],
    ]) {
      expect(loadConfig({ X_CLIENT_ID: id, X_CLIENT_SECRET: secret, DATA_DIR: tempDir() }).x).toBeUndefined();
    }
    expect(loadConfig({ X_CLIENT_ID: 'Y2xpZW50LWlk', X_CLIENT_SECRET: 's3cr3t-value', DATA_DIR: tempDir() }).x).toEqual(
      {
        clientId: 'Y2xpZW50LWlk',
        clientSecret: 's3cr3t-value',
      },
    );
  });
});

describe('what URLs that users enter may reach (decision 029)', () => {
  const production = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://mail.example' };
  const reach = (env: Record<string, string>) => {
    const config = loadConfig({ DATA_DIR: tempDir(), ...env });
    return { ai: config.aiReach, feeds: config.feedsReach };
  };

  it('on one’s own machine (not production, a loopback APP_URL): loopback, out of the box', () => {
    // `npm start` as a newcomer runs it: no NODE_ENV, no APP_URL (http://localhost:3000).
    expect(reach({})).toEqual({ ai: 'loopback', feeds: 'loopback' });
    expect(reach({ NODE_ENV: 'test', APP_URL: 'http://127.0.0.1:4000' })).toEqual({
      ai: 'loopback',
      feeds: 'loopback',
    });
    expect(reach({ APP_URL: 'http://[::1]:3000' })).toEqual({ ai: 'loopback', feeds: 'loopback' });
  });

  it('in production, or at a public APP_URL: public addresses only', () => {
    expect(reach({ ...production, APP_URL: 'https://plume.example' })).toEqual({ ai: 'public', feeds: 'public' });
    // Production at a loopback address (behind a proxy that forgot APP_URL) still refuses.
    expect(reach(production)).toEqual({ ai: 'public', feeds: 'public' });
    expect(reach({ APP_URL: 'https://plume.example' })).toEqual({ ai: 'public', feeds: 'public' });
    expect(reach({ APP_URL: 'http://192.168.1.5:3000' })).toEqual({ ai: 'public', feeds: 'public' });
  });

  it('the switches decide when set: true reaches private networks too, false only public addresses', () => {
    expect(reach({ ...production, APP_URL: 'https://plume.example', AI_ALLOW_PRIVATE: 'true' })).toEqual({
      ai: 'private',
      feeds: 'public',
    });
    expect(reach({ FEEDS_ALLOW_PRIVATE: '1' })).toEqual({ ai: 'loopback', feeds: 'private' });
    expect(reach({ AI_ALLOW_PRIVATE: 'false', FEEDS_ALLOW_PRIVATE: '0' })).toEqual({ ai: 'public', feeds: 'public' });
    expect(problemsOf({ DATA_DIR: tempDir(), AI_ALLOW_PRIVATE: 'yes' })).toEqual([
      expect.stringMatching(/^AI_ALLOW_PRIVATE: /),
    ]);
  });
});

// PGlite only: the PostgreSQL pass has no embedded folder to lock.
describe.skipIf(process.env.DATABASE_URL)('the embedded database folder', () => {
  it('cannot be opened twice while it is in use, and opens again once closed', async () => {
    const dir = tempDir();
    seedPglite(dir);
    const first = await openDatabase({ databaseUrl: undefined, dataDir: dir, onError: () => {} });
    try {
      await expect(openDatabase({ databaseUrl: undefined, dataDir: dir, onError: () => {} })).rejects.toBeInstanceOf(
        DataDirLockedError,
      );
    } finally {
      await first.close();
    }
    // Once closed, the folder opens again.
    const again = await openDatabase({ databaseUrl: undefined, dataDir: dir, onError: () => {} });
    await again.close();
  });
});

describe('in production', () => {
  it('has no dev outbox', async () => {
    const server = await build({
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    try {
      const response = await fetch(`${server.url}/api/dev/outbox`);
      expect(response.status).toBe(404);
      expect(await (await fetch(`${server.url}/api/config`)).json()).toMatchObject({ devOutbox: false });
    } finally {
      await server.close();
    }
  });
});
