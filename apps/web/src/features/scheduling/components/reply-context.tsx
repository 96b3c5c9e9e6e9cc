import { cutToFit, PLATFORM_LABELS, type Platform, type ScheduledItem, X_REPLIES_RULE } from '@plume/core';
import { useState } from 'react';

/** The answered post is quoted up to this many characters (a post's length); the rest on request. */
const QUOTE_LENGTH = 280;

/**
 * What a reply answers, shown above its draft: who wrote the post, the post quoted, and a link to
 * it. `reviewing` adds X's rule for AI-written replies where the reply waits for approval.
 */
export function ReplyContext({
  replyTo,
  platform,
  reviewing = false,
}: {
  replyTo: NonNullable<ScheduledItem['replyTo']>;
  platform: Platform;
  reviewing?: boolean;
}) {
  const [full, setFull] = useState(false);
  const author = replyTo.author.replace(/^@/, '');
  const short = cutToFit(replyTo.text, [], QUOTE_LENGTH);
  const cut = short !== replyTo.text.trim();

  return (
    <div
      data-testid="reply-context"
      className="space-y-1.5 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-950"
    >
      <p className="font-medium">
        <span aria-hidden="true">↩ </span>Reply to @{author}
      </p>
      <blockquote
        cite={replyTo.url ?? undefined}
        className="border-l-4 border-slate-300 pl-3 break-words whitespace-pre-wrap text-slate-700 dark:border-slate-600 dark:text-slate-300"
      >
        {full || !cut ? replyTo.text.trim() : short}
      </blockquote>
      {(cut || replyTo.url) && (
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          {cut && (
            <button
              type="button"
              aria-expanded={full}
              onClick={() => setFull(!full)}
              className="text-violet-700 underline underline-offset-2 dark:text-violet-300"
            >
              {full ? 'Show less' : 'Show the whole post'}
            </button>
          )}
          {replyTo.url && (
            <a
              href={replyTo.url}
              target="_blank"
              rel="noopener noreferrer"
              className="text-violet-700 underline underline-offset-2 dark:text-violet-300"
            >
              View on {PLATFORM_LABELS[platform]}
            </a>
          )}
        </p>
      )}
      {reviewing && platform === 'x' && (
        <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="x-replies-rule">
          {X_REPLIES_RULE}
        </p>
      )}
    </div>
  );
}
