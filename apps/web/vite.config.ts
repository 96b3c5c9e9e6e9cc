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
        // The landing's first load as one script: every module index.html's script imports
        // statically (rolldown's `$initial` tag) goes in one chunk, which rolldown merges into the
        // entry file. Left to itself, rolldown keeps a module the entry shares with a lazy screen in
        // the entry only when its chunk graph allows it, and small changes elsewhere (a hook shared
        // with the calendar) split the button, auth, paths… and TanStack Query into files of their
        // own, which gzip worse than one. The screens import them from the entry, loaded before them.
        codeSplitting: {
          groups: [{ name: 'first-load', tags: ['$initial'] }],
        },
      },
    },
  },
});
