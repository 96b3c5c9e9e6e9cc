import {
  acceptInviteSchema,
  memberRoleRequestSchema,
  roleMay,
  transferOwnershipSchema,
  workspaceCreateSchema,
  workspaceIdParamsSchema,
  workspaceInviteRequestSchema,
  workspaceInviteSchema,
  workspaceListSchema,
  workspaceMemberSchema,
  workspaceMembersSchema,
  workspaceSchema,
  workspaceUpdateSchema,
} from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import type { AuthService } from '../auth/auth.service';
import type { Access } from './access';
import type { WorkspacesService } from './workspaces.service';

const tags = ['workspaces'];
const memberParams = workspaceIdParamsSchema.extend({ userId: z.string().min(1).max(100) });
const inviteParams = workspaceIdParamsSchema.extend({ inviteId: z.uuid('must be an invitation id') });

/**
 * Workspaces, members and invitations (issue 33). The workspace is the route's; the access
 * check answers 404 to a non-member and 403 to a role that may not act.
 */
export function workspacesRoutes(deps: {
  auth: AuthService;
  access: Access;
  workspaces: WorkspacesService;
}): FastifyPluginAsyncZod {
  const { auth, access, workspaces } = deps;
  return async (app) => {
    app.get(
      '/api/workspaces',
      {
        schema: {
          tags,
          summary: 'The workspaces you belong to, with your role in each; your personal one first',
          response: { 200: workspaceListSchema, ...errorResponses },
        },
      },
      async (request) => ({ workspaces: await workspaces.list((await auth.requireUser(request.headers)).user.id) }),
    );

    app.post(
      '/api/workspaces',
      {
        schema: {
          tags,
          summary: 'Create a workspace (you are its owner)',
          body: workspaceCreateSchema,
          response: { 201: workspaceSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { user, tokenScope } = await auth.requireUser(request.headers);
        // A token works inside one workspace; making new ones is a person's act.
        if (tokenScope) await access.require(request.headers, 'own');
        return reply.status(201).send(await workspaces.create(user.id, request.body.name));
      },
    );

    app.get(
      '/api/workspaces/:workspaceId',
      {
        schema: {
          tags,
          summary: 'One workspace: its name, your role, whether posts need approval, its plan and members',
          params: workspaceIdParamsSchema,
          response: { 200: workspaceSchema, ...errorResponses },
        },
      },
      async (request) => workspaces.view(await access.requireIn(request.headers, request.params.workspaceId, 'read')),
    );

    app.patch(
      '/api/workspaces/:workspaceId',
      {
        schema: {
          tags,
          summary: 'Rename a workspace, or turn "posts need approval" on or off (admins and the owner)',
          params: workspaceIdParamsSchema,
          body: workspaceUpdateSchema,
          response: { 200: workspaceSchema, ...errorResponses },
        },
      },
      async (request) =>
        workspaces.update(await access.requireIn(request.headers, request.params.workspaceId, 'manage'), request.body),
    );

    app.delete(
      '/api/workspaces/:workspaceId',
      {
        schema: {
          tags,
          summary: 'Delete a workspace with everything in it (the owner; never a personal workspace)',
          params: workspaceIdParamsSchema,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await workspaces.remove(await access.requireIn(request.headers, request.params.workspaceId, 'own'));
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/workspaces/:workspaceId/members',
      {
        schema: {
          tags,
          summary: 'Members with their roles; pending invitations too for admins and the owner',
          params: workspaceIdParamsSchema,
          response: { 200: workspaceMembersSchema, ...errorResponses },
        },
      },
      async (request) => {
        const who = await access.requireIn(request.headers, request.params.workspaceId, 'read');
        return workspaces.members(who, roleMay(who.role, 'manage'));
      },
    );

    app.post(
      '/api/workspaces/:workspaceId/invites',
      {
        schema: {
          tags,
          summary: 'Invite someone by e-mail with a role: they get a link that joins the workspace (7 days)',
          params: workspaceIdParamsSchema,
          body: workspaceInviteRequestSchema,
          response: { 201: workspaceInviteSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const who = await access.requireIn(request.headers, request.params.workspaceId, 'manage');
        const { user } = await auth.requireUser(request.headers);
        return reply
          .status(201)
          .send(await workspaces.invite(who, user.username ?? user.name ?? user.email, request.body));
      },
    );

    app.delete(
      '/api/workspaces/:workspaceId/invites/:inviteId',
      {
        schema: {
          tags,
          summary: 'Revoke a pending invitation: its link stops working',
          params: inviteParams,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        const who = await access.requireIn(request.headers, request.params.workspaceId, 'manage');
        await workspaces.revokeInvite(who, request.params.inviteId);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/workspaces/join',
      {
        schema: {
          tags,
          summary: "Accept an invitation (the link's token), signed in with the address it was sent to",
          body: acceptInviteSchema,
          response: { 200: workspaceSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { user, tokenScope } = await auth.requireUser(request.headers);
        if (tokenScope) await access.require(request.headers, 'own');
        return workspaces.accept(user, request.body.token);
      },
    );

    app.patch(
      '/api/workspaces/:workspaceId/members/:userId',
      {
        schema: {
          tags,
          summary: "Change a member's role (admins and the owner; never above your own)",
          params: memberParams,
          body: memberRoleRequestSchema,
          response: { 200: z.array(workspaceMemberSchema), ...errorResponses },
        },
      },
      async (request) => {
        const who = await access.requireIn(request.headers, request.params.workspaceId, 'manage');
        return workspaces.setRole(who, request.params.userId, request.body.role);
      },
    );

    app.delete(
      '/api/workspaces/:workspaceId/members/:userId',
      {
        schema: {
          tags,
          summary: 'Remove a member (admins and the owner), or leave (your own id)',
          params: memberParams,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        const who = await access.requireIn(request.headers, request.params.workspaceId, 'read');
        await workspaces.removeMember(who, request.params.userId, roleMay(who.role, 'manage'));
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/workspaces/:workspaceId/transfer',
      {
        schema: {
          tags,
          summary: 'Hand the workspace to another member (the owner): they become owner, you an admin',
          params: workspaceIdParamsSchema,
          body: transferOwnershipSchema,
          response: { 200: z.array(workspaceMemberSchema), ...errorResponses },
        },
      },
      async (request) => {
        const who = await access.requireIn(request.headers, request.params.workspaceId, 'own');
        return workspaces.transfer(who, request.body.userId);
      },
    );
  };
}
