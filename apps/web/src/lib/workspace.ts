import { ACTION_MIN_ROLE, roleMay, WORKSPACE_ROLE_LABELS, type Workspace, type WorkspaceAction } from '@plume/core';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useWorkspaces } from './api/get-workspaces';

/**
 * The open workspace (issue 33): its id in local storage, sent by the API client as
 * X-Plume-Workspace on every call. No id means the personal workspace, which the server assumes
 * without the header. Kept across reloads so an agency reopens the client it was working on.
 */
export const WORKSPACE_KEY = 'plume.workspace';

export function readWorkspaceId(): string | null {
  try {
    return localStorage.getItem(WORKSPACE_KEY);
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

function writeWorkspaceId(id: string | null): void {
  if (id === null) localStorage.removeItem(WORKSPACE_KEY);
  else localStorage.setItem(WORKSPACE_KEY, id);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's switch arrives as a storage event.
  const onStorage = (event: StorageEvent) => {
    if (event.key === WORKSPACE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored id, re-read when it changes here or in another tab. */
export function useWorkspaceId(): string | null {
  return useSyncExternalStore(subscribe, readWorkspaceId, () => null);
}

/**
 * Answers that do not depend on the open workspace and survive a switch: who is signed in, the
 * site's config, the list itself, and members (their route names the workspace).
 */
const KEPT = new Set(['me', 'public-config', 'workspaces', 'workspace-members']);

/**
 * Forgets every answer read in the previous workspace: screens on view refetch at once (with the
 * new header), the rest when next shown. Nothing of one client's data shows under another's name.
 */
export function resetWorkspaceData(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries({ predicate: (query) => !KEPT.has(String(query.queryKey[0])) });
}

/** Opens a workspace: `null` or the personal one's id opens the personal workspace. */
export function openWorkspace(queryClient: QueryClient, workspace: Pick<Workspace, 'id' | 'personal'> | null) {
  const next = workspace && !workspace.personal ? workspace.id : null;
  if (readWorkspaceId() === next) return;
  writeWorkspaceId(next);
  void resetWorkspaceData(queryClient);
}

/** Signing out forgets the open workspace: the next person here starts in their own. */
export function forgetWorkspace(): void {
  writeWorkspaceId(null);
}

/**
 * The open workspace and the user's role in it. `resolved` is false until the list has come and
 * a stored id that is no longer one of the user's (removed, left, deleted) has fallen back to
 * the personal workspace.
 */
export function useOpenWorkspace(): {
  workspace: Workspace | undefined;
  workspaces: Workspace[];
  resolved: boolean;
  switchTo(workspace: Workspace): void;
} {
  const queryClient = useQueryClient();
  const { data: workspaces, isError } = useWorkspaces();
  const stored = useWorkspaceId();
  const workspace = workspaces?.find((w) => w.id === stored) ?? workspaces?.find((w) => w.personal);
  const stale = workspaces !== undefined && stored !== null && !workspaces.some((w) => w.id === stored);
  useEffect(() => {
    if (stale) openWorkspace(queryClient, null);
  }, [stale, queryClient]);
  const switchTo = useCallback((next: Workspace) => openWorkspace(queryClient, next), [queryClient]);
  return {
    workspace,
    workspaces: workspaces ?? [],
    // Without a stored id the server's default is already right; with one, wait for the list (or its failure).
    resolved: stored === null || isError || (workspaces !== undefined && !stale),
    switchTo,
  };
}

/**
 * Whether the user's role in the open workspace may do `action` (the server's own rule,
 * roleMay). Until the list arrives, the personal workspace (where the user is owner) is assumed
 * when none is stored, and nothing is allowed when one is, so a viewer never sees a button flash.
 */
export function useMay(action: WorkspaceAction): boolean {
  const { workspace } = useOpenWorkspace();
  const stored = useWorkspaceId();
  if (!workspace) return stored === null;
  return roleMay(workspace.role, action);
}

/**
 * Why the user may not do `action` in the open workspace, in the server's words (its 403 says the
 * same); null when they may. Shown beside a control that is off, or instead of one that is hidden.
 */
export function useRefusal(action: WorkspaceAction): string | null {
  const { workspace } = useOpenWorkspace();
  if (!workspace || roleMay(workspace.role, action)) return null;
  const role = WORKSPACE_ROLE_LABELS[workspace.role].name.toLowerCase();
  const needed = WORKSPACE_ROLE_LABELS[ACTION_MIN_ROLE[action]].name.toLowerCase();
  const article = /^[aeiou]/.test(role) ? 'an' : 'a';
  return `You are ${article} ${role} in ${workspace.name}: changes need ${needed} or above. An admin can change your role.`;
}

/** Keeps tabs in step: a switch in one tab reaches the others, whose cached answers were the old workspace's. */
export function useWorkspaceSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === WORKSPACE_KEY || event.key === null) void resetWorkspaceData(queryClient);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);
}
