import { WORKSPACE_HEADER, type WorkspaceRole } from '@plume/core';
import { type Client, createClient, readJson, signedInUser } from './client';

type Request = Client['request'];

/** `request` with one header added (or replaced) on every call. */
export function withHeader(request: Request, name: string, value: string): Request {
  return (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set(name, value);
    return request(path, { ...init, headers });
  };
}

/** The client's calls made in `workspaceId`, as the web app makes them (X-Plume-Workspace). */
export const inWorkspace = (client: Client, workspaceId: string): Request =>
  withHeader(client.request, WORKSPACE_HEADER, workspaceId);

/** Calls made with a personal API token (no cookies). */
export const withToken = (baseUrl: string, secret: string): Request =>
  withHeader(createClient(baseUrl).request, 'authorization', `Bearer ${secret}`);

/** A signed-in user's id and e-mail address. */
export async function whoIs(client: Client): Promise<{ id: string; email: string }> {
  const { id } = await readJson<{ id: string }>(await client.request('/api/me'), 200);
  const { email } = await readJson<{ email: string }>(await client.request('/api/me/profile'), 200);
  return { id, email };
}

/**
 * A new user who signs up, is invited into `workspaceId` with `role` by `inviter` (who manages it)
 * and joins through the link in the e-mail, as a person would.
 */
export async function joinedMember(
  baseUrl: string,
  inviter: Client,
  workspaceId: string,
  role: Exclude<WorkspaceRole, 'owner'>,
  name: string = role,
): Promise<Client & { id: string }> {
  const client = await signedInUser(baseUrl, name);
  const { id, email } = await whoIs(client);
  await readJson(
    await inviter.request(`/api/workspaces/${workspaceId}/invites`, { method: 'POST', json: { email, role } }),
    201,
  );
  const outbox = await readJson<{ to: string; url: string }[]>(await client.request('/api/dev/outbox'), 200);
  const link = outbox.find((m) => m.to === email.toLowerCase() && m.url.includes('/join/'))?.url;
  if (!link) throw new Error(`no invitation mail for ${email}`);
  const token = decodeURIComponent(link.split('/join/')[1] ?? '');
  const joined = await readJson<{ id: string; role: string }>(
    await client.request('/api/workspaces/join', { method: 'POST', json: { token } }),
    200,
  );
  if (joined.id !== workspaceId || joined.role !== role) {
    throw new Error(`joined ${joined.id} as ${joined.role}, not ${workspaceId} as ${role}`);
  }
  return Object.assign(client, { id });
}

/** A new workspace of `owner`'s (they are its owner): its id. */
export async function createWorkspace(owner: Client, name: string): Promise<string> {
  return (
    await readJson<{ id: string }>(await owner.request('/api/workspaces', { method: 'POST', json: { name } }), 201)
  ).id;
}
