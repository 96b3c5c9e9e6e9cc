import { Navigate, Outlet, useLocation } from 'react-router';
import { useMe } from '../lib/auth';
import { rememberReturnTo } from '../lib/persisted-session';

/** Signed-out visitors go to / and the page they wanted is remembered for after sign-in. */
export function RequireAuth() {
  const { data: user, isPending, isError, refetch } = useMe();
  const location = useLocation();
  if (isPending) {
    return (
      <p role="status" className="p-8 text-center text-slate-600 dark:text-slate-300">
        Loading...
      </p>
    );
  }
  if (isError) {
    return (
      <div role="alert" className="p-8 text-center">
        <p>Plume could not reach its server.</p>
        <button type="button" className="mt-3 underline" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!user) {
    rememberReturnTo(location.pathname + location.search);
    return <Navigate to="/" replace />;
  }
  return <Outlet />;
}
