import type { ContentSource } from '@plume/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A source's latest titles, fetched by the server without keeping them (a persona not saved yet). */
export const getFeedTitles = ({ url, type }: Pick<ContentSource, 'url' | 'type'>) =>
  api<string[]>(`/api/feed-titles?${new URLSearchParams({ url, type })}`);

/** On demand (the Fetch now button), so a mutation rather than a cached query. */
export function useFeedTitles() {
  return useMutation({ mutationFn: getFeedTitles });
}
