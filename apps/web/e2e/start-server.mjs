// Starts the built server for the browser tests on a fresh data folder, one per port: two runs on
// different ports (E2E_PORT) side by side must not delete each other's database.
import { rmSync } from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(import.meta.dirname, '..', '..', '..', '.tmp', `e2e-data-${process.env.PORT ?? '3300'}`);
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
await import('../../server/dist/server.js');
