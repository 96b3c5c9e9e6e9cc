import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** The spec's fallback screen for routing and rendering errors. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <main className="grid min-h-screen place-items-center p-6 text-center">
      <div>
        <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
        {detail && <p className="mt-3 text-slate-700 dark:text-slate-300">{detail}</p>}
        <Link to="/" className="mt-6 inline-block text-violet-700 underline dark:text-violet-300">
          Back to Plume
        </Link>
      </div>
    </main>
  );
}
