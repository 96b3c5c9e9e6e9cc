import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './build';

const run = promisify(execFile);

/** Where PostgreSQL's server programs are: PG_BIN, else on the PATH. */
const bin = (name: string) => (process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : name);

/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary folder, on a free loopback
 * port), so a test can stop and start it under the app: the machine's shared server is never
 * restarted. PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user.
 * Durability is off (fsync, full page writes): the cluster lives for one test.
 */
export async function startPrivatePostgres(): Promise<{
  /** The `postgres` database of the cluster, as the superuser. */
  url: string;
  /** Stops the server as a restart does (`-m fast`: every session is ended, transactions rolled back). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}> {
  const dir = mkdtempSync(path.join(tmpdir(), 'plume-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // The postgres user owns the cluster (uid and gid read from the system, not guessed).
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const exec = (program: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', bin(program), ...args]) : run(bin(program), args);
  const data = path.join(dir, 'data');
  const port = await freePort();
  await exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c synchronous_commit=off',
    '-c max_connections=200',
  ].join(' ');
  const start = async () => {
    await exec('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start']);
  };
  const stop = async () => {
    await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    async close() {
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
