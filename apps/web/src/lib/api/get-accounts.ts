import type { Account } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/** The keys of the connected-account reads: the editor's Accounts tab and publishing share them. */
export const accountKeys = {
  all: ['accounts'] as const,
  ofPersona: (personaId: string) => ['accounts', personaId] as const,
};

/** GET /api/personas/{id}/accounts: the persona's connected accounts (a platform not listed is not connected). */
export const getAccounts = (personaId: string) =>
  api<Account[]>(`/api/personas/${encodeURIComponent(personaId)}/accounts`);

export const accountsQueryOptions = (personaId: string) =>
  queryOptions({ queryKey: accountKeys.ofPersona(personaId), queryFn: () => getAccounts(personaId) });

export function useAccounts(personaId: string | undefined) {
  return useQuery({
    ...accountsQueryOptions(personaId ?? ''),
    enabled: Boolean(personaId),
    // A connection finished in a popup (or another tab) shows as soon as this tab is looked at again.
    refetchOnWindowFocus: 'always',
  });
}
