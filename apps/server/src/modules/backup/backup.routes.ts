import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupToken, packArchive } from '../../db/backup';
import type { Database } from '../../db/client';
import { ConflictError, UnauthorizedError } from '../../errors';

/**
 * POST /api/admin/backup: the running server's PGlite, dumped for `npm run backup` (decision
 * 045-backups). PGlite lives in one process, which alone may read it; the caller proves it can
 * read APP_SECRET. Not part of the public API (not documented in OpenAPI).
 */
export function backupRoutes(deps: {
  database: Pick<Database, 'dumpDataDir'>;
  appSecret: string;
  dataDir: string;
  version: string;
}): FastifyPluginAsyncZod {
  const expected = Buffer.from(`Bearer ${backupToken(deps.appSecret)}`);
  return async (app) => {
    app.post('/api/admin/backup', { schema: { hide: true } }, async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new UnauthorizedError('A backup needs the bearer npm run backup derives from APP_SECRET');
      }
      if (!deps.database.dumpDataDir) {
        throw new ConflictError('This instance runs on PostgreSQL: npm run backup uses pg_dump instead');
      }
      const dump = new Uint8Array(await (await deps.database.dumpDataDir()).arrayBuffer());
      return reply
        .header('content-type', 'application/octet-stream')
        .send(packArchive('pglite', deps.version, dump, deps.dataDir));
    });
  };
}
