import type { ContentSource, IngestRequest, IngestResult } from '@plume/core';
import type { FeedsAdapter } from '../../integrations/feeds/feeds';
import type { FeedItem } from '../../integrations/feeds/parse-feed';
import { FetchRefusedError } from '../../integrations/feeds/safe-fetch';
import { feedErrorToHttp } from '../feeds/feeds.service';
import { ownPersona } from '../personas/persona-access';
import type { Repositories, UnitOfWork } from '../repositories';

const MAX_ERROR_MESSAGE = 500;

export function createSourcesService(deps: {
  repositories: Repositories;
  unitOfWork: UnitOfWork;
  feeds: FeedsAdapter;
}) {
  const { repositories, unitOfWork, feeds } = deps;

  /**
   * After a fetch (which may take seconds), the persona is read again under a row lock and only
   * the matching source's status fields change, so edits saved meanwhile are kept.
   */
  function record(
    userId: string,
    personaId: string,
    feedUrl: string,
    changes: Partial<ContentSource>,
    items: FeedItem[] = [],
  ) {
    return unitOfWork(async (repos) => {
      const persona = await ownPersona(repos.personas, userId, personaId, { lock: true });
      const ingested = await repos.sources.addItems(persona.id, feedUrl, items);
      const lastCheck = new Date().toISOString();
      if (persona.sources.some((s) => s.url === feedUrl)) {
        const sources = persona.sources.map((s) => (s.url === feedUrl ? { ...s, ...changes, lastCheck } : s));
        await repos.personas.update(userId, { ...persona, sources });
      }
      return ingested;
    });
  }

  return {
    /**
     * Fetches one of a persona's sources now and keeps its items. The source's status, last check
     * and error are recorded on the persona (not as a new version: nothing the user set changed).
     */
    async ingest(userId: string, request: IngestRequest): Promise<IngestResult> {
      const persona = await ownPersona(repositories.personas, userId, request.personaId);
      const source = persona.sources.find((s) => s.url === request.feedUrl);
      let items: FeedItem[];
      try {
        items = await feeds.latest({ type: source?.type ?? 'rss', url: request.feedUrl });
      } catch (error) {
        if (!(error instanceof FetchRefusedError)) throw error;
        const errorMessage = error.message.slice(0, MAX_ERROR_MESSAGE);
        await record(userId, persona.id, request.feedUrl, { status: 'error', errorMessage });
        throw feedErrorToHttp(error, 'body.feedUrl');
      }
      const ingested = await record(
        userId,
        persona.id,
        request.feedUrl,
        { status: 'active', errorMessage: null },
        items,
      );
      return { ingested, titles: items.map((item) => item.title) };
    },
  };
}
export type SourcesService = ReturnType<typeof createSourcesService>;
