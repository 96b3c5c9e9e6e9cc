import pretty from 'pino-pretty';

/**
 * Where log lines go: readable lines (time, level, message, then the fields) when a person reads
 * them on a terminal, JSON lines otherwise, one object a line, for a file or a log collector.
 * `format` (LOG_FORMAT) decides when it is set. Undefined: pino's default, JSON to stdout.
 */
export function logDestination(
  format: 'pretty' | 'json' | undefined,
  stdout: { isTTY?: boolean } = process.stdout,
): NodeJS.WritableStream | undefined {
  const readable = format ? format === 'pretty' : stdout.isTTY === true;
  if (!readable) return undefined;
  return pretty({
    colorize: stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    // Fastify logs a request's id under requestId: kept, it ties the lines of one request together.
    singleLine: true,
    // Written before the process goes on, so the last lines before an exit are not lost.
    sync: true,
  });
}
