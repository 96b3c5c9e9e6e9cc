// npm run db:migrate: applies the committed migrations and exits (the server also does this at start).
import { loadConfig } from '../config';
import { openDatabase } from './client';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, onError: () => {} });
await database.close();
console.log(`Migrations applied (${database.kind}).`);
