import type { ContentSource, IngestRequest, IngestResult } from '@plume/core';
import type { FastifyBaseLogger } from 'fastify';
import type { FeedsAdapter } from '../../integrations/feeds/feeds';
import type { FeedItem } from '../../integrations/feeds/parse-feed';
import { FetchRefusedError } from '../../integrations/feeds/safe-fetch';
import type { Queue } from '../../jobs/queue';
import { sendPollSource } from '../../jobs/sources';
import { feedErrorToHttp } from '../feeds/feeds.service';
import type { NewNotification } from '../inbox/inbox.repository';
import { ownPersona } from '../personas/persona-access';
import type { Repositories, UnitOfWork } from '../repositories';

const MAX_ERROR_MESSAGE = 500;
const WEEK_MS = 7 * 86_400_000;
/** Failures in a row after which the owner is told the source keeps failing (once a streak). */
export const FAILING_AFTER = 3;

/** A source read `frequency` times a week (1-10) is read every week / frequency. */
export const checkIntervalMs = (frequency: number) => WEEK_MS / Math.min(10, Math.max(1, frequency));
/** After failures in a row the next read waits longer: the interval, doubled per failure after the first, at most a week. */
export const sourceBackoffMs = (frequency: number, failures: number) =>
  Math.min(checkIntervalMs(frequency) * 2 ** Math.max(0, failures - 1), WEEK_MS);

export function createSourcesService(deps: {
  repositories: Repositories;
  unitOfWork: UnitOfWork;
  feeds: FeedsAdapter;
  /** Where a source that keeps failing is told. */
  inbox?: { add(rows: NewNotification[]): Promise<number> };
  /** Where poll-source jobs are queued. */
  queue: Queue;
  log?: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { repositories, unitOfWork, feeds, now = () => new Date() } = deps;

  /**
   * After a fetch (which may take seconds), the persona is read again under a row lock and only
   * the matching source's status fields change, so edits saved meanwhile are kept.
   */
  function record(
    workspaceId: string,
    personaId: string,
    feedUrl: string,
    changes: Partial<ContentSource>,
    items: FeedItem[] = [],
  ) {
    return unitOfWork(async (repos) => {
      const persona = await ownPersona(repos.personas, workspaceId, personaId, { lock: true });
      const ingested = await repos.sources.addItems(persona.id, feedUrl, items);
      const lastCheck = new Date().toISOString();
      if (persona.sources.some((s) => s.url === feedUrl)) {
        const sources = persona.sources.map((s) => (s.url === feedUrl ? { ...s, ...changes, lastCheck } : s));
        await repos.personas.update(workspaceId, { ...persona, sources });
      }
      return ingested;
    });
  }

  return {
    /**
     * Fetches one of a persona's sources now and keeps its items. The source's status, last check
     * and error are recorded on the persona (not as a new version: nothing the user set changed).
     */
    async ingest(workspaceId: string, request: IngestRequest): Promise<IngestResult> {
      const persona = await ownPersona(repositories.personas, workspaceId, request.personaId);
      const source = persona.sources.find((s) => s.url === request.feedUrl);
      let items: FeedItem[];
      try {
        items = await feeds.latest({ type: source?.type ?? 'rss', url: request.feedUrl });
      } catch (error) {
        if (!(error instanceof FetchRefusedError)) throw error;
        const errorMessage = error.message.slice(0, MAX_ERROR_MESSAGE);
        await record(workspaceId, persona.id, request.feedUrl, { status: 'error', errorMessage });
        throw feedErrorToHttp(error, 'body.feedUrl');
      }
      const ingested = await record(
        workspaceId,
        persona.id,
        request.feedUrl,
        { status: 'active', errorMessage: null },
        items,
      );
      return { ingested, titles: items.map((item) => item.title) };
    },

    /** Every minute: queues the scheduled read of each enabled source that is due. */
    async queueDue(): Promise<number> {
      const due = await repositories.sources.dueSources(now(), 200);
      for (const job of due) await sendPollSource(deps.queue, job);
      return due.length;
    },

    /**
     * A scheduled read of one source: a conditional request with the last answer's validators,
     * new items kept once, the source's status, last check and error kept on the persona. After a
     * failure the next read waits longer; after FAILING_AFTER in a row the owner is told, once.
     */
    async poll(job: { personaId: string; workspaceId: string; url: string }): Promise<string> {
      const at = now();
      const persona = await repositories.personas.find(job.workspaceId, job.personaId);
      const source = persona?.is_active ? persona.sources.find((s) => s.url === job.url && s.enabled) : undefined;
      if (!persona || !source) return 'not read: the source is off or gone';
      const check = await repositories.sources.check(persona.id, source.url);
      try {
        const answer = await feeds.poll(source, {
          etag: check?.etag ?? null,
          lastModified: check?.lastModified ?? null,
        });
        const items = answer.unchanged ? [] : answer.items;
        await record(job.workspaceId, persona.id, source.url, { status: 'active', errorMessage: null }, items);
        await repositories.sources.saveCheck({
          personaId: persona.id,
          sourceUrl: source.url,
          etag: answer.unchanged ? (check?.etag ?? null) : answer.validators.etag,
          lastModified: answer.unchanged ? (check?.lastModified ?? null) : answer.validators.lastModified,
          failures: 0,
          nextCheckAt: new Date(at.getTime() + checkIntervalMs(source.frequency)),
          failingToldAt: null,
        });
        return answer.unchanged ? 'unchanged' : `read ${items.length} items`;
      } catch (error) {
        if (!(error instanceof FetchRefusedError)) throw error;
        const failures = (check?.failures ?? 0) + 1;
        const errorMessage = error.message.slice(0, MAX_ERROR_MESSAGE);
        await record(job.workspaceId, persona.id, source.url, { status: 'error', errorMessage });
        const tell = failures >= FAILING_AFTER && !check?.failingToldAt;
        if (tell) {
          await deps.inbox?.add([
            {
              workspaceId: job.workspaceId,
              personaId: persona.id,
              kind: 'platform_update',
              severity: 'update',
              title: `${persona.name}'s source “${source.name}” keeps failing`,
              message: `The last ${failures} reads failed: ${errorMessage}. Check its address in Content Sources, or turn it off.`,
              link: `/editor/${persona.id}?tab=sources`,
              dedupeKey: `source-failing:${persona.id}:${source.url}:${at.toISOString()}`,
            },
          ]);
        }
        await repositories.sources.saveCheck({
          personaId: persona.id,
          sourceUrl: source.url,
          etag: check?.etag ?? null,
          lastModified: check?.lastModified ?? null,
          failures,
          nextCheckAt: new Date(at.getTime() + sourceBackoffMs(source.frequency, failures)),
          failingToldAt: tell ? at : (check?.failingToldAt ?? null),
        });
        deps.log?.info({ personaId: persona.id, failures }, 'source read failed');
        return `failed ${failures} in a row`;
      }
    },
  };
}
export type SourcesService = ReturnType<typeof createSourcesService>;
