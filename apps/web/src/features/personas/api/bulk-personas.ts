import type { BulkRequest, BulkResult } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { personasQueryOptions } from './get-personas';

export const bulkPersonas = (body: BulkRequest) =>
  api<BulkResult>('/api/personas/bulk', { method: 'POST', json: body });

export function useBulkPersonas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkPersonas,
    onSettled: () => queryClient.invalidateQueries({ queryKey: personasQueryOptions.queryKey }),
  });
}
