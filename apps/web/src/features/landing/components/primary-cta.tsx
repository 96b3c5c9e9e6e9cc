import { buttonBase, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { paths } from '../../../config/paths';
import { useMe } from '../../../lib/auth';
import { Link } from '../../../lib/navigation';

/**
 * The primary call to action: 'Enter Dashboard' when signed in, 'Start Your Growth' otherwise.
 * The closing banner's copy (`onColor`) says it in its own words, so each label is on the page once.
 */
export function PrimaryCta({ onColor = false }: { onColor?: boolean }) {
  const { data: user } = useMe();
  return (
    <Link
      to={user ? paths.dashboard : paths.login}
      className={cn(
        buttonBase,
        'px-6 py-3 text-base',
        // On the closing banner's violet, a white button; elsewhere the primary one.
        onColor
          ? 'bg-white text-violet-800 hover:bg-violet-50 focus-visible:outline-white'
          : cn(buttonClasses.primary, 'shadow-lg shadow-violet-700/25'),
      )}
    >
      {onColor
        ? user
          ? 'Open your dashboard'
          : 'Create your first persona'
        : user
          ? 'Enter Dashboard'
          : 'Start Your Growth'}
      <span aria-hidden="true">→</span>
    </Link>
  );
}
