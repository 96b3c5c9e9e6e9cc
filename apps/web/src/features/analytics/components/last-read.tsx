import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatAgo, formatInstant } from '../../../lib/format';

/** When the persona's accounts were last read: the figures are as of then. */
export function LastRead({
  lastReadAt,
  timeZone,
  personaId,
  hasAccounts,
  now,
}: {
  lastReadAt: string | null;
  timeZone: string;
  personaId: string;
  hasAccounts: boolean;
  now: Date;
}) {
  if (lastReadAt === null) {
    return (
      <p data-testid="last-read" className="text-sm text-slate-600 dark:text-slate-400">
        Not read yet: metrics appear within a minute of connecting an account
        {!hasAccounts && (
          <>
            {' '}
            (
            <Link
              to={`${paths.editor}/${personaId}?tab=accounts`}
              className="text-violet-700 underline underline-offset-2 dark:text-violet-300"
            >
              connect one
            </Link>
            )
          </>
        )}
        .
      </p>
    );
  }
  return (
    <p data-testid="last-read" className="text-sm text-slate-600 dark:text-slate-400">
      Last read{' '}
      <time dateTime={lastReadAt} title={formatInstant(lastReadAt, timeZone)}>
        {formatAgo(lastReadAt, now, timeZone)}
      </time>
    </p>
  );
}
