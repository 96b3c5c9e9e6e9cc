import type { DataExportState } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/account/export: the latest export of the user's data (preparing, ready, failed) or null. */
export const getDataExport = () => api<DataExportState>('/api/account/export');

export const dataExportQueryOptions = queryOptions({ queryKey: ['account', 'data-export'], queryFn: getDataExport });

/** Looked at again every few seconds while the archive is being prepared. */
export function useDataExport() {
  return useQuery({
    ...dataExportQueryOptions,
    refetchInterval: (query) => (query.state.data?.export?.status === 'preparing' ? 2000 : false),
  });
}
