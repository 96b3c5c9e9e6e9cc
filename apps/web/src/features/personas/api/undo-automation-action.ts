import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { automationActivityKey } from './get-automation-activity';
import { automationPlanQueryOptions } from './get-automation-plan';

/**
 * POST /api/personas/{id}/automation/actions/{actionId}/undo: takes back a like, repost or follow
 * (unlike, delete the repost, unfollow). 404 or 409 when it is gone or was already undone.
 */
export const undoAutomationAction = ({ personaId, actionId }: { personaId: string; actionId: string }) =>
  api<{ undone: boolean }>(
    `/api/personas/${encodeURIComponent(personaId)}/automation/actions/${encodeURIComponent(actionId)}/undo`,
    { method: 'POST' },
  );

export function useUndoAutomationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoAutomationAction,
    // A 409 means the log is out of date too: refetch it (and today's figures) either way.
    onSettled: (_data, _error, { personaId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: automationPlanQueryOptions(personaId).queryKey }),
        queryClient.invalidateQueries({ queryKey: automationActivityKey(personaId) }),
      ]),
  });
}
