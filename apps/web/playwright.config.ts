import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { pdsUrl, peerEnv } from './e2e/peers';

const port = Number(process.env.E2E_PORT ?? 3300);
// The app on 127.0.0.1 and the PDS on localhost (its OAuth issuer is always http://localhost:<port>):
// two sites, as a Bluesky server and Plume always are. On one site the PDS refuses the authorization
// page (Sec-Fetch-Site: same-site) and the two would share cookies (cookies ignore ports).
export const baseURL = `http://127.0.0.1:${port}`;
// Debian's headless shell (what Playwright itself runs headless) takes about a third less time than
// the full browser; the full one is the fallback (decision 017).
const browser = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file));

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: browser,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      // A real Bluesky PDS (and PLC directory) on loopback, up before the app that talks to it.
      command: 'npx tsx e2e/start-peers.ts',
      url: `${pdsUrl}/xrpc/_health`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The production build, on its own fresh data folder (or DATABASE_URL's database, as in CI).
      command: 'node e2e/start-server.mjs',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        APP_URL: baseURL,
        AUTH_RATE_LIMIT: '1000',
        // The landing tests publish posts and expect the metrics to count them at once.
        LANDING_METRICS_CACHE_SECONDS: '0',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        // The sources tests serve real feed documents on loopback.
        FEEDS_ALLOW_PRIVATE: 'true',
        // The writing tests point Global Settings at a local model server on loopback.
        AI_ALLOW_PRIVATE: 'true',
        // Where Global Settings looks for Ollama: a port nothing listens on, whatever runs on this machine.
        OLLAMA_URL: 'http://127.0.0.1:1',
        ...peerEnv,
      },
    },
  ],
});
