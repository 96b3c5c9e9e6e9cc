import { usePreferences } from '../lib/api/get-preferences';
import { browserTimeZone } from '../lib/time-zones';

/**
 * The zone the calendar and the Schedule dialog show times in: the user's saved IANA zone, else the
 * browser's. `saved` is null while the browser's is followed.
 */
export function useTimeZone(): { timeZone: string; saved: string | null; ready: boolean } {
  const preferences = usePreferences();
  const saved = preferences.data?.timeZone ?? null;
  // A failed read falls back to the browser's zone rather than blocking scheduling.
  return { timeZone: saved ?? browserTimeZone(), saved, ready: !preferences.isPending };
}
