import { randomUUID } from 'node:crypto';
import {
  type AccountSession,
  API_TOKENS_MAX,
  type ApiToken,
  type ApiTokenCreate,
  type Billing,
  type CreatedApiToken,
  describeUserAgent,
  isUuid,
  lesserRole,
  type NotificationSettings,
  type Profile,
  type ProfileUpdate,
  planById,
  USERNAME_TAKEN,
  WORKSPACE_NOT_FOUND,
  type WorkspaceRole,
} from '@plume/core';
import { generateApiToken } from '../../crypto/api-token';
import { isUniqueViolation } from '../../db/pg-errors';
import { BadRequestError, ConflictError, invalidField, NotFoundError } from '../../errors';
import type { PreferencesRepository } from '../preferences/preferences.repository';
import type { WorkspacesRepository } from '../workspaces/workspaces.repository';
import type { AccountRepository, ApiTokenRow } from './account.repository';
import { monthAround, type PlanLimits } from './plan-limits';

const DAY_MS = 24 * 60 * 60_000;

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    workspaceId: row.workspaceId,
    role: row.role,
  };
}

/** Ids in the path are checked here: a malformed one answers 404 like another user's. */
/**
 * Account settings: the profile (the time zone is the one /api/me/preferences keeps), sessions,
 * personal API tokens, the plan and its usage, and which events send an e-mail.
 */
export function createAccountService(deps: {
  account: AccountRepository;
  preferences: PreferencesRepository;
  workspaces: Pick<WorkspacesRepository, 'find' | 'members'>;
  /** PLAN_LIMITS=on: the plans' limits apply and Billing shows them; off (the default): no plan limits. */
  planLimits: Pick<PlanLimits, 'enabled'>;
  /** The user, their sessions or their tokens changed: a process's cached look-ups of them must go. */
  onUserChanged?: (userId: string) => void;
}) {
  const { account, preferences } = deps;

  async function profile(userId: string): Promise<Profile> {
    const user = await account.user(userId);
    if (!user) throw new NotFoundError('No such user');
    return {
      username: user.username,
      email: user.email,
      fullName: user.name,
      timeZone: await preferences.timeZone(userId),
    };
  }

  return {
    profile,

    /** Everything is checked before anything is written: a bad or taken value changes nothing. */
    async updateProfile(userId: string, patch: ProfileUpdate): Promise<Profile> {
      if (patch.username && (await account.usernameTaken(patch.username, userId))) {
        throw new ConflictError(USERNAME_TAKEN, { details: [{ field: 'body.username', message: USERNAME_TAKEN }] });
      }
      const userPatch: { username?: string | null; name?: string } = {};
      if (patch.username !== undefined) userPatch.username = patch.username;
      if (patch.fullName !== undefined) userPatch.name = patch.fullName;
      if (Object.keys(userPatch).length > 0) {
        try {
          await account.updateUser(userId, userPatch);
          deps.onUserChanged?.(userId);
        } catch (error) {
          // Taken between the check and the write by someone else.
          if (isUniqueViolation(error))
            throw new ConflictError(USERNAME_TAKEN, { details: [{ field: 'body.username', message: USERNAME_TAKEN }] });
          throw error;
        }
      }
      if (patch.timeZone !== undefined) await preferences.setTimeZone(userId, patch.timeZone);
      return profile(userId);
    },

    async sessions(userId: string, currentSessionId: string): Promise<AccountSession[]> {
      const rows = await account.sessions(userId, new Date());
      return rows.map((row) => ({
        id: row.id,
        device: describeUserAgent(row.userAgent),
        userAgent: row.userAgent,
        ipAddress: row.ipAddress || null,
        createdAt: row.createdAt.toISOString(),
        lastActiveAt: row.updatedAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        current: row.id === currentSessionId,
      }));
    },

    /** Signs one session out; its cookie or token is refused from the next request on. */
    async revokeSession(userId: string, id: string): Promise<void> {
      if (!(await account.deleteSession(userId, id))) throw new NotFoundError('No such session');
      deps.onUserChanged?.(userId);
    },

    async revokeAllSessions(userId: string, currentSessionId: string, includeCurrent: boolean) {
      const revoked = await account.deleteSessions(userId, includeCurrent ? null : currentSessionId);
      deps.onUserChanged?.(userId);
      return { revoked };
    },

    async apiTokens(userId: string): Promise<ApiToken[]> {
      return (await account.apiTokens(userId)).map(toApiToken);
    },

    /**
     * A new token acting in the caller's open workspace, with at most their role there; its secret
     * is in this answer only (the database keeps its SHA-256).
     */
    async createApiToken(
      who: { userId: string; workspaceId: string; role: WorkspaceRole },
      input: ApiTokenCreate,
    ): Promise<CreatedApiToken> {
      const { userId } = who;
      if (input.role && lesserRole(input.role, who.role) !== input.role) {
        throw invalidField('body.role', `cannot be more than your own role here (${who.role})`);
      }
      if ((await account.countApiTokens(userId, new Date())) >= API_TOKENS_MAX) {
        throw new BadRequestError(`At most ${API_TOKENS_MAX} API tokens: revoke one you no longer use first`);
      }
      const { secret, hash, prefix } = generateApiToken();
      const row = await account.insertApiToken({
        id: randomUUID(),
        userId,
        workspaceId: who.workspaceId,
        role: input.role ?? null,
        name: input.name,
        prefix,
        tokenHash: hash,
        expiresAt: input.expiresInDays ? new Date(Date.now() + input.expiresInDays * DAY_MS) : null,
      });
      return { token: toApiToken(row), secret };
    },

    async revokeApiToken(userId: string, id: string): Promise<void> {
      if (!isUuid(id) || !(await account.deleteApiToken(userId, id))) throw new NotFoundError('No such API token');
      deps.onUserChanged?.(userId);
    },

    /**
     * The open workspace's plan, real usage, and whether the plan's limits apply here (PLAN_LIMITS). The month starts
     * at midnight on the 1st in the workspace's zone (UTC without one).
     */
    async billing(workspaceId: string, now = new Date()): Promise<Billing> {
      const workspace = await deps.workspaces.find(workspaceId);
      if (!workspace) throw new NotFoundError(WORKSPACE_NOT_FOUND);
      const zone = (await preferences.workspaceTimeZone(workspaceId)) ?? 'UTC';
      const periodStart = monthAround(now, zone).start;
      const [personas, postsThisMonth, seats] = [
        await account.countPersonas(workspaceId),
        await account.countPostedSince(workspaceId, periodStart),
        (await deps.workspaces.members(workspaceId)).length,
      ];
      return {
        planId: planById(workspace.plan).id,
        usage: { personas, seats, postsThisMonth, periodStart: periodStart.toISOString() },
        paymentConnected: false,
        limitsEnforced: deps.planLimits.enabled,
      };
    },

    notifications: (userId: string) => account.notifications(userId),

    async saveNotifications(userId: string, settings: NotificationSettings): Promise<NotificationSettings> {
      await account.setNotifications(userId, settings);
      return account.notifications(userId);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
