// Starts the built server for the browser tests on a fresh data folder.
import { rmSync } from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(import.meta.dirname, '..', '..', '..', '.tmp', 'e2e-data');
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
await import('../../server/dist/server.js');
