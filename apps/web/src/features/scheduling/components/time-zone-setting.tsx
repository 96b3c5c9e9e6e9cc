import { useId, useMemo } from 'react';
import { toast } from 'sonner';
import { browserTimeZone, timeZoneChoices } from '../../../lib/time-zones';
import { useSavePreferences } from '../api/save-preferences';
import { useTimeZone } from '../hooks/use-time-zone';

/** 'Times in {zone}' with the choice of zone, saved to the account (null follows the browser). */
export function TimeZoneSetting() {
  const id = useId();
  const { timeZone, saved } = useTimeZone();
  const save = useSavePreferences();
  const browser = browserTimeZone();
  const zones = useMemo(() => timeZoneChoices(timeZone), [timeZone]);

  const change = (value: string) => {
    save.mutate(
      { timeZone: value === '' ? null : value },
      {
        onSuccess: (p) =>
          toast.success('Time zone saved', { description: p.timeZone ?? `This browser's (${browser})` }),
        onError: (error) => toast.error('Failed to save the time zone', { description: error.message }),
      },
    );
  };

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <p data-testid="time-zone">
        Times in <span className="font-semibold">{timeZone}</span>
      </p>
      <label htmlFor={id} className="sr-only">
        Time zone
      </label>
      <select
        id={id}
        value={saved ?? ''}
        disabled={save.isPending}
        onChange={(e) => change(e.target.value)}
        className="max-w-72 rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
      >
        <option value="">This browser's ({browser})</option>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </select>
    </div>
  );
}
