import type { TestServer } from './build';
import { until } from './until';

let sent = 0;

/**
 * Sends a job to the server's queue and waits for its end: its output, or `{ failed }` with the
 * error. Each has a key of its own, so a queue that keeps one job per key (stately) takes it.
 */
export async function runJob(server: TestServer, name: string, data: Record<string, unknown> = {}): Promise<unknown> {
  sent += 1;
  const id = await server.app.jobs.send(name, data, { singletonKey: `test-${process.pid}-${sent}` });
  if (!id) throw new Error(`${name} was not queued (a job with its key is waiting)`);
  return until(async () => {
    const job = await server.app.jobs.boss.getJobById(name, id);
    if (job?.state === 'failed') return { failed: job.output };
    return job?.state === 'completed' ? ((job.output as { value?: unknown })?.value ?? job.output) : undefined;
  }, 60_000);
}
