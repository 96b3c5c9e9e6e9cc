import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { BackupError, restoreBackup, takeBackup } from './backup';
import { DataDirLockedError } from './client';

/*
 * `npm run backup [FILE]` and `npm run restore FILE` (decision 045-backups). Restore reads only
 * DATA_DIR and DATABASE_URL: loading the whole configuration would make a new APP_SECRET in the
 * empty DATA_DIR before the backup's could be put there.
 */
const [command, file] = process.argv.slice(2);

async function main(): Promise<string> {
  if (command === 'backup') {
    const config = loadConfig();
    const archive = await takeBackup({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      appSecret: config.appSecret,
      version: config.version,
      port: config.port,
      host: config.host,
    });
    const out = path.resolve(file ?? `plume-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.plume`);
    writeFileSync(out, archive, { mode: 0o600 });
    return `Wrote ${out} (${(archive.length / 1_048_576).toFixed(1)} MB). It holds the database and, when the instance made its own, its APP_SECRET: keep it private.`;
  }
  if (command === 'restore') {
    if (!file) throw new BackupError('Name the backup to restore: npm run restore FILE');
    const env = process.env;
    return restoreBackup(
      { dataDir: path.resolve(env.DATA_DIR || './data'), databaseUrl: env.DATABASE_URL || undefined },
      readFileSync(path.resolve(file)),
    );
  }
  throw new BackupError('Usage: backup-cli.ts backup [FILE] | restore FILE');
}

main().then(
  (message) => console.log(message),
  (error: unknown) => {
    const known =
      error instanceof BackupError ||
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      (error as NodeJS.ErrnoException).code === 'ENOENT';
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  },
);
