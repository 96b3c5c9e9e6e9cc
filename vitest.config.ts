import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'] } },
      // Web unit tests run in Node; a file that needs the DOM (components, storage, window) says so
      // with a `@vitest-environment jsdom` comment, or is a .test.tsx.
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'web-dom', root: 'apps/web', include: ['src/**/*.test.tsx'], environment: 'jsdom' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/helpers/database-template.ts'],
          setupFiles: ['test/helpers/fail-on-console-error.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own database (or PostgreSQL database) and server on free ports, so two
          // files run side by side, one per core.
          maxWorkers: 2,
          isolate: false,
        },
      },
    ],
  },
});
