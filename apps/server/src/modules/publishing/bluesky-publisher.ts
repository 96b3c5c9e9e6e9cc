import { type BlueskyAdapter, toBlueskyError } from '../../integrations/bluesky/bluesky';
import type { AccountsRepository } from '../accounts/accounts.repository';
import type { AccountsService } from '../accounts/accounts.service';
import type { PlatformPublisher } from './publisher';

/**
 * Posts to Bluesky as the persona's connected account: one post, or a thread under its first
 * part. An expired or revoked connection turns the account's status to error (the user reconnects).
 */
export function createBlueskyPublisher(deps: {
  bluesky: BlueskyAdapter;
  accounts: Pick<AccountsService, 'requireAccount'>;
  accountRows: Pick<AccountsRepository, 'markError'>;
}): PlatformPublisher {
  const { bluesky, accounts, accountRows } = deps;
  return {
    async publish(personaId, parts, replyTo) {
      const row = await accounts.requireAccount(personaId, 'bluesky');
      try {
        return await bluesky.withAgent(row, (agent) => bluesky.postThread(agent, row.username, parts, replyTo));
      } catch (error) {
        const failure = toBlueskyError(error);
        if (failure.kind === 'auth') await accountRows.markError(row.id, failure.message);
        throw failure;
      }
    },

    async findRecent(personaId, text, since) {
      const row = await accounts.requireAccount(personaId, 'bluesky');
      return bluesky.withAgent(row, (agent) =>
        bluesky.findRecentPost(agent, row.externalId, row.username, text, since),
      );
    },
  };
}
