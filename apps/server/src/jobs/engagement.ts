import type { EngagementService } from '../modules/engagement/engagement.service';
import type { RepliesService } from '../modules/engagement/replies.service';
import type { JobDefinition } from './queue';

export const MENTIONS_DUE = 'mentions-due';
export const CHECK_MENTIONS = 'check-mentions';
export const ENGAGE_DUE = 'engage-due';
export const ENGAGE = 'engage';

/**
 * Every minute, the accounts whose mentions are due to be read, a check-mentions job each (one
 * waiting and one running per account); every 10 minutes, an engage job per persona with likes,
 * reposts or follows on (decision 022).
 */
export function engagementJobs(replies: RepliesService, engagement: EngagementService): JobDefinition[] {
  return [
    { name: MENTIONS_DUE, cron: '* * * * *', handler: () => replies.queueDue() },
    {
      name: CHECK_MENTIONS,
      policy: 'stately',
      handler: async (data) => {
        if (typeof data.accountId !== 'string') return 'bad job';
        return replies.check(data.accountId);
      },
    },
    { name: ENGAGE_DUE, cron: '*/10 * * * *', handler: () => engagement.queueDue() },
    {
      name: ENGAGE,
      policy: 'stately',
      handler: async (data) => {
        if (typeof data.personaId !== 'string') return 'bad job';
        return engagement.engage(data.personaId);
      },
    },
  ];
}
