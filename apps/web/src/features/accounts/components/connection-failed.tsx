import { Button } from '../../../components/ui/button';

/** The spec's Connection Failed box: the message and a Dismiss button. */
export function ConnectionFailed({ message, onDismiss }: { message: string; onDismiss(): void }) {
  return (
    <div
      role="alert"
      data-testid="connection-error"
      className="flex flex-wrap items-start justify-between gap-2 rounded-xl border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100"
    >
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">Connection Failed</p>
        <p className="text-sm break-words">{message}</p>
      </div>
      <Button
        variant="ghost"
        className="px-3 py-1.5 text-red-900 hover:bg-red-100 dark:text-red-100 dark:hover:bg-red-900/60"
        onClick={onDismiss}
      >
        Dismiss
      </Button>
    </div>
  );
}
