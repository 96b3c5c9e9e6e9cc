import type { IngestRequest, IngestResult } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personaQueryOptions } from '../../../lib/api/get-persona';
import { api } from '../../../lib/api-client';

/** Fetches one of a saved persona's sources now; the server keeps its items and records the check. */
export const ingestSource = (body: IngestRequest) => api<IngestResult>('/api/ingest', { method: 'POST', json: body });

export function useIngestSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ingestSource,
    // The source's status and last check changed on the server, whether the fetch worked or not.
    onSettled: (_result, _error, body) =>
      queryClient.invalidateQueries({ queryKey: personaQueryOptions(body.personaId).queryKey }),
  });
}
