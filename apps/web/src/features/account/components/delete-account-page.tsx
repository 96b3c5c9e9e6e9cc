import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Logo } from '../../../components/ui/logo';
import { paths } from '../../../config/paths';
import { useConfirmAccountDeletion } from '../api/confirm-account-deletion';

/**
 * Where the deletion e-mail's link leads (/account/delete?token=): one last, explicit step. Opening
 * the link deletes nothing by itself (mail scanners open links too); the button does.
 */
export function DeleteAccountPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmAccountDeletion();

  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col justify-center gap-6 px-4 py-10">
      <div className="self-start">
        <Logo />
      </div>
      {confirm.isSuccess ? (
        <section aria-labelledby="deleted" className="space-y-3">
          <h1 id="deleted" className="text-2xl font-semibold">
            Your account is deleted
          </h1>
          <p className="text-slate-700 dark:text-slate-300">
            Everything Plume kept of yours is gone and every session is signed out.
            {confirm.data.connectionsNotRevoked > 0
              ? ` ${confirm.data.connectionsNotRevoked} connected account${confirm.data.connectionsNotRevoked === 1 ? '' : 's'} could not be revoked at the network: you may remove Plume from the account's app settings there.`
              : confirm.data.connectionsRevoked > 0
                ? ' Your connected accounts were disconnected.'
                : ''}{' '}
            Thank you for having used Plume.
          </p>
          <Link to={paths.home} className="font-medium text-violet-700 underline dark:text-violet-300">
            Go to the home page
          </Link>
        </section>
      ) : (
        <section
          aria-labelledby="delete-title"
          className="space-y-4 rounded-2xl border border-red-300 bg-white p-6 dark:border-red-900 dark:bg-slate-900"
        >
          <h1 id="delete-title" className="text-2xl font-semibold text-red-800 dark:text-red-300">
            Delete your Plume account?
          </h1>
          <p className="text-slate-700 dark:text-slate-300">
            Your personas, posts (scheduled ones will not go out), sources, metrics, notifications, images and settings
            are deleted for good; your X and Bluesky accounts are disconnected and every session is signed out. Posts
            already published stay on X and Bluesky. This cannot be undone.
          </p>
          {!token ? (
            <p role="alert" className="text-red-700 dark:text-red-300">
              This link has no token: open the link from the e-mail as it is.
            </p>
          ) : null}
          {confirm.isError ? (
            <p role="alert" className="text-red-700 dark:text-red-300">
              {confirm.error.message}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Link
              to={`${paths.accountSettings}?tab=data`}
              className="inline-flex items-center rounded-lg px-4 py-2 text-sm font-medium text-slate-800 underline dark:text-slate-200"
            >
              Keep my account
            </Link>
            <Button variant="danger" disabled={!token || confirm.isPending} onClick={() => confirm.mutate(token)}>
              {confirm.isPending ? 'Deleting...' : 'Delete my account for good'}
            </Button>
          </div>
        </section>
      )}
    </main>
  );
}
