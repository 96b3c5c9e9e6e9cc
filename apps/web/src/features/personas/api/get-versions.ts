import type { PersonaVersion } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { personaKeys } from '../../../lib/api/get-personas';
import { api } from '../../../lib/api-client';

export const getVersions = (id: string) => api<PersonaVersion[]>(`/api/personas/${id}/versions`);

export const versionsQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...personaKeys.detail(id), 'versions'], queryFn: () => getVersions(id) });

export function useVersions(id: string, enabled: boolean) {
  return useQuery({ ...versionsQueryOptions(id), enabled });
}
