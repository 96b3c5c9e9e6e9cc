import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { BackToDashboard } from '../../../components/ui/back-link';
import { Button } from '../../../components/ui/button';
import { useMe, useSignOut } from '../../../lib/auth';
import { ApiTokensSection } from './api-tokens-section';
import { BillingTab } from './billing-tab';
import { NotificationsTab } from './notifications-tab';
import { ProfileTab } from './profile-tab';
import { SessionsSection } from './sessions-section';

/** The spec's tabs, in its order; `?tab=` opens one. */
const TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'security', label: 'Security' },
  { value: 'billing', label: 'Billing' },
  { value: 'notifications', label: 'Notifications' },
] as const;
type Tab = (typeof TABS)[number]['value'];
const isTab = (value: string | null): value is Tab => TABS.some((t) => t.value === value);

const tabClass =
  'rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-200/70 data-[state=active]:bg-violet-100 data-[state=active]:text-violet-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:data-[state=active]:bg-violet-900/60 dark:data-[state=active]:text-white';

/** Account settings (/account-settings): profile, security, billing and notifications, plus Sign Out. */
export function AccountSettingsPage() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'profile';
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
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setParams({ tab: value }, { replace: true })}
        className="space-y-4"
      >
        <Tabs.List aria-label="Account settings" className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1">
          {TABS.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value} className={tabClass}>
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="profile">
          <ProfileTab />
        </Tabs.Content>
        <Tabs.Content value="security" className="space-y-6">
          <SessionsSection />
          <ApiTokensSection />
        </Tabs.Content>
        <Tabs.Content value="billing">
          <BillingTab />
        </Tabs.Content>
        <Tabs.Content value="notifications">
          <NotificationsTab />
        </Tabs.Content>
      </Tabs.Root>
    </main>
  );
}
