import { useEffect, useId, useRef, useState } from 'react';
import { buttonBase, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { CloseIcon, MenuIcon, MoonIcon, SunIcon } from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';
import { paths } from '../../../config/paths';
import { useMe, useSignOut } from '../../../lib/auth';
import { Link } from '../../../lib/navigation';
import { useTheme } from '../../../lib/theme';

/** The spec's anchors; on another page (a policy) they lead back to the landing's sections. */
const ANCHORS = [
  { id: 'features', label: 'Features' },
  { id: 'how-it-works', label: 'How it works' },
  { id: 'pricing', label: 'Pricing' },
] as const;

function ThemeToggle() {
  const { theme, toggle } = useTheme();
  return (
    <button
      type="button"
      onClick={toggle}
      className="rounded-md p-2 text-slate-700 hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800"
      aria-label={`Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}

/** Sign In and Get Started, or the username, Dashboard and Sign Out. */
function AuthActions({ stacked = false, onNavigate }: { stacked?: boolean; onNavigate?(): void }) {
  const { data: user } = useMe();
  const signOut = useSignOut();
  const size = stacked ? 'w-full py-2.5' : 'px-3 whitespace-nowrap';
  if (user) {
    return (
      <>
        <span
          className={cn(
            'truncate text-sm text-slate-700 dark:text-slate-300',
            stacked ? 'px-1 py-1 font-medium' : 'max-w-48',
          )}
          data-testid="top-bar-username"
        >
          {user.username}
        </span>
        <Link to={paths.dashboard} onClick={onNavigate} className={cn(buttonBase, buttonClasses.primary, size)}>
          Dashboard
        </Link>
        <button
          type="button"
          className={cn(buttonBase, buttonClasses.ghost, size)}
          onClick={() => {
            onNavigate?.();
            signOut.mutate();
          }}
        >
          Sign Out
        </button>
      </>
    );
  }
  return (
    <>
      <Link to={paths.login} onClick={onNavigate} className={cn(buttonBase, buttonClasses.ghost, size)}>
        Sign In
      </Link>
      <Link to={paths.signup} onClick={onNavigate} className={cn(buttonBase, buttonClasses.primary, size)}>
        Get Started
      </Link>
    </>
  );
}

/** The sticky top bar; under 768 px its links fold into a menu. `onLanding`: anchors stay on this page. */
export function TopBar({ onLanding = true }: { onLanding?: boolean }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const href = (id: string) => (onLanding ? `#${id}` : `/#${id}`);

  // Escape closes the menu and gives focus back to its button; so does a click outside it.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/85 backdrop-blur-md dark:border-slate-800/70 dark:bg-slate-950/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Sections" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {ANCHORS.map((anchor) => (
              <li key={anchor.id}>
                <a
                  href={href(anchor.id)}
                  className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
                >
                  {anchor.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <div className="hidden items-center gap-2 md:flex">
            <AuthActions />
          </div>
          <button
            ref={buttonRef}
            type="button"
            className="rounded-md p-2 text-slate-700 hover:bg-slate-200/70 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label="Menu"
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      <div
        ref={panelRef}
        id={menuId}
        hidden={!open}
        className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 md:hidden dark:border-slate-800 dark:bg-slate-950"
      >
        {/* Rendered only while open: closed, the menu's links are not on the page twice. */}
        {open && (
          <>
            <nav aria-label="Sections (menu)">
              <ul className="flex flex-col">
                {ANCHORS.map((anchor) => (
                  <li key={anchor.id}>
                    <a
                      href={href(anchor.id)}
                      onClick={close}
                      className="block rounded-md px-2 py-3 text-base font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                    >
                      {anchor.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="mt-3 flex flex-col gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
              <AuthActions stacked onNavigate={close} />
            </div>
          </>
        )}
      </div>
    </header>
  );
}
