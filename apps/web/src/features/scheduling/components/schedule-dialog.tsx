import {
  DEFAULT_SCHEDULE_OFFSET_MS,
  DEFAULT_SCHEDULE_PLATFORM,
  inputsFromInstant,
  PLATFORM_LABELS,
  type Platform,
  type PostPart,
  type ScheduledItem,
  type ScheduleFormErrors,
  threadContent,
  validateScheduleForm,
  type Writer,
} from '@plume/core';
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { PostPreview } from '../../../components/post-preview';
import { ThreadPartsEditor } from '../../../components/thread-parts-editor';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { usePersonas } from '../../../lib/api/get-personas';
import { ApiRequestError } from '../../../lib/api-client';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { useApproveReview } from '../api/approve-review';
import { useCreateScheduledBatch } from '../api/create-scheduled-batch';
import { useCreateScheduledPost } from '../api/create-scheduled-post';
import { useNextSlot } from '../api/get-next-slot';
import { formatDateTime } from '../utils/format';
import { DateTimeFields, FieldError, PlatformChoice, SCHEDULE_FIELD_PATHS } from './schedule-fields';

export type ScheduleTarget = { personaId: string; personaName: string };

/** What the dialog does: schedule new posts (for given personas, or one picked here), or approve a draft in review. */
export type ScheduleMode =
  | { kind: 'create'; targets?: ScheduleTarget[]; parts: PostPart[]; platform?: Platform; writer?: Writer }
  | { kind: 'approve'; item: ScheduledItem };

/**
 * The Schedule Post dialog (app spec: Advanced tweet generation; §5): content (prefilled), platform
 * (Bluesky unless told), a date and time one hour ahead in the user's zone or 'Add to queue' (the
 * persona's next free posting slot, named). Approving a draft keeps its own time unless another
 * is picked (now when that time has passed), or goes now; each choice says when it goes out. The spec's messages show beside their fields, before sending
 * and when the server answers 400; 'Failed to schedule' says why anything else failed.
 */
export function ScheduleDialog({
  open,
  onOpenChange,
  mode,
  successMessage = 'Scheduled',
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  mode: ScheduleMode;
  /** 'Scheduled' from the writing studio, 'Event scheduled' from the calendar (app spec §8). */
  successMessage?: string;
}) {
  const title = mode.kind === 'approve' ? 'Approve and schedule' : 'Schedule Post';
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title}>
      {/* Mounted on each opening: the defaults are one hour from now, not from when the page loaded. */}
      {open && <ScheduleForm mode={mode} successMessage={successMessage} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function ScheduleForm({
  mode,
  successMessage,
  onDone,
}: {
  mode: ScheduleMode;
  successMessage: string;
  onDone(): void;
}) {
  const ids = {
    persona: useId(),
    content: useId(),
    contentError: useId(),
    date: useId(),
    time: useId(),
    whenError: useId(),
    zone: useId(),
    formError: useId(),
  };
  const { timeZone } = useTimeZone();
  const personas = usePersonas();
  const create = useCreateScheduledPost();
  const createMany = useCreateScheduledBatch();
  const approve = useApproveReview();

  const fixedTargets = mode.kind === 'create' ? mode.targets : undefined;
  const [pickedPersona, setPickedPersona] = useState('');
  const [parts, setParts] = useState(() => (mode.kind === 'create' ? mode.parts : mode.item.parts));
  const [platform, setPlatform] = useState<Platform>(() =>
    mode.kind === 'create' ? (mode.platform ?? DEFAULT_SCHEDULE_PLATFORM) : mode.item.platform,
  );
  // A draft with a time of its own (its slot, a reply's time) keeps it unless the person picks another.
  const [opened] = useState(() => Date.now());
  const ownTime = mode.kind === 'approve' && mode.item.scheduledFor ? new Date(mode.item.scheduledFor) : null;
  const ownPassed = ownTime !== null && ownTime.getTime() <= opened;
  const [initial] = useState(() =>
    inputsFromInstant(ownTime && !ownPassed ? ownTime : new Date(opened + DEFAULT_SCHEDULE_OFFSET_MS), timeZone),
  );
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [when, setWhen] = useState<When>(ownTime ? 'own' : 'at');
  const queue = when === 'queue';
  const needsReconnect = mode.kind === 'approve' && mode.item.connection === 'reconnect';
  const [errors, setErrors] = useState<ScheduleFormErrors & { persona?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const busy = create.isPending || createMany.isPending || approve.isPending;

  const personaChoices = (personas.data ?? []).map((p) => ({ personaId: p.id, personaName: p.name }));
  const named = (t: ScheduleTarget) => ({
    ...t,
    personaName: t.personaName || (personaChoices.find((p) => p.personaId === t.personaId)?.personaName ?? ''),
  });
  const targets: ScheduleTarget[] =
    mode.kind === 'approve'
      ? [{ personaId: mode.item.personaId, personaName: mode.item.personaName }]
      : (fixedTargets?.map(named) ?? personaChoices.filter((p) => p.personaId === pickedPersona));
  const thread = parts.length > 1;
  const readOnlyContent = mode.kind === 'approve';

  const showFailure = (error: unknown) => {
    const { form, ...fields } = fieldErrorsOf(error, SCHEDULE_FIELD_PATHS);
    setErrors(fields);
    setFormError(form ?? null);
    toast.error('Failed to schedule', { description: error instanceof Error ? error.message : String(error) });
  };

  const submit = async () => {
    // Its own time or now: no date and time to check.
    const checked = validateScheduleForm(
      { parts, queue: queue || when === 'own' || when === 'now', date, time },
      new Date(),
      timeZone,
    );
    const found: typeof errors = { ...checked.errors };
    if (targets.length === 0) found.persona = 'Pick a persona';
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    const choice = queue ? { queue: true as const } : { runAt: (checked.runAt ?? new Date()).toISOString() };

    if (mode.kind === 'approve') {
      const body = when === 'own' ? {} : when === 'now' ? { now: true } : choice;
      try {
        const item = await approve.mutateAsync({ id: mode.item.id, body });
        toast.success(successMessage, { description: describeTime(item, timeZone) });
        onDone();
      } catch (error) {
        showFailure(error);
      }
      return;
    }

    // The parts always: a part carries more than its text (languages, images, a link card).
    const writer = mode.writer ? { writer: mode.writer } : {};
    const body = { platform, content: threadContent(parts), parts, ...writer, ...choice };
    if (targets.length === 1) {
      try {
        const item = await create.mutateAsync({ personaId: targets[0]?.personaId ?? '', ...body });
        toast.success(successMessage, { description: describeTime(item, timeZone) });
        onDone();
      } catch (error) {
        // Nothing was created: the dialog stays open with the reason beside its field.
        showFailure(error);
      }
      return;
    }
    // Several personas: one post each in one call, all or none (decision 049-publishing-figure).
    try {
      await createMany.mutateAsync({ items: targets.map((target) => ({ personaId: target.personaId, ...body })) });
      toast.success(successMessage, { description: `For ${targets.map((t) => t.personaName).join(', ')}` });
      onDone();
    } catch (error) {
      showFailure(asOneItem(error, targets));
    }
  };

  const contentError = errors.content;
  const whenError = errors.runAt;

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="schedule-form"
    >
      {mode.kind === 'create' && !fixedTargets && (
        <Select
          id={ids.persona}
          label="Persona"
          value={pickedPersona}
          options={[
            { value: '', label: 'Choose a persona' },
            ...personaChoices.map((p) => ({ value: p.personaId, label: p.personaName })),
          ]}
          onChange={setPickedPersona}
          error={errors.persona}
        />
      )}
      {targets.length > 0 && targets.every((t) => t.personaName) && (mode.kind === 'approve' || fixedTargets) && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          For {targets.map((t) => t.personaName).join(', ')}
          {targets.length > 1 ? ` (one post each)` : ''}
        </p>
      )}

      <ThreadPartsEditor
        parts={parts}
        onChange={setParts}
        platforms={[platform]}
        label={(i, count) => (count > 1 ? `Part ${i + 1} of ${count}` : 'Content')}
        legend={(count) => `Content (a thread of ${count} parts)`}
        readOnly={readOnlyContent}
        invalid={(part) => Boolean(contentError) && (part.text.trim() === '' || !thread)}
        describedBy={contentError ? ids.contentError : undefined}
        rows={5}
      >
        {contentError && <FieldError id={ids.contentError}>{contentError}</FieldError>}
      </ThreadPartsEditor>
      <PostPreview
        parts={parts}
        platform={platform}
        persona={{ id: targets[0]?.personaId, name: targets[0]?.personaName ?? '' }}
      />

      {mode.kind === 'create' ? (
        <PlatformChoice name={`${ids.content}-platform`} value={platform} onChange={setPlatform} withValues />
      ) : (
        <p className="text-sm">
          <span className="font-medium">Platform:</span> {PLATFORM_LABELS[platform]}
        </p>
      )}

      <fieldset className="space-y-2" data-testid="when">
        <legend className="text-sm font-medium">When</legend>
        <div className="space-y-1.5">
          {ownTime && (
            <WhenOption name={`${ids.content}-when`} value="own" when={when} onChange={setWhen}>
              {ownPassed ? (
                <>Now: its own time ({formatDateTime(ownTime, timeZone)}) has passed</>
              ) : (
                <>
                  At its own time: <strong data-testid="own-time">{formatDateTime(ownTime, timeZone)}</strong>
                  {mode.kind === 'approve' && mode.item.autoSlot ? ' (the slot it was written for)' : ''}
                </>
              )}
            </WhenOption>
          )}
          {mode.kind === 'approve' && (!ownTime || !ownPassed) && (
            <WhenOption name={`${ids.content}-when`} value="now" when={when} onChange={setWhen}>
              Now
            </WhenOption>
          )}
          <WhenOption name={`${ids.content}-when`} value="at" when={when} onChange={setWhen}>
            At a date and time
          </WhenOption>
          <WhenOption name={`${ids.content}-when`} value="queue" when={when} onChange={setWhen}>
            Add to queue:{' '}
            <QueueSlot
              personaId={targets.length === 1 ? targets[0]?.personaId : undefined}
              timeZone={timeZone}
              many={targets.length > 1}
            />
          </WhenOption>
        </div>
        {when === 'at' && (
          <DateTimeFields
            ids={ids}
            date={date}
            time={time}
            onDateChange={setDate}
            onTimeChange={setTime}
            invalid={Boolean(whenError)}
            describedBy={whenError ? `${ids.zone} ${ids.whenError}` : ids.zone}
          >
            <p id={ids.zone} className="col-span-2 text-xs text-slate-600 dark:text-slate-400">
              Times in {timeZone}
            </p>
          </DateTimeFields>
        )}
        {whenError && <FieldError id={ids.whenError}>{whenError}</FieldError>}
      </fieldset>

      {needsReconnect && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="approve-reconnect">
          The {PLATFORM_LABELS[platform]} account needs reconnecting: this draft cannot go out until you reconnect it in
          the persona's Accounts tab.
        </p>
      )}

      {formError && !contentError && !whenError && <FieldError id={ids.formError}>{formError}</FieldError>}

      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || needsReconnect}>
          {busy ? 'Scheduling...' : mode.kind === 'approve' ? 'Approve' : 'Schedule'}
        </Button>
      </div>
    </form>
  );
}

type When = 'own' | 'now' | 'at' | 'queue';

function WhenOption({
  name,
  value,
  when,
  onChange,
  children,
}: {
  name: string;
  value: When;
  when: When;
  onChange(value: When): void;
  children: ReactNode;
}) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="radio"
        name={name}
        value={value}
        checked={when === value}
        onChange={() => onChange(value)}
        className="mt-0.5 h-4 w-4 shrink-0 accent-violet-700"
      />
      <span>{children}</span>
    </label>
  );
}

/** 'Add to queue' says which slot: the server's next free one, the one approving or scheduling takes. */
function QueueSlot({ personaId, timeZone, many }: { personaId: string | undefined; timeZone: string; many: boolean }) {
  const slot = useNextSlot(many ? undefined : personaId);
  if (many) return <>each persona's next free posting slot</>;
  if (!personaId) return <>the persona's next free posting slot</>;
  if (slot.isPending) return <>finding the next free posting slot...</>;
  if (slot.isError) return <>the next free posting slot (not known now: {slot.error.message})</>;
  if (!slot.data.at) return <>no free posting slot in the next 60 days</>;
  return (
    <>
      the next free posting slot,{' '}
      <strong data-testid="queue-slot">{formatDateTime(new Date(slot.data.at), timeZone)}</strong>
    </>
  );
}

/**
 * A batch's refusal said of the dialog: every item shares its fields, so `body.items.2.runAt` is
 * the dialog's `body.runAt`, and `body.items.2: …` names the persona it is about.
 */
function asOneItem(error: unknown, targets: ScheduleTarget[]): unknown {
  if (!(error instanceof ApiRequestError)) return error;
  const item = /body\.items\.(\d+)(\.|: )/g;
  const message = error.message.replace(item, (_, index: string, after: string) =>
    after === '.' ? 'body.' : `${targets[Number(index)]?.personaName ?? 'A persona'}: `,
  );
  const details = error.details?.map((d) => ({ ...d, field: d.field.replace(/^body\.items\.\d+\./, 'body.') }));
  return new ApiRequestError(error.status, error.code, message, details);
}

function describeTime(item: ScheduledItem | undefined, timeZone: string): string | undefined {
  return item?.scheduledFor ? `For ${formatDateTime(new Date(item.scheduledFor), timeZone)}` : undefined;
}
