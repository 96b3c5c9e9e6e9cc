import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { scheduleKey } from './get-schedule';

/** DELETE /api/schedule/{id}: cancels a post that has not gone out (204). */
export const cancelScheduledPost = (id: string) =>
  api<null>(`/api/schedule/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useCancelScheduledPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelScheduledPost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKey }),
  });
}
