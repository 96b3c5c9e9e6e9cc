/** Says why a screen's controls are off or missing (a role that may only look). */
export function ReadOnlyNote({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <p
      data-testid="read-only-note"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <span className="font-semibold">Read-only. </span>
      {reason}
    </p>
  );
}
