import {
  DUPLICATE_POST_CODE,
  PLATFORM_LABELS,
  PLATFORMS,
  type Platform,
  type PostPart,
  type PublishResult,
  publishToast,
} from '@plume/core';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useAccounts } from '../../../lib/api/get-accounts';
import { ApiRequestError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useMay } from '../../../lib/workspace';
import { usePublishPost } from '../api/publish-post';
import { planPost } from '../utils/plan-post';

const names = (platforms: Platform[]) => platforms.map((p) => PLATFORM_LABELS[p]).join(' and ');

/**
 * Posts now: a generated post's parts to the generator's platforms, or a draft with the platforms
 * picked here (`platforms` left out). Only platforms with a connected account are posted to; the
 * others are named with a way to connect them. The same text is not posted twice from one button:
 * each click is one request with its own key, the button busy until it answers; when the server
 * says the same text just went out, it asks "Post it again?" first.
 */
export function PostButton({
  personaId,
  parts,
  platforms,
  besideButton,
}: {
  personaId: string;
  /** The parts to post; more than one posts a thread. */
  parts: PostPart[];
  /** Fixed targets; without them the user picks X and/or Bluesky here. */
  platforms?: Platform[];
  /** Other ways to send the same text (the app layer's Schedule), shown in the button's row. */
  besideButton?: ReactNode;
}) {
  const mayWrite = useMay('write');
  const ids = { choices: useId(), notice: useId() };
  const accounts = useAccounts(personaId);
  const publish = usePublishPost();
  const [picked, setPicked] = useState<Platform[]>([...PLATFORMS]);
  const [posted, setPosted] = useState<{ key: string; results: PublishResult[] } | null>(null);
  // Set in the click itself: a second click of a double-click finds it before React re-renders.
  const sending = useRef(false);
  const [busy, setBusy] = useState(false);
  /** The server's word that the same text just went out, while the user is asked. */
  const [asking, setAsking] = useState<string | null>(null);

  const connected = accounts.data?.filter((a) => a.isConnected).map((a) => a.platform) ?? null;
  const { targets, missing, problems, body } = planPost({ parts, chosen: platforms ?? picked, connected });
  const key = JSON.stringify(body);
  const alreadyPosted = posted?.key === key && posted.results.some((r) => r.status === 'posted');

  const post = (confirmDuplicate = false) => {
    if (!body || sending.current) return;
    sending.current = true;
    setBusy(true);
    publish.mutate(
      { personaId, body: confirmDuplicate ? { ...body, confirmDuplicate } : body, key: newIdempotencyKey() },
      {
        onSuccess: ({ results, review }) => {
          setPosted({ key, results });
          // The workspace's posts need approval: nothing was sent, it waits for an approver.
          if (review) toast.info(review);
          const said = publishToast(results);
          if (said.posted) toast.success(said.posted);
          if (said.failed) toast.error(said.failed);
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === DUPLICATE_POST_CODE) setAsking(error.message);
          else toast.error(`Post failed: ${error.message}`);
        },
        onSettled: () => {
          sending.current = false;
          setBusy(false);
        },
      },
    );
  };

  // A viewer's Post is off (the page says why); an editor's goes, and the server's approval rule decides if it waits.
  const disabled = !mayWrite || busy || publish.isPending || body === null || alreadyPosted;
  const label =
    busy || publish.isPending
      ? 'Posting...'
      : alreadyPosted
        ? 'Posted'
        : targets.length > 0
          ? `Post to ${names(targets)}`
          : 'Post';
  const links = posted?.key === key ? posted.results.filter((r) => r.status === 'posted' && r.url) : [];

  return (
    <div className="space-y-2" data-testid="post-controls">
      {!platforms && (
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <legend className="sr-only">Post to</legend>
          <span aria-hidden="true" className="text-sm font-medium">
            Post to
          </span>
          {PLATFORMS.map((platform) => (
            <label key={platform} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={picked.includes(platform)}
                onChange={(e) =>
                  setPicked((list) => PLATFORMS.filter((p) => (p === platform ? e.target.checked : list.includes(p))))
                }
                className="h-4 w-4 accent-violet-700"
              />
              {PLATFORM_LABELS[platform]}
            </label>
          ))}
        </fieldset>
      )}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          onClick={() => post()}
          disabled={disabled}
          aria-busy={busy}
          aria-describedby={missing.length > 0 || problems.length > 0 ? ids.notice : undefined}
          data-testid="post-button"
          className="px-3 py-1.5"
        >
          {label}
        </Button>
        {besideButton}
        {links.map((r) => (
          <a
            key={r.platform}
            href={r.url ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm text-violet-700 underline-offset-2 hover:underline dark:text-violet-300"
          >
            View on {PLATFORM_LABELS[r.platform]}
          </a>
        ))}
      </div>
      {accounts.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Could not check the connected accounts: {accounts.error.message}
        </p>
      )}
      {(missing.length > 0 || problems.length > 0) && (
        <div id={ids.notice} className="space-y-1 text-sm" data-testid="post-notice">
          {missing.length > 0 && (
            <p className="text-slate-700 dark:text-slate-300">
              No {names(missing)} account connected.{' '}
              <Link
                to={`/editor/${encodeURIComponent(personaId)}?tab=accounts`}
                className="font-medium text-violet-700 underline underline-offset-2 dark:text-violet-300"
              >
                Connect accounts
              </Link>
            </p>
          )}
          {problems.length > 0 && (
            <p className="text-red-700 dark:text-red-300">Too long to post: {problems.join('; ')}</p>
          )}
        </div>
      )}
      {!platforms && picked.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">Pick X, Bluesky or both.</p>
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title="Post it again?"
        message={asking ?? ''}
        confirmLabel="Post again"
        onConfirm={() => post(true)}
      />
    </div>
  );
}
