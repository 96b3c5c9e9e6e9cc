import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/client';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  await app.listen({
    port: config.port,
    host: config.host,
    // The address to open is APP_URL, not the interface the socket listens on.
    listenTextResolver: (address) => `Listening on ${address}; open ${config.appUrl}`,
  });
  app.log.info(`Plume ${config.version} is ready (database: ${app.database.kind}): open ${config.appUrl}`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests and jobs, then stopping`);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(known ? error.message : error);
  process.exit(1);
});
