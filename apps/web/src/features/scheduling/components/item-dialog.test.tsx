import { type ScheduledItem, textPart, type Workspace, type WorkspaceRole } from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workspacesQueryOptions } from '../../../lib/api/get-workspaces';
import { CalendarItem } from './calendar-item';
import { ItemDialog } from './item-dialog';

const failed: ScheduledItem = {
  id: '7d1f0c52-3f0e-4a53-9a51-0c0e8c1d2a10',
  personaId: '0b8f7a2e-1a3c-4c8e-9f3e-5d6a7b8c9d0e',
  personaName: 'Ada',
  platform: 'bluesky',
  content: 'Hello',
  parts: [textPart('Hello')],
  scheduledFor: '2026-03-08T14:00:00.000Z',
  status: 'failed',
  postedAt: null,
  url: null,
  error: 'Bluesky: the connection was refused',
  postedParts: 0,
  createdAt: '2026-03-01T00:00:00.000Z',
  autoSlot: null,
  writer: null,
  flags: [],
  replyTo: null,
  origin: null,
  connection: 'connected',
};

/** The open workspace, as GET /api/workspaces would answer it: the user's own, where they are owner, unless a test says. */
const workspaceAs = (role: WorkspaceRole): Workspace => ({
  id: 'u1',
  name: 'Personal',
  role,
  personal: true,
  needsApproval: false,
  plan: 'free',
  members: 1,
});

function renderDialog(item: ScheduledItem, role: WorkspaceRole = 'owner') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(workspacesQueryOptions.queryKey, [workspaceAs(role)]);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ItemDialog item={item} timeZone="America/New_York" onClose={onClose} onApprove={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onClose };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a post that did not go out', () => {
  it('shows why, with Retry and Mark as posted; Retry asks the server to publish it again', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ...failed, status: 'scheduled' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { onClose } = renderDialog(failed);
    expect(screen.getByRole('dialog', { name: 'Ada on Bluesky' })).toBeTruthy();
    expect(screen.getByText('This post did not go out.')).toBeTruthy();
    expect(screen.getByTestId('item-error').textContent).toBe('Bluesky: the connection was refused');
    expect(screen.getByTestId('item-time').textContent).toBe('Sun, Mar 8, 2026, 10:00');
    expect(screen.getByRole('button', { name: 'Mark as posted' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch).toHaveBeenCalledWith(`/api/schedule/${failed.id}/retry`, expect.objectContaining({ method: 'POST' }));
  });

  it('when unconfirmed, is not edited into a second copy: only Retry, Mark as posted or Cancel', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderDialog({ ...failed, status: 'unconfirmed', error: 'No answer from Bluesky' });
    expect(screen.getByText(/could not confirm whether this post went out/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Content' })).toBeNull();
    expect(screen.queryByLabelText('Date')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel event' })).toBeTruthy();
  });

  it('when a thread went out in part, offers neither edit nor Retry (they would post those parts again)', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderDialog({
      ...failed,
      parts: [textPart('One'), textPart('Two'), textPart('Three')],
      content: 'One\n\nTwo\n\nThree',
      postedParts: 1,
    });
    expect(screen.getByText('Only part of this thread went out.')).toBeTruthy();
    expect(
      screen.getByText('1 of 3 parts are already on Bluesky: post the rest there, then Mark as posted.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByLabelText('Part 1 of 3')).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark as posted' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel event' })).toBeTruthy();
  });
});

describe('a reply waiting for review', () => {
  it('shows the post it answers above the draft, keeps it on its platform, and states X’s rule', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderDialog({
      ...failed,
      platform: 'x',
      status: 'pending_review',
      error: null,
      scheduledFor: null,
      content: 'Glad it helped!',
      parts: [textPart('Glad it helped!')],
      replyTo: { author: 'bob', text: 'This thread helped me a lot', url: 'https://x.com/bob/status/1' },
    });
    const context = screen.getByTestId('reply-context');
    expect(context.textContent).toContain('Reply to @bob');
    expect(context.querySelector('blockquote')?.textContent).toBe('This thread helped me a lot');
    expect(screen.getByRole('link', { name: 'View on X' }).getAttribute('href')).toBe('https://x.com/bob/status/1');
    expect(screen.getByTestId('x-replies-rule').textContent).toContain('every reply waits for your approval');
    // The reply comes before its draft, and cannot be moved to another platform.
    const draft = screen.getByRole('textbox', { name: 'Content' });
    expect(context.compareDocumentPosition(draft) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Bluesky' })).toBeNull();
  });
});

describe('a post the check before review flagged', () => {
  it('shows why and who wrote it, with the way to a model, until it goes out', () => {
    const flagged: ScheduledItem = {
      ...failed,
      status: 'scheduled',
      error: null,
      writer: 'offline',
      flags: [{ kind: 'length', reason: 'too long for Bluesky: 326 of 300 characters' }],
    };
    renderDialog(flagged);
    const dialog = screen.getByTestId('item-dialog');
    expect(within(dialog).getByTestId('draft-flag').textContent).toBe('too long for Bluesky: 326 of 300 characters');
    expect(within(dialog).getByRole('link', { name: 'set up a model' }).getAttribute('href')).toBe('/settings');
    cleanup();
    renderDialog({ ...flagged, status: 'posted', writer: 'anthropic' });
    expect(screen.queryByTestId('draft-flags')).toBeNull();
    expect(screen.queryByTestId('offline-badge')).toBeNull();
  });
});

describe('canceling a post', () => {
  it('asks with buttons that say what they do: Keep event leaves it, Cancel event cancels it', async () => {
    const fetch = vi.fn(
      async (_path: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ ...failed, status: 'canceled' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    // The dialog reads the post's history (a GET); only a DELETE cancels it.
    const deletes = () => fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    const { onClose } = renderDialog({ ...failed, status: 'scheduled', error: null });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel event' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Cancel event' });
    expect(within(confirm).queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep event' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deletes()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel event' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Cancel event' })).getByRole('button', { name: 'Cancel event' }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(deletes()).toHaveLength(1);
  });

  it('in review, offers Keep draft beside Reject', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderDialog({ ...failed, status: 'pending_review', error: null, scheduledFor: null });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Reject draft' });
    expect(
      within(confirm)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Keep draft', 'Reject']);
  });
});

describe('a post that went out late', () => {
  const posted = (seconds: number): ScheduledItem => ({
    ...failed,
    status: 'posted',
    error: null,
    url: 'https://bsky.app/profile/ada.test/post/1',
    postedAt: new Date(Date.parse(failed.scheduledFor ?? '') + seconds * 1000).toISOString(),
  });

  it('says how late beside its time, on the calendar and in its details; on time, says nothing', () => {
    renderDialog(posted(12));
    expect(screen.getByTestId('item-late').textContent).toBe('Went out 12 s late');
    cleanup();
    render(<CalendarItem item={posted(12)} timeZone="America/New_York" onOpen={() => {}} />);
    expect(screen.getByTestId('calendar-item').textContent).toContain('Went out 12 s late');
    cleanup();
    render(<CalendarItem item={posted(3)} timeZone="America/New_York" onOpen={() => {}} />);
    expect(screen.queryByTestId('item-late')).toBeNull();
    cleanup();
    renderDialog(posted(3));
    expect(screen.queryByTestId('item-late')).toBeNull();
  });
});

describe('roles in the open workspace', () => {
  it('shows an editor no Approve or Reject on a draft in review, and a viewer no Save with the reason', () => {
    vi.stubGlobal('fetch', vi.fn());
    const draft = { ...failed, status: 'pending_review' as const, error: null, scheduledFor: null };
    renderDialog(draft, 'editor');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();
    cleanup();
    renderDialog(draft, 'approver');
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeTruthy();
    cleanup();
    renderDialog({ ...failed, status: 'scheduled', error: null }, 'viewer');
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel event' })).toBeNull();
    expect(screen.getByTestId('read-only-note').textContent).toContain('You are a viewer in Personal');
  });
});
