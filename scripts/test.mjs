// npm test: every test, each part once, the database-dependent parts on both databases (decision 017).
//
//   1. unit tests (core, web) and the production build, side by side;
//   2. the server suite on PGlite, then on PostgreSQL when DATABASE_URL is set;
//   3. the browser suite on PGlite;
//   4. with DATABASE_URL, the browser tests that depend on the database (tagged @database) again,
//      on a fresh database of that server.
//
// Every stage runs even when one before it failed; the summary names each stage with its time and
// counts, and the exit code is non-zero if anything failed.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const postgresUrl = process.env.DATABASE_URL || undefined;
const pgliteEnv = { ...process.env };
delete pgliteEnv.DATABASE_URL;

const results = [];

/** One stage: runs `command`, records its outcome, time and (from `report`) its test counts. */
function stage(name, command, args, options = {}) {
  const { env = process.env, report } = options;
  const started = Date.now();
  console.log(`\n== ${name} ==`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const ok = code === 0 && !signal;
      results.push({ name, ok, seconds, counts: report ? readCounts(report) : undefined });
      console.log(`== ${name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s ==`);
      resolve(ok);
    });
  });
}

const slug = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function vitest(name, projects) {
  const file = path.join(reports, `${slug(name)}.json`);
  return {
    args: [
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    report: { kind: 'vitest', file },
  };
}

function playwright(name, extra = []) {
  const file = path.join(reports, `${slug(name)}.json`);
  return {
    args: ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json', ...extra],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: file },
    report: { kind: 'playwright', file },
  };
}

/** Passed, failed and skipped tests from a runner's JSON report, with the failing tests' names. */
function readCounts({ kind, file }) {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8'));
    if (kind === 'vitest') {
      const failures = data.testResults.flatMap((f) =>
        f.assertionResults
          .filter((t) => t.status === 'failed')
          .map((t) => `${path.relative(root, f.name)} › ${t.fullName}`),
      );
      return {
        passed: data.numPassedTests,
        failed: data.numFailedTests,
        skipped: data.numPendingTests + data.numTodoTests,
        failures,
      };
    }
    return {
      passed: data.stats.expected + data.stats.flaky,
      failed: data.stats.unexpected,
      skipped: data.stats.skipped,
      failures: playwrightFailures(data.suites ?? []),
    };
  } catch {
    return undefined;
  }
}

/** The tests of a Playwright report whose outcome was unexpected, as file:line › title. */
function playwrightFailures(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((t) => t.status === 'unexpected'))
      .map((spec) => `${spec.file}:${spec.line} › ${spec.title}`),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}

/** A fresh database on DATABASE_URL's server, dropped afterwards: the one it names is never written. */
async function withFreshDatabase(run) {
  const name = `plume_e2e_${Date.now()}_${process.pid}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

const started = Date.now();

// 1. Unit tests and the build the browser suite serves.
const unit = vitest('unit tests', ['core', 'web', 'web-dom']);
await Promise.all([
  stage('unit tests', 'npx', unit.args, { report: unit.report }),
  stage('build', 'npm', ['run', 'build', '--silent']),
]);

// 2. The server suite on each database.
const onPglite = vitest('server suite on PGlite', ['server']);
await stage('server suite on PGlite', 'npx', onPglite.args, { env: pgliteEnv, report: onPglite.report });
if (postgresUrl) {
  const onPostgres = vitest('server suite on PostgreSQL', ['server']);
  await stage('server suite on PostgreSQL', 'npx', onPostgres.args, { report: onPostgres.report });
}

// 3. The browser suite on PGlite, what `npm start` runs.
const browser = playwright('browser suite on PGlite');
await stage('browser suite on PGlite', 'npx', browser.args, {
  env: { ...pgliteEnv, ...browser.env },
  report: browser.report,
});

// 4. The browser tests that depend on the database, on PostgreSQL.
if (postgresUrl) {
  const again = playwright('browser tests @database on PostgreSQL', ['--grep', '@database']);
  await withFreshDatabase((url) =>
    stage('browser tests @database on PostgreSQL', 'npx', again.args, {
      env: { ...process.env, ...again.env, DATABASE_URL: url },
      report: again.report,
    }),
  );
}

// The summary, and the closing line CI reads.
console.log('\n== Summary ==');
const total = { passed: 0, failed: 0, skipped: 0 };
for (const r of results) {
  const c = r.counts;
  const figures = c ? `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped` : '';
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(40)} ${String(r.seconds).padStart(5)} s  ${figures}`);
  for (const failure of c?.failures ?? []) console.log(`       failed: ${failure}`);
  if (c) for (const key of Object.keys(total)) total[key] += c[key];
  // A stage that failed with no failing test (a build, a crash) counts as one failure.
  if (!r.ok && !(c && c.failed > 0)) total.failed += 1;
}
console.log(`Wall time: ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
