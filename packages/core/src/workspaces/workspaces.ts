import { z } from 'zod';

/*
 * Workspaces and roles (issue 33, decision 055-workspaces). A workspace owns personas and
 * everything under them; users are its members with one role each. Roles are ordered: each can do
 * everything the one before it can.
 */

export const WORKSPACE_ROLES = ['viewer', 'editor', 'approver', 'admin', 'owner'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** What a role does, in words a person choosing it reads. */
export const WORKSPACE_ROLE_LABELS: Record<WorkspaceRole, { name: string; can: string }> = {
  viewer: { name: 'Viewer', can: 'Sees analytics and the calendar; changes nothing' },
  editor: { name: 'Editor', can: 'Writes and edits personas, drafts and the schedule' },
  approver: { name: 'Approver', can: 'Everything an editor does, plus approving and publishing' },
  admin: { name: 'Admin', can: 'Everything an approver does, plus members, connections and settings' },
  owner: { name: 'Owner', can: 'Everything, including deleting the workspace; one per workspace' },
};

/**
 * What a request or job may ask to do. Every API route names one (the access check, decision
 * 055): `read` looks, `write` changes personas, drafts and the schedule, `approve` approves drafts
 * and publishes past the approval rule, `manage` changes members, connections, integrations and
 * settings, `own` deletes or hands over the workspace.
 */
export const WORKSPACE_ACTIONS = ['read', 'write', 'approve', 'manage', 'own'] as const;
export type WorkspaceAction = (typeof WORKSPACE_ACTIONS)[number];

/** The least role that may do each action. */
export const ACTION_MIN_ROLE: Record<WorkspaceAction, WorkspaceRole> = {
  read: 'viewer',
  write: 'editor',
  approve: 'approver',
  manage: 'admin',
  own: 'owner',
};

/** A role's place in the order (viewer 0 … owner 4): a higher one does all a lower one does. */
export const roleRank = (role: WorkspaceRole): number => WORKSPACE_ROLES.indexOf(role);

/** True when `role` may do `action`. */
export function roleMay(role: WorkspaceRole, action: WorkspaceAction): boolean {
  return roleRank(role) >= roleRank(ACTION_MIN_ROLE[action]);
}

/** The lesser of two roles: a token scoped to `scope` never does more than its owner's `role`. */
export function lesserRole(a: WorkspaceRole, b: WorkspaceRole): WorkspaceRole {
  return roleRank(a) <= roleRank(b) ? a : b;
}

/** The request header naming the open workspace (the web app sends it on every call). */
export const WORKSPACE_HEADER = 'x-plume-workspace';

export const WORKSPACE_NAME_MAX = 60;
export const WORKSPACE_INVITE_DAYS = 7;
export const WORKSPACE_NOT_FOUND = 'Workspace not found';
/** The name a user's own workspace starts with (they may rename it). */
export const PERSONAL_WORKSPACE_NAME = 'Personal';

export const workspaceRoleSchema = z.enum(WORKSPACE_ROLES, { error: `must be one of ${WORKSPACE_ROLES.join(', ')}` });
/** Roles an invitation or a role change may give: ownership only moves by a transfer. */
export const assignableRoleSchema = z.enum(['viewer', 'editor', 'approver', 'admin'], {
  error: 'must be one of viewer, editor, approver, admin',
});

export const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The caller's role in it. */
  role: workspaceRoleSchema,
  /** The user's own workspace, made at sign-up. */
  personal: z.boolean(),
  needsApproval: z.boolean(),
  plan: z.string(),
  members: z.number().int(),
});
export type Workspace = z.infer<typeof workspaceSchema>;
export const workspaceListSchema = z.object({ workspaces: z.array(workspaceSchema) });

const workspaceName = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'is required')
  .max(WORKSPACE_NAME_MAX, `must be at most ${WORKSPACE_NAME_MAX} characters`);

export const workspaceCreateSchema = z.object({ name: workspaceName });
export const workspaceUpdateSchema = z
  .object({ name: workspaceName.optional(), needsApproval: z.boolean({ error: 'must be true or false' }).optional() })
  .refine((v) => v.name !== undefined || v.needsApproval !== undefined, {
    message: 'name or needsApproval is required',
  });
export const workspaceIdParamsSchema = z.object({ workspaceId: z.string().min(1).max(100) });

export const workspaceMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: workspaceRoleSchema,
  joinedAt: z.string(),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

export const workspaceInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: workspaceRoleSchema,
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type WorkspaceInvite = z.infer<typeof workspaceInviteSchema>;

export const workspaceMembersSchema = z.object({
  members: z.array(workspaceMemberSchema),
  invites: z.array(workspaceInviteSchema),
});

export const workspaceInviteRequestSchema = z.object({
  email: z.email({ error: 'must be an e-mail address' }).max(254, 'must be at most 254 characters'),
  role: assignableRoleSchema,
});
export const memberRoleRequestSchema = z.object({ role: assignableRoleSchema });
export const transferOwnershipSchema = z.object({ userId: z.string({ error: 'must be a member’s user id' }).min(1) });
export const acceptInviteSchema = z.object({
  token: z.string({ error: 'must be the invitation’s token' }).min(1).max(200),
});
