import { type Account, formatCount, PLATFORM_RULES, type Platform, platformLabel } from '@plume/core';
import { type ReactNode, useId, useState } from 'react';
import { AccountSpendTable } from '../../../components/account-spend';
import { Button } from '../../../components/ui/button';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { formatDay, formatInstant } from '../../../lib/format';
import { ConnectionFailed } from './connection-failed';
import { DisconnectButton } from './disconnect-button';
import { PlatformMark } from './platform-mark';

/**
 * A network's own way in, handed to the one account card: its sign-in flow's state, what starts it
 * (Connect and Reconnect), and anything else it needs (Bluesky's app password, its dialogs).
 */
export type ConnectAction = {
  connecting: boolean;
  /** The last attempt's failure, until dismissed. */
  error: string | null;
  dismissError(): void;
  /** Stops waiting for the sign-in window, where the flow can. */
  cancel?(): void;
  /** Starts signing in: Connect, and Reconnect once the network stops accepting the connection. */
  start(): void;
  /** Whether signing in cannot start (yet): X without a client id on the server. */
  disabled?: boolean;
  /** Why it cannot, shown on the card and read with the buttons. */
  unavailable?: string;
  /** Other ways in, beside Connect, while nothing is connected. */
  alternatives?: ReactNode;
  /** The dialogs the flow opens. */
  dialogs?: ReactNode;
};

const STATUS: Record<'active' | 'error' | 'disconnected', { label: string; tone: StatusTone }> = {
  active: { label: 'Connected', tone: 'good' },
  error: { label: 'Needs attention', tone: 'bad' },
  disconnected: { label: 'Not connected', tone: 'off' },
};

const listed = (words: string[]) =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** What connecting lets the persona do there, from the network's rules (X allows no automated likes or follows). */
export function connectDescription(platform: Platform): string {
  const { engagement, repliesAlwaysReviewed } = PLATFORM_RULES[platform];
  const label = platformLabel(platform);
  const can = [
    'post',
    'reply',
    ...(engagement.like ? ['like'] : []),
    ...(engagement.repost ? ['repost'] : []),
    ...(engagement.follow ? ['follow'] : []),
  ];
  const review = repliesAlwaysReviewed ? ` Replies on ${label} always wait for your review.` : '';
  return `Sign in with ${label} so this persona can ${listed(can)} there.${review}`;
}

/** One platform's card: its logo, name and status, what is connected, and the network's own way in. */
export function AccountCard({
  personaId,
  platform,
  account,
  action,
}: {
  personaId: string;
  platform: Platform;
  account: Account | undefined;
  action: ConnectAction;
}) {
  const titleId = useId();
  const noticeId = useId();
  const label = platformLabel(platform);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const connected = account?.isConnected === true;
  const status = connected ? account.status : 'disconnected';
  const accountError =
    connected && account.status === 'error'
      ? account.errorMessage || `${label} no longer accepts this connection. Reconnect to continue.`
      : null;
  const error = action.error ?? (accountError !== dismissed ? accountError : null);
  const describedBy = action.unavailable ? noticeId : undefined;

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
            {label}
          </h3>
        </div>
        <StatusBadge tone={STATUS[status].tone} testId="account-status">
          {STATUS[status].label}
        </StatusBadge>
      </div>
      {connected ? (
        <>
          <AccountDetails account={account} />
          {account.spend && (
            <AccountSpendTable
              platform={platform}
              spend={account.spend}
              caption={`What ${label} counts`}
              className="border-t border-slate-200 pt-3 dark:border-slate-800"
            />
          )}
        </>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{connectDescription(platform)}</p>
      )}
      {error && (
        <ConnectionFailed
          message={error}
          onDismiss={() => (action.error ? action.dismissError() : setDismissed(accountError))}
        />
      )}
      {action.unavailable && (
        <p
          id={noticeId}
          data-testid={`${platform}-not-configured`}
          className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
        >
          {action.unavailable}
        </p>
      )}
      {action.connecting && (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          Waiting for {label}: finish signing in in the popup window.
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        {action.connecting ? (
          <>
            <Button disabled>Connecting...</Button>
            {action.cancel && (
              <Button variant="ghost" onClick={action.cancel}>
                Cancel
              </Button>
            )}
          </>
        ) : connected ? (
          <>
            {account.status === 'error' && (
              <Button
                aria-label={`Reconnect ${label}`}
                aria-describedby={describedBy}
                disabled={action.disabled}
                onClick={action.start}
              >
                Reconnect
              </Button>
            )}
            <DisconnectButton personaId={personaId} account={account} />
          </>
        ) : (
          <>
            <Button aria-describedby={describedBy} disabled={action.disabled} onClick={action.start}>
              Connect {label}
            </Button>
            {action.alternatives}
          </>
        )}
      </div>
      {action.dialogs}
    </section>
  );
}

function AccountDetails({ account }: { account: Account }) {
  const { timeZone } = useTimeZone();
  const facts = [
    `${formatCount(account.followers)} ${account.followers === 1 ? 'follower' : 'followers'}`,
    account.connectedAt ? `Connected ${formatDay(account.connectedAt, timeZone)}` : null,
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
        {/* When its metrics were last read (every few minutes), not when it was connected. */}
        <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="account-last-read">
          {account.lastSyncAt
            ? `Metrics last read ${formatInstant(account.lastSyncAt, timeZone)}`
            : 'Metrics not read yet: the first reading comes within a few minutes of connecting'}
        </p>
      </div>
    </div>
  );
}
