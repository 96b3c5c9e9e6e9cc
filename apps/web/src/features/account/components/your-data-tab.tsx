import { ACCOUNT_DELETION_LINK_MINUTES, DATA_EXPORT_KEEP_DAYS, type DataExport } from '@plume/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button, buttonBase, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDataExport } from '../api/get-data-export';
import { useRequestAccountDeletion } from '../api/request-account-deletion';
import { useStartDataExport } from '../api/start-data-export';
import { cardClass, formatDateTime } from './field';

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-US')} KB`
    : `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

/** Your data (issue 34): download everything, and the danger zone that deletes the account. */
export function YourDataTab() {
  return (
    <div className="space-y-6">
      <DownloadSection />
      <DeleteSection />
    </div>
  );
}

function ExportStatus({ current }: { current: DataExport }) {
  if (current.status === 'preparing') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm">
        <span aria-hidden="true" className="size-2.5 animate-pulse rounded-full bg-violet-500" />
        Preparing your archive (started {formatDateTime(current.createdAt)}). You will get a notification and an e-mail
        when it is ready; you can leave this page.
      </p>
    );
  }
  if (current.status === 'failed') {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        The last export failed: {current.error ?? 'unknown error'}
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-emerald-50 p-4 dark:bg-emerald-950/40">
      <div className="min-w-0 text-sm">
        <p className="font-medium text-emerald-900 dark:text-emerald-100">Your archive is ready</p>
        <p className="text-slate-700 dark:text-slate-300">
          Prepared {formatDateTime(current.readyAt ?? current.createdAt)} · available until{' '}
          {formatDateTime(current.expiresAt ?? current.createdAt)}
        </p>
      </div>
      <a href={current.downloadUrl ?? '#'} download className={cn(buttonBase, buttonClasses.primary, 'no-underline')}>
        Download (zip, {sizeOf(current.bytes ?? 0)})
      </a>
    </div>
  );
}

function DownloadSection() {
  const state = useDataExport();
  const start = useStartDataExport();
  const current = state.data?.export ?? null;
  const preparing = current?.status === 'preparing';

  return (
    <section aria-labelledby="your-data-download" className={cardClass}>
      <div>
        <h2 id="your-data-download" className="text-lg font-semibold">
          Download your data
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          One zip archive with everything Plume keeps of yours: personas and their versions, posts and how they went,
          sources, metrics history, notifications, images and settings. Passwords, tokens and API keys are never in it.
          It stays available for {DATA_EXPORT_KEEP_DAYS} days.
        </p>
      </div>
      {state.isPending ? (
        <p role="status">Loading...</p>
      ) : state.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          Failed to load your export: {state.error.message}
        </p>
      ) : (
        current && <ExportStatus current={current} />
      )}
      <div className="flex justify-end border-t border-slate-200 pt-4 dark:border-slate-800">
        <Button
          variant={current?.status === 'ready' ? 'secondary' : 'primary'}
          disabled={preparing || start.isPending || state.isPending}
          onClick={() =>
            start.mutate(undefined, {
              onError: (error) => toast.error(`Failed to start the export: ${error.message}`),
            })
          }
        >
          {preparing ? 'Preparing...' : current?.status === 'ready' ? 'Prepare a new archive' : 'Prepare my archive'}
        </Button>
      </div>
    </section>
  );
}

function DeleteSection() {
  const request = useRequestAccountDeletion();
  const [confirming, setConfirming] = useState(false);
  const sentTo = request.data?.email ?? null;

  return (
    <section
      aria-labelledby="your-data-delete"
      className="space-y-4 rounded-2xl border border-red-300 bg-white p-5 dark:border-red-900 dark:bg-slate-900"
    >
      <div>
        <h2 id="your-data-delete" className="text-lg font-semibold text-red-800 dark:text-red-300">
          Delete account
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Deletes your personas, posts (scheduled ones will not go out), sources, metrics, notifications, images and
          settings for good, disconnects your X and Bluesky accounts and signs out every session. Posts already
          published stay on X and Bluesky. Download your data first if you want to keep a copy.
        </p>
      </div>
      {sentTo ? (
        <p
          role="status"
          className="rounded-xl bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
        >
          Check your e-mail: we sent a confirmation link to <strong className="break-all">{sentTo}</strong>. Nothing is
          deleted until you open it and confirm; it expires in {ACCOUNT_DELETION_LINK_MINUTES} minutes.
        </p>
      ) : null}
      <div className="flex justify-end border-t border-slate-200 pt-4 dark:border-slate-800">
        <Button variant="danger" disabled={request.isPending} onClick={() => setConfirming(true)}>
          {sentTo ? 'Send the link again' : 'Delete account...'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your account?"
        message="We will e-mail a confirmation link to your address. Your account is deleted only when you open that link and confirm. This cannot be undone."
        confirmLabel="E-mail me the link"
        onConfirm={() =>
          request.mutate(undefined, {
            onError: (error) => toast.error(`Failed to send the confirmation e-mail: ${error.message}`),
          })
        }
      />
    </section>
  );
}
