import { useMemo } from 'react';
import { toast } from 'sonner';
import { Select } from '../../../components/ui/select';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { browserTimeZone, timeZoneChoices } from '../../../lib/time-zones';
import { useSavePreferences } from '../api/save-preferences';

/** 'Times in {zone}' with the choice of zone, saved to the account (null follows the browser). */
export function TimeZoneSetting() {
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
      <Select
        label="Time zone"
        size="sm"
        labelPlacement="hidden"
        value={saved ?? ''}
        options={[
          { value: '', label: `This browser's (${browser})` },
          ...zones.map((zone) => ({ value: zone, label: zone })),
        ]}
        onChange={change}
        disabled={save.isPending}
        className="max-w-72"
      />
    </div>
  );
}
