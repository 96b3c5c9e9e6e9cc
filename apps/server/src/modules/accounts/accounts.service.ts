import type { Account, Platform } from '@plume/core';
import { PLATFORM_LABELS, RECONNECT_NEEDED_CODE } from '@plume/core';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, ConflictError } from '../../errors';
import type { PlatformAdapter } from '../../integrations/platform';
import type { Budget } from '../budget/budget.service';
import { ownPersona } from '../personas/persona-access';
import type { Repositories } from '../repositories';
import { type AccountRow, toAccount } from './accounts.repository';
import { reconnectRefusal } from './credential-store';

export function createAccountsService(deps: {
  repositories: Repositories;
  /** Each network revokes what it granted when a connection is removed. */
  adapters: Record<Platform, Pick<PlatformAdapter, 'revoke'>>;
  /** Each account's spend of its network's limits, shown with it (decision 033). */
  budget: Pick<Budget, 'spendOf'>;
  log: FastifyBaseLogger;
}) {
  const { repositories, adapters, budget, log } = deps;

  const service = {
    /**
     * The persona's accounts, each with its spend today and this month in the owner's zone; the
     * persona must be the workspace's, else 404 (another workspace's persona is not found either).
     */
    async list(workspaceId: string, personaId: string): Promise<Account[]> {
      await ownPersona(repositories.personas, workspaceId, personaId);
      const rows = await repositories.accounts.list(personaId);
      const timeZone = (await repositories.preferences.workspaceTimeZone(workspaceId)) ?? 'UTC';
      const spendOf = await budget.spendOf(rows, timeZone);
      return rows.map((row) => ({ ...toAccount(row), spend: spendOf(row) }));
    },

    /** The persona's account for a platform, or 409 saying to connect one. */
    async requireAccount(personaId: string, platform: Platform): Promise<AccountRow> {
      const row = await repositories.accounts.find(personaId, platform);
      if (!row) {
        throw new ConflictError(
          `No ${PLATFORM_LABELS[platform]} account is connected to this persona. Connect one in the Accounts tab.`,
        );
      }
      return row;
    },

    /**
     * The persona's account for a platform when something is to go out on it: 409 saying to
     * connect one, or naming the account when its connection needs a reconnect (credential-store.ts).
     */
    async requireWorkingAccount(personaId: string, platform: Platform): Promise<AccountRow> {
      const row = await service.requireAccount(personaId, platform);
      const refused = reconnectRefusal(row);
      if (refused) throw new AppError(409, RECONNECT_NEEDED_CODE, refused);
      return row;
    },

    /** Disconnect clears the stored tokens and session; the platform is asked to revoke them too. */
    async disconnect(workspaceId: string, personaId: string, platform: Platform): Promise<void> {
      await ownPersona(repositories.personas, workspaceId, personaId);
      const row = await repositories.accounts.remove(personaId, platform);
      if (!row) return;
      try {
        await adapters[platform].revoke(row);
      } catch (error) {
        // The connection is gone on our side either way; the platform's token expires on its own.
        log.warn({ err: error, platform }, 'revoking a disconnected account failed');
      }
    },
  };
  return service;
}
export type AccountsService = ReturnType<typeof createAccountsService>;
