import {
  CONTENT_REQUIRED,
  DATE_IN_FUTURE,
  inputsFromInstant,
  instantFromInputs,
  isEditable,
  latenessNote,
  PICK_DATE_AND_TIME,
  PLATFORM_LABELS,
  type Platform,
  partTexts,
  type ScheduledItem,
  type ScheduleFormErrors,
  type ScheduleUpdate,
  textPart,
} from '@plume/core';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { DraftFlags, OfflineBadge } from '../../../components/draft-notes';
import { PostPreview } from '../../../components/post-preview';
import { ThreadPartsEditor } from '../../../components/thread-parts-editor';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { ReadOnlyNote } from '../../../components/ui/read-only-note';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { useMay, useRefusal } from '../../../lib/workspace';
import { useCancelScheduledPost } from '../api/cancel-scheduled-post';
import { useMarkPosted } from '../api/mark-posted';
import { useRejectReview } from '../api/reject-review';
import { useRetryScheduledPost } from '../api/retry-scheduled-post';
import { useUpdateScheduledPost } from '../api/update-scheduled-post';
import { formatDateTime } from '../utils/format';
import { STATUS_LOOK } from '../utils/status';
import { LoadedPostHistory } from './post-history';
import { ReplyContext } from './reply-context';
import { DateTimeFields, FieldError, PlatformChoice, SCHEDULE_FIELD_PATHS } from './schedule-fields';

/**
 * A post opened from the calendar: edit its text, platform, date and time (the keyboard's way to
 * move it to another day), or cancel it ('Cancel this event?'). A failed or unconfirmed post shows
 * what went wrong, with Retry and Mark as posted: the user decides, Plume never posts twice by itself.
 */
export function ItemDialog({
  item,
  timeZone,
  onClose,
  onApprove,
}: {
  item: ScheduledItem | null;
  timeZone: string;
  onClose(): void;
  /** A post in review is approved through the Schedule Post dialog. */
  onApprove(item: ScheduledItem): void;
}) {
  const look = item ? STATUS_LOOK[item.status] : null;
  return (
    <Modal
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={item ? `${item.personaName} on ${PLATFORM_LABELS[item.platform]}` : 'Post'}
    >
      {item && look && (
        <ItemBody key={item.id} item={item} timeZone={timeZone} onClose={onClose} onApprove={onApprove} />
      )}
    </Modal>
  );
}

function ItemBody({
  item,
  timeZone,
  onClose,
  onApprove,
}: {
  item: ScheduledItem;
  timeZone: string;
  onClose(): void;
  onApprove(item: ScheduledItem): void;
}) {
  const ids = { date: useId(), time: useId(), content: useId(), contentError: useId(), whenError: useId() };
  const look = STATUS_LOOK[item.status];
  const update = useUpdateScheduledPost();
  const cancel = useCancelScheduledPost();
  const retry = useRetryScheduledPost();
  const markPosted = useMarkPosted();
  const reject = useRejectReview();
  // Roles (issue 33): a viewer changes nothing here, only an approver approves or rejects a draft.
  const readOnly = useRefusal('write');
  const mayApprove = useMay('approve');
  const [confirming, setConfirming] = useState(false);

  // An unconfirmed post may be out there: it is retried or marked, not edited into a second copy.
  // A thread some of whose parts went out is finished on the platform, then marked as posted.
  const partlyPosted = item.postedParts > 0 && item.status !== 'posted';
  const editable = isEditable(item.status) && item.status !== 'unconfirmed' && !partlyPosted;
  const recoverable = item.status === 'failed' || item.status === 'unconfirmed';
  const initial = item.scheduledFor ? inputsFromInstant(new Date(item.scheduledFor), timeZone) : { date: '', time: '' };
  const [parts, setParts] = useState(item.parts.length > 0 ? item.parts : [textPart(item.content)]);
  const [platform, setPlatform] = useState<Platform>(item.platform);
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [errors, setErrors] = useState<ScheduleFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const when = item.scheduledFor ?? item.postedAt;
  // Posted more than a few seconds after its time: said beside it (issue 32).
  const late = latenessNote(item);

  const save = async () => {
    const found: ScheduleFormErrors = {};
    if (parts.some((p) => p.text.trim() === '')) found.content = CONTENT_REQUIRED;
    const retimed = date !== initial.date || time !== initial.time;
    let runAt: Date | null = null;
    if (retimed) {
      runAt = instantFromInputs(date, time, timeZone);
      if (!runAt) found.runAt = PICK_DATE_AND_TIME;
      else if (runAt.getTime() <= Date.now()) found.runAt = DATE_IN_FUTURE;
    }
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    const body: ScheduleUpdate = {
      platform,
      // The parts as they are (a part keeps what it carries besides its text).
      parts,
      ...(runAt ? { runAt: runAt.toISOString() } : {}),
    };
    // mutateAsync: the outcome is told even when the post has left the list (and this dialog) by then.
    try {
      const saved = await update.mutateAsync({ id: item.id, body });
      toast.success(runAt ? 'Event scheduled' : 'Changes saved', {
        description: saved.scheduledFor ? `For ${formatDateTime(new Date(saved.scheduledFor), timeZone)}` : undefined,
      });
      onClose();
    } catch (error) {
      const { form, ...fields } = fieldErrorsOf(error, SCHEDULE_FIELD_PATHS);
      setErrors(fields);
      setFormError(form ?? null);
      toast.error('Failed to schedule', { description: messageOf(error) });
    }
  };

  const confirmCancel = async () => {
    if (item.status === 'pending_review') {
      try {
        await reject.mutateAsync(item.id);
        toast.success('Draft rejected');
        onClose();
      } catch (error) {
        toast.error('Failed to reject', { description: messageOf(error) });
      }
      return;
    }
    try {
      await cancel.mutateAsync(item.id);
      toast.success('Event canceled');
      onClose();
    } catch (error) {
      toast.error('Failed to cancel', { description: messageOf(error) });
    }
  };

  const recover = async (action: 'retry' | 'mark') => {
    try {
      await (action === 'retry' ? retry : markPosted).mutateAsync(item.id);
      toast.success(action === 'retry' ? 'Publishing again' : 'Marked as posted');
      onClose();
    } catch (error) {
      toast.error(action === 'retry' ? 'Failed to retry' : 'Failed to mark as posted', {
        description: messageOf(error),
      });
    }
  };

  const busy = update.isPending || cancel.isPending || reject.isPending || retry.isPending || markPosted.isPending;

  return (
    <div className="space-y-4" data-testid="item-dialog">
      <LoadedPostHistory postId={item.id} timeZone={timeZone} />
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span
          className={cn('inline-flex items-center gap-1 rounded-md border px-2 py-0.5 font-medium', look.chip)}
          data-testid="item-status"
        >
          <span aria-hidden="true">{look.symbol}</span>
          {look.label}
        </span>
        {when && (
          <span data-testid="item-time">
            {item.status === 'posted' ? 'Posted ' : ''}
            {formatDateTime(new Date(when), timeZone)}
          </span>
        )}
        {late && (
          <span className="font-medium text-amber-800 dark:text-amber-200" data-testid="item-late">
            {late}
          </span>
        )}
        {item.url && (
          <a
            href={item.url}
            target="_blank"
            rel="noopener noreferrer"
            className="text-violet-700 underline underline-offset-2 dark:text-violet-300"
          >
            View on {PLATFORM_LABELS[item.platform]}
          </a>
        )}
      </p>

      {recoverable && (
        <div className="space-y-2 rounded-xl border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
          <p className="font-medium">
            {partlyPosted
              ? 'Only part of this thread went out.'
              : item.status === 'failed'
                ? 'This post did not go out.'
                : 'Plume could not confirm whether this post went out. Check the account before retrying.'}
          </p>
          {item.error && <p data-testid="item-error">{item.error}</p>}
          {partlyPosted && (
            <p>
              {item.postedParts} of {item.parts.length} parts are already on {PLATFORM_LABELS[item.platform]}: post the
              rest there, then Mark as posted.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {!partlyPosted && (
              <Button className="px-3 py-1.5" disabled={busy} onClick={() => void recover('retry')}>
                Retry
              </Button>
            )}
            <Button variant="secondary" className="px-3 py-1.5" disabled={busy} onClick={() => void recover('mark')}>
              Mark as posted
            </Button>
          </div>
        </div>
      )}

      {item.writer === 'offline' && <OfflineBadge />}
      {/* What the check before review found still matters until the post goes out. */}
      {item.status !== 'posted' && <DraftFlags flags={item.flags} />}

      {item.replyTo && (
        <ReplyContext replyTo={item.replyTo} platform={item.platform} reviewing={item.status === 'pending_review'} />
      )}

      {editable ? (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <ThreadPartsEditor
            parts={parts}
            onChange={setParts}
            platforms={[platform]}
            label={(i, count) => (count > 1 ? `Part ${i + 1} of ${count}` : 'Content')}
            invalid={() => Boolean(errors.content)}
            describedBy={errors.content ? ids.contentError : undefined}
          >
            {errors.content && <FieldError id={ids.contentError}>{errors.content}</FieldError>}
          </ThreadPartsEditor>
          <PostPreview parts={parts} platform={platform} persona={{ id: item.personaId, name: item.personaName }} />
          {/* A reply stays on the platform of the post it answers. */}
          {!item.replyTo && <PlatformChoice name={`${ids.content}-platform`} value={platform} onChange={setPlatform} />}
          {item.status !== 'pending_review' && (
            <div className="space-y-1">
              <DateTimeFields
                ids={ids}
                date={date}
                time={time}
                onDateChange={setDate}
                onTimeChange={setTime}
                invalid={Boolean(errors.runAt)}
                describedBy={errors.runAt ? ids.whenError : undefined}
              />
              <p className="text-xs text-slate-600 dark:text-slate-400">Times in {timeZone}</p>
              {errors.runAt && <FieldError id={ids.whenError}>{errors.runAt}</FieldError>}
            </div>
          )}
          {formError && !errors.content && !errors.runAt && <FieldError>{formError}</FieldError>}
          <ReadOnlyNote reason={readOnly} />
          <div className="flex flex-wrap justify-between gap-2">
            {(item.status === 'pending_review' ? mayApprove : !readOnly) ? (
              <Button variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
                {item.status === 'pending_review' ? 'Reject' : 'Cancel event'}
              </Button>
            ) : (
              <span />
            )}
            <div className="flex flex-wrap gap-2">
              {item.status === 'pending_review' && mayApprove && (
                <Button variant="secondary" disabled={busy} onClick={() => onApprove(item)}>
                  Approve
                </Button>
              )}
              {!readOnly && (
                <Button type="submit" disabled={busy}>
                  {update.isPending ? 'Saving...' : 'Save changes'}
                </Button>
              )}
            </div>
          </div>
        </form>
      ) : (
        <>
          <div className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm whitespace-pre-wrap dark:border-slate-800 dark:bg-slate-900">
            {item.parts.length > 1 ? partTexts(item.parts).join('\n\n') : item.content}
          </div>
          <PostPreview
            parts={item.parts.length > 0 ? item.parts : [textPart(item.content)]}
            platform={item.platform}
            persona={{ id: item.personaId, name: item.personaName }}
          />
          {(item.status === 'unconfirmed' || partlyPosted) && !readOnly && (
            <div className="flex justify-start">
              <Button variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
                Cancel event
              </Button>
            </div>
          )}
        </>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={item.status === 'pending_review' ? 'Reject draft' : 'Cancel event'}
        message={item.status === 'pending_review' ? 'Reject this draft? It will not be posted.' : 'Cancel this event?'}
        confirmLabel={item.status === 'pending_review' ? 'Reject' : 'Cancel event'}
        cancelLabel={item.status === 'pending_review' ? 'Keep draft' : 'Keep event'}
        onConfirm={() => void confirmCancel()}
      />
    </div>
  );
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
