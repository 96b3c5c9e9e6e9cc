import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { BudgetLimits } from '../../src/modules/budget/budget.service';
import type { WebhookTiming } from '../../src/modules/webhooks/webhooks.service';

/** A free port on loopback, so APP_URL (and so magic links) can name it before listening. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * With DATABASE_URL set, each test server gets a fresh database on that server; otherwise it gets
 * PGlite in a fresh folder. Both start migrated, from the suite's template (database-template.ts),
 * unless `migrated` is false: then the database is empty, as on a first start.
 */
export async function freshDatabaseUrl(
  options: { migrated?: boolean } = {},
): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => {} };
  const name = `plume_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const template = options.migrated === false ? undefined : inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Puts a copy of the suite's migrated PGlite template in `dataDir`, where the app opens its database. */
export function seedPglite(dataDir: string): void {
  const template = inject('pgliteTemplate');
  if (!template) throw new Error('No PGlite template: the server suite runs on DATABASE_URL');
  cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
}

export type TestServer = {
  app: FastifyInstance;
  url: string;
  dataDir: string;
  /** The PostgreSQL database it uses (undefined on PGlite): a second app may share it, as a second process would. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
};

/**
 * Builds the whole app on a real port with its own database and a stand-in web build.
 * `logStream` receives the log lines (set LOG_LEVEL in `env` to see them).
 */
export async function build(
  env: Record<string, string> = {},
  options: {
    logStream?: { write(line: string): void };
    defaultAppUrl?: boolean;
    clock?: () => Date;
    random?: () => number;
    /** Hears every statement the app runs through Drizzle (a query log). */
    onQuery?: (sql: string, params: unknown[]) => void;
    /** Each network's limits on an account (read at each check: a test may change them between cases). */
    budgetLimits?: BudgetLimits;
    /** Webhook retries and turning off, made quick. */
    webhookTiming?: Partial<WebhookTiming>;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plume-test-'));
  const webDist = path.join(dataDir, 'web');
  mkdirSync(webDist);
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Plume</title><div id="root"></div>');
  const database = await freshDatabaseUrl();
  if (!database.url) seedPglite(dataDir);
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    // `defaultAppUrl`: APP_URL left unset, as a newcomer's (http://localhost:PORT).
    ...(options.defaultAppUrl ? {} : { APP_URL: `http://127.0.0.1:${port}` }),
    AUTH_RATE_LIMIT: '1000',
    METRICS_REFRESH_RATE_LIMIT: '1000',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const app = await buildApp(config, options);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    databaseUrl: config.databaseUrl,
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
