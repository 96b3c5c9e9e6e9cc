import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { personaKeys } from '../../../lib/api/get-personas';
import { useUsage } from '../../../lib/api/get-usage';
import { useRefreshMetrics } from '../api/refresh-metrics';

/** How often the last reading is asked for while the accounts are read, and for how long at most. */
export const POLL_MS = 2000;
export const POLL_LIMIT_MS = 30_000;

export const STILL_READING = 'Still reading: figures update when the platforms answer';
export const NOTHING_TO_READ = 'No connected accounts to read: connect one in a persona’s editor';

/**
 * Refresh: asks the server to read every connected account now (it answers at once, reading in the
 * background), then asks for the last reading every 2 s until it moves, for 30 s at most.
 */
export function useMetricsRefresh() {
  const queryClient = useQueryClient();
  const refresh = useRefreshMetrics();
  // The last reading when Refresh was pressed: polling stops once the server's moves past it.
  const [reading, setReading] = useState<{ since: string | null } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const usage = useUsage({ pollMs: reading ? POLL_MS : false });
  const lastReadAt = usage.data?.lastReadAt;

  // The personas' figures come from the same readings: the list (only) is read again with them.
  useEffect(() => {
    if (!reading || lastReadAt === undefined || lastReadAt === reading.since) return;
    setReading(null);
    void queryClient.invalidateQueries({ queryKey: personaKeys.all, exact: true });
  }, [reading, lastReadAt, queryClient]);

  useEffect(() => {
    if (!reading) return;
    const timer = setTimeout(() => {
      setReading(null);
      setNote(STILL_READING);
      void queryClient.invalidateQueries({ queryKey: personaKeys.all, exact: true });
    }, POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [reading, queryClient]);

  const start = () => {
    setNote(null);
    const since = lastReadAt ?? null;
    refresh.mutate(undefined, {
      onSuccess: ({ queued }) => {
        if (queued > 0) {
          setReading({ since });
          return;
        }
        // Nothing will be read: the figures are read again once, as they are.
        setNote(NOTHING_TO_READ);
        void queryClient.invalidateQueries({ queryKey: personaKeys.all });
      },
    });
  };

  return {
    start,
    busy: refresh.isPending || reading !== null,
    error: refresh.error?.message ?? null,
    note,
  };
}
