import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { personasQueryOptions } from './get-personas';

export const deletePersona = (id: string) => api<null>(`/api/personas/${id}`, { method: 'DELETE' });

export function useDeletePersona() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePersona,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personasQueryOptions.queryKey }),
  });
}
