import { Dialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { Link, type Location, Outlet, useLocation } from 'react-router';
import { cn } from '../components/ui/cn';
import {
  BellIcon,
  CalendarIcon,
  ChartIcon,
  CloseIcon,
  HomeIcon,
  MenuIcon,
  PlusIcon,
  ReviewIcon,
  SettingsIcon,
  TagIcon,
} from '../components/ui/icons';
import { Logo } from '../components/ui/logo';
import { paths } from '../config/paths';
import { useUnreadCount } from '../features/notifications/api/get-notifications';
import { useReviewCount } from '../features/scheduling/api/get-schedule';
import { WorkspaceSwitcher } from '../features/workspaces/components/workspace-switcher';
import { useOpenWorkspace } from '../lib/workspace';
import { CountIcon, ShellNav, UnreadIcon, unreadLabel, waitingLabel } from './shell-nav';

/** The dashboard's tag panel: the dashboard scrolls to it and focuses it when the address ends in #tags. */
const TAGS_HASH = '#tags';
const on = (path: string) => (l: Location) => l.pathname === path;

/** The spec's bottom bar, in its order. */
const bottomBar: { label: string; to: string; icon: ReactNode; isActive(l: Location): boolean }[] = [
  {
    label: 'Dashboard',
    to: paths.dashboard,
    icon: <HomeIcon />,
    isActive: (l) => l.pathname === paths.dashboard && l.hash !== TAGS_HASH,
  },
  { label: 'Alerts', to: paths.notifications, icon: <BellIcon />, isActive: on(paths.notifications) },
  {
    label: 'Tags',
    to: `${paths.dashboard}${TAGS_HASH}`,
    icon: <TagIcon />,
    isActive: (l) => l.pathname === paths.dashboard && l.hash === TAGS_HASH,
  },
  { label: 'Usage', to: paths.usage, icon: <ChartIcon />, isActive: on(paths.usage) },
  { label: 'Settings', to: paths.settings, icon: <SettingsIcon />, isActive: on(paths.settings) },
  { label: 'Calendar', to: paths.calendar, icon: <CalendarIcon />, isActive: on(paths.calendar) },
  { label: 'Review', to: paths.review, icon: <ReviewIcon />, isActive: on(paths.review) },
  { label: 'New', to: paths.editor, icon: <PlusIcon />, isActive: on(paths.editor) },
];

/** The protected area: a rail on desktop; under 768 px a slide-in menu and a bottom bar. */
export function AppShell() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const unread = useUnreadCount();
  const waiting = useReviewCount();
  // A stored workspace is checked against the user's list before any screen asks for its data.
  const { resolved } = useOpenWorkspace();
  return (
    <div className="min-h-screen">
      <nav
        aria-label="Main"
        className="group fixed inset-y-0 left-0 z-30 hidden w-16 overflow-hidden border-r border-slate-200 bg-white transition-[width] duration-200 hover:w-64 has-focus-visible:w-64 md:block dark:border-slate-800 dark:bg-slate-900"
      >
        <ShellNav collapsed />
      </nav>

      <header className="sticky top-0 z-20 flex items-center justify-between gap-2 border-b border-slate-200 bg-white/90 px-4 py-3 backdrop-blur md:hidden dark:border-slate-800 dark:bg-slate-900/90">
        <Logo />
        <WorkspaceSwitcher variant="bar" />
        <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <Dialog.Trigger
            className="rounded-md p-2 hover:bg-slate-200/70 dark:hover:bg-slate-800"
            aria-label="Open menu"
          >
            <MenuIcon />
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
            <Dialog.Content
              aria-describedby={undefined}
              className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] border-r border-slate-200 bg-white shadow-xl dark:border-slate-800 dark:bg-slate-900"
            >
              <Dialog.Title className="sr-only">Menu</Dialog.Title>
              <Dialog.Close
                className="absolute top-3 right-3 rounded-md p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                aria-label="Close menu"
              >
                <CloseIcon />
              </Dialog.Close>
              <nav aria-label="Menu" className="h-full">
                <ShellNav collapsed={false} onNavigate={() => setMenuOpen(false)} />
              </nav>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </header>

      <div className="pb-20 md:pb-0 md:pl-16">
        {resolved ? (
          <Outlet />
        ) : (
          <p role="status" className="p-8 text-center text-slate-600 dark:text-slate-300">
            Loading...
          </p>
        )}
      </div>

      <nav
        aria-label="Bottom bar"
        data-testid="bottom-bar"
        className="fixed inset-x-0 bottom-0 z-20 flex justify-around border-t border-slate-200 bg-white py-1 md:hidden dark:border-slate-800 dark:bg-slate-900"
      >
        {bottomBar.map((entry) => {
          const active = entry.isActive(location);
          return (
            <Link
              key={entry.label}
              to={entry.to}
              aria-current={active ? 'page' : undefined}
              aria-label={
                entry.label === 'Alerts' && unread > 0
                  ? unreadLabel('Alerts', unread)
                  : entry.label === 'Review' && waiting > 0
                    ? waitingLabel('Review', waiting)
                    : undefined
              }
              className={cn(
                'flex min-w-0 flex-col items-center gap-0.5 rounded-md px-1 py-1 text-[11px] leading-tight font-medium',
                active ? 'text-violet-700 dark:text-violet-300' : 'text-slate-700 dark:text-slate-300',
              )}
            >
              {entry.label === 'Alerts' ? (
                <UnreadIcon icon={entry.icon} unread={unread} />
              ) : entry.label === 'Review' ? (
                <CountIcon icon={entry.icon} count={waiting} />
              ) : (
                entry.icon
              )}
              <span className="max-w-full truncate">{entry.label}</span>
            </Link>
          );
        })}
      </nav>
    </div>
  );
}
