import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3300);
export const baseURL = `http://localhost:${port}`;

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
      executablePath: '/usr/bin/chromium',
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
  webServer: {
    // The production build, on its own fresh data folder (or DATABASE_URL's database, as in CI).
    command: 'node e2e/start-server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      APP_URL: baseURL,
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // The sources tests serve real feed documents on loopback.
      FEEDS_ALLOW_PRIVATE: 'true',
      // The writing tests point Global Settings at a local model server on loopback.
      AI_ALLOW_PRIVATE: 'true',
    },
  },
});
