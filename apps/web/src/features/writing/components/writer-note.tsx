import type { Writer } from '@plume/core';
import { cn } from '../../../components/ui/cn';

const names: Record<Writer, string> = {
  offline: 'Written by the offline composer',
  openai: 'Written by OpenAI',
  anthropic: 'Written by Anthropic',
  custom: 'Written by your custom model',
};

/** Says who wrote a text, so the offline composer's work is never mistaken for a model's. */
export function WriterNote({ writer, className }: { writer: Writer | null; className?: string }) {
  if (!writer) return null;
  return (
    <p data-testid="writer-note" className={cn('text-xs text-slate-600 dark:text-slate-400', className)}>
      {names[writer]}
    </p>
  );
}
