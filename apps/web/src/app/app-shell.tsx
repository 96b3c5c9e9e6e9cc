import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { cn } from '../components/ui/cn';
import { CalendarIcon, CloseIcon, HomeIcon, MenuIcon, PlusIcon } from '../components/ui/icons';
import { Logo } from '../components/ui/logo';
import { paths } from '../config/paths';
import { ShellNav } from './shell-nav';

/** The protected area: a rail on desktop; under 768 px a slide-in menu and a bottom bar. */
export function AppShell() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="min-h-screen">
      <nav
        aria-label="Main"
        className="group fixed inset-y-0 left-0 z-30 hidden w-16 overflow-hidden border-r border-slate-200 bg-white transition-[width] duration-200 focus-within:w-64 hover:w-64 md:block dark:border-slate-800 dark:bg-slate-900"
      >
        <ShellNav collapsed />
      </nav>

      <header className="sticky top-0 z-20 flex items-center justify-between border-b border-slate-200 bg-white/90 px-4 py-3 backdrop-blur md:hidden dark:border-slate-800 dark:bg-slate-900/90">
        <Logo />
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
        <Outlet />
      </div>

      <nav
        aria-label="Bottom bar"
        data-testid="bottom-bar"
        className="fixed inset-x-0 bottom-0 z-20 flex justify-around border-t border-slate-200 bg-white py-1.5 md:hidden dark:border-slate-800 dark:bg-slate-900"
      >
        <NavLink
          to={paths.dashboard}
          className={({ isActive }) =>
            cn(
              'flex flex-col items-center gap-0.5 rounded-md px-4 py-1 text-xs font-medium',
              isActive ? 'text-violet-700 dark:text-violet-300' : 'text-slate-700 dark:text-slate-300',
            )
          }
        >
          <HomeIcon />
          Dashboard
        </NavLink>
        <NavLink
          to={paths.calendar}
          className={({ isActive }) =>
            cn(
              'flex flex-col items-center gap-0.5 rounded-md px-4 py-1 text-xs font-medium',
              isActive ? 'text-violet-700 dark:text-violet-300' : 'text-slate-700 dark:text-slate-300',
            )
          }
        >
          <CalendarIcon />
          Calendar
        </NavLink>
        <NavLink
          to={paths.editor}
          end
          className={({ isActive }) =>
            cn(
              'flex flex-col items-center gap-0.5 rounded-md px-4 py-1 text-xs font-medium',
              isActive ? 'text-violet-700 dark:text-violet-300' : 'text-slate-700 dark:text-slate-300',
            )
          }
        >
          <PlusIcon />
          New
        </NavLink>
        <button
          type="button"
          onClick={() => setMenuOpen(true)}
          className="flex flex-col items-center gap-0.5 rounded-md px-4 py-1 text-xs font-medium text-slate-700 dark:text-slate-300"
        >
          <MenuIcon />
          Menu
        </button>
      </nav>
    </div>
  );
}
