import { type Automation, NEW_CUSTOM_TIME, NEW_SCHEDULE_TIME, type Weekday } from '@plume/core';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CloseIcon } from '../../../components/ui/icons';
import { inputClass } from '../../../components/ui/input-class';
import { Modal } from '../../../components/ui/modal';
import { optionsOf, Select } from '../../../components/ui/select';
import { TraitSlider } from '../../../components/ui/trait-slider';
import { DialogActions, errorClass, hintClass, SwitchRow, timesValid } from './editor-automation-fields';

type Posting = Automation['autoPosting'];
type Schedule = Posting['advancedSchedule'];

export const FREQUENCIES: Record<Posting['frequency'], string> = {
  daily: 'Daily',
  'twice-daily': 'Twice daily',
  hourly: 'Hourly',
  custom: 'Custom times',
};
const MAX_TIMES = 24;
const DAYS: Weekday[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Times of day (HH:MM) with Add (at `newTime`) and Remove; `label` names the list, `item` each time. */
function TimeList({
  label,
  item,
  times,
  newTime,
  onChange,
}: {
  label: string;
  item: string;
  times: string[];
  newTime: string;
  onChange(times: string[]): void;
}) {
  const legendId = useId();
  return (
    <fieldset className="space-y-2" aria-labelledby={legendId}>
      <legend id={legendId} className="text-sm font-medium">
        {label}
      </legend>
      <div className="flex flex-wrap items-center gap-2">
        {times.length === 0 && <span className={hintClass}>No times.</span>}
        {times.map((time, i) => (
          // Times are plain strings and may repeat: the position is their identity.
          <span key={i} className="flex items-center">
            <input
              type="time"
              aria-label={`${item} ${i + 1}`}
              value={time}
              onChange={(e) => onChange(times.map((t, j) => (j === i ? e.target.value : t)))}
              className={`${inputClass} w-34`}
            />
            <Button
              variant="ghost"
              className="px-2"
              aria-label={`Remove ${item} ${i + 1}`}
              onClick={() => onChange(times.filter((_, j) => j !== i))}
            >
              <CloseIcon />
            </Button>
          </span>
        ))}
        <Button
          variant="secondary"
          className="px-3"
          aria-label={`Add time to ${label}`}
          disabled={times.length >= MAX_TIMES}
          onClick={() => onChange([...times, newTime])}
        >
          Add time
        </Button>
      </div>
    </fieldset>
  );
}

const tidy = (times: string[]) => [...new Set(times)].sort();

export function PostingSettingsDialog({
  open,
  onOpenChange,
  posting,
  onSave,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  posting: Posting;
  onSave(patch: Partial<Posting>): void;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Posting settings">
      <PostingForm posting={posting} onSave={onSave} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function PostingForm({
  posting,
  onSave,
  onCancel,
}: {
  posting: Posting;
  onSave(patch: Partial<Posting>): void;
  onCancel(): void;
}) {
  const [frequency, setFrequency] = useState(posting.frequency);
  const [customTimes, setCustomTimes] = useState(posting.customTimes);
  const [mix, setMix] = useState(posting.contentMix);
  const [smartTiming, setSmartTiming] = useState(posting.smartTiming);
  const timesOk = timesValid(customTimes);
  const sum = mix.original + mix.curated + mix.promotional;

  return (
    <div className="space-y-5">
      <Select label="Frequency" value={frequency} options={optionsOf(FREQUENCIES)} onChange={setFrequency} />
      <div className="space-y-1">
        <TimeList
          label="Custom times"
          item="Custom time"
          times={customTimes}
          newTime={NEW_CUSTOM_TIME}
          onChange={setCustomTimes}
        />
        <p className={hintClass}>Used when the advanced schedule has no times.</p>
        {!timesOk && <p className={errorClass}>Every custom time must be set (HH:MM)</p>}
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">Content mix</legend>
        <TraitSlider
          label="Original"
          value={mix.original}
          valueText={`${mix.original}%`}
          onChange={(original) => setMix({ ...mix, original })}
        />
        <TraitSlider
          label="Curated"
          value={mix.curated}
          valueText={`${mix.curated}%`}
          onChange={(curated) => setMix({ ...mix, curated })}
        />
        <TraitSlider
          label="Promotional"
          value={mix.promotional}
          valueText={`${mix.promotional}%`}
          onChange={(promotional) => setMix({ ...mix, promotional })}
        />
        <p className={hintClass}>
          Total: {sum}%{sum !== 100 && ' (shares are used relative to each other)'}
        </p>
      </fieldset>
      <SwitchRow label="Smart timing" checked={smartTiming} onChange={setSmartTiming} />
      <DialogActions
        onCancel={onCancel}
        saveDisabled={!timesOk}
        onSave={() => onSave({ frequency, customTimes: tidy(customTimes), contentMix: mix, smartTiming })}
      />
    </div>
  );
}

export function AdvancedScheduleDialog({
  open,
  onOpenChange,
  schedule,
  onSave,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  schedule: Schedule;
  onSave(schedule: Schedule): void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Advanced schedule"
      description="Times to post on each weekday, in your time zone. While any day has a time, the custom times are not used."
    >
      <ScheduleForm schedule={schedule} onSave={onSave} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function ScheduleForm({
  schedule,
  onSave,
  onCancel,
}: {
  schedule: Schedule;
  onSave(schedule: Schedule): void;
  onCancel(): void;
}) {
  const [days, setDays] = useState<Schedule>(schedule);
  const ok = DAYS.every((day) => timesValid(days[day] ?? []));
  const save = () => {
    const next: Schedule = {};
    for (const day of DAYS) {
      const times = tidy(days[day] ?? []);
      if (times.length > 0) next[day] = times;
    }
    onSave(next);
  };

  return (
    <div className="space-y-4">
      {DAYS.map((day) => (
        <TimeList
          key={day}
          label={day}
          item={`${day} time`}
          times={days[day] ?? []}
          newTime={NEW_SCHEDULE_TIME}
          onChange={(times) => setDays({ ...days, [day]: times })}
        />
      ))}
      {!ok && <p className={errorClass}>Every time must be set (HH:MM)</p>}
      <DialogActions onCancel={onCancel} saveDisabled={!ok} onSave={save} />
    </div>
  );
}
