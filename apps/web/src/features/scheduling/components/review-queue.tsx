import {
  CONTENT_REQUIRED,
  PLATFORM_LABELS,
  type Platform,
  type PostPart,
  type ScheduledItem,
  textPart,
  WRITER_NAMES,
} from '@plume/core';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { DraftFlags, OfflineBadge } from '../../../components/draft-notes';
import { PostPreview } from '../../../components/post-preview';
import { ThreadPartsEditor } from '../../../components/thread-parts-editor';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadMore } from '../../../components/ui/load-more';
import { Section } from '../../../components/ui/section';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { useMay, useOpenWorkspace } from '../../../lib/workspace';
import { useApproveReview } from '../api/approve-review';
import { useBulkReview } from '../api/bulk-review';
import { REVIEW, useSchedulePages } from '../api/get-schedule';
import { useRejectReview } from '../api/reject-review';
import { useUpdateScheduledPost } from '../api/update-scheduled-post';
import { formatDateTime } from '../utils/format';
import { PostHistoryLine } from './post-history';
import { ReplyContext } from './reply-context';
import { FieldError, PlatformChoice, SCHEDULE_FIELD_PATHS } from './schedule-fields';

/** What a draft is: a reply to a mention, a post automation wrote for a slot, or a post a person sent to review. */
export type ReviewKind = 'post' | 'reply' | 'automated';
export const REVIEW_KIND_LABELS: Record<ReviewKind, string> = {
  post: 'Posts sent to review',
  reply: 'Replies to mentions',
  automated: 'Automated posts',
};
export const reviewKindOf = (item: ScheduledItem): ReviewKind =>
  item.replyTo ? 'reply' : item.autoSlot ? 'automated' : 'post';

/** A key pressed to act on the current draft (the review page's shortcuts); `n` tells two presses apart. */
type Command = { id: string; action: 'edit' | 'reject'; n: number };

/**
 * The review queue: drafts from the studio and automation wait here for a human. Edit them in
 * place, approve them (the Schedule Post dialog: their own time unless another is picked) or post
 * them now, or reject them. On the review page (`workbench`) it also filters, selects drafts to
 * approve or reject together, and answers j / k / a / r / e.
 */
export function ReviewQueue({
  personaId,
  kind,
  platform,
  timeZone,
  onApprove,
  workbench = false,
}: {
  personaId?: string | undefined;
  kind?: ReviewKind | undefined;
  platform?: Platform | undefined;
  timeZone: string;
  onApprove(item: ScheduledItem): void;
  workbench?: boolean;
}) {
  // Page by page, in the order drafts were written (decision 044-list-paging); kind and network
  // filter what is loaded, and the list's end loads on while it is in view.
  const review = useSchedulePages({ status: REVIEW, order: 'created', ...(personaId ? { personaId } : {}) });
  const loaded = review.items ?? [];
  const items = loaded.filter(
    (item) => (!kind || reviewKindOf(item) === kind) && (!platform || item.platform === platform),
  );
  const more = (
    <LoadMore
      hasMore={review.hasNextPage}
      loading={review.isFetchingNextPage}
      onLoad={() => void review.fetchNextPage()}
      label="Load more drafts"
    />
  );
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [active, setActive] = useState<string | null>(null);
  const [command, setCommand] = useState<Command | null>(null);
  const [bulkRejecting, setBulkRejecting] = useState(false);
  const bulk = useBulkReview();
  // Approving and rejecting are an approver's (issue 33): an editor sees the queue without them.
  const mayApprove = useMay('approve');
  const listRef = useRef<HTMLUListElement>(null);
  // What is selected and shown: a draft that left the list (approved elsewhere, filtered out) is not acted on.
  const chosen = items.filter((item) => selected.has(item.id));
  const activeIndex = items.findIndex((item) => item.id === active);

  const latest = useRef({ items, activeIndex, onApprove });
  latest.current = { items, activeIndex, onApprove };
  useEffect(() => {
    if (!workbench || !mayApprove) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      // Never while typing, nor while a dialog is open over the list.
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="alertdialog"]'))
        return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const { items: shown, activeIndex: at, onApprove: approve } = latest.current;
      const current = shown[at];
      const move = (to: number) => {
        const next = shown[Math.max(0, Math.min(shown.length - 1, to))];
        if (!next) return;
        setActive(next.id);
        listRef.current?.querySelector<HTMLElement>(`[data-item-id="${next.id}"]`)?.focus();
      };
      if (event.key === 'j') move(at + 1);
      else if (event.key === 'k') move(at < 0 ? 0 : at - 1);
      else if (event.key === 'a' && current) approve(current);
      else if ((event.key === 'r' || event.key === 'e') && current)
        setCommand((c) => ({ id: current.id, action: event.key === 'r' ? 'reject' : 'edit', n: (c?.n ?? 0) + 1 }));
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [workbench, mayApprove]);

  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const runBulk = (action: 'approve' | 'reject') =>
    bulk.mutateAsync({ action, ids: chosen.map((item) => item.id) }).then(
      ({ results }) => {
        const done = results.filter((r) => r.outcome === 'done');
        const refused = results.filter((r) => r.outcome === 'refused');
        if (done.length > 0)
          toast.success(
            `${done.length} ${done.length === 1 ? 'draft' : 'drafts'} ${action === 'approve' ? 'approved' : 'rejected'}`,
            {
              description:
                action === 'approve'
                  ? done
                      .map((r) => (r.item?.scheduledFor ? formatDateTime(new Date(r.item.scheduledFor), timeZone) : ''))
                      .filter(Boolean)
                      .join('; ')
                  : undefined,
            },
          );
        for (const r of refused) {
          const item = items.find((i) => i.id === r.id);
          toast.error(`Not ${action === 'approve' ? 'approved' : 'rejected'}`, {
            description: `${item ? `${item.personaName}: ` : ''}${r.error ?? ''}`,
          });
        }
        setSelected(new Set(refused.map((r) => r.id)));
      },
      (e: unknown) => toast.error(`Failed to ${action}`, { description: e instanceof Error ? e.message : String(e) }),
    );

  const allChosen = items.length > 0 && chosen.length === items.length;
  return (
    <div id="review" className="scroll-mt-4">
      <Section
        title="Review queue"
        description={
          mayApprove
            ? 'Drafts wait here until you approve them. Nothing in this list is posted.'
            : 'Drafts wait here until an approver, an admin or the owner approves them. Nothing in this list is posted.'
        }
      >
        {workbench && mayApprove && items.length > 0 && (
          <div
            className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-100 p-2 dark:bg-slate-800"
            data-testid="review-bulk"
          >
            <label className="flex items-center gap-2 px-1 text-sm">
              <input
                type="checkbox"
                checked={allChosen}
                onChange={(e) => setSelected(new Set(e.target.checked ? items.map((i) => i.id) : []))}
                className="h-4 w-4 accent-violet-700"
              />
              Select all loaded ({items.length})
            </label>
            <span className="ml-auto flex flex-wrap gap-2">
              <Button
                className="px-3 py-1.5"
                disabled={chosen.length === 0 || bulk.isPending}
                onClick={() => void runBulk('approve')}
              >
                Approve selected ({chosen.length})
              </Button>
              <Button
                variant="danger"
                className="px-3 py-1.5"
                disabled={chosen.length === 0 || bulk.isPending}
                onClick={() => setBulkRejecting(true)}
              >
                Reject selected ({chosen.length})
              </Button>
            </span>
            <p className="w-full px-1 text-xs text-slate-600 dark:text-slate-400">
              Approved together, each goes out at its own time (now if that time has passed); one with no time of its
              own takes its persona's next free posting slot.
              {review.hasNextPage ? ' More drafts load as you scroll: select all takes the ones loaded.' : ''}
            </p>
          </div>
        )}
        {review.isPending ? (
          <p role="status" className="text-sm">
            Loading...
          </p>
        ) : review.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            Failed to fetch schedule: {review.error.message}
          </p>
        ) : items.length === 0 ? (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {loaded.length > 0
                ? 'No draft matches these filters.'
                : "Nothing to review. Use 'Send to review' on a written post to add one."}
            </p>
            {more}
          </>
        ) : (
          <>
            <ul ref={listRef} className="space-y-3" aria-label="Drafts waiting for review">
              {items.map((item) => (
                <ReviewRow
                  key={item.id}
                  item={item}
                  timeZone={timeZone}
                  onApprove={onApprove}
                  {...(workbench
                    ? {
                        selected: selected.has(item.id),
                        onSelect: (on: boolean) => toggle(item.id, on),
                        active: item.id === active,
                        onActivate: () => setActive(item.id),
                        command: command?.id === item.id ? command : null,
                      }
                    : {})}
                />
              ))}
            </ul>
            {more}
          </>
        )}
      </Section>
      <ConfirmDialog
        open={bulkRejecting}
        onOpenChange={setBulkRejecting}
        title="Reject drafts"
        message={`Reject ${chosen.length} ${chosen.length === 1 ? 'draft' : 'drafts'}? They will not be posted.`}
        confirmLabel={`Reject ${chosen.length}`}
        cancelLabel="Keep drafts"
        onConfirm={() => void runBulk('reject')}
      />
    </div>
  );
}

function ReviewRow({
  item,
  timeZone,
  onApprove,
  selected,
  onSelect,
  active = false,
  onActivate,
  command,
}: {
  item: ScheduledItem;
  timeZone: string;
  onApprove(item: ScheduledItem): void;
  selected?: boolean;
  onSelect?(on: boolean): void;
  active?: boolean;
  onActivate?(): void;
  command?: Command | null;
}) {
  const ids = { content: useId(), error: useId() };
  const [editing, setEditing] = useState(false);
  const [parts, setParts] = useState<PostPart[]>(() => partsOf(item));
  const [platform, setPlatform] = useState<Platform>(item.platform);
  const [error, setError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const update = useUpdateScheduledPost();
  const reject = useRejectReview();
  const approve = useApproveReview();
  const mayApprove = useMay('approve');
  const mayWrite = useMay('write');
  const reconnect = item.connection === 'reconnect';
  const thread = item.parts.length > 1;

  const startEdit = () => {
    setParts(partsOf(item));
    setPlatform(item.platform);
    setError(null);
    setEditing(true);
  };

  // The review page's shortcuts: e edits, r asks to reject.
  const handled = useRef(0);
  useEffect(() => {
    if (!command || command.n === handled.current) return;
    handled.current = command.n;
    if (command.action === 'edit') startEdit();
    else setRejecting(true);
    // startEdit reads the item as it is when the key is pressed.
  }, [command]);

  const postNow = () =>
    approve.mutateAsync({ id: item.id, body: { now: true } }).then(
      (done) =>
        toast.success('Approved: posting now', {
          description: done.scheduledFor ? formatDateTime(new Date(done.scheduledFor), timeZone) : undefined,
        }),
      (e: unknown) => toast.error('Failed to approve', { description: e instanceof Error ? e.message : String(e) }),
    );

  const save = () => {
    if (parts.some((part) => part.text.trim() === '')) {
      setError(CONTENT_REQUIRED);
      return;
    }
    // The parts as edited: each keeps what it carries besides its text (languages, images, a link card).
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
      data-active={active ? 'true' : undefined}
      tabIndex={onActivate ? -1 : undefined}
      onFocus={onActivate}
      className={cn(
        'space-y-2 rounded-xl border border-dashed border-slate-400 p-3 outline-none dark:border-slate-600',
        active && 'border-solid border-violet-600 ring-2 ring-violet-600/40 dark:border-violet-400',
      )}
    >
      <p className="flex items-start gap-2 text-sm">
        {onSelect && (
          <input
            type="checkbox"
            checked={selected ?? false}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={`Select the draft by ${item.personaName} on ${PLATFORM_LABELS[item.platform]}`}
            className="mt-0.5 h-4 w-4 shrink-0 accent-violet-700"
          />
        )}
        <span>
          <span className="font-semibold">{item.personaName}</span> on {PLATFORM_LABELS[item.platform]}
          <span className="text-slate-600 dark:text-slate-400">
            {' '}
            · written {formatDateTime(new Date(item.createdAt), timeZone)}
            {thread ? ` · thread of ${item.parts.length} parts` : ''}
          </span>
        </span>
      </p>
      <WhyHere item={item} timeZone={timeZone} />
      {item.history && <PostHistoryLine history={item.history} timeZone={timeZone} />}
      {reconnect && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300" data-testid="review-reconnect">
          The {PLATFORM_LABELS[item.platform]} account needs reconnecting: this draft cannot go out until it is
          reconnected in the persona's Accounts tab.
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
          <ThreadPartsEditor
            parts={parts}
            onChange={setParts}
            platforms={[platform]}
            label={(i, count) => (count > 1 ? `Part ${i + 1} of ${count}` : 'Draft text')}
            hideLabels={parts.length === 1}
            invalid={(part) => Boolean(error) && part.text.trim() === ''}
            describedBy={error ? ids.error : undefined}
          />
          <PostPreview parts={parts} platform={platform} persona={{ id: item.personaId, name: item.personaName }} />
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
          <PostPreview
            parts={partsOf(item)}
            platform={item.platform}
            persona={{ id: item.personaId, name: item.personaName }}
          />
          <div className="flex flex-wrap gap-2">
            {mayApprove && (
              <>
                <Button className="px-3 py-1.5" onClick={() => onApprove(item)}>
                  Approve
                </Button>
                <Button
                  variant="secondary"
                  className="px-3 py-1.5"
                  disabled={reconnect || approve.isPending}
                  onClick={() => void postNow()}
                >
                  Approve and post now
                </Button>
              </>
            )}
            {mayWrite && (
              <Button variant="secondary" className="px-3 py-1.5" onClick={startEdit}>
                Edit
              </Button>
            )}
            {mayApprove && (
              <Button
                variant="danger"
                className="px-3 py-1.5"
                disabled={reject.isPending}
                onClick={() => setRejecting(true)}
              >
                Reject
              </Button>
            )}
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

/** A draft's parts (an old draft may have only its content). */
const partsOf = (item: ScheduledItem): PostPart[] => (item.parts.length > 0 ? item.parts : [textPart(item.content)]);

/** Why the draft is here and when it goes out if approved as it is: its slot, the mention it answers, what it was written from. */
/** Who sent a draft to review, as its history says (the first person in it); "a member" without one. */
function sentBy(history: ScheduledItem['history']): string {
  const first = history?.find((entry) => entry.actorKind !== 'automation' && entry.actorName);
  return first?.actorName ?? 'a member';
}

function WhyHere({ item, timeZone }: { item: ScheduledItem; timeZone: string }) {
  const personal = useOpenWorkspace().workspace?.personal;
  const at = item.scheduledFor ? new Date(item.scheduledFor) : null;
  const passed = at !== null && at.getTime() <= Date.now();
  const goes = at
    ? passed
      ? `Its time (${formatDateTime(at, timeZone)}) has passed: approved, it goes out now.`
      : `Approved, it goes out at ${formatDateTime(at, timeZone)}.`
    : 'It has no time of its own: approving asks when.';
  const origin = item.origin;
  return (
    <div className="space-y-0.5 text-sm text-violet-800 dark:text-violet-300" data-testid="review-why">
      {item.replyTo ? (
        <p>
          A reply automation wrote{item.writer ? ` (${WRITER_NAMES[item.writer]})` : ''} to a mention by @
          {item.replyTo.author.replace(/^@/, '')}.
        </p>
      ) : item.autoSlot ? (
        <p data-testid="review-automation">
          Written by automation{item.writer ? ` (${WRITER_NAMES[item.writer]})` : ''} for its slot at{' '}
          {formatDateTime(new Date(item.autoSlot), timeZone)}
          {origin?.kind === 'curated' && origin.source ? (
            <>
              , sharing{' '}
              {origin.source.url ? (
                <a href={origin.source.url} target="_blank" rel="noreferrer" className="underline">
                  “{origin.source.title}”
                </a>
              ) : (
                `“${origin.source.title}”`
              )}
            </>
          ) : origin?.kind === 'promotional' && origin.promotion ? (
            `, promoting ${origin.promotion}`
          ) : origin?.kind === 'original' ? (
            origin.strategy ? (
              `, an original post on the strategy “${origin.strategy}”`
            ) : (
              ', an original post'
            )
          ) : (
            ''
          )}
          .
        </p>
      ) : (
        <p>
          {/* In a shared workspace the sender may be someone else: the history names them (decision 056). */}
          Sent to review by {personal === false ? sentBy(item.history) : 'you'}
          {item.writer ? ` (written by ${WRITER_NAMES[item.writer]})` : ''}.
        </p>
      )}
      <p data-testid="review-goes">{goes}</p>
    </div>
  );
}
