import type { AiSettings, LocalModels, Workspace, WorkspaceRole } from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workspacesQueryOptions } from '../../../lib/api/get-workspaces';
import { meQueryOptions } from '../../../lib/auth';
import { WORKSPACE_KEY } from '../../../lib/workspace';
import { aiSettingsQueryOptions } from '../api/get-ai-settings';
import { localModelsQueryOptions } from '../api/get-local-models';
import { GlobalSettingsPage } from './global-settings-page';

const saved: AiSettings = {
  provider: 'custom',
  baseUrl: 'http://localhost:11434/v1',
  model: 'llama3.2',
  apiKeySet: true,
  source: 'user',
  serverKeyFor: null,
};
const local: LocalModels = {
  allowed: true,
  found: true,
  url: 'http://localhost:11434',
  baseUrl: 'http://localhost:11434/v1',
  models: [{ name: 'qwen2.5', size: 4e9, parameterSize: '7B' }],
  message: null,
};

/** An agency's client workspace, open, where the user has `role`. */
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
  client.setQueryData(aiSettingsQueryOptions.queryKey, saved);
  client.setQueryData(localModelsQueryOptions.queryKey, local);
  client.setQueryData(meQueryOptions.queryKey, { id: 'u1', username: 'ada' } as never);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <GlobalSettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('Global Settings for a role below admin', () => {
  it('shows an editor the settings to read, says why, and offers no Save, Reset, Test or Use', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAs('editor');
    const note = screen.getByTestId('read-only-note');
    expect(note.textContent).toContain('You are an editor in Acme: changes need admin or above.');
    // The saved choice still shows.
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Custom/ }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Model' }).value).toBe('llama3.2');
    for (const name of [
      'Save',
      'Stop using my settings',
      'Test connection',
      'Remove key',
      'Test qwen2.5',
      'Use qwen2.5',
    ]) {
      const button = screen.getByRole<HTMLButtonElement>('button', { name });
      expect(button.matches(':disabled'), name).toBe(true);
    }
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Model' }).matches(':disabled')).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /^OpenAI/ }).matches(':disabled')).toBe(true);
    // Leaving and signing out are the user's own, not the workspace's.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign Out' }).disabled).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('leaves an admin every control', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderAs('admin');
    expect(screen.queryByTestId('read-only-note')).toBeNull();
    for (const name of ['Save', 'Stop using my settings', 'Test connection', 'Remove key', 'Use qwen2.5']) {
      expect(screen.getByRole<HTMLButtonElement>('button', { name }).matches(':disabled'), name).toBe(false);
    }
  });
});
