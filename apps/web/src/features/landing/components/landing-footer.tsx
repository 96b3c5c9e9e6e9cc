import { SUPPORT_EMAIL } from '@plume/core';
import { Logo } from '../../../components/ui/logo';
import { paths } from '../../../config/paths';
import { Link } from '../../../lib/navigation';

const linkClass =
  'text-slate-700 underline-offset-4 hover:text-violet-700 hover:underline dark:text-slate-300 dark:hover:text-violet-300';

/** The footer of the landing and the policy pages: the policies and a support mail link. */
export function LandingFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div>
          <Logo />
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            AI personas that write in your voice. You stay in the loop.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <li>
              <Link to={paths.privacyPolicy} className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to={paths.termsOfService} className={linkClass}>
                Terms of Service
              </Link>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClass}>
                Support ({SUPPORT_EMAIL})
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
        © {new Date().getFullYear()} Plume
      </p>
    </footer>
  );
}
