import type { ContentSource, IngestRequest, IngestResult } from '@plume/core';
import type { Repositories } from '../../db/unit-of-work';
import { NotFoundError } from '../../errors';
import type { FeedsAdapter } from '../../integrations/feeds/feeds';
import { FetchRefusedError } from '../../integrations/feeds/safe-fetch';
import { feedErrorToHttp } from '../feeds/feeds.service';

export function createSourcesService(deps: { repositories: Repositories; feeds: FeedsAdapter }) {
  const { repositories, feeds } = deps;
  return {
    /**
     * Fetches one of a persona's sources now and keeps its items. The source's status, last check
     * and error are recorded on the persona (not as a new version: nothing the user set changed).
     */
    async ingest(userId: string, request: IngestRequest): Promise<IngestResult> {
      const persona = await repositories.personas.find(userId, request.personaId);
      if (!persona) throw new NotFoundError('Persona not found');
      const source = persona.sources.find((s) => s.url === request.feedUrl);
      const record = async (changes: Partial<ContentSource>) => {
        if (!source) return;
        const sources = persona.sources.map((s) =>
          s.id === source.id ? { ...s, ...changes, lastCheck: new Date().toISOString() } : s,
        );
        await repositories.personas.update(userId, { ...persona, sources });
      };
      try {
        const items = await feeds.latest({ type: source?.type ?? 'rss', url: request.feedUrl });
        const ingested = await repositories.sources.addItems(persona.id, request.feedUrl, items);
        await record({ status: 'active', errorMessage: null });
        return { ingested, titles: items.map((item) => item.title) };
      } catch (error) {
        if (!(error instanceof FetchRefusedError)) throw error;
        await record({ status: 'error', errorMessage: error.message });
        throw feedErrorToHttp(error, 'body.feedUrl');
      }
    },
  };
}
export type SourcesService = ReturnType<typeof createSourcesService>;
