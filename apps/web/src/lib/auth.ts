import type { SessionState } from '@plume/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api-client';
import { useAppNavigate } from './navigation';
import { SESSION_KEY, writePersistedSession } from './persisted-session';
import { forgetWorkspace } from './workspace';

/** The signed-in user, or null when signed out. */
export type CurrentUser = NonNullable<SessionState['user']>;

export async function fetchMe(): Promise<CurrentUser | null> {
  return (await api<SessionState>('/api/session')).user;
}

export const meQueryOptions = queryOptions({ queryKey: ['me'], queryFn: fetchMe, staleTime: 60_000 });

export function useMe() {
  return useQuery(meQueryOptions);
}

/**
 * Keeps the persisted session in step with the server and with other tabs: a sign-in or
 * sign-out in one tab reaches the others through the storage event.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  const { data, isSuccess } = useMe();
  useEffect(() => {
    if (isSuccess) writePersistedSession(data);
  }, [data, isSuccess]);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_KEY || event.key === null) {
        void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);
}

/** Signs out, goes home, and forgets every cached answer that belonged to the user. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  return useMutation({
    mutationFn: () => api<unknown>('/api/auth/sign-out', { method: 'POST', json: {} }),
    onSettled: () => {
      // Imported, not loaded: signed in, the Toaster (and sonner) are up already.
      void import('sonner').then(({ toast }) => toast.dismiss());
      navigate('/', { replace: true });
      writePersistedSession(null);
      forgetWorkspace();
      // The session query is updated in place (not removed) so the screens watching it see null.
      queryClient.setQueryData(meQueryOptions.queryKey, null);
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== meQueryOptions.queryKey[0] && query.queryKey[0] !== 'public-config',
      });
    },
  });
}
