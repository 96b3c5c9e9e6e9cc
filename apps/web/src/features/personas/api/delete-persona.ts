import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personaKeys } from '../../../lib/api/get-personas';
import { api } from '../../../lib/api-client';

export const deletePersona = (id: string) => api<null>(`/api/personas/${id}`, { method: 'DELETE' });

export function useDeletePersona() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePersona,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personaKeys.all }),
  });
}
