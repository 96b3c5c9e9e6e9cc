import type { ReactNode } from 'react';

// Shared with the writing studio, so it lives in components/ui.
export { inputClass } from '../../../components/ui/input-class';

export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        {description && <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>}
      </div>
      {children}
    </section>
  );
}
