import type { AutoPostingService } from '../modules/automation/auto-posting.service';
import type { JobDefinition } from './queue';

export const AUTO_POSTING_DUE = 'auto-posting-due';
export const WRITE_SLOT = 'write-slot';

/**
 * Every minute, the slots less than an hour away that have no post yet; a write-slot job per
 * slot (its key is the persona and the slot, so a slot waits in the queue once).
 */
export function automationJobs(autoPosting: AutoPostingService): JobDefinition[] {
  return [
    { name: AUTO_POSTING_DUE, cron: '* * * * *', handler: () => autoPosting.planDue() },
    {
      name: WRITE_SLOT,
      // Up to 20 slots a second: an hour's slots of a thousand hourly personas in under a minute.
      batchSize: 20,
      pollingIntervalSeconds: 1,
      handler: async (data) => {
        const { personaId, userId, slot } = data;
        if (typeof personaId !== 'string' || typeof userId !== 'string' || typeof slot !== 'string') return 'bad job';
        return autoPosting.writeSlot({ personaId, userId, slot: new Date(slot) });
      },
    },
  ];
}
