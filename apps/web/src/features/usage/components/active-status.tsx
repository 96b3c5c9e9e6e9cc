import { cn } from '../../../components/ui/cn';

/** The active dot and its word: the colour is never the only sign. */
export function ActiveStatus({ active }: { active: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span
        aria-hidden="true"
        className={cn('h-2 w-2 shrink-0 rounded-full', active ? 'bg-emerald-500' : 'bg-slate-400 dark:bg-slate-500')}
      />
      {active ? 'Active' : 'Inactive'}
    </span>
  );
}
