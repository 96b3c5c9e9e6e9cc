import { type ReactNode, useId } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { cn } from '../components/ui/cn';
import {
  BellIcon,
  CalendarIcon,
  CardIcon,
  ChartIcon,
  HelpIcon,
  HomeIcon,
  MoonIcon,
  ReviewIcon,
  SettingsIcon,
  SignOutIcon,
  SunIcon,
  TeamIcon,
  UserIcon,
} from '../components/ui/icons';
import { paths } from '../config/paths';
import { useUnreadCount } from '../features/notifications/api/get-notifications';
import { useReviewCount } from '../features/scheduling/api/get-schedule';
import { WorkspaceSwitcher } from '../features/workspaces/components/workspace-switcher';
import { useMe, useSignOut } from '../lib/auth';
import { usePublicConfig } from '../lib/public-config';
import { useTheme } from '../lib/theme';

const item =
  'flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-200/80 dark:text-slate-200 dark:hover:bg-slate-800';
const current = 'bg-violet-100 text-violet-900 dark:bg-violet-900/50 dark:text-white';

/** My Subscription: the billing tab of the account settings. */
export const subscriptionPath = `${paths.accountSettings}?tab=billing`;

/** The name a link with unread notifications is read out by: 'Notifications, 2 unread'. */
export const unreadLabel = (name: string, unread: number) => `${name}, ${unread} unread`;

/** The name the Review link is read out by: 'Review, 3 drafts waiting'. */
export const waitingLabel = (name: string, waiting: number) =>
  `${name}, ${waiting} ${waiting === 1 ? 'draft' : 'drafts'} waiting`;

/** An icon with the count of drafts waiting on its corner (none when nothing waits). */
export function CountIcon({ icon, count }: { icon: ReactNode; count: number }) {
  return (
    <span className="relative flex shrink-0">
      {icon}
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="review-count"
          className="absolute -top-1.5 -right-2 min-w-4 rounded-full bg-violet-700 px-1 text-center text-[10px] leading-4 font-semibold text-white ring-2 ring-white dark:bg-violet-500 dark:ring-slate-900"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </span>
  );
}

/** An icon with a dot on its corner when something is unread; the link's name says the count (unreadLabel). */
export function UnreadIcon({ icon, unread }: { icon: ReactNode; unread: number }) {
  return (
    <span className="relative flex shrink-0">
      {icon}
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="unread-dot"
          className="absolute -top-0.5 -right-0.5 h-2.5 w-2.5 rounded-full bg-red-600 ring-2 ring-white dark:bg-red-500 dark:ring-slate-900"
        />
      )}
    </span>
  );
}

/** Navigation of the protected area; `collapsed` hides labels until the rail is hovered or focused. */
export function ShellNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { data: user } = useMe();
  const signOut = useSignOut();
  const { theme, toggle } = useTheme();
  const config = usePublicConfig();
  const label = cn(
    'truncate whitespace-nowrap',
    collapsed && 'opacity-0 transition-opacity group-hover:opacity-100 group-has-focus-visible:opacity-100',
  );
  const heading = cn(
    'px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400',
    collapsed && 'opacity-0 transition-opacity group-hover:opacity-100 group-has-focus-visible:opacity-100',
  );
  const username = user?.username ?? '';
  const unread = useUnreadCount();
  const waiting = useReviewCount();
  // Account Settings and My Subscription are one screen: the billing tab is My Subscription's.
  const location = useLocation();
  const onAccountSettings = location.pathname === paths.accountSettings;
  const onBilling = onAccountSettings && new URLSearchParams(location.search).get('tab') === 'billing';
  // The nav renders twice (rail and mobile menu): ids must not repeat.
  const id = useId();

  return (
    <div className="flex h-full flex-col gap-6 p-3">
      {/* The phone's header holds the switcher; the rail holds its own. */}
      {collapsed && <WorkspaceSwitcher variant="rail" />}
      <section aria-labelledby={`${id}-quick`}>
        <h2 id={`${id}-quick`} className={heading}>
          Quick Actions
        </h2>
        <NavLink to={paths.dashboard} onClick={onNavigate} className={({ isActive }) => cn(item, isActive && current)}>
          <HomeIcon />
          <span className={label}>Dashboard</span>
        </NavLink>
        <NavLink to={paths.calendar} onClick={onNavigate} className={({ isActive }) => cn(item, isActive && current)}>
          <CalendarIcon />
          <span className={label}>Content Calendar</span>
        </NavLink>
        <NavLink
          to={paths.review}
          onClick={onNavigate}
          aria-label={waiting > 0 ? waitingLabel('Review', waiting) : undefined}
          className={({ isActive }) => cn(item, isActive && current)}
        >
          <CountIcon icon={<ReviewIcon />} count={waiting} />
          <span className={label}>Review</span>
        </NavLink>
        <NavLink to={paths.usage} onClick={onNavigate} className={({ isActive }) => cn(item, isActive && current)}>
          <ChartIcon />
          <span className={label}>Usage Dashboard</span>
        </NavLink>
        <NavLink to={paths.settings} onClick={onNavigate} className={({ isActive }) => cn(item, isActive && current)}>
          <SettingsIcon />
          <span className={label}>Global Settings</span>
        </NavLink>
        <NavLink to={paths.team} onClick={onNavigate} className={({ isActive }) => cn(item, isActive && current)}>
          <TeamIcon />
          <span className={label}>Team</span>
        </NavLink>
      </section>

      <section aria-labelledby={`${id}-notifications`}>
        <h2 id={`${id}-notifications`} className={heading}>
          Notifications
        </h2>
        <NavLink
          to={paths.notifications}
          onClick={onNavigate}
          aria-label={unread > 0 ? unreadLabel('Notifications', unread) : undefined}
          className={({ isActive }) => cn(item, isActive && current)}
        >
          <UnreadIcon icon={<BellIcon />} unread={unread} />
          <span className={label}>Notifications</span>
        </NavLink>
      </section>

      <section aria-labelledby={`${id}-appearance`}>
        <h2 id={`${id}-appearance`} className={heading}>
          Appearance
        </h2>
        <button
          type="button"
          className={item}
          onClick={toggle}
          aria-label={`Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`}
        >
          {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
          <span className={label}>{theme === 'dark' ? 'Light theme' : 'Dark theme'}</span>
        </button>
      </section>

      <section aria-labelledby={`${id}-account`}>
        <h2 id={`${id}-account`} className={heading}>
          Account
        </h2>
        <a className={item} href={config.data?.helpUrl ?? '/help/'} target="_blank" rel="noreferrer">
          <HelpIcon />
          <span className={label}>Help Center</span>
        </a>
        <Link
          to={subscriptionPath}
          onClick={onNavigate}
          aria-current={onBilling ? 'page' : undefined}
          className={cn(item, onBilling && current)}
        >
          <CardIcon />
          <span className={label}>My Subscription</span>
        </Link>
        <Link
          to={paths.accountSettings}
          onClick={onNavigate}
          aria-current={onAccountSettings && !onBilling ? 'page' : undefined}
          className={cn(item, onAccountSettings && !onBilling && current)}
        >
          <UserIcon />
          <span className={label}>Account Settings</span>
        </Link>
        <button type="button" className={item} onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          <SignOutIcon />
          <span className={label}>Sign Out</span>
        </button>
      </section>

      <div className="mt-auto flex items-center gap-3 px-1.5" title={username}>
        <span
          aria-hidden="true"
          className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-violet-700 text-sm font-semibold text-white uppercase"
        >
          {username.charAt(0) || '?'}
        </span>
        <span className={cn(label, 'text-sm')}>
          <span className="sr-only">Signed in as </span>
          {username}
        </span>
      </div>
    </div>
  );
}
