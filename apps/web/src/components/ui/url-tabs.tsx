import { Tabs } from 'radix-ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

export type UrlTab<T extends string = string> = { value: T; label: string; content: ReactNode; className?: string };

const tabClass =
  'rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-200/70 data-[state=active]:bg-violet-100 data-[state=active]:text-violet-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:data-[state=active]:bg-violet-900/60 dark:data-[state=active]:text-white';

/**
 * Tabs whose open tab is kept in the URL (`?tab=`), so a link, a reload or Back opens the same one;
 * without it, or with an unknown one, the first opens. On a phone the tabs stay on one row that
 * scrolls sideways (the open one scrolled into view), rather than wrapping into three.
 */
export function UrlTabs({ label, tabs }: { label: string; tabs: readonly UrlTab[] }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const open = tabs.find((t) => t.value === asked)?.value ?? tabs[0]?.value;
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const row = list.current;
    const active = row?.querySelector<HTMLElement>(`[data-state="active"]`);
    if (!row || !active || row.scrollWidth <= row.clientWidth) return;
    // Sideways only: the page itself stays where it is.
    row.scrollLeft = active.offsetLeft - row.offsetLeft - (row.clientWidth - active.offsetWidth) / 2;
  }, [open]);
  return (
    <Tabs.Root value={open} onValueChange={(tab) => setParams({ tab }, { replace: true })} className="space-y-4">
      <Tabs.List
        ref={list}
        aria-label={label}
        className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0"
      >
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
