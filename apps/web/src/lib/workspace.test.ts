// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetWorkspace, openWorkspace, readWorkspaceId, WORKSPACE_KEY } from './workspace';

afterEach(() => localStorage.clear());

describe('the open workspace', () => {
  it('is stored for a shared workspace and cleared for the personal one, which the server assumes', () => {
    const client = new QueryClient();
    openWorkspace(client, { id: 'w1', personal: false });
    expect(localStorage.getItem(WORKSPACE_KEY)).toBe('w1');
    openWorkspace(client, { id: 'u1', personal: true });
    expect(readWorkspaceId()).toBeNull();
    openWorkspace(client, { id: 'w2', personal: false });
    forgetWorkspace();
    expect(readWorkspaceId()).toBeNull();
  });

  it('forgets what was read in the previous workspace and keeps what belongs to none', async () => {
    const client = new QueryClient();
    client.setQueryData(['me'], { id: 'u1' });
    client.setQueryData(['workspaces'], []);
    client.setQueryData(['workspace-members', 'w1'], { members: [], invites: [] });
    client.setQueryData(['personas'], [{ id: 'p1' }]);
    openWorkspace(client, { id: 'w1', personal: false });
    await Promise.resolve();
    expect(client.getQueryData(['personas'])).toBeUndefined();
    expect(client.getQueryData(['me'])).toEqual({ id: 'u1' });
    expect(client.getQueryData(['workspaces'])).toEqual([]);
    expect(client.getQueryData(['workspace-members', 'w1'])).toBeDefined();
  });

  it('opening the one already open changes nothing', () => {
    const client = new QueryClient();
    openWorkspace(client, { id: 'w1', personal: false });
    client.setQueryData(['personas'], [{ id: 'p1' }]);
    openWorkspace(client, { id: 'w1', personal: false });
    expect(client.getQueryData(['personas'])).toEqual([{ id: 'p1' }]);
  });
});
