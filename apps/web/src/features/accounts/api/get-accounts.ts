import type { Account } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/personas/{id}/accounts: the persona's connected accounts (a platform not listed is not connected). */
export const getAccounts = (personaId: string) =>
  api<Account[]>(`/api/personas/${encodeURIComponent(personaId)}/accounts`);

export const accountsQueryOptions = (personaId: string) =>
  queryOptions({ queryKey: ['accounts', personaId], queryFn: () => getAccounts(personaId) });

export function useAccounts(personaId: string | undefined) {
  return useQuery({
    ...accountsQueryOptions(personaId ?? ''),
    enabled: Boolean(personaId),
    // A connection finished in a popup (or another tab) shows as soon as this tab is looked at again.
    refetchOnWindowFocus: 'always',
  });
}
