import type { IncomingHttpHeaders } from 'node:http';
import type { WorkspaceAction } from '@plume/core';
import type { Access, Principal } from '../workspaces/access';

/**
 * Who connects a persona's account: the user (the browser that finishes must be the one that
 * started) and the workspace the persona is in.
 */
export type Connecting = Pick<Principal, 'userId' | 'workspaceId'>;

/**
 * Connecting an account is an admin's (issue 33: "admin (members, connections, settings)"; decision
 * 057-role-matrix): the popups' start, the routes that finish a connection (POST /api/auth/x/token,
 * /api/oauth/token, the app-password route) and disconnecting all ask for `manage`.
 */
export const CONNECT_ACTION: WorkspaceAction = 'manage';

/**
 * The workspace a connection popup works in. A popup is a browser navigation and cannot send the
 * X-Plume-Workspace header, so the web app names the open workspace in the `workspace` query
 * parameter; the same access check then answers as for any route (404 not a member, 403 a role below admin).
 * Without the parameter, the header's or the personal workspace, as everywhere. A thunk, so the
 * service asks inside its own error handling: a popup shows a page, never JSON.
 */
export function popupAccess(
  access: Access,
  headers: IncomingHttpHeaders,
  workspace: string | undefined,
): () => Promise<Connecting> {
  return () =>
    workspace ? access.requireIn(headers, workspace, CONNECT_ACTION) : access.require(headers, CONNECT_ACTION);
}
