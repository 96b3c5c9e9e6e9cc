import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** The '← Dashboard' link at the top of the editor, the studio and the settings. */
export function BackToDashboard() {
  return (
    <Link
      to={paths.dashboard}
      className="text-sm text-violet-700 underline-offset-2 hover:underline dark:text-violet-300"
    >
      ← Dashboard
    </Link>
  );
}
