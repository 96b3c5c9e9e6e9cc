import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

export type UrlTab<T extends string = string> = { value: T; label: string; content: ReactNode; className?: string };

const tabClass =
  'rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-200/70 data-[state=active]:bg-violet-100 data-[state=active]:text-violet-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:data-[state=active]:bg-violet-900/60 dark:data-[state=active]:text-white';

/**
 * Tabs whose open tab is kept in the URL (`?tab=`), so a link, a reload or Back opens the same one;
 * without it, or with an unknown one, the first opens.
 */
export function UrlTabs({ label, tabs }: { label: string; tabs: readonly UrlTab[] }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const open = tabs.find((t) => t.value === asked)?.value ?? tabs[0]?.value;
  return (
    <Tabs.Root value={open} onValueChange={(tab) => setParams({ tab }, { replace: true })} className="space-y-4">
      <Tabs.List aria-label={label} className="flex flex-wrap gap-1">
        {tabs.map((t) => (
          <Tabs.Trigger key={t.value} value={t.value} className={tabClass}>
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Content key={t.value} value={t.value} className={t.className}>
          {t.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
