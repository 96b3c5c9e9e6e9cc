import type { InAppNotification, NotificationSeverity } from '@plume/core';
import { Link } from 'react-router';
import { BackToDashboard } from '../../../components/ui/back-link';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { LoadMore } from '../../../components/ui/load-more';
import { formatAgo } from '../../../lib/format';
import { browserTimeZone } from '../../../lib/time-zones';
import { useNotificationPages } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';

const SEVERITY: Record<NotificationSeverity, { label: string; className: string }> = {
  success: { label: 'Good news', className: 'bg-emerald-500' },
  info: { label: 'Suggestion', className: 'bg-sky-500' },
  update: { label: 'Needs attention', className: 'bg-amber-500' },
};

/** /notifications: what Plume noticed (spikes, failed posts, broken connections, suggestions), newest first. */
export function NotificationsPage() {
  const notifications = useNotificationPages();
  const markRead = useMarkRead();
  const unread = notifications.unread ?? 0;

  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-8 pb-32 md:px-8">
      <header className="space-y-3">
        <BackToDashboard />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-semibold tracking-tight">Notifications</h1>
          <Button
            variant="secondary"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate(undefined)}
          >
            Mark all read
          </Button>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {notifications.data ? (unread === 0 ? 'Everything is read.' : `${unread} unread`) : null}
        </p>
      </header>

      {notifications.isPending ? (
        <p role="status" className="text-slate-600 dark:text-slate-300">
          Loading...
        </p>
      ) : notifications.isError ? (
        <div role="alert" className="space-y-3 rounded-2xl border border-red-200 p-5 dark:border-red-900">
          <p>Notifications could not be loaded: {notifications.error.message}</p>
          <Button variant="secondary" onClick={() => notifications.refetch()}>
            Retry
          </Button>
        </div>
      ) : (notifications.items ?? []).length === 0 ? (
        <p className="rounded-2xl border border-slate-200 p-5 text-slate-600 dark:border-slate-800 dark:text-slate-300">
          No notifications yet. Plume tells you here when a post takes off, a post fails, a connection breaks, a source
          keeps failing or drafts wait for your review.
        </p>
      ) : (
        <>
          <ul className="space-y-3">
            {(notifications.items ?? []).map((n) => (
              <NotificationItem key={n.id} notification={n} onRead={() => !n.read && markRead.mutate(n.id)} />
            ))}
          </ul>
          <LoadMore
            hasMore={notifications.hasNextPage}
            loading={notifications.isFetchingNextPage}
            onLoad={() => void notifications.fetchNextPage()}
            label="Load older notifications"
          />
        </>
      )}
    </main>
  );
}

function NotificationItem({ notification: n, onRead }: { notification: InAppNotification; onRead: () => void }) {
  const severity = SEVERITY[n.severity];
  const body = (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="font-medium">
          <span className={cn('mr-2 inline-block size-2 rounded-full align-middle', severity.className)} />
          <span className="sr-only">{severity.label}: </span>
          {n.title}
        </p>
        <time dateTime={n.createdAt} className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
          {formatAgo(n.createdAt, new Date(), browserTimeZone())}
        </time>
      </div>
      <p className="mt-1 text-sm break-words text-slate-700 dark:text-slate-300">{n.message}</p>
      {!n.read && <span className="sr-only">Unread</span>}
    </>
  );
  const box = cn(
    'block rounded-2xl border p-4 transition-colors',
    n.read
      ? 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900'
      : 'border-violet-300 bg-violet-50 dark:border-violet-700 dark:bg-violet-950/40',
  );
  return (
    <li data-testid="notification" data-read={n.read}>
      {n.link ? (
        <Link to={n.link} onClick={onRead} className={cn(box, 'hover:border-violet-400')}>
          {body}
        </Link>
      ) : (
        <div className={box}>
          {body}
          {!n.read && (
            <Button variant="ghost" className="mt-2" onClick={onRead}>
              Mark read
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
