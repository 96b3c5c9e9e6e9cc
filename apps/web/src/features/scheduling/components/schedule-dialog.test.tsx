import { type PostPart, type ScheduledItem, scheduleCreateSchema, textPart } from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../utils/format';
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

  it("approving a slot's draft keeps its slot, says when, and names the queue's real slot", async () => {
    const slot = new Date(Date.now() + 3 * 3_600_000);
    slot.setUTCSeconds(0, 0);
    const queueSlot = '2030-01-02T09:30:00.000Z';
    const approvals: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/me/preferences') return json({ timeZone: 'UTC' });
        if (url === '/api/personas') return json([]);
        if (url.startsWith('/api/schedule/next-slot')) return json({ at: queueSlot, timeZone: 'UTC' });
        if (url.endsWith('/approve')) {
          approvals.push(JSON.parse(String(init?.body)));
          return json({ ...draft, status: 'scheduled' });
        }
        return json({ error: { code: 'not_found', message: `no stub for ${url}` } }, 404);
      }),
    );
    const draft: ScheduledItem = {
      id: '7d1f0c52-3f0e-4a53-9a51-0c0e8c1d2a10',
      personaId,
      personaName: 'Ada',
      platform: 'bluesky',
      content: 'For the slot',
      parts: [textPart('For the slot')],
      scheduledFor: slot.toISOString(),
      status: 'pending_review',
      postedAt: null,
      url: null,
      error: null,
      postedParts: 0,
      createdAt: new Date().toISOString(),
      autoSlot: slot.toISOString(),
      writer: 'offline',
      flags: [],
      replyTo: null,
      origin: null,
      connection: 'connected',
    };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const onOpenChange = vi.fn();
    render(
      <QueryClientProvider client={client}>
        <ScheduleDialog open onOpenChange={onOpenChange} mode={{ kind: 'approve', item: draft }} />
      </QueryClientProvider>,
    );
    const own = screen.getByRole('radio', { name: /^At its own time/ });
    expect((own as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('own-time').textContent).toBe(formatDateTime(slot, 'UTC'));
    expect((await screen.findByTestId('queue-slot')).textContent).toBe(formatDateTime(new Date(queueSlot), 'UTC'));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    // No time of the dialog's: the server keeps the draft's own.
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).not.toHaveProperty('runAt');
    expect(approvals[0]).not.toHaveProperty('queue');
  });
});
