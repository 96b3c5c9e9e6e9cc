import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { isAlive, lockDataDir } from './client';

/*
 * Backups that restore (decision 045-backups). An archive is one file: a first line naming the
 * format, a JSON header, then its parts' bytes one after another: `database` (PGlite's data folder
 * as a gzipped tarball, or pg_dump's custom format) and, when the instance made its own, the
 * `app-secret` from DATA_DIR (the key of the stored tokens: without it they cannot be read).
 */

const MAGIC = 'PLUME-BACKUP 1\n';
const PART_NAMES = ['database', 'app-secret'] as const;
type PartName = (typeof PART_NAMES)[number];
export type BackupKind = 'pglite' | 'postgres';
type Header = { kind: BackupKind; createdAt: string; version: string; parts: { name: PartName; bytes: number }[] };

/** A backup or restore that cannot go on; its message says why and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The bearer the running server wants for its PGlite dump: only who can read APP_SECRET can ask. */
export const backupToken = (appSecret: string): string =>
  createHmac('sha256', appSecret).update('plume backup').digest('base64url');

const secretFile = (dataDir: string) => path.join(dataDir, 'app-secret');

export function packArchive(kind: BackupKind, version: string, database: Uint8Array, dataDir: string): Buffer {
  const parts: [PartName, Uint8Array][] = [['database', database]];
  if (existsSync(secretFile(dataDir))) parts.push(['app-secret', readFileSync(secretFile(dataDir))]);
  const header: Header = {
    kind,
    createdAt: new Date().toISOString(),
    version,
    parts: parts.map(([name, bytes]) => ({ name, bytes: bytes.byteLength })),
  };
  return Buffer.concat([Buffer.from(`${MAGIC}${JSON.stringify(header)}\n`), ...parts.map(([, bytes]) => bytes)]);
}

export function unpackArchive(file: Buffer): { header: Header; parts: Partial<Record<PartName, Buffer>> } {
  const notOne = () => new BackupError('This file is not a Plume backup (npm run backup writes them)');
  if (file.subarray(0, MAGIC.length).toString() !== MAGIC) throw notOne();
  const end = file.indexOf(10, MAGIC.length);
  if (end < 0) throw notOne();
  let header: Header;
  try {
    header = JSON.parse(file.subarray(MAGIC.length, end).toString()) as Header;
  } catch {
    throw notOne();
  }
  const parts: Partial<Record<PartName, Buffer>> = {};
  let at = end + 1;
  for (const part of header.parts ?? []) {
    if (!PART_NAMES.includes(part.name) || at + part.bytes > file.length) {
      throw new BackupError('This backup is cut short or damaged: its parts do not add up');
    }
    parts[part.name] = file.subarray(at, at + part.bytes);
    at += part.bytes;
  }
  if ((header.kind !== 'pglite' && header.kind !== 'postgres') || !parts.database) throw notOne();
  return { header, parts };
}

/** Runs a PostgreSQL client tool; a clear message when it is not installed. */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[]): void {
  const ran = spawnSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if ((ran.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new BackupError(
      `${tool} was not found: install the PostgreSQL client tools (the server's major version or newer) and put ${tool} on PATH`,
    );
  }
  if (ran.error) throw ran.error;
  if (ran.status !== 0) throw new BackupError(`${tool} failed: ${(ran.stderr || ran.stdout).trim()}`);
}

export type BackupSettings = {
  dataDir: string;
  databaseUrl: string | undefined;
  appSecret: string;
  version: string;
  /** Where the running server answers (PGlite is dumped by the process that holds it). */
  port: number;
  host: string;
};

/** A backup of the instance as an archive's bytes. */
export async function takeBackup(settings: BackupSettings): Promise<Buffer> {
  if (settings.databaseUrl) {
    const work = mkdtempSync(path.join(tmpdir(), 'plume-backup-'));
    try {
      const dump = path.join(work, 'database.dump');
      // One snapshot of the whole database (Plume's tables and pg-boss's queue), no owners or grants.
      runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${dump}`, settings.databaseUrl]);
      return packArchive('postgres', settings.version, readFileSync(dump), settings.dataDir);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const holder = lockHolder(settings.dataDir);
  if (holder !== null) return fromRunningServer(settings, holder);
  // Nobody runs on this folder: open it here, under the same lock a server takes.
  const folder = path.join(settings.dataDir, 'pglite');
  if (!existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new BackupError(`There is no database in ${folder}: set DATA_DIR to the instance's data folder`);
  }
  const unlock = lockDataDir(settings.dataDir);
  try {
    const client = await PGlite.create(folder);
    try {
      await client.exec('CHECKPOINT');
      const dump = await client.dumpDataDir('gzip');
      return packArchive('pglite', settings.version, new Uint8Array(await dump.arrayBuffer()), settings.dataDir);
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}

/** The pid of the live process that holds DATA_DIR, if one does. */
function lockHolder(dataDir: string): number | null {
  const lock = path.join(dataDir, 'plume.lock');
  if (!existsSync(lock)) return null;
  const pid = Number.parseInt(readFileSync(lock, 'utf8'), 10);
  return Number.isInteger(pid) && isAlive(pid) ? pid : null;
}

async function fromRunningServer(settings: BackupSettings, pid: number): Promise<Buffer> {
  const host = settings.host === '0.0.0.0' || settings.host === '::' ? '127.0.0.1' : settings.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${settings.port}/api/admin/backup`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${backupToken(settings.appSecret)}` },
    });
  } catch {
    throw new BackupError(
      `Plume (pid ${pid}) holds ${settings.dataDir} but does not answer at ${url}: run the backup with the server's PORT and HOST, or stop it and run again`,
    );
  }
  if (!response.ok) {
    const body = await response.text();
    let message = body;
    try {
      message = (JSON.parse(body) as { error?: { message?: string } }).error?.message ?? body;
    } catch {}
    throw new BackupError(`The running server refused the backup (${response.status}): ${message}`);
  }
  return Buffer.from(await response.arrayBuffer());
}

/** Where the restore goes: a PGlite folder (DATA_DIR) or an empty PostgreSQL database. */
export type RestoreTarget = { dataDir: string; databaseUrl: string | undefined };

/**
 * Brings an archive back into an empty target; refuses, changing nothing, when the target holds
 * data, the archive is of the other engine, or DATA_DIR keeps another secret.
 */
export async function restoreBackup(target: RestoreTarget, archive: Buffer): Promise<string> {
  const { header, parts } = unpackArchive(archive);
  const database = parts.database as Buffer;
  const secret = parts['app-secret'];
  const ownSecret = existsSync(secretFile(target.dataDir)) ? readFileSync(secretFile(target.dataDir)) : null;
  if (secret && ownSecret && !ownSecret.equals(secret)) {
    throw new BackupError(
      `${secretFile(target.dataDir)} holds another secret than the backup's: restore into an empty DATA_DIR`,
    );
  }
  if (header.kind === 'pglite') {
    if (target.databaseUrl) {
      throw new BackupError(
        'This backup is of the embedded database (PGlite): unset DATABASE_URL to restore it into DATA_DIR',
      );
    }
    const folder = path.join(target.dataDir, 'pglite');
    if (existsSync(folder) && readdirSync(folder).length > 0) {
      throw new BackupError(`${folder} is not empty: restore into an empty DATA_DIR (move this one away first)`);
    }
    const unlock = lockDataDir(target.dataDir);
    try {
      const client = await PGlite.create(folder, { loadDataDir: new Blob([new Uint8Array(database)]) });
      await client.query('select 1');
      await client.close();
    } finally {
      unlock();
    }
  } else {
    if (!target.databaseUrl) {
      throw new BackupError('This backup is of PostgreSQL: set DATABASE_URL to an empty database to restore it');
    }
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_tables
         where schemaname not in ('pg_catalog', 'information_schema') and schemaname not like 'pg_toast%'`,
      );
      const tables = rows[0]?.n ?? 0;
      if (tables > 0) {
        throw new BackupError(
          `The database in DATABASE_URL is not empty (${tables} tables): restore into an empty database`,
        );
      }
    } finally {
      await client.end();
    }
    const work = mkdtempSync(path.join(tmpdir(), 'plume-restore-'));
    try {
      const dump = path.join(work, 'database.dump');
      writeFileSync(dump, database);
      runTool('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        `--dbname=${target.databaseUrl}`,
        dump,
      ]);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  if (secret && !ownSecret) {
    mkdirSync(target.dataDir, { recursive: true });
    writeFileSync(secretFile(target.dataDir), secret, { mode: 0o600 });
  }
  return `Restored the backup of ${header.createdAt} (Plume ${header.version}, ${header.kind === 'pglite' ? `PGlite, into ${path.join(target.dataDir, 'pglite')}` : 'PostgreSQL'})`;
}
