import type { DismissOpportunities, OpportunityList } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { opportunityKeys } from './get-opportunities';

/** POST /api/opportunities/dismiss: hidden on every device until something newer comes. */
export const dismissOpportunities = (body: DismissOpportunities) =>
  api<null>('/api/opportunities/dismiss', { method: 'POST', json: body });

export function useDismissOpportunities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissOpportunities,
    // Gone from the panel at once; the list read again after says what the server kept.
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: opportunityKeys.all });
      const before = queryClient.getQueryData<OpportunityList>(opportunityKeys.all);
      if (before) {
        const ids = new Set(body.items.map((i) => i.id));
        queryClient.setQueryData<OpportunityList>(opportunityKeys.all, {
          ...before,
          items: before.items.filter((i) => !ids.has(i.id)),
          dismissed: before.dismissed + ids.size,
        });
      }
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(opportunityKeys.all, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: opportunityKeys.all }),
  });
}
