// npm start: builds whatever is not built yet, then serves web, API and worker on PORT.
// npm run worker: the same, but runs only the job worker (needs DATABASE_URL).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const worker = process.argv.includes('--worker');

/** Newest modification time under `dir` (skipping node_modules and dist). */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function needsBuild(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((dir) => newest(path.join(root, dir)) > built);
}

function build(workspace) {
  console.log(`Building ${workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (
  !worker &&
  needsBuild(path.join(root, 'apps/web/dist/index.html'), ['apps/web/src', 'apps/web/public', 'packages/core/src'])
) {
  build('@plume/web');
}
if (needsBuild(path.join(root, 'apps/server/dist/server.js'), ['apps/server/src', 'packages/core/src'])) {
  build('@plume/server');
}

await import(path.join(root, 'apps/server/dist', worker ? 'worker.js' : 'server.js'));
