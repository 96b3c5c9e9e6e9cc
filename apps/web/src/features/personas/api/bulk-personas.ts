import type { BulkRequest, BulkResult } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personaKeys } from '../../../lib/api/get-personas';
import { api } from '../../../lib/api-client';

export const bulkPersonas = (body: BulkRequest) =>
  api<BulkResult>('/api/personas/bulk', { method: 'POST', json: body });

export function useBulkPersonas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkPersonas,
    onSettled: () => queryClient.invalidateQueries({ queryKey: personaKeys.all }),
  });
}
