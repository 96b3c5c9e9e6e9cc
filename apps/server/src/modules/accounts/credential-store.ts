import { PLATFORM_LABELS } from '@plume/core';
import type { NamedLock } from '../../db/named-lock';
import { type CredentialStore, type PlatformAccount, PlatformError } from '../../integrations/platform';
import { sendNotificationsNow } from '../../jobs/notifications';
import type { Queue } from '../../jobs/queue';
import type { AccountRow, AccountsRepository } from './accounts.repository';

/**
 * The one rule for a connection marked `error` (a call was refused for its credentials): no call
 * is made on it, on any network, until the user reconnects it. Answers the failure its calls get
 * (kind `auth`, with the reason it was marked), or null for a connection that may be used.
 */
export function reconnectNeeded(account: Pick<PlatformAccount, 'status' | 'errorMessage'>): PlatformError | null {
  if (account.status !== 'error') return null;
  return new PlatformError(
    account.errorMessage ?? 'The connection expired or was revoked. Reconnect the account.',
    'auth',
    { postedIds: [] },
  );
}

/**
 * What a person is told when they ask for something that would go out on a connection marked for
 * a reconnect (approve, schedule, retry, post now): refused before anything is queued, naming the
 * account, rather than accepted and failed when its time comes. Null for a connection that may be used.
 */
export function reconnectRefusal(
  account: Pick<PlatformAccount, 'status' | 'errorMessage' | 'username'> & { platform: keyof typeof PLATFORM_LABELS },
): string | null {
  const refused = reconnectNeeded(account);
  if (!refused) return null;
  const label = PLATFORM_LABELS[account.platform];
  return `The ${label} account @${account.username} needs to be reconnected (${refused.message.replace(/\.$/, '')}). Reconnect it in the persona's Accounts tab, then try again.`;
}

/**
 * The one credential store (integrations/platform.ts) over the accounts table, for every network.
 * One locking mechanism for every refresh: the named lock (db/named-lock.ts), a PostgreSQL advisory
 * lock on its own small pool (a promise chain on PGlite). It holds no transaction: a network call
 * made under it (a token refresh; a Bluesky session that renews itself mid-call) never keeps a
 * pooled connection, nor on PGlite the whole database, waiting on the network. It is what the
 * atproto OAuth client already locks its own refreshes with. Writers that do not take it (a
 * reconnect) are not shut out: a rotated credential is stored only over the one it came from.
 */
export function createCredentialStore(deps: {
  accounts: Pick<AccountsRepository, 'credentialsOf' | 'replaceCredentials' | 'markError'>;
  lock: NamedLock;
  /** Where the owner's notice that the connection broke is queued, at once. */
  queue: Queue;
  /** Told when a connection is marked for a reconnect: its persona's automation pauses (decision 035). */
  onRefused?: (account: AccountRow, why: string) => Promise<void>;
}): CredentialStore {
  const { accounts, lock, queue } = deps;
  return {
    exclusive: (name, work) => lock(name, work),

    update(account, work) {
      return lock(`credentials:${account.id}`, async () => {
        let stored = await accounts.credentialsOf(account.id);
        return work(stored, async (sealed) => {
          if (stored === undefined) return;
          if (await accounts.replaceCredentials(account.id, stored, sealed)) stored = sealed;
        });
      });
    },

    async guard(account, work) {
      const refused = reconnectNeeded(account);
      if (refused) throw refused;
      try {
        return await work();
      } catch (error) {
        // A connection already marked keeps its first reason (and the notice already sent for it).
        if (error instanceof PlatformError && error.kind === 'auth' && account.status !== 'error') {
          const marked = await accounts.markError(account.id, error.message);
          // The call's own failure is what the caller hears, whatever the pause does.
          if (marked) await deps.onRefused?.(marked, error.message).catch(() => undefined);
          await sendNotificationsNow(queue);
        }
        throw error;
      }
    },
  };
}
