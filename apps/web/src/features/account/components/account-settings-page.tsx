import { BackToDashboard } from '../../../components/ui/back-link';
import { Button } from '../../../components/ui/button';
import { type UrlTab, UrlTabs } from '../../../components/ui/url-tabs';
import { useMe, useSignOut } from '../../../lib/auth';
import { ApiTokensSection } from './api-tokens-section';
import { BillingTab } from './billing-tab';
import { NotificationsTab } from './notifications-tab';
import { ProfileTab } from './profile-tab';
import { SessionsSection } from './sessions-section';
import { YourDataTab } from './your-data-tab';

/**
 * Account settings (/account-settings): profile, security, billing, notifications and your data,
 * plus Sign Out. `extraTabs` come after them (the app adds Webhooks from its own feature).
 */
export function AccountSettingsPage({ extraTabs = [] }: { extraTabs?: readonly UrlTab[] }) {
  const { data: user } = useMe();
  const signOut = useSignOut();

  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 pb-32 md:px-8">
      <header className="space-y-3">
        <BackToDashboard />
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-3xl font-semibold tracking-tight">Account Settings</h1>
            <p className="text-sm break-all text-slate-600 dark:text-slate-400">
              Signed in as{' '}
              <span className="font-medium text-slate-800 dark:text-slate-200">{user?.username ?? ''}</span>
            </p>
          </div>
          <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Sign Out
          </Button>
        </div>
      </header>
      {/* The spec's tabs, in its order; `?tab=` opens one. */}
      <UrlTabs
        label="Account settings"
        tabs={[
          { value: 'profile', label: 'Profile', content: <ProfileTab /> },
          {
            value: 'security',
            label: 'Security',
            className: 'space-y-6',
            content: (
              <>
                <SessionsSection />
                <ApiTokensSection />
              </>
            ),
          },
          { value: 'billing', label: 'Billing', content: <BillingTab /> },
          { value: 'notifications', label: 'Notifications', content: <NotificationsTab /> },
          { value: 'data', label: 'Your data', content: <YourDataTab /> },
          ...extraTabs,
        ]}
      />
    </main>
  );
}
