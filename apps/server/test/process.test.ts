import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, freshDatabaseUrl } from './helpers/build';

const serverRoot = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'plume-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('logs every request with its request id and stops cleanly on SIGTERM', async () => {
    const database = await freshDatabaseUrl({ migrated: false });
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        WEB_DIST: path.join(dataDir, 'no-web'),
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await fetch(`http://127.0.0.1:${port}/api/session`, { headers: { 'x-request-id': 'req-under-test' } });
      // The completion line is written just after the response is sent.
      const traced = () =>
        output
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { requestId?: string; msg?: string })
          .filter((line) => line.requestId === 'req-under-test')
          .map((line) => line.msg);
      // Waits for the two lines (on a busy machine the child's output can take seconds to arrive).
      for (let i = 0; i < 300 && traced().length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(traced()).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
      if (!database.url) expect(existsSync(path.join(dataDir, 'plume.lock'))).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM: finishing requests and jobs, then stopping');
    expect(existsSync(path.join(dataDir, 'plume.lock'))).toBe(false);
    await database.drop();
  });
});
