import type { Account } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/*
 * Which platforms a persona can post to. Publishing reads the accounts through its own file
 * (features don't import each other) under the accounts feature's key, so both share one cache:
 * connecting or disconnecting in the editor shows here at once.
 */
export const getAccounts = (personaId: string) =>
  api<Account[]>(`/api/personas/${encodeURIComponent(personaId)}/accounts`);

export const postTargetsQueryOptions = (personaId: string) =>
  queryOptions({ queryKey: ['accounts', personaId], queryFn: () => getAccounts(personaId) });

export function usePostTargets(personaId: string) {
  return useQuery({ ...postTargetsQueryOptions(personaId), refetchOnWindowFocus: 'always' });
}
