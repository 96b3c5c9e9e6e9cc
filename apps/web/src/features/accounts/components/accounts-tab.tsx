import {
  type Account,
  COMING_SOON_PLATFORMS,
  type ConnectedAccount,
  formatCount,
  PLATFORMS,
  type Platform,
  platformLabel,
} from '@plume/core';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Section } from '../../../components/ui/section';
import { useAccounts } from '../../../lib/api/get-accounts';
import { AccountCard, type ConnectAction } from './account-card';
import { useBlueskyConnectAction, useXConnectAction } from './connect-actions';
import { PlatformMark } from './platform-mark';

export const SAVE_FIRST = 'Save the persona first to connect accounts.';

/** The editor's Connected Accounts tab (editor spec). */
export function AccountsTab({
  personaId,
  onAccountsChange,
}: {
  personaId: string | undefined;
  /** Told the connections whenever they are (re)loaded: the editor's progress counts them. */
  onAccountsChange?(accounts: ConnectedAccount[]): void;
}) {
  return (
    <div className="space-y-4" data-testid="accounts-tab">
      {personaId ? (
        <Connections personaId={personaId} onAccountsChange={onAccountsChange} />
      ) : (
        <Section title="Connected Accounts">
          <p data-testid="accounts-save-first" className="text-sm text-slate-700 dark:text-slate-300">
            {SAVE_FIRST}
          </p>
        </Section>
      )}
      <ComingSoon />
    </div>
  );
}

function Connections({
  personaId,
  onAccountsChange,
}: {
  personaId: string;
  onAccountsChange?(accounts: ConnectedAccount[]): void;
}) {
  const accounts = useAccounts(personaId);
  const report = useRef(onAccountsChange);
  report.current = onAccountsChange;
  useEffect(() => {
    if (!accounts.data) return;
    // The connection report (editor spec §4): what the persona's own record holds.
    report.current?.(
      accounts.data.map(({ platform, username, isConnected, connectedAt, status, followers, lastSyncAt }) => ({
        platform,
        username,
        isConnected,
        connectedAt,
        status,
        followers,
        lastSyncAt,
      })),
    );
  }, [accounts.data]);

  if (accounts.isPending) {
    return (
      <p role="status" className="p-4 text-sm text-slate-600 dark:text-slate-400">
        Loading accounts...
      </p>
    );
  }
  if (accounts.isError) {
    return (
      <Section title="Connected Accounts">
        <div role="alert" className="space-y-2 text-sm">
          <p>Failed to load accounts: {accounts.error.message}</p>
          <Button variant="secondary" onClick={() => void accounts.refetch()}>
            Try again
          </Button>
        </div>
      </Section>
    );
  }
  return <Cards personaId={personaId} accounts={accounts.data} />;
}

/** One card per network Plume posts to, each with the network's own way in. */
function Cards({ personaId, accounts }: { personaId: string; accounts: Account[] }) {
  const byPlatform = (platform: Platform) => accounts.find((a) => a.platform === platform);
  const actions: Record<Platform, ConnectAction> = {
    x: useXConnectAction(personaId, byPlatform('x')),
    bluesky: useBlueskyConnectAction(personaId),
  };
  return (
    <>
      <Summary accounts={accounts.filter((a) => a.isConnected)} />
      <div className="grid gap-4 md:grid-cols-2">
        {PLATFORMS.map((platform) => (
          <AccountCard
            key={platform}
            personaId={personaId}
            platform={platform}
            account={byPlatform(platform)}
            action={actions[platform]}
          />
        ))}
      </div>
    </>
  );
}

/** The spec's summary: connected accounts with their follower counts. */
function Summary({ accounts }: { accounts: Account[] }) {
  const total = accounts.reduce((sum, a) => sum + a.followers, 0);
  return (
    <Section
      title="Connected Accounts"
      description="Where this persona posts. Nothing is posted until you approve it or turn on auto-posting."
    >
      {accounts.length === 0 ? (
        <p data-testid="accounts-summary" className="text-sm text-slate-700 dark:text-slate-300">
          No accounts connected yet. Connect {PLATFORMS.map(platformLabel).join(' or ')} below.
        </p>
      ) : (
        <div data-testid="accounts-summary" className="space-y-2">
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {accounts.map((account) => (
              <li
                key={account.platform}
                data-testid="account-summary-item"
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2"
              >
                <span className="flex min-w-0 items-center gap-2">
                  <PlatformMark platform={account.platform} className="h-7 w-7 rounded-lg [&>svg]:h-4 [&>svg]:w-4" />
                  <span className="font-medium">{platformLabel(account.platform)}</span>
                  <span className="truncate text-slate-700 dark:text-slate-300">@{account.username}</span>
                  {account.status === 'error' && (
                    <span className="text-sm text-red-700 dark:text-red-300">needs attention</span>
                  )}
                </span>
                <span className="text-sm text-slate-700 dark:text-slate-300">
                  <strong className="font-semibold text-slate-900 dark:text-slate-100">
                    {formatCount(account.followers)}
                  </strong>{' '}
                  {account.followers === 1 ? 'follower' : 'followers'}
                </span>
              </li>
            ))}
          </ul>
          {accounts.length > 1 && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {formatCount(total)} followers across {accounts.length} accounts
            </p>
          )}
        </div>
      )}
    </Section>
  );
}

function ComingSoon() {
  return (
    <Section title="Coming Soon" description="More platforms are on the way.">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {COMING_SOON_PLATFORMS.map((name) => (
          <li
            key={name}
            data-testid="coming-soon-card"
            className="flex flex-col items-start gap-2 rounded-xl border border-dashed border-slate-300 p-3 dark:border-slate-700"
          >
            <span className="font-medium">{name}</span>
            <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
              Coming Soon
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
