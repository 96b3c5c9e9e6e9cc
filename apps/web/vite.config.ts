import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `file.br` and `file.gz` next to each text file of the build, so the server sends them
 * compressed without compressing on every request (@fastify/static's preCompressed).
 */
function precompress(): Plugin {
  let outDir = '';
  const compressible = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  return {
    name: 'plume-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        // Tiny files gain nothing; the manifest is for tools, not browsers.
        if (!compressible.test(file) || statSync(file).size < 1024 || file.includes(`${path.sep}.vite${path.sep}`))
          continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  // recharts reads React elements with react-is, which must match React (19); the hoisted copy is
  // testing-library's 17, so the app's own copy is used everywhere.
  resolve: { dedupe: ['react-is'] },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  // The manifest lets npm run bench find what the landing loads first.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // TanStack Query in one chunk, as the landing loads it: a screen that only reads (no
        // useMutation) would otherwise split it in two, and two files gzip worse than one.
        codeSplitting: {
          groups: [
            { name: 'react-query', test: /node_modules[\\/]@tanstack[\\/]/, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
