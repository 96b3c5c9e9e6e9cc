import type { AccountDeleted } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/auth';
import { writePersistedSession } from '../../../lib/persisted-session';

/** POST /api/account/delete/confirm: deletes the account the e-mail's token was sent for. */
export const confirmAccountDeletion = (token: string) =>
  api<AccountDeleted>('/api/account/delete/confirm', { method: 'POST', json: { token } });

export function useConfirmAccountDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmAccountDeletion,
    onSuccess: () => {
      // The account and its sessions are gone: nothing the app kept of it stays.
      writePersistedSession(null);
      queryClient.setQueryData(meQueryOptions.queryKey, null);
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== meQueryOptions.queryKey[0] && query.queryKey[0] !== 'public-config',
      });
    },
  });
}
