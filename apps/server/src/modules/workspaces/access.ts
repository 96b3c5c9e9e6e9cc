import type { IncomingHttpHeaders } from 'node:http';
import {
  ACTION_MIN_ROLE,
  lesserRole,
  roleMay,
  WORKSPACE_HEADER,
  WORKSPACE_NOT_FOUND,
  WORKSPACE_ROLE_LABELS,
  type WorkspaceAction,
  type WorkspaceRole,
} from '@plume/core';
import { ForbiddenError, NotFoundError } from '../../errors';
import { type Authenticated, type AuthService, SESSION_CACHE_MS } from '../auth/auth.service';
import type { WorkspaceRow, WorkspacesRepository } from './workspaces.repository';

/**
 * Who is asking, and where: a signed-in user (or their personal API token) acting in one
 * workspace with one role. Services take the workspace id to scope what they read and write and
 * the user id to say who did it.
 */
export type Principal = {
  userId: string;
  workspaceId: string;
  role: WorkspaceRole;
  workspace: WorkspaceRow;
  /** The personal API token the request presented; null for a session. */
  viaToken: boolean;
};

/** The message a role that may not do something gets (403): what it is, and who may. */
export function roleRefusal(role: WorkspaceRole, action: WorkspaceAction): string {
  const needed = WORKSPACE_ROLE_LABELS[ACTION_MIN_ROLE[action]].name.toLowerCase();
  return `Your role in this workspace (${WORKSPACE_ROLE_LABELS[role].name.toLowerCase()}) cannot do this: it needs ${needed} or above`;
}

/**
 * The one access check (issue 33, decision 055): every route asks it whether the caller may do
 * an action in the workspace the request names, in the manner of immich's `requireAccess`. The
 * workspace is the `X-Plume-Workspace` header's; without it, a personal API token's own
 * workspace, else the user's personal workspace (its id is theirs). A workspace the caller is not
 * a member of is a 404, as if it did not exist; a role too small is a 403 that says which role
 * would do. Rows are then read and written through repositories scoped to `workspaceId`, so
 * another workspace's ids are 404s there too.
 */
export function createAccess(deps: {
  auth: AuthService;
  workspaces: Pick<WorkspacesRepository, 'membership'>;
  now?: () => number;
}) {
  const { auth, workspaces } = deps;
  const now = deps.now ?? Date.now;
  const resolved = new WeakMap<IncomingHttpHeaders, Promise<Principal>>();
  /**
   * Memberships looked up in the last SESSION_CACHE_MS, as sessions are (decision 024): a change
   * made in this process takes effect at once (`forget`), one made in another within that time.
   */
  const recent = new Map<string, { at: number; found: Awaited<ReturnType<typeof workspaces.membership>> }>();

  async function membership(workspaceId: string, userId: string) {
    const key = `${userId}\u0000${workspaceId}`;
    const cached = recent.get(key);
    if (cached && now() - cached.at < SESSION_CACHE_MS) return cached.found;
    const found = await workspaces.membership(workspaceId, userId);
    if (recent.size > 10_000) recent.clear();
    recent.set(key, { at: now(), found });
    return found;
  }

  async function resolve(headers: IncomingHttpHeaders, inRoute: string | null): Promise<Principal> {
    const named = headers[WORKSPACE_HEADER];
    const asked = inRoute ?? ((Array.isArray(named) ? named[0] : named)?.trim() || null);
    /** The workspace a request acts in: a token's own, else the one named, else the user's personal one. */
    const workspaceOf = (who: Authenticated) => who.tokenScope?.workspaceId ?? asked ?? who.user.id;
    // The membership the credential needed last time is looked up while the credential is: a
    // look-up that missed the cache is one round, not two (decision 064).
    const before = auth.lastKnown(headers);
    const early = before ? membership(workspaceOf(before), before.user.id) : null;
    early?.catch(() => {});
    const found = await auth.requireUser(headers);
    const scope = found.tokenScope;
    // A token works in its one workspace: naming another is the same 404 as naming one that does not exist.
    if (scope && asked && asked !== scope.workspaceId) throw new NotFoundError(WORKSPACE_NOT_FOUND);
    const workspaceId = workspaceOf(found);
    const member =
      early && before && found.user.id === before.user.id && workspaceOf(before) === workspaceId
        ? await early
        : await membership(workspaceId, found.user.id);
    if (!member) throw new NotFoundError(WORKSPACE_NOT_FOUND);
    const role = scope?.role ? lesserRole(scope.role, member.role) : member.role;
    return { userId: found.user.id, workspaceId, role, workspace: member.workspace, viaToken: scope !== null };
  }

  function permitted(principal: Principal, action: WorkspaceAction): Principal {
    if (!roleMay(principal.role, action)) throw new ForbiddenError(roleRefusal(principal.role, action));
    return principal;
  }

  return {
    /** A workspace or its members changed here: no look-up of it is trusted from the cache any more. */
    forgetWorkspace(workspaceId: string) {
      for (const key of recent.keys()) if (key.endsWith(`\u0000${workspaceId}`)) recent.delete(key);
    },

    /**
     * The caller, in the workspace the request names, when their role there may do `action`:
     * 401 unsigned, 404 not a member, 403 a role too small. Looked up once per request.
     */
    async require(headers: IncomingHttpHeaders, action: WorkspaceAction): Promise<Principal> {
      let principal = resolved.get(headers);
      if (!principal) {
        principal = resolve(headers, null);
        resolved.set(headers, principal);
      }
      return permitted(await principal, action);
    },

    /** `require` in the workspace the route names (`/api/workspaces/{workspaceId}/…`), whatever the header says. */
    async requireIn(headers: IncomingHttpHeaders, workspaceId: string, action: WorkspaceAction): Promise<Principal> {
      return permitted(await resolve(headers, workspaceId), action);
    },

    /** `require`, for routes that only scope by the workspace: its id. */
    async workspaceId(headers: IncomingHttpHeaders, action: WorkspaceAction): Promise<string> {
      return (await this.require(headers, action)).workspaceId;
    },
  };
}
export type Access = ReturnType<typeof createAccess>;
