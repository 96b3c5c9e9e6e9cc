import type { AccountDeletionRequested } from '@plume/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/account/delete: e-mails the link that confirms the deletion; nothing is deleted yet. */
export const requestAccountDeletion = () => api<AccountDeletionRequested>('/api/account/delete', { method: 'POST' });

export function useRequestAccountDeletion() {
  return useMutation({ mutationFn: requestAccountDeletion });
}
