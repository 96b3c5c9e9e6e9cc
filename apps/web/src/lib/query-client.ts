import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';
import { meQueryOptions } from './auth';

export function createQueryClient(): QueryClient {
  // A 401 from any call means the session ended (expired, signed out elsewhere): the app
  // then treats the user as signed out, and the route guard remembers where they were.
  const onError = (error: Error) => {
    if (error instanceof ApiRequestError && error.status === 401) client.setQueryData(meQueryOptions.queryKey, null);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        gcTime: 5 * 60_000,
        staleTime: 30_000,
        // Client errors won't change on retry; network and server errors back off from 1 s to 30 s.
        retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
    },
  });
  return client;
}
