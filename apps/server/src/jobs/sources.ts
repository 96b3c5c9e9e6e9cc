import type { SourcesService } from '../modules/sources/sources.service';
import type { JobDefinition } from './queue';

export const SOURCES_DUE = 'sources-due';
export const POLL_SOURCE = 'poll-source';

/** Every minute, the enabled sources whose read is due; a poll-source job each (keyed by persona and source). */
export function sourceJobs(sources: SourcesService): JobDefinition[] {
  return [
    { name: SOURCES_DUE, cron: '* * * * *', handler: () => sources.queueDue() },
    {
      name: POLL_SOURCE,
      handler: async (data) => {
        const { personaId, userId, url } = data;
        if (typeof personaId !== 'string' || typeof userId !== 'string' || typeof url !== 'string') return 'bad job';
        return sources.poll({ personaId, userId, url });
      },
    },
  ];
}
