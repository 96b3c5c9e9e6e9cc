import { WORKSPACE_ROLE_LABELS, type Workspace } from '@plume/core';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { cn } from '../../../components/ui/cn';
import { CheckIcon, ChevronsIcon, PlusIcon, TeamIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { useOpenWorkspace } from '../../../lib/workspace';
import { NewWorkspaceDialog } from './new-workspace-dialog';

const roleName = (w: Workspace) => WORKSPACE_ROLE_LABELS[w.role].name;

/** Screens about one thing by id (a persona, its analytics): after a switch that thing is another workspace's. */
const byId = [paths.editor, paths.analytics, paths.advanced].map((p) => `${p}/`);

const menuItem =
  'flex w-full cursor-default items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-800 outline-none select-none data-highlighted:bg-slate-100 dark:text-slate-100 dark:data-highlighted:bg-slate-800';

/**
 * The open workspace's name and the user's role in it; opens a menu of their workspaces, the team
 * page and "New workspace". `rail`: the desktop rail's, whose words show when it widens; `bar`: the
 * phone header's, compact.
 */
export function WorkspaceSwitcher({ variant, onNavigate }: { variant: 'rail' | 'bar'; onNavigate?: () => void }) {
  const { workspace, workspaces, switchTo } = useOpenWorkspace();
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const open = (next: Workspace) => {
    switchTo(next);
    if (byId.some((p) => location.pathname.startsWith(p))) navigate(paths.dashboard);
    onNavigate?.();
  };
  const name = workspace?.name ?? 'Workspace';
  const rail = variant === 'rail';
  const words = cn(
    'min-w-0 flex-1 text-left',
    rail && 'opacity-0 transition-opacity group-hover:opacity-100 group-has-focus-visible:opacity-100',
  );

  return (
    <>
      {/* Not modal and not portalled: the menu stays inside the nav or header it belongs to, and the page
          around it is not hidden from screen readers while it is open (a menu, not a dialog). */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          data-testid={`workspace-switcher-${variant}`}
          aria-label={
            workspace
              ? `Workspace: ${name}, you are ${roleName(workspace).toLowerCase()}. Switch workspace`
              : 'Switch workspace'
          }
          className={cn(
            'flex items-center gap-2 rounded-lg text-left hover:bg-slate-200/80 focus-visible:outline-2 focus-visible:outline-violet-500 dark:hover:bg-slate-800',
            rail
              ? 'h-12 w-full px-1.5'
              : 'max-w-[55vw] min-w-0 border border-slate-200 px-2 py-1 dark:border-slate-700',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'grid shrink-0 place-items-center rounded-md bg-slate-800 font-semibold text-white uppercase dark:bg-slate-200 dark:text-slate-900',
              rail ? 'h-8 w-8 text-sm' : 'h-6 w-6 text-xs',
            )}
          >
            {name.charAt(0)}
          </span>
          <span className={words}>
            <span className="block truncate text-sm font-semibold text-slate-900 dark:text-slate-100">{name}</span>
            {workspace && (
              <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{roleName(workspace)}</span>
            )}
          </span>
          <span className={cn('text-slate-500 dark:text-slate-400', rail && words, rail && 'flex-none')}>
            <ChevronsIcon />
          </span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 w-72 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <DropdownMenu.Label className="px-3 pt-1 pb-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            Workspaces
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={workspace?.id ?? ''}>
            {workspaces.map((w) => (
              <DropdownMenu.RadioItem key={w.id} value={w.id} className={menuItem} onSelect={() => open(w)}>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{w.name}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {roleName(w)}
                    {w.personal ? ' · personal' : ` · ${w.members} ${w.members === 1 ? 'member' : 'members'}`}
                  </span>
                </span>
                <DropdownMenu.ItemIndicator className="text-violet-700 dark:text-violet-300">
                  <CheckIcon />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1.5 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item
            className={menuItem}
            onSelect={() => {
              navigate(paths.team);
              onNavigate?.();
            }}
          >
            <TeamIcon />
            Team and roles
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItem} onSelect={() => setCreating(true)}>
            <PlusIcon />
            New workspace
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <NewWorkspaceDialog open={creating} onOpenChange={setCreating} onCreated={open} />
    </>
  );
}
