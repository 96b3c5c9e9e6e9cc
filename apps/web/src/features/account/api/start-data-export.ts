import type { DataExport, DataExportState } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dataExportQueryOptions } from './get-data-export';

/** POST /api/account/export: starts an export (or answers the one being prepared). */
export const startDataExport = () => api<DataExport>('/api/account/export', { method: 'POST' });

export function useStartDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startDataExport,
    onSuccess: (started) =>
      queryClient.setQueryData<DataExportState>(dataExportQueryOptions.queryKey, { export: started }),
  });
}
