import {
  type ApiError,
  apiErrorSchema,
  type Persona,
  type ScheduledItem,
  WORKSPACE_NOT_FOUND,
  WORKSPACE_ROLES,
  type WorkspaceRole,
} from '@plume/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inAppNotifications } from '../src/db/schema';
import { build, type TestServer } from './helpers/build';
import { type Client, readJson, signedInUser } from './helpers/client';
import { createWorkspace, inWorkspace, joinedMember, withToken } from './helpers/workspaces';

/*
 * The role matrix (issue 33, decision 057-role-matrix): every operation of /api/openapi.json is
 * called in one team workspace by its owner, an admin, an editor, an approver and a viewer (each
 * a real member, invited by e-mail and joined), by the owner's personal API tokens scoped to each
 * role, and by an outsider (a member of another workspace) naming this one. The policy is stated
 * here, independently of the routes: the least role each operation needs.
 *
 *   viewer    reads everything in the workspace (every GET), its billing and members;
 *   editor    writes personas, tags, drafts, the schedule, posts, media, chat and generation,
 *             dismisses opportunities, marks notifications read, resumes automation;
 *   approver  approves and rejects drafts in the review queue (one by one and in bulk);
 *   admin     "manage": connects and disconnects accounts, AI provider settings, webhooks,
 *             the workspace's settings, members and invitations;
 *   owner     deletes the workspace and hands it over.
 *
 * Account-level routes (/api/me…, /api/session, /api/auth…, /api/account…, the workspace list,
 * creating and joining one) are the user's own, not a role's, and public routes are nobody's:
 * both are listed, so a new operation must be classified here before this test passes.
 *
 * A role too small gets 403, the outsider 404, and after each refusal what the owner sees of the
 * workspace is the same as before. The least role that may gets the operation's own answer (the
 * table's `answers`), as a member and as a token scoped to that role; reads are also made by every
 * role and token above it. Some answers are 4xx past the check because this walk connects no
 * account and no AI provider (a 409 "no account connected", a 502 for a loopback PDS): the check
 * passed, the route then said why it could not go on.
 */

type Least = WorkspaceRole;
type Target = { path: string; body?: unknown; form?: () => FormData; query?: Record<string, string> };
type Case = {
  least: Least;
  /** The status the roles that may get (GET: 200 unless said); not 2xx where this walk lacks a connection or a provider. */
  answers?: number;
  call: () => Promise<Target> | Target;
  after?: () => Promise<void>;
};
type Principal = { label: string; role: WorkspaceRole | 'outsider'; token?: true; request: Client['request'] };

let server: TestServer;
let workspaceId: string;
let owner: Client;
const members = {} as Record<Exclude<WorkspaceRole, 'owner'>, Client & { id: string }>;
const principals: Principal[] = [];
let spare: Client & { id: string };
let ids: {
  persona: string;
  tag: string;
  draft: string;
  version: string;
  media: string;
  webhook: string;
  notification: string;
};

/** Paths and methods that are the user's own or public: not in the matrix. */
const NOT_A_ROLE: string[] = [
  'GET /api/health',
  'GET /api/me',
  'GET /api/session',
  'GET /api/config',
  'GET /api/workspaces',
  'POST /api/workspaces',
  'POST /api/workspaces/join',
  'GET /api/landing/persona-of-the-day',
  'GET /api/landing/recent-posts',
  'GET /api/landing/metrics',
  'POST /api/demo/sample',
  'POST /api/waitlist',
  'GET /api/oauth/bluesky',
  'GET /api/oauth/bluesky/callback',
  'GET /api/oauth/bluesky/client-metadata.json',
  'GET /api/oauth/x',
  'GET /api/me/preferences',
  'PUT /api/me/preferences',
  'GET /api/me/profile',
  'PATCH /api/me/profile',
  'GET /api/me/sessions',
  'DELETE /api/me/sessions/{id}',
  'POST /api/me/sessions/revoke-all',
  'GET /api/me/tokens',
  'POST /api/me/tokens',
  'DELETE /api/me/tokens/{id}',
  'GET /api/me/notifications',
  'PUT /api/me/notifications',
  'GET /api/account/export',
  'POST /api/account/export',
  'GET /api/account/export/{id}',
  'POST /api/account/delete',
  'POST /api/account/delete/confirm',
  'GET /api/dev/outbox',
];

const png = () => {
  const form = new FormData();
  const bytes = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'dot.png');
  return form;
};
const later = () => new Date(Date.now() + 86_400_000).toISOString();
const asOwner: Client['request'] = (path, init) => inWorkspace(owner, workspaceId)(path, init);

/** Something the owner makes for one case to be changed or deleted, so the shared fixtures stay. */
const make = {
  persona: async (name = 'Made to be deleted') =>
    (await readJson<Persona>(await asOwner('/api/personas', { method: 'POST', json: { name } }), 201)).id,
  /** A draft in review (scheduling needs a connected account, which this walk has none of). */
  draft: async () =>
    (
      await readJson<ScheduledItem>(
        await asOwner('/api/review', {
          method: 'POST',
          json: { personaId: ids.persona, platform: 'bluesky', content: `A draft ${crypto.randomUUID()}` },
        }),
        201,
      )
    ).id,
  invite: async () =>
    (
      await readJson<{ id: string }>(
        await asOwner(`/api/workspaces/${workspaceId}/invites`, {
          method: 'POST',
          json: { email: `pending.${crypto.randomUUID()}@example.com`, role: 'viewer' },
        }),
        201,
      )
    ).id,
};

/** Deletes the workspace the walk runs in: the last case, made by the owner's session only. */
const LAST = 'DELETE /api/workspaces/{workspaceId}';

/** The matrix: each operation's least role and how it is called. */
function cases(): Record<string, Case> {
  const p = () => ids.persona;
  const w = () => workspaceId;
  return {
    'GET /api/personas': { least: 'viewer', call: () => ({ path: '/api/personas' }) },
    'POST /api/personas': {
      least: 'editor',
      answers: 201,
      call: () => ({ path: '/api/personas', body: { name: 'By an editor' } }),
    },
    'POST /api/personas/import': {
      least: 'editor',
      answers: 201,
      call: async () => ({
        path: '/api/personas/import',
        body: await readJson<unknown>(await asOwner(`/api/personas/${p()}/export`), 200),
      }),
    },
    'POST /api/personas/bulk': {
      least: 'editor',
      answers: 200,
      call: () => ({ path: '/api/personas/bulk', body: { ids: [p()], action: 'activate' } }),
    },
    'GET /api/personas/{id}': { least: 'viewer', call: () => ({ path: `/api/personas/${p()}` }) },
    'PUT /api/personas/{id}': {
      least: 'editor',
      answers: 200,
      call: () => ({ path: `/api/personas/${p()}`, body: { name: 'The client’s voice' } }),
    },
    'DELETE /api/personas/{id}': {
      least: 'editor',
      answers: 204,
      call: async () => ({ path: `/api/personas/${await make.persona()}` }),
    },
    'GET /api/personas/{id}/export': { least: 'viewer', call: () => ({ path: `/api/personas/${p()}/export` }) },
    'GET /api/personas/{id}/versions': { least: 'viewer', call: () => ({ path: `/api/personas/${p()}/versions` }) },
    'POST /api/personas/{id}/rollback': {
      least: 'editor',
      answers: 200,
      call: () => ({ path: `/api/personas/${p()}/rollback`, body: { versionId: ids.version } }),
    },
    'GET /api/workspaces/{workspaceId}': { least: 'viewer', call: () => ({ path: `/api/workspaces/${w()}` }) },
    'PATCH /api/workspaces/{workspaceId}': {
      least: 'admin',
      answers: 200,
      call: () => ({ path: `/api/workspaces/${w()}`, body: { name: 'Client workspace' } }),
    },
    'GET /api/workspaces/{workspaceId}/members': {
      least: 'viewer',
      call: () => ({ path: `/api/workspaces/${w()}/members` }),
    },
    'POST /api/workspaces/{workspaceId}/invites': {
      least: 'admin',
      answers: 201,
      call: () => ({
        path: `/api/workspaces/${w()}/invites`,
        body: { email: `invited.${crypto.randomUUID()}@example.com`, role: 'viewer' },
      }),
    },
    'DELETE /api/workspaces/{workspaceId}/invites/{inviteId}': {
      least: 'admin',
      answers: 204,
      call: async () => ({ path: `/api/workspaces/${w()}/invites/${await make.invite()}` }),
    },
    'PATCH /api/workspaces/{workspaceId}/members/{userId}': {
      least: 'admin',
      answers: 200,
      call: () => ({ path: `/api/workspaces/${w()}/members/${spare.id}`, body: { role: 'viewer' } }),
    },
    // Removing another member; leaving (one's own id) is every member's, tested below.
    'DELETE /api/workspaces/{workspaceId}/members/{userId}': {
      least: 'admin',
      answers: 204,
      call: async () => ({
        path: `/api/workspaces/${w()}/members/${(await joinedMember(server.url, owner, w(), 'editor', 'leaver')).id}`,
      }),
    },
    'POST /api/workspaces/{workspaceId}/transfer': {
      least: 'owner',
      answers: 200,
      call: () => ({ path: `/api/workspaces/${w()}/transfer`, body: { userId: members.admin.id } }),
      // Handed back, so the owner stays the owner for the rest of the walk.
      after: async () => {
        await readJson(
          await members.admin.request(`/api/workspaces/${w()}/transfer`, {
            method: 'POST',
            json: { userId: (await readJson<{ id: string }>(await owner.request('/api/me'), 200)).id },
          }),
          200,
        );
      },
    },
    'GET /api/tags': { least: 'viewer', call: () => ({ path: '/api/tags' }) },
    'POST /api/tags': {
      least: 'editor',
      answers: 201,
      call: () => ({ path: '/api/tags', body: { name: `Launch ${crypto.randomUUID().slice(0, 8)}`, color: 'red' } }),
    },
    'PUT /api/tags/{id}': {
      least: 'editor',
      answers: 200,
      call: () => ({ path: `/api/tags/${ids.tag}`, body: { name: 'Client', color: 'green' } }),
    },
    'DELETE /api/tags/{id}': {
      least: 'editor',
      answers: 204,
      call: async () => ({
        path: `/api/tags/${
          (
            await readJson<{ id: string }>(
              await asOwner('/api/tags', { method: 'POST', json: { name: `Gone ${Date.now()}`, color: 'blue' } }),
              201,
            )
          ).id
        }`,
      }),
    },
    'GET /api/personas/{id}/automation/activity': {
      least: 'viewer',
      call: () => ({ path: `/api/personas/${p()}/automation/activity`, query: { timeZone: 'UTC' } }),
    },
    'GET /api/personas/{id}/automation/plan': {
      least: 'viewer',
      call: () => ({ path: `/api/personas/${p()}/automation/plan` }),
    },
    'POST /api/personas/{id}/automation/resume': {
      least: 'editor',
      answers: 200,
      call: () => ({ path: `/api/personas/${p()}/automation/resume` }),
    },
    'POST /api/personas/{id}/automation/actions/{actionId}/undo': {
      least: 'editor',
      answers: 404,
      call: () => ({ path: `/api/personas/${p()}/automation/actions/${crypto.randomUUID()}/undo` }),
    },
    'GET /api/personas/{id}/mentions': { least: 'viewer', call: () => ({ path: `/api/personas/${p()}/mentions` }) },
    'POST /api/personas/{id}/mentions/{mentionId}/reply': {
      least: 'editor',
      answers: 404,
      call: () => ({
        path: `/api/personas/${p()}/mentions/${crypto.randomUUID()}/reply`,
        body: { content: 'Thanks!' },
      }),
    },
    'POST /api/personas/{id}/mentions/{mentionId}/draft': {
      least: 'editor',
      answers: 404,
      call: () => ({ path: `/api/personas/${p()}/mentions/${crypto.randomUUID()}/draft` }),
    },
    'GET /api/settings/ai': { least: 'viewer', call: () => ({ path: '/api/settings/ai' }) },
    // Saved, then forgotten at once: nothing later calls a provider this machine cannot reach.
    'PUT /api/settings/ai': {
      least: 'admin',
      answers: 200,
      call: () => ({
        path: '/api/settings/ai',
        body: { provider: 'custom', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' },
      }),
    },
    'DELETE /api/settings/ai': { least: 'admin', answers: 200, call: () => ({ path: '/api/settings/ai' }) },
    'GET /api/settings/ai/local': { least: 'viewer', call: () => ({ path: '/api/settings/ai/local' }) },
    'POST /api/settings/ai/test': {
      least: 'admin',
      answers: 200,
      call: () => ({ path: '/api/settings/ai/test', body: {} }),
    },
    'POST /api/chat': {
      least: 'editor',
      answers: 200,
      call: () => ({ path: '/api/chat', body: { prompt: 'What shall we post?', personaId: p() } }),
    },
    'GET /api/draft': {
      least: 'viewer',
      call: () => ({ path: '/api/draft', query: { prompt: 'Hello', personaId: p() } }),
    },
    'POST /api/generate': {
      least: 'editor',
      answers: 200,
      call: () => ({ path: '/api/generate', body: { personaId: p(), type: 'short post', platforms: ['bluesky'] } }),
    },
    'GET /api/conversations/{personaId}': { least: 'viewer', call: () => ({ path: `/api/conversations/${p()}` }) },
    'GET /api/personas/{id}/accounts': { least: 'viewer', call: () => ({ path: `/api/personas/${p()}/accounts` }) },
    'DELETE /api/personas/{id}/accounts/{platform}': {
      least: 'admin',
      answers: 204,
      call: () => ({ path: `/api/personas/${p()}/accounts/bluesky` }),
    },
    'POST /api/oauth/token': {
      least: 'admin',
      answers: 400,
      call: () => ({ path: '/api/oauth/token', body: { code: 'a-code', state: 'a-state', personaId: p() } }),
    },
    'POST /api/personas/{id}/accounts/bluesky/app-password': {
      least: 'admin',
      answers: 502,
      call: () => ({
        path: `/api/personas/${p()}/accounts/bluesky/app-password`,
        body: { handle: 'client.test', appPassword: 'abcd-efgh-ijkl-mnop', service: 'http://127.0.0.1:9' },
      }),
    },
    'POST /api/auth/x/token': {
      least: 'admin',
      answers: 409,
      call: () => ({ path: '/api/auth/x/token', body: { code: 'a-code', state: 'a-state', personaId: p() } }),
    },
    // Renewing a connection's token keeps it working; it connects nothing new.
    'POST /api/auth/x/refresh': {
      least: 'editor',
      answers: 409,
      call: () => ({ path: '/api/auth/x/refresh', body: { personaId: p() } }),
    },
    'GET /api/x/user/me': {
      least: 'viewer',
      answers: 409,
      call: () => ({ path: '/api/x/user/me', query: { personaId: p() } }),
    },
    // Posting now: the editor's, as scheduling is; "posts need approval" is the approval rule's (issue 33).
    'POST /api/personas/{id}/post': {
      least: 'editor',
      answers: 409,
      call: () => ({ path: `/api/personas/${p()}/post`, body: { platform: 'bluesky', content: 'Now' } }),
    },
    'GET /api/me/billing': { least: 'viewer', call: () => ({ path: '/api/me/billing' }) },
    'GET /api/schedule': { least: 'viewer', call: () => ({ path: '/api/schedule' }) },
    'POST /api/schedule': {
      least: 'editor',
      answers: 409,
      call: () => ({
        path: '/api/schedule',
        body: { personaId: p(), platform: 'bluesky', content: 'Scheduled by an editor', runAt: later() },
      }),
    },
    'PATCH /api/schedule/{id}': {
      least: 'editor',
      answers: 200,
      call: async () => ({ path: `/api/schedule/${await make.draft()}`, body: { content: 'Edited', runAt: later() } }),
    },
    'DELETE /api/schedule/{id}': {
      least: 'editor',
      answers: 204,
      call: async () => ({ path: `/api/schedule/${await make.draft()}` }),
    },
    'POST /api/schedule/batch': {
      least: 'editor',
      answers: 409,
      call: () => ({
        path: '/api/schedule/batch',
        body: { items: [{ personaId: p(), platform: 'bluesky', content: 'Batched', runAt: later() }] },
      }),
    },
    'GET /api/schedule/next-slot': {
      least: 'viewer',
      call: () => ({ path: '/api/schedule/next-slot', query: { personaId: p() } }),
    },
    'POST /api/schedule/{id}/retry': {
      least: 'editor',
      answers: 409,
      call: () => ({ path: `/api/schedule/${ids.draft}/retry` }),
    },
    'POST /api/schedule/{id}/mark-posted': {
      least: 'editor',
      answers: 409,
      call: async () => ({ path: `/api/schedule/${await make.draft()}/mark-posted` }),
    },
    'GET /api/review/count': { least: 'viewer', call: () => ({ path: '/api/review/count' }) },
    'POST /api/review': {
      least: 'editor',
      answers: 201,
      call: () => ({ path: '/api/review', body: { personaId: p(), platform: 'bluesky', content: 'For review' } }),
    },
    'POST /api/review/{id}/approve': {
      least: 'approver',
      answers: 409,
      call: async () => ({ path: `/api/review/${await make.draft()}/approve`, body: { runAt: later() } }),
    },
    'POST /api/review/bulk': {
      least: 'approver',
      answers: 200,
      call: async () => ({ path: '/api/review/bulk', body: { action: 'reject', ids: [await make.draft()] } }),
    },
    'POST /api/review/{id}/reject': {
      least: 'approver',
      answers: 204,
      call: async () => ({ path: `/api/review/${await make.draft()}/reject` }),
    },
    'GET /api/posts': { least: 'viewer', call: () => ({ path: '/api/posts' }) },
    'GET /api/posts/{id}': { least: 'viewer', call: () => ({ path: `/api/posts/${ids.draft}` }) },
    'PATCH /api/posts/{id}': {
      least: 'editor',
      answers: 200,
      call: async () => ({ path: `/api/posts/${await make.draft()}`, body: { content: 'Edited', runAt: later() } }),
    },
    'DELETE /api/posts/{id}': {
      least: 'editor',
      answers: 204,
      call: async () => ({ path: `/api/posts/${await make.draft()}`, query: { fromPlume: 'true' } }),
    },
    'POST /api/media': { least: 'editor', answers: 201, call: () => ({ path: '/api/media', form: png }) },
    'GET /api/media': { least: 'viewer', call: () => ({ path: '/api/media' }) },
    'GET /api/media/{id}': { least: 'viewer', call: () => ({ path: `/api/media/${ids.media}` }) },
    'PATCH /api/media/{id}': {
      least: 'editor',
      answers: 200,
      call: () => ({ path: `/api/media/${ids.media}`, body: { alt: 'A dot' } }),
    },
    'DELETE /api/media/{id}': {
      least: 'editor',
      answers: 204,
      call: async () => ({
        path: `/api/media/${(await readJson<{ id: string }>(await asOwner('/api/media', { method: 'POST', body: png() }), 201)).id}`,
      }),
    },
    'GET /api/media/{id}/thumbnail': { least: 'viewer', call: () => ({ path: `/api/media/${ids.media}/thumbnail` }) },
    'POST /api/media/{id}/alt-suggestion': {
      least: 'editor',
      answers: 200,
      call: () => ({ path: `/api/media/${ids.media}/alt-suggestion` }),
    },
    'GET /api/feed-titles': {
      least: 'viewer',
      answers: 422,
      call: () => ({ path: '/api/feed-titles', query: { url: 'http://127.0.0.1:9/feed.xml' } }),
    },
    'POST /api/ingest': {
      least: 'editor',
      answers: 422,
      call: () => ({ path: '/api/ingest', body: { personaId: p(), feedUrl: 'http://127.0.0.1:9/feed.xml' } }),
    },
    'GET /api/notifications': { least: 'viewer', call: () => ({ path: '/api/notifications' }) },
    'POST /api/notifications/{id}/read': {
      least: 'editor',
      answers: 204,
      call: () => ({ path: `/api/notifications/${ids.notification}/read` }),
    },
    'POST /api/notifications/read-all': {
      least: 'editor',
      answers: 204,
      call: () => ({ path: '/api/notifications/read-all' }),
    },
    'GET /api/webhooks': { least: 'viewer', call: () => ({ path: '/api/webhooks' }) },
    'POST /api/webhooks': {
      least: 'admin',
      answers: 201,
      call: () => ({ path: '/api/webhooks', body: { url: 'http://127.0.0.1:9/other', events: ['post.failed'] } }),
    },
    'PATCH /api/webhooks/{id}': {
      least: 'admin',
      answers: 200,
      call: () => ({ path: `/api/webhooks/${ids.webhook}`, body: { enabled: true } }),
    },
    'DELETE /api/webhooks/{id}': {
      least: 'admin',
      answers: 204,
      call: async () => ({
        path: `/api/webhooks/${
          (
            await readJson<{ endpoint: { id: string } }>(
              await asOwner('/api/webhooks', {
                method: 'POST',
                json: { url: 'http://127.0.0.1:9/gone', events: ['post.published'] },
              }),
              201,
            )
          ).endpoint.id
        }`,
      }),
    },
    'POST /api/webhooks/{id}/secret': {
      least: 'admin',
      answers: 200,
      call: () => ({ path: `/api/webhooks/${ids.webhook}/secret` }),
    },
    'GET /api/webhooks/{id}/deliveries': {
      least: 'viewer',
      call: () => ({ path: `/api/webhooks/${ids.webhook}/deliveries` }),
    },
    'POST /api/webhooks/{id}/test': {
      least: 'admin',
      answers: 200,
      call: () => ({ path: `/api/webhooks/${ids.webhook}/test` }),
    },
    'GET /api/opportunities': { least: 'viewer', call: () => ({ path: '/api/opportunities' }) },
    'POST /api/opportunities/dismiss': {
      least: 'editor',
      answers: 204,
      call: () => ({
        path: '/api/opportunities/dismiss',
        body: { items: [{ id: `mentions:${p()}`, newestAt: new Date().toISOString() }] },
      }),
    },
    'GET /api/usage': { least: 'viewer', call: () => ({ path: '/api/usage' }) },
    'POST /api/metrics/refresh': {
      least: 'editor',
      answers: 202,
      call: () => ({ path: '/api/metrics/refresh', body: { personaId: p() } }),
    },
    'GET /api/personas/{id}/analytics': {
      least: 'viewer',
      call: () => ({ path: `/api/personas/${p()}/analytics`, query: { range: '7d' } }),
    },
    // The MCP endpoint lets a viewer list tools and read; each tool then asks for its own action.
    'POST /api/mcp': {
      least: 'viewer',
      answers: 200,
      call: () => ({ path: '/api/mcp', body: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} } }),
    },
    // Last: it deletes the workspace the walk runs in.
    'DELETE /api/workspaces/{workspaceId}': {
      least: 'owner',
      answers: 204,
      call: () => ({ path: `/api/workspaces/${w()}` }),
    },
  };
}

/** What the owner sees of the workspace: the same before and after a refusal. */
async function ownerSees() {
  const get = async (path: string) => readJson<unknown>(await asOwner(path), 200);
  // A source's last read is the polling job's, which may run at any moment.
  const steady = (value: unknown) =>
    JSON.parse(JSON.stringify(value), (_key, v) => {
      if (v && typeof v === 'object' && 'lastCheck' in v) {
        const { status: _status, lastCheck: _lastCheck, errorMessage: _error, ...rest } = v;
        return rest;
      }
      return v;
    });
  return {
    workspace: await get(`/api/workspaces/${workspaceId}`),
    members: await get(`/api/workspaces/${workspaceId}/members`),
    personas: steady(await get('/api/personas')),
    versions: await get(`/api/personas/${ids.persona}/versions`),
    tags: await get('/api/tags'),
    posts: await get('/api/posts?limit=100'),
    aiSettings: await get('/api/settings/ai'),
    inbox: await get('/api/notifications'),
    opportunities: await get('/api/opportunities'),
    conversation: await get(`/api/conversations/${ids.persona}`),
    media: await get('/api/media'),
    webhooks: await get('/api/webhooks'),
    accounts: await get(`/api/personas/${ids.persona}/accounts`),
  };
}

async function send(principal: Principal, method: string, target: Target) {
  const search = target.query ? `?${new URLSearchParams(target.query)}` : '';
  const init: RequestInit & { json?: unknown } = { method };
  if (target.form) init.body = target.form();
  else if (target.body !== undefined) init.json = target.body;
  else if (method === 'POST' && target.path === '/api/mcp') init.json = target.body;
  if (target.path === '/api/mcp') init.headers = { accept: 'application/json, text/event-stream' };
  const response = await principal.request(target.path + search, init);
  const text = await response.text();
  let error: ApiError | null = null;
  if (response.status >= 400 && text.startsWith('{')) error = apiErrorSchema.safeParse(JSON.parse(text)).data ?? null;
  return {
    status: response.status,
    error,
    label: `${principal.label}: ${method} ${target.path} -> ${response.status} ${text.slice(0, 200)}`,
  };
}

beforeAll(async () => {
  server = await build();
  owner = await signedInUser(server.url, 'owner');
  workspaceId = await createWorkspace(owner, 'Client');
  for (const role of ['admin', 'editor', 'approver', 'viewer'] as const) {
    members[role] = await joinedMember(server.url, owner, workspaceId, role);
  }
  spare = await joinedMember(server.url, owner, workspaceId, 'editor', 'spare');
  const outsider = await signedInUser(server.url, 'outsider');
  await readJson(await outsider.request('/api/personas', { method: 'POST', json: { name: 'Elsewhere' } }), 201);

  principals.push({ label: 'owner', role: 'owner', request: asOwner });
  for (const role of ['admin', 'editor', 'approver', 'viewer'] as const) {
    principals.push({ label: role, role, request: inWorkspace(members[role], workspaceId) });
  }
  for (const role of WORKSPACE_ROLES) {
    const { secret } = await readJson<{ secret: string }>(
      await asOwner('/api/me/tokens', { method: 'POST', json: { name: `${role} token`, role } }),
      201,
    );
    principals.push({ label: `${role} token`, role, token: true, request: withToken(server.url, secret) });
  }
  principals.push({ label: 'outsider', role: 'outsider', request: inWorkspace(outsider, workspaceId) });

  const persona = await readJson<Persona>(
    await asOwner('/api/personas', { method: 'POST', json: { name: 'The client' } }),
    201,
  );
  const tag = await readJson<{ id: string }>(
    await asOwner('/api/tags', { method: 'POST', json: { name: 'Client', color: 'blue' } }),
    201,
  );
  const [version] = await readJson<{ versionId: string }[]>(await asOwner(`/api/personas/${persona.id}/versions`), 200);
  const media = await readJson<{ id: string }>(await asOwner('/api/media', { method: 'POST', body: png() }), 201);
  const webhook = await readJson<{ endpoint: { id: string } }>(
    await asOwner('/api/webhooks', {
      method: 'POST',
      json: { url: 'http://127.0.0.1:9/hook', events: ['post.published'] },
    }),
    201,
  );
  const notification = crypto.randomUUID();
  await server.app.database.db.insert(inAppNotifications).values({
    id: notification,
    workspaceId,
    kind: 'platform_update',
    severity: 'update',
    title: 'A post to Bluesky failed',
    message: 'A test notice',
    dedupeKey: 'role-matrix:1',
  });
  if (!version) throw new Error('no version');
  ids = {
    persona: persona.id,
    tag: tag.id,
    draft: '',
    version: version.versionId,
    media: media.id,
    webhook: webhook.endpoint.id,
    notification,
  };
  ids.draft = await make.draft();
});
afterAll(() => server?.close());

describe('the role matrix over every operation of the API', () => {
  it('classifies every documented operation as a role’s or as the user’s own', async () => {
    const spec = await readJson<{ paths: Record<string, Record<string, unknown>> }>(
      await fetch(`${server.url}/api/openapi.json`),
      200,
    );
    const documented = Object.entries(spec.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const classified = new Set([...Object.keys(cases()), ...NOT_A_ROLE]);
    expect(documented.filter((key) => !classified.has(key))).toEqual([]);
    expect([...classified].filter((key) => !documented.includes(key))).toEqual([]);
  });

  it('holds each MCP tool to its own action: a viewer’s token may not submit, an editor’s may not reject', async () => {
    const token = (role: WorkspaceRole) => {
      const found = principals.find((p) => p.token && p.role === role);
      if (!found) throw new Error(`no ${role} token`);
      return found;
    };
    const tool = async (principal: Principal, name: string, args: Record<string, unknown>) => {
      const response = await principal.request('/api/mcp', {
        method: 'POST',
        headers: { accept: 'application/json, text/event-stream' },
        json: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
      });
      return (await readJson<{ result: { isError?: boolean; content: { text: string }[] } }>(response, 200)).result;
    };
    const before = await ownerSees();
    const submitted = await tool(token('viewer'), 'submit_draft', {
      personaId: ids.persona,
      platform: 'bluesky',
      content: 'From a viewer’s agent',
    });
    expect(submitted.isError).toBe(true);
    expect(submitted.content[0]?.text).toMatch(/\(viewer\) cannot do this: it needs editor or above/);
    const rejected = await tool(token('editor'), 'reject_draft', { id: ids.draft });
    expect(rejected.isError).toBe(true);
    expect(rejected.content[0]?.text).toMatch(/\(editor\) cannot do this: it needs approver or above/);
    expect(await ownerSees()).toEqual(before);
    // The approver's token may reject, and the draft is gone from review.
    const draft = await make.draft();
    expect((await tool(token('approver'), 'reject_draft', { id: draft })).isError).toBeFalsy();
    const queue = await tool(token('viewer'), 'list_review_queue', {});
    expect(queue.content[0]?.text).not.toContain(draft);
    expect(queue.content[0]?.text).toContain(ids.draft);
  });

  it('lets each role do what it may, refuses a smaller role with 403 and an outsider with 404, and a refusal changes nothing', async () => {
    let seen = await ownerSees();
    for (const [key, entry] of Object.entries(cases())) {
      const [method = ''] = key.split(' ');
      const least = WORKSPACE_ROLES.indexOf(entry.least);
      const target = await entry.call();
      if (method !== 'GET') seen = await ownerSees();
      const refused = principals.filter((p) => p.role === 'outsider' || WORKSPACE_ROLES.indexOf(p.role) < least);
      for (const principal of refused) {
        const answer = await send(principal, method, target);
        if (principal.role === 'outsider') {
          expect(answer.status, answer.label).toBe(404);
          expect(answer.error?.error.message, answer.label).toBe(WORKSPACE_NOT_FOUND);
        } else {
          expect(answer.status, answer.label).toBe(403);
          expect(answer.error?.error.code, answer.label).toBe('forbidden');
        }
      }
      if (method !== 'GET' && refused.length > 0) expect(await ownerSees(), `${key} after its refusals`).toEqual(seen);
      // Reads by every role and token that may. A write by the least role that may, as a member and
      // then as a token scoped to it, each on a target of its own (the first may have deleted it).
      const mayWrite = (p: Principal) => p.role === entry.least && !(p.token && key === LAST);
      const allowed = principals.filter(
        (p) => p.role !== 'outsider' && WORKSPACE_ROLES.indexOf(p.role) >= least && (method === 'GET' || mayWrite(p)),
      );
      for (const [n, principal] of allowed.entries()) {
        const answer = await send(principal, method, method === 'GET' || n === 0 ? target : await entry.call());
        expect(answer.status, answer.label).toBe(entry.answers ?? 200);
        if (answer.status === 404) expect(answer.error?.error.message, answer.label).not.toBe(WORKSPACE_NOT_FOUND);
        if (method !== 'GET') await entry.after?.();
      }
      if (key === LAST) {
        const gone = await asOwner(`/api/workspaces/${workspaceId}`);
        expect(gone.status).toBe(404);
      }
    }
  });
});
