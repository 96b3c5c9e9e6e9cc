import { type PostPart, type ScheduledItem, scheduleCreateSchema, textPart } from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScheduleDialog } from './schedule-dialog';

const personaId = '0b8f7a2e-1a3c-4c8e-9f3e-5d6a7b8c9d0e';
const french: PostPart = { ...textPart('Bonjour à tous'), langs: ['fr'] };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the dialog reads it; answers what each request sent to POST /api/schedule. */
function stubApi() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/me/preferences') return json({ timeZone: 'UTC' });
      if (url === '/api/personas') return json([]);
      if (url === '/api/schedule' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { content: string; parts: PostPart[]; runAt: string };
        sent.push(body);
        const item: Partial<ScheduledItem> = { id: 'x', personaId, personaName: 'Ada', scheduledFor: body.runAt };
        return json(item);
      }
      return json({ error: { code: 'not_found', message: `no stub for ${url}` } }, 404);
    }),
  );
  return sent;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Schedule Post dialog', () => {
  it('sends a one-part post as its part, so what it carries besides its text (its languages) is kept', async () => {
    const sent = stubApi();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const onOpenChange = vi.fn();
    render(
      <QueryClientProvider client={client}>
        <ScheduleDialog
          open
          onOpenChange={onOpenChange}
          mode={{ kind: 'create', targets: [{ personaId, personaName: 'Ada' }], parts: [french] }}
        />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ personaId, content: 'Bonjour à tous', parts: [french] });
    // What the server reads from it: the part with its languages.
    expect(scheduleCreateSchema.parse(sent[0]).parts).toEqual([french]);
  });
});
