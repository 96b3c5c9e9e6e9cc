import { type MentionItem, mentionOutcome, PLATFORM_LABELS } from '@plume/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/input-class';
import { Section } from '../../../components/ui/section';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useMay } from '../../../lib/workspace';
import { useDraftForMention, useMentions, useReplyToMention } from '../api/mentions';
import { type When, whenIn } from './editor-automation-log';

const KIND_LABELS: Record<MentionItem['kind'], string> = { mention: 'Mention', reply: 'Reply', quote: 'Quote' };
const muted = 'text-slate-600 dark:text-slate-400';
const linkClass = 'text-violet-700 underline underline-offset-2 dark:text-violet-300';

/** The badge beside each mention: what became of it, at a glance (its words say it in full below). */
function badgeOf(item: MentionItem): { tone: StatusTone; label: string } {
  if (item.decision === 'waiting') return { tone: 'waiting', label: 'Not looked at yet' };
  if (item.decision === 'passed') return { tone: 'off', label: 'Skipped' };
  switch (item.reply?.status) {
    case 'posted':
      return { tone: 'good', label: 'Replied' };
    case 'scheduled':
    case 'publishing':
      return { tone: 'good', label: 'Reply going out' };
    case 'pending_review':
    case 'draft':
      return { tone: 'waiting', label: 'Draft in review' };
    case 'failed':
    case 'unconfirmed':
      return { tone: 'bad', label: 'Reply failed' };
    default:
      return { tone: 'off', label: 'No reply' };
  }
}

/** A reply that is out, on its way or waiting for review: nothing more to answer from here. */
const answered = (item: MentionItem) =>
  item.reply !== null && ['posted', 'scheduled', 'publishing', 'pending_review', 'draft'].includes(item.reply.status);

/**
 * The persona's mentions inbox: every mention, reply and quote Plume read for it, what automation
 * decided and why, and a way to answer any of them by hand or have the persona draft a reply.
 */
export function MentionsTab({ personaId }: { personaId: string | undefined }) {
  const mentions = useMentions(personaId);
  const { timeZone } = useTimeZone();
  const when = whenIn(timeZone);
  const items = mentions.data?.pages.flatMap((p) => p.items) ?? [];
  // A viewer reads the mentions (and older ones) but neither replies nor asks for a draft; the editor's note says why.
  const mayWrite = useMay('write');
  return (
    <Section
      title="Mentions"
      description="Every mention, reply and quote Plume read for this persona, with what automation decided and why. Answer any of them yourself, or have the persona draft a reply for the review queue."
    >
      {!personaId ? (
        <p className={muted}>Save the persona and connect an account: its mentions will be listed here.</p>
      ) : mentions.isPending ? (
        <p role="status">Loading...</p>
      ) : mentions.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Could not load the mentions: {mentions.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className={muted}>
          No mentions read yet. Plume reads them while Smart Auto-Replies or engagement is on (Automation tab).
        </p>
      ) : (
        <>
          <fieldset disabled={!mayWrite} className="min-w-0">
            <ul className="space-y-3" aria-label="Mentions">
              {items.map((item) => (
                <MentionRow key={item.id} personaId={personaId} item={item} when={when} />
              ))}
            </ul>
          </fieldset>
          {mentions.hasNextPage && (
            <Button variant="secondary" disabled={mentions.isFetchingNextPage} onClick={() => mentions.fetchNextPage()}>
              {mentions.isFetchingNextPage ? 'Loading...' : 'Show older mentions'}
            </Button>
          )}
        </>
      )}
    </Section>
  );
}

function MentionRow({ personaId, item, when }: { personaId: string; item: MentionItem; when: When }) {
  const headingId = useId();
  const replyId = useId();
  const [writing, setWriting] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reply = useReplyToMention();
  const draft = useDraftForMention();
  const badge = badgeOf(item);
  const busy = reply.isPending || draft.isPending;
  // Set in the send itself: a second click of a double-click finds it before React re-renders.
  const sending = useRef(false);

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setError('Write a reply first');
      return;
    }
    if (sending.current) return;
    sending.current = true;
    setError(null);
    reply.mutate(
      { personaId, mentionId: item.id, content: text, key: newIdempotencyKey() },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: () => {
          setWriting(false);
          setText('');
          toast.success('Reply sent');
        },
        onError: (e) => setError(e.message),
      },
    );
  };

  return (
    <li
      aria-labelledby={headingId}
      data-testid="mention"
      className="space-y-2 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p id={headingId} className="min-w-0 break-words text-sm">
          <span className="font-semibold">@{item.author}</span>{' '}
          <span className={muted}>
            · {KIND_LABELS[item.kind]} on {PLATFORM_LABELS[item.platform]} ·{' '}
            <time dateTime={item.receivedAt}>{when.format(new Date(item.receivedAt))}</time>
          </span>
        </p>
        <StatusBadge tone={badge.tone}>{badge.label}</StatusBadge>
      </div>
      <p className="whitespace-pre-wrap break-words text-sm">{item.text}</p>
      <p className={`text-sm ${muted}`} data-testid="mention-outcome">
        {mentionOutcome(item)}
        {item.url && (
          <>
            {' · '}
            <a href={item.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
              View on {PLATFORM_LABELS[item.platform]}
            </a>
          </>
        )}
      </p>
      {item.reply && (
        <blockquote className="border-l-2 border-violet-300 pl-3 text-sm dark:border-violet-700">
          <span className="sr-only">The reply: </span>
          {item.reply.content}
          {item.reply.url && (
            <>
              {' '}
              <a href={item.reply.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
                View reply
              </a>
            </>
          )}
        </blockquote>
      )}
      {writing ? (
        <form onSubmit={send} className="space-y-2">
          <label htmlFor={replyId} className="text-sm font-medium">
            Your reply to @{item.author}
          </label>
          <textarea
            id={replyId}
            rows={3}
            className={inputClass}
            value={text}
            aria-invalid={error !== null}
            onChange={(e) => setText(e.target.value)}
          />
          {error && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {reply.isPending ? 'Sending...' : 'Send reply'}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => setWriting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        !answered(item) && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              aria-describedby={headingId}
              disabled={busy}
              onClick={() => setWriting(true)}
            >
              Reply by hand
            </Button>
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              aria-describedby={headingId}
              disabled={busy}
              onClick={() =>
                draft.mutate(
                  { personaId, mentionId: item.id },
                  {
                    onSuccess: () => toast.success('Reply drafted: it waits in the review queue'),
                    onError: (e) => toast.error(`Could not draft a reply: ${e.message}`),
                  },
                )
              }
            >
              {draft.isPending ? 'Drafting...' : 'Draft a reply'}
            </Button>
          </div>
        )
      )}
    </li>
  );
}
