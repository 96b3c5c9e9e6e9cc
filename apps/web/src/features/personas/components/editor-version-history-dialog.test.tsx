import type { PersonaVersion } from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VersionHistoryDialog } from './editor-version-history-dialog';

const PERSONA = '0b8f7a2e-1a3c-4c8e-9f3e-5d6a7b8c9d0e';
const VERSIONS: PersonaVersion[] = [
  {
    versionId: '7d1f0c52-3f0e-4a53-9a51-0c0e8c1d2a10',
    createdAt: '2026-03-08T14:05:09.123Z',
    summary: 'Rolled back to the version of 2026-03-01T09:30:00.000Z',
  },
  { versionId: '7d1f0c52-3f0e-4a53-9a51-0c0e8c1d2a11', createdAt: '2026-03-01T09:30:00.000Z', summary: 'Renamed' },
];

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the version history', () => {
  it("shows each version's time, and the one a rollback restored, in the user's zone for people", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === `/api/personas/${PERSONA}/versions`) return json(VERSIONS);
        if (path === '/api/me/preferences') return json({ timeZone: 'America/New_York' });
        return new Response('{}', { status: 404 });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <VersionHistoryDialog personaId={PERSONA} open onOpenChange={() => {}} onRollback={() => {}} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Version History' });
    const [latest, first] = await within(dialog).findAllByRole('listitem');
    expect(latest?.textContent).toContain('Mar 8, 2026, 10:05');
    expect(latest?.textContent).toContain('Rolled back to the version of Mar 1, 2026, 04:30');
    expect(first?.textContent).toContain('Mar 1, 2026, 04:30');
    expect(latest?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-08T14:05:09.123Z');
    // No raw ISO instant is left for the reader.
    expect(dialog.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });
});
