import { type Account, formatCount, PLATFORM_LABELS, type Platform } from '@plume/core';
import { type ReactNode, useId } from 'react';
import { cn } from '../../../components/ui/cn';
import { PlatformMark } from './platform-mark';

const statusText = { active: 'Connected', error: 'Needs attention', disconnected: 'Not connected' } as const;
const statusTone = {
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-50',
  error: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-50',
  disconnected: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
} as const;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One platform's card: its logo, name and status, what is connected, and what can be done. */
export function AccountCard({
  platform,
  account,
  description,
  children,
}: {
  platform: Platform;
  account: Account | undefined;
  /** What connecting does, shown while nothing is connected. */
  description: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const status = account?.isConnected ? account.status : 'disconnected';
  return (
    <section
      aria-labelledby={titleId}
      data-testid={`account-card-${platform}`}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <PlatformMark platform={platform} />
          <h3 id={titleId} className="text-lg font-semibold">
            {PLATFORM_LABELS[platform]}
          </h3>
        </div>
        <span
          data-testid="account-status"
          className={cn('rounded-full px-2.5 py-0.5 text-xs font-medium', statusTone[status])}
        >
          {statusText[status]}
        </span>
      </div>
      {account?.isConnected ? (
        <AccountDetails account={account} />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>
      )}
      {children}
    </section>
  );
}

function AccountDetails({ account }: { account: Account }) {
  const facts = [
    `${formatCount(account.followers)} ${account.followers === 1 ? 'follower' : 'followers'}`,
    account.connectedAt ? `Connected ${dateFormat.format(new Date(account.connectedAt))}` : null,
    account.authMethod === 'app_password' ? 'with an app password' : null,
  ].filter(Boolean);
  return (
    <div className="flex min-w-0 items-start gap-3">
      {account.avatarUrl ? (
        <img src={account.avatarUrl} alt="" className="h-12 w-12 shrink-0 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="grid h-12 w-12 shrink-0 place-items-center rounded-full bg-slate-200 text-lg font-semibold dark:bg-slate-800"
        >
          {(account.displayName || account.username).slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="min-w-0 space-y-0.5">
        {account.displayName && <p className="font-medium break-words">{account.displayName}</p>}
        <p className="text-sm break-all">
          {account.profileUrl ? (
            <a
              href={account.profileUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="account-username"
              className="text-violet-700 underline-offset-2 hover:underline dark:text-violet-300"
            >
              @{account.username}
            </a>
          ) : (
            <span data-testid="account-username">@{account.username}</span>
          )}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="account-followers">
          {facts.join(' · ')}
        </p>
        {account.lastSyncAt && (
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Last synced {dateTimeFormat.format(new Date(account.lastSyncAt))}
          </p>
        )}
      </div>
    </div>
  );
}
