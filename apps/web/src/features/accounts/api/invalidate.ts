import type { QueryClient } from '@tanstack/react-query';
import { accountsQueryOptions } from './get-accounts';

/**
 * After a connection changes: the persona's accounts, and the personas themselves (the server
 * fills their `connected_accounts` from the real connections; the key is the personas feature's).
 */
export function invalidateAccounts(queryClient: QueryClient, personaId: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: accountsQueryOptions(personaId).queryKey }),
    queryClient.invalidateQueries({ queryKey: ['personas'] }),
  ]).then(() => undefined);
}
