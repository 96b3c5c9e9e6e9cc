import { readableSummary } from '@plume/core';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { formatInstant } from '../../../lib/format';
import { useVersions } from '../api/get-versions';

export function VersionHistoryDialog({
  personaId,
  open,
  onOpenChange,
  onRollback,
  readOnly = false,
}: {
  personaId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  onRollback(versionId: string): void;
  /** A viewer looks at the history; rolling back is a write (the editor's note says why it is missing). */
  readOnly?: boolean;
}) {
  const versions = useVersions(personaId, open);
  const { timeZone } = useTimeZone();
  const when = (iso: string) => formatInstant(iso, timeZone);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Version History">
      {versions.isPending && <p role="status">Loading...</p>}
      {versions.isError && <p role="alert">Failed to fetch versions: {versions.error.message}</p>}
      <ol className="max-h-96 space-y-2 overflow-y-auto">
        {versions.data?.map((v, index) => (
          <li
            key={v.versionId}
            className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
          >
            <div className="min-w-0">
              <p className="text-sm font-medium">
                <time dateTime={v.createdAt}>{when(v.createdAt)}</time>
              </p>
              <p
                className="truncate text-sm text-slate-600 dark:text-slate-400"
                title={readableSummary(v.summary, when)}
              >
                {readableSummary(v.summary, when)}
              </p>
            </div>
            {index === 0 ? (
              <span className="text-xs text-slate-600 dark:text-slate-400">Current</span>
            ) : readOnly ? null : (
              <Button variant="secondary" className="py-1.5" onClick={() => onRollback(v.versionId)}>
                Rollback
              </Button>
            )}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      </div>
    </Modal>
  );
}
