import type { InboxService } from '../modules/inbox/inbox.service';
import type { JobDefinition } from './queue';

export const INBOX_SUGGESTIONS = 'inbox-suggestions';

/** Every hour: suggestions (drafts waiting, a persona gone quiet), each told once a day or week. */
export function inboxJobs(inbox: InboxService): JobDefinition[] {
  return [{ name: INBOX_SUGGESTIONS, cron: '17 * * * *', handler: () => inbox.suggest() }];
}
