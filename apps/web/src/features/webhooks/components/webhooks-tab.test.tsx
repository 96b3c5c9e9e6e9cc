import type { WebhookEndpoint, Workspace, WorkspaceRole } from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workspacesQueryOptions } from '../../../lib/api/get-workspaces';
import { WORKSPACE_KEY } from '../../../lib/workspace';
import { webhookDeliveriesQueryOptions } from '../api/get-webhook-deliveries';
import { webhooksQueryOptions } from '../api/get-webhooks';
import { WebhooksTab } from './webhooks-tab';

const endpoint: WebhookEndpoint = {
  id: 'wh1',
  url: 'https://example.com/hook',
  events: ['post.published'],
  enabled: true,
  disabledReason: null,
  secretPrefix: 'whsec_AbC1',
  failuresInARow: 0,
  createdAt: '2026-03-01T00:00:00.000Z',
};

function renderAs(role: WorkspaceRole) {
  const workspace: Workspace = {
    id: 'w-acme',
    name: 'Acme',
    role,
    personal: false,
    needsApproval: false,
    plan: 'free',
    members: 3,
  };
  localStorage.setItem(WORKSPACE_KEY, workspace.id);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(workspacesQueryOptions.queryKey, [workspace]);
  client.setQueryData(webhooksQueryOptions.queryKey, [endpoint]);
  client.setQueryData(webhookDeliveriesQueryOptions(endpoint.id).queryKey, []);
  render(
    <QueryClientProvider client={client}>
      <WebhooksTab />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('webhooks for a role below admin', () => {
  it('lists an editor the endpoints with the reason, and no way to add, switch, test, rotate or delete one', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAs('editor');
    expect(screen.getByTestId('read-only-note').textContent).toContain(
      'You are an editor in Acme: changes need admin or above.',
    );
    expect(screen.queryByRole('form', { name: 'Add a webhook' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add webhook' })).toBeNull();
    expect(screen.getByRole('heading', { name: endpoint.url })).toBeTruthy();
    for (const name of ['Send test event', 'New secret', `Delete webhook ${endpoint.url}`]) {
      expect(screen.getByRole<HTMLButtonElement>('button', { name }).disabled, name).toBe(true);
    }
    expect(screen.getByRole<HTMLButtonElement>('switch', { name: `Send events to ${endpoint.url}` }).disabled).toBe(
      true,
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('gives an admin the add form and every control', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderAs('admin');
    expect(screen.queryByTestId('read-only-note')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add webhook' })).toBeTruthy();
    for (const name of ['Send test event', 'New secret', `Delete webhook ${endpoint.url}`]) {
      expect(screen.getByRole<HTMLButtonElement>('button', { name }).disabled, name).toBe(false);
    }
  });
});
