import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  roleRank,
  WORKSPACE_INVITE_DAYS,
  WORKSPACE_NOT_FOUND,
  WORKSPACE_ROLE_LABELS,
  type Workspace,
  type WorkspaceInvite,
  type WorkspaceMember,
  type WorkspaceRole,
} from '@plume/core';
import { ConflictError, ForbiddenError, invalidField, NotFoundError } from '../../errors';
import type { Mailer } from '../../integrations/mail/mailer';
import { workspaceInviteMail } from '../../integrations/mail/templates';
import type { UnitOfWork } from '../repositories';
import type { Principal } from './access';
import type { InviteRow, WorkspaceRow, WorkspacesRepository } from './workspaces.repository';

const DAY_MS = 86_400_000;
export const INVITE_INVALID = 'This invitation is no longer valid: ask for a new one';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where an invitation's link leads: the web app's join page, which signs the invitee in first. */
export const joinPath = (token: string) => `/join/${encodeURIComponent(token)}`;

function toWorkspace(row: WorkspaceRow, role: WorkspaceRole, members: number, userId: string): Workspace {
  return {
    id: row.id,
    name: row.name,
    role,
    personal: row.id === userId,
    needsApproval: row.needsApproval,
    plan: row.plan,
    members,
  };
}

function toInvite(row: InviteRow): WorkspaceInvite {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedBy,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Workspaces, their members and invitations (issue 33, decision 055). The caller's right to act
 * was checked by the access check before any of these runs; the rules here are the ones a role
 * alone does not settle: one owner always, nobody above their own role, an invitation for the
 * address it was sent to.
 */
export function createWorkspacesService(deps: {
  repository: WorkspacesRepository;
  unitOfWork: UnitOfWork;
  mailer: Mailer;
  appUrl: string;
  now?: () => Date;
  /** A workspace's settings or members changed: cached look-ups of its memberships must go. */
  onWorkspaceChanged?: (workspaceId: string) => void;
}) {
  const { repository, unitOfWork } = deps;
  const now = deps.now ?? (() => new Date());
  const changed = (workspaceId: string) => deps.onWorkspaceChanged?.(workspaceId);

  async function view(userId: string, workspaceId: string): Promise<Workspace> {
    const found = (await repository.listFor(userId)).find((w) => w.workspace.id === workspaceId);
    if (!found) throw new NotFoundError(WORKSPACE_NOT_FOUND);
    return toWorkspace(found.workspace, found.role, found.members, userId);
  }

  async function memberOrNotFound(workspaceId: string, userId: string) {
    const found = (await repository.members(workspaceId)).find((m) => m.userId === userId);
    if (!found) throw new NotFoundError('No such member');
    return found;
  }

  return {
    async list(userId: string): Promise<Workspace[]> {
      return (await repository.listFor(userId)).map((w) => toWorkspace(w.workspace, w.role, w.members, userId));
    },

    view: (who: Principal) => view(who.userId, who.workspaceId),

    /** A new workspace with the caller as its owner (an agency's one per client). */
    async create(userId: string, name: string): Promise<Workspace> {
      const id = randomUUID();
      await unitOfWork((r) => r.workspaces.create({ id, name }, userId));
      return view(userId, id);
    },

    async update(who: Principal, patch: { name?: string | undefined; needsApproval?: boolean | undefined }) {
      await repository.update(who.workspaceId, {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.needsApproval !== undefined ? { needsApproval: patch.needsApproval } : {}),
      });
      changed(who.workspaceId);
      return view(who.userId, who.workspaceId);
    },

    /** Deletes the workspace and everything it owns. A user's personal workspace stays. */
    async remove(who: Principal): Promise<void> {
      if (who.workspaceId === who.userId) {
        throw new ConflictError('Your personal workspace cannot be deleted: it goes only with your account');
      }
      await repository.remove(who.workspaceId);
      changed(who.workspaceId);
    },

    /** Members, and (for those who manage them) the invitations still pending. */
    async members(
      who: Principal,
      canManage: boolean,
    ): Promise<{ members: WorkspaceMember[]; invites: WorkspaceInvite[] }> {
      const members = (await repository.members(who.workspaceId)).map((m) => ({
        userId: m.userId,
        name: m.username ?? m.name,
        email: m.email,
        role: m.role,
        joinedAt: m.joinedAt.toISOString(),
      }));
      const invites = canManage ? (await repository.pendingInvites(who.workspaceId, now())).map(toInvite) : [];
      return { members, invites };
    },

    /** Invites an address with a role (never owner, never above the inviter's own role); e-mails the link. */
    async invite(
      who: Principal,
      inviter: string,
      input: { email: string; role: WorkspaceRole },
    ): Promise<WorkspaceInvite> {
      const email = input.email.trim().toLowerCase();
      if (roleRank(input.role) > roleRank(who.role)) {
        throw invalidField('body.role', `cannot be above your own role (${who.role})`);
      }
      if ((await repository.members(who.workspaceId)).some((m) => m.email.toLowerCase() === email)) {
        throw invalidField('body.email', 'is already a member of this workspace');
      }
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const row = {
        id: randomUUID(),
        workspaceId: who.workspaceId,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: who.userId,
        expiresAt: new Date(at.getTime() + WORKSPACE_INVITE_DAYS * DAY_MS),
        createdAt: at,
      };
      await repository.insertInvite(row);
      await deps.mailer.send(
        workspaceInviteMail(email, {
          workspace: who.workspace.name,
          inviter,
          role: WORKSPACE_ROLE_LABELS[input.role].name.toLowerCase(),
          url: `${deps.appUrl}${joinPath(token)}`,
          days: WORKSPACE_INVITE_DAYS,
        }),
      );
      return toInvite({ ...row, acceptedAt: null, revokedAt: null });
    },

    async revokeInvite(who: Principal, inviteId: string): Promise<void> {
      if (!(await repository.revokeInvite(who.workspaceId, inviteId, now())))
        throw new NotFoundError('No such invitation');
    },

    /**
     * Joins the workspace an invitation names: once, before it expires, and only for the address it
     * was sent to (a forwarded link does not make its reader a member).
     */
    async accept(user: { id: string; email: string }, token: string): Promise<Workspace> {
      const at = now();
      const workspaceId = await unitOfWork(async (r) => {
        const invite = await r.workspaces.inviteByTokenHash(hashToken(token));
        if (!invite || invite.acceptedAt || invite.revokedAt || invite.expiresAt <= at) {
          throw invalidField('body.token', INVITE_INVALID);
        }
        if (invite.email !== user.email.toLowerCase()) {
          throw new ForbiddenError(
            `This invitation was sent to ${invite.email}: sign in with that address to accept it`,
          );
        }
        await r.workspaces.addMember(invite.workspaceId, user.id, invite.role);
        await r.workspaces.markInviteAccepted(invite.id, at);
        return invite.workspaceId;
      });
      changed(workspaceId);
      return view(user.id, workspaceId);
    },

    /** Gives a member another role; the owner's is changed only by a transfer, and nobody gives more than they have. */
    async setRole(who: Principal, userId: string, role: WorkspaceRole): Promise<WorkspaceMember[]> {
      const member = await memberOrNotFound(who.workspaceId, userId);
      if (member.role === 'owner') throw new ConflictError('The owner’s role changes only by transferring ownership');
      if (roleRank(role) > roleRank(who.role) || roleRank(member.role) > roleRank(who.role)) {
        throw new ForbiddenError(`You cannot give or change a role above your own (${who.role})`);
      }
      await repository.setRole(who.workspaceId, userId, role);
      changed(who.workspaceId);
      return (await this.members(who, true)).members;
    },

    /** Removes a member (those who manage members), or the caller leaves. The owner hands over before leaving. */
    async removeMember(who: Principal, userId: string, canManage: boolean): Promise<void> {
      const member = await memberOrNotFound(who.workspaceId, userId);
      if (userId !== who.userId && !canManage)
        throw new ForbiddenError('Only an admin or the owner can remove members');
      if (member.role === 'owner') {
        throw new ConflictError('The owner cannot leave or be removed: transfer ownership to another member first');
      }
      if (userId !== who.userId && roleRank(member.role) > roleRank(who.role)) {
        throw new ForbiddenError(`You cannot remove a member whose role is above your own (${who.role})`);
      }
      await repository.removeMember(who.workspaceId, userId);
      changed(who.workspaceId);
    },

    /** Hands the workspace to another member; the old owner stays as an admin. Always exactly one owner. */
    async transfer(who: Principal, userId: string): Promise<WorkspaceMember[]> {
      if (userId === who.userId) throw invalidField('body.userId', 'is already the owner');
      await unitOfWork(async (r) => {
        await r.workspaces.lock(who.workspaceId);
        const members = await r.workspaces.members(who.workspaceId);
        if (!members.some((m) => m.userId === userId))
          throw invalidField('body.userId', 'must be a member of this workspace');
        await r.workspaces.setRole(who.workspaceId, who.userId, 'admin');
        await r.workspaces.setRole(who.workspaceId, userId, 'owner');
      });
      changed(who.workspaceId);
      return (await this.members({ ...who, role: 'admin' }, true)).members;
    },
  };
}
export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
