import type { WorkspaceRole } from '@plume/core';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coalesced } from '../../db/coalesced';
import { users, workspaceInvites, workspaceMembers, workspaces } from '../../db/schema';

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type InviteRow = typeof workspaceInvites.$inferSelect;

export type Membership = { role: WorkspaceRole; workspace: WorkspaceRow };

export function createWorkspacesRepository(db: Db) {
  // The access check's look-ups asked while one statement runs go together in the next (decision
  // 064): under load, the 2-second trust of many users runs out within moments.
  const memberships = coalesced<{ workspaceId: string; userId: string }, Membership | null>(async (asks) => {
    const rows = await db
      .select({ userId: workspaceMembers.userId, role: workspaceMembers.role, workspace: workspaces })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(
        sql`(${workspaceMembers.workspaceId}, ${workspaceMembers.userId}) in (select * from unnest(${sql.param(
          asks.map((a) => a.workspaceId),
        )}::text[], ${sql.param(asks.map((a) => a.userId))}::text[]))`,
      );
    const found = new Map(rows.map(({ userId, ...row }) => [`${row.workspace.id}\u0000${userId}`, row]));
    return asks.map((a) => found.get(`${a.workspaceId}\u0000${a.userId}`) ?? null);
  });

  return {
    /** The user's role in the workspace, with the workspace; null when they are not a member (or it does not exist). */
    membership(workspaceId: string, userId: string): Promise<Membership | null> {
      return memberships({ workspaceId, userId });
    },

    async find(workspaceId: string): Promise<WorkspaceRow | null> {
      const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
      return row ?? null;
    },

    /** The workspaces a user belongs to, with their role and the member count; the personal one first. */
    async listFor(userId: string): Promise<{ workspace: WorkspaceRow; role: WorkspaceRole; members: number }[]> {
      return db
        .select({
          workspace: workspaces,
          role: workspaceMembers.role,
          members: sql<number>`(select count(*)::int from ${workspaceMembers} m where m.workspace_id = ${workspaces.id})`,
        })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(eq(workspaceMembers.userId, userId))
        .orderBy(sql`${workspaces.id} <> ${userId}`, asc(workspaces.name), asc(workspaces.id));
    },

    /** A new workspace with its owner. Safe to call again for a personal workspace (id = the user's id). */
    async create(workspace: { id: string; name: string; plan?: string }, ownerId: string): Promise<void> {
      await db.insert(workspaces).values(workspace).onConflictDoNothing();
      await db
        .insert(workspaceMembers)
        .values({ workspaceId: workspace.id, userId: ownerId, role: 'owner' })
        .onConflictDoNothing();
    },

    async update(
      workspaceId: string,
      set: Partial<Pick<WorkspaceRow, 'name' | 'needsApproval' | 'plan'>>,
    ): Promise<void> {
      await db
        .update(workspaces)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(workspaces.id, workspaceId));
    },

    async remove(workspaceId: string): Promise<void> {
      await db.delete(workspaces).where(eq(workspaces.id, workspaceId));
    },

    async members(workspaceId: string) {
      return db
        .select({
          userId: workspaceMembers.userId,
          role: workspaceMembers.role,
          joinedAt: workspaceMembers.createdAt,
          name: users.name,
          email: users.email,
          username: users.username,
        })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(eq(workspaceMembers.workspaceId, workspaceId))
        .orderBy(asc(workspaceMembers.createdAt), asc(users.email));
    },

    async addMember(workspaceId: string, userId: string, role: WorkspaceRole): Promise<boolean> {
      const added = await db
        .insert(workspaceMembers)
        .values({ workspaceId, userId, role })
        .onConflictDoNothing()
        .returning({ userId: workspaceMembers.userId });
      return added.length > 0;
    },

    async setRole(workspaceId: string, userId: string, role: WorkspaceRole): Promise<void> {
      await db
        .update(workspaceMembers)
        .set({ role })
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    },

    async removeMember(workspaceId: string, userId: string): Promise<void> {
      await db
        .delete(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    },

    /** Holds the workspace's row until the transaction ends: member changes one at a time. */
    async lock(workspaceId: string): Promise<void> {
      await db.execute(sql`SELECT 1 FROM ${workspaces} WHERE ${workspaces.id} = ${workspaceId} FOR UPDATE`);
    },

    async insertInvite(invite: typeof workspaceInvites.$inferInsert): Promise<void> {
      await db.insert(workspaceInvites).values(invite);
    },

    async pendingInvites(workspaceId: string, now: Date): Promise<InviteRow[]> {
      return db
        .select()
        .from(workspaceInvites)
        .where(
          and(
            eq(workspaceInvites.workspaceId, workspaceId),
            isNull(workspaceInvites.acceptedAt),
            isNull(workspaceInvites.revokedAt),
            gt(workspaceInvites.expiresAt, now),
          ),
        )
        .orderBy(asc(workspaceInvites.createdAt));
    },

    async inviteByTokenHash(tokenHash: string): Promise<InviteRow | null> {
      const [row] = await db
        .select()
        .from(workspaceInvites)
        .where(eq(workspaceInvites.tokenHash, tokenHash))
        .for('update');
      return row ?? null;
    },

    async revokeInvite(workspaceId: string, inviteId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(workspaceInvites)
        .set({ revokedAt: now })
        .where(
          and(
            eq(workspaceInvites.workspaceId, workspaceId),
            eq(workspaceInvites.id, inviteId),
            isNull(workspaceInvites.acceptedAt),
            isNull(workspaceInvites.revokedAt),
          ),
        )
        .returning({ id: workspaceInvites.id });
      return rows.length > 0;
    },

    async markInviteAccepted(inviteId: string, now: Date): Promise<void> {
      await db.update(workspaceInvites).set({ acceptedAt: now }).where(eq(workspaceInvites.id, inviteId));
    },
  };
}
export type WorkspacesRepository = ReturnType<typeof createWorkspacesRepository>;
