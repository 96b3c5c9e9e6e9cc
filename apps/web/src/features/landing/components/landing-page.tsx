import { buttonBase, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { MoonIcon, SunIcon } from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';
import { paths } from '../../../config/paths';
import { useMe, useSignOut } from '../../../lib/auth';
import { Link } from '../../../lib/navigation';
import { useTheme } from '../../../lib/theme';

function TopBar() {
  const { data: user } = useMe();
  const signOut = useSignOut();
  const { theme, toggle } = useTheme();
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200/70 bg-slate-50/85 backdrop-blur dark:border-slate-800/70 dark:bg-slate-950/85">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3">
        <Logo />
        <div className="flex items-center gap-1 sm:gap-2">
          <button
            type="button"
            onClick={toggle}
            className="rounded-md p-2 hover:bg-slate-200/70 dark:hover:bg-slate-800"
            aria-label={`Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`}
          >
            {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
          </button>
          {user ? (
            <>
              <span className="hidden max-w-48 truncate text-sm text-slate-700 sm:inline dark:text-slate-300">
                {user.username}
              </span>
              <Link to={paths.dashboard} className={cn(buttonBase, buttonClasses.primary, 'px-3 whitespace-nowrap')}>
                Dashboard
              </Link>
              <button
                type="button"
                className={cn(buttonBase, buttonClasses.ghost, 'px-3 whitespace-nowrap')}
                onClick={() => signOut.mutate()}
              >
                Sign Out
              </button>
            </>
          ) : (
            <>
              <Link to={paths.login} className={cn(buttonBase, buttonClasses.ghost, 'px-3 whitespace-nowrap')}>
                Sign In
              </Link>
              <Link to={paths.signup} className={cn(buttonBase, buttonClasses.primary, 'px-3 whitespace-nowrap')}>
                Get Started
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

/** The public landing page; also shown for any unknown path. */
export function LandingPage() {
  const { data: user } = useMe();
  return (
    <div className="min-h-screen">
      <TopBar />
      <main>
        <section className="mx-auto max-w-4xl px-4 py-20 text-center sm:py-28">
          <p className="text-sm font-semibold tracking-wide text-violet-700 uppercase dark:text-violet-300">
            AI persona studio
          </p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-6xl">
            Give your brand a voice with <span className="text-violet-700 dark:text-violet-300">Wings to Soar</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-700 dark:text-slate-300">
            Design a persona with nine personality sliders. Plume writes platform-ready posts in that voice, you review
            them, then post now or schedule them on X and Bluesky. Auto-posting is optional.
          </p>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <Link
              to={user ? paths.dashboard : paths.login}
              className={cn(buttonBase, buttonClasses.primary, 'px-6 py-3 text-base')}
            >
              {user ? 'Enter Dashboard' : 'Start Your Growth'}
            </Link>
          </div>
          {!user && (
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
              About 3 minutes to set up. No credit card.
            </p>
          )}
        </section>
      </main>
      <footer className="border-t border-slate-200 py-8 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
        © {new Date().getFullYear()} Plume
      </footer>
    </div>
  );
}
