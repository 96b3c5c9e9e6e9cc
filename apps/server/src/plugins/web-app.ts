import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app, precompressed (brotli or gzip) and with hashed assets cached for a
 * year. Unknown /api and /assets paths answer a JSON 404; any other unknown GET gets index.html,
 * and the app's router shows the landing page for paths it doesn't know.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  const built = existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: ['index.html'],
      // The build writes .br and .gz next to each text file: sent to browsers that accept them.
      preCompressed: true,
      // Cache-Control comes from setHeaders alone: send's own (max-age=0) would override it.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed file names under assets/ never change content; everything else is revalidated.
        const immutable = path.relative(webDist, filePath).startsWith(`assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // A missing hashed file (a tab from before a deploy asking for an old chunk) is a 404, not the
    // page, so the import fails as missing rather than as HTML run as a script.
    const isAsset = pathname.startsWith('/assets/');
    if (!isApi && !isAsset && built && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    const message =
      isApi || built ? `Route ${request.method} ${pathname} not found` : 'The web app is not built: run npm run build';
    return reply.status(404).send({ error: { code: 'not_found', message } });
  });
}
