import { WRITER_NAMES, type Writer } from '@plume/core';
import { OfflineBadge } from '../../../components/draft-notes';
import { cn } from '../../../components/ui/cn';

/**
 * Says who wrote a text, so the offline composer's work is never mistaken for a model's: its
 * text carries the offline badge, with the way to set up a model.
 */
export function WriterNote({ writer, className }: { writer: Writer | null; className?: string }) {
  if (!writer) return null;
  if (writer === 'offline') {
    return (
      <p data-testid="writer-note" className={className}>
        <OfflineBadge />
      </p>
    );
  }
  return (
    <p data-testid="writer-note" className={cn('text-xs text-slate-600 dark:text-slate-400', className)}>
      Written by {WRITER_NAMES[writer]}
    </p>
  );
}
