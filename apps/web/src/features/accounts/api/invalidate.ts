import type { QueryClient } from '@tanstack/react-query';
import { accountKeys } from '../../../lib/api/get-accounts';
import { personaKeys } from '../../../lib/api/get-personas';

/**
 * After a connection changes: the persona's accounts, and the personas themselves (the server
 * fills their `connected_accounts` from the real connections).
 */
export function invalidateAccounts(queryClient: QueryClient, personaId: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: accountKeys.ofPersona(personaId) }),
    queryClient.invalidateQueries({ queryKey: personaKeys.all }),
  ]).then(() => undefined);
}
