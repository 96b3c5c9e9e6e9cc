import { type PostPart, reviewCreateSchema, textPart, type Workspace } from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workspacesQueryOptions } from '../../../lib/api/get-workspaces';
import { ScheduleActions } from './schedule-actions';

const personaId = '0b8f7a2e-1a3c-4c8e-9f3e-5d6a7b8c9d0e';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Send to review beside a written post', () => {
  it('sends a one-part post as its part, so what it carries besides its text (its languages) is kept', async () => {
    const french: PostPart = { ...textPart('Bonjour à tous'), langs: ['fr'] };
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/review' && init?.method === 'POST') {
          sent.push(JSON.parse(String(init.body)));
          return json({ id: 'x' });
        }
        return json({ timeZone: 'UTC' });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ScheduleActions personaId={personaId} parts={[french]} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send to review' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sent to review' })).toBeTruthy());
    expect(sent).toEqual([{ personaId, platform: 'bluesky', content: 'Bonjour à tous', parts: [french] }]);
    expect(reviewCreateSchema.parse(sent[0]).parts).toEqual([french]);
  });
});

describe('a viewer in the open workspace', () => {
  it('sees Schedule and Send to review off: both would write', () => {
    const fetch = vi.fn(async () => json({ timeZone: 'UTC' }));
    vi.stubGlobal('fetch', fetch);
    const viewer: Workspace = {
      id: 'u1',
      name: 'Personal',
      role: 'viewer',
      personal: true,
      needsApproval: false,
      plan: 'free',
      members: 2,
    };
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
    });
    client.setQueryData(workspacesQueryOptions.queryKey, [viewer]);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ScheduleActions personaId={personaId} parts={[textPart('Hello')]} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Schedule' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send to review' }).disabled).toBe(true);
  });
});
