import {
  CONTENT_REQUIRED,
  PLATFORM_LABELS,
  PLATFORM_LIMITS,
  type Platform,
  platformLength,
  type ScheduledItem,
  textPart,
  WRITER_NAMES,
} from '@plume/core';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { DraftFlags, OfflineBadge } from '../../../components/draft-notes';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { inputClass } from '../../../components/ui/input-class';
import { Section } from '../../../components/ui/section';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { useSchedule } from '../api/get-schedule';
import { useRejectReview } from '../api/reject-review';
import { useUpdateScheduledPost } from '../api/update-scheduled-post';
import { formatDateTime } from '../utils/format';
import { ReplyContext } from './reply-context';
import { FieldError, PlatformChoice, SCHEDULE_FIELD_PATHS } from './schedule-fields';

const REVIEW = ['pending_review'] as const;

/**
 * The review queue: drafts from the studio (and automation later) wait here for a human. Edit them
 * in place, approve them to a time or the queue (the Schedule Post dialog), or reject them.
 */
export function ReviewQueue({
  personaId,
  timeZone,
  onApprove,
}: {
  personaId?: string;
  timeZone: string;
  onApprove(item: ScheduledItem): void;
}) {
  const review = useSchedule({ status: REVIEW, ...(personaId ? { personaId } : {}) });
  const items = [...(review.data ?? [])].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return (
    <div id="review" className="scroll-mt-4">
      <Section
        title="Review queue"
        description="Drafts wait here until you approve them. Nothing in this list is posted."
      >
        {review.isPending ? (
          <p role="status" className="text-sm">
            Loading...
          </p>
        ) : review.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            Failed to fetch schedule: {review.error.message}
          </p>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Nothing to review. Use 'Send to review' on a written post to add one.
          </p>
        ) : (
          <ul className="space-y-3" aria-label="Drafts waiting for review">
            {items.map((item) => (
              <ReviewRow key={item.id} item={item} timeZone={timeZone} onApprove={onApprove} />
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function ReviewRow({
  item,
  timeZone,
  onApprove,
}: {
  item: ScheduledItem;
  timeZone: string;
  onApprove(item: ScheduledItem): void;
}) {
  const ids = { content: useId(), error: useId() };
  const [editing, setEditing] = useState(false);
  const [content, setContent] = useState(item.content);
  const [platform, setPlatform] = useState<Platform>(item.platform);
  const [error, setError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const update = useUpdateScheduledPost();
  const reject = useRejectReview();
  const thread = item.parts.length > 1;
  const length = platformLength(platform, content);
  const limit = PLATFORM_LIMITS[platform];

  const startEdit = () => {
    setContent(item.content);
    setPlatform(item.platform);
    setError(null);
    setEditing(true);
  };

  const save = () => {
    if (content.trim() === '') {
      setError(CONTENT_REQUIRED);
      return;
    }
    // A thread keeps its parts (edited part by part from the calendar); a single post's part keeps
    // what it carries besides its text (languages, images, a link card).
    const parts = thread ? item.parts : [{ ...(item.parts[0] ?? textPart(item.content)), text: content }];
    // mutateAsync tells the outcome even if the row has re-rendered or left by then.
    update
      .mutateAsync({ id: item.id, body: { platform, parts } })
      .then(() => {
        toast.success('Draft saved');
        setEditing(false);
      })
      .catch((e: unknown) => {
        const errors = fieldErrorsOf(e, SCHEDULE_FIELD_PATHS);
        setError(errors.content ?? (e instanceof Error ? e.message : String(e)));
      });
  };

  return (
    <li
      data-testid="review-item"
      data-item-id={item.id}
      className="space-y-2 rounded-xl border border-dashed border-slate-400 p-3 dark:border-slate-600"
    >
      <p className="text-sm">
        <span className="font-semibold">{item.personaName}</span> on {PLATFORM_LABELS[item.platform]}
        <span className="text-slate-600 dark:text-slate-400">
          {' '}
          · written {formatDateTime(new Date(item.createdAt), timeZone)}
          {thread ? ` · thread of ${item.parts.length} parts` : ''}
        </span>
      </p>
      {item.autoSlot && item.scheduledFor && (
        <p className="text-sm text-violet-800 dark:text-violet-300" data-testid="review-automation">
          Written by automation{item.writer ? ` (${WRITER_NAMES[item.writer]})` : ''} for its slot at{' '}
          {formatDateTime(new Date(item.scheduledFor), timeZone)}: approve it before then and it goes out then.
        </p>
      )}
      {item.writer === 'offline' && <OfflineBadge />}
      <DraftFlags flags={item.flags} />
      {item.replyTo && <ReplyContext replyTo={item.replyTo} platform={item.platform} reviewing />}
      {editing ? (
        <form
          noValidate
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <label htmlFor={ids.content} className="sr-only">
            Draft text
          </label>
          <textarea
            id={ids.content}
            rows={4}
            value={content}
            readOnly={thread}
            onChange={(e) => setContent(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            className={cn(inputClass, 'resize-y', thread && 'bg-slate-50 dark:bg-slate-950')}
          />
          <p
            className={cn(
              'text-xs',
              length > limit ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400',
            )}
          >
            {PLATFORM_LABELS[platform]} {length}/{limit}
            {length > limit ? ' · too long' : ''}
          </p>
          {/* A reply stays on the platform of the post it answers. */}
          {!item.replyTo && (
            <PlatformChoice name={`${ids.content}-platform`} value={platform} onChange={setPlatform} compact />
          )}
          {error && <FieldError id={ids.error}>{error}</FieldError>}
          <div className="flex gap-2">
            <Button type="submit" className="px-3 py-1.5" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button variant="secondary" className="px-3 py-1.5" onClick={() => setEditing(false)}>
              Discard changes
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="text-sm whitespace-pre-wrap" data-testid="review-content">
            {item.content}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button className="px-3 py-1.5" onClick={() => onApprove(item)}>
              Approve
            </Button>
            <Button variant="secondary" className="px-3 py-1.5" onClick={startEdit}>
              Edit
            </Button>
            <Button
              variant="danger"
              className="px-3 py-1.5"
              disabled={reject.isPending}
              onClick={() => setRejecting(true)}
            >
              Reject
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title="Reject draft"
        message="Reject this draft? It will not be posted."
        confirmLabel="Reject"
        cancelLabel="Keep draft"
        // The row leaves the list once rejected: mutateAsync still tells the outcome.
        onConfirm={() =>
          reject.mutateAsync(item.id).then(
            () => toast.success('Draft rejected'),
            (e: unknown) =>
              toast.error('Failed to reject', { description: e instanceof Error ? e.message : String(e) }),
          )
        }
      />
    </li>
  );
}
