// Bundles the server (with @plume/core inlined) into dist/; npm packages stay external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const pkg = read('./package.json');
// @plume/core's own packages (twitter-text) stay external too: bundled, their CommonJS require()s fail in ESM.
const core = read('../../packages/core/package.json');
const external = [...Object.keys(pkg.dependencies), ...Object.keys(core.dependencies)].filter(
  (name) => !name.startsWith('@plume/'),
);

await build({
  entryPoints: ['src/server.ts', 'src/worker.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
