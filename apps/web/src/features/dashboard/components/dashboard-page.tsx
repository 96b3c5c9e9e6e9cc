import { useMe } from '../../../lib/auth';

/** /dashboard: greets the user; the persona dashboard grows here. */
export function DashboardPage() {
  const { data: user } = useMe();
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 md:px-8">
      <h1 className="text-3xl font-semibold tracking-tight">Persona Dashboard</h1>
      <p className="mt-2 text-lg text-slate-700 dark:text-slate-300">
        Welcome{user?.username ? `, ${user.username}` : ''}!
      </p>
      <p className="mt-4 max-w-2xl text-slate-600 dark:text-slate-400">
        This is where your personas live: each one a voice tuned by nine personality sliders, writing posts for X and
        Bluesky that you review before they go out.
      </p>
    </main>
  );
}
