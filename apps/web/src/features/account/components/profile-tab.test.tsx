import type { Profile } from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProfileTab } from './profile-tab';

/* Account settings' Profile tab against a fake API on fetch. */

const PROFILE: Profile = { username: 'ada', email: 'ada@example.com', fullName: 'Ada', timeZone: 'UTC' };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(onSave: (body: unknown) => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/me/profile' && init?.method === 'PATCH') return onSave(JSON.parse(String(init.body)));
    if (url.pathname === '/api/me/profile') return json(PROFILE);
    return json({ error: { code: 'not_found', message: `No route ${url.pathname}` } }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ProfileTab />
      <Toaster />
    </QueryClientProvider>,
  );
}

const saves = (fetch: ReturnType<typeof serve>) => fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH');

beforeAll(() => {
  // sonner follows the system theme; jsdom has no matchMedia.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a refused save', () => {
  it("says which field in words in its toast, never the request's path", async () => {
    // A zone this browser knows and the server's does not (another ICU version).
    serve(() =>
      json(
        {
          error: {
            code: 'validation_error',
            message: 'body.timeZone: Unknown time zone',
            details: [{ field: 'body.timeZone', message: 'Unknown time zone' }],
          },
        },
        400,
      ),
    );
    renderTab();
    fireEvent.change(await screen.findByLabelText('Full name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const toast = await screen.findByText(/^Failed to save profile/);
    expect(toast.textContent).toBe('Failed to save profile: Time zone: Unknown time zone');
    expect(document.body.textContent).not.toMatch(/body\.|query\.|params\./);
  });
});

describe('the username', () => {
  it("is checked as it is typed, by the server's rule: the message beside it, Save off until it is valid", async () => {
    const fetch = serve((body) => json({ ...PROFILE, ...(body as Partial<Profile>) }));
    renderTab();
    const field = await screen.findByLabelText('Username');
    const save = screen.getByRole('button', { name: 'Save Changes' });

    fireEvent.change(field, { target: { value: 'a' } });
    expect(screen.getByText('Username must be at least 3 characters')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(field, { target: { value: '-ada' } });
    expect(screen.getAllByText(/starting with a letter or digit/).length).toBeGreaterThan(1);
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(saves(fetch)).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'Ada.L' } });
    expect(screen.queryByText('Username must be at least 3 characters')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(save.hasAttribute('disabled')).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(saves(fetch)).toHaveLength(1));
    expect(JSON.parse(String(saves(fetch)[0]?.[1]?.body))).toMatchObject({ username: 'Ada.L' });
  });

  it('may be emptied: no username shows the e-mail instead', async () => {
    serve((body) => json({ ...PROFILE, ...(body as Partial<Profile>) }));
    renderTab();
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: '' } });
    expect(screen.getByRole('button', { name: 'Save Changes' }).hasAttribute('disabled')).toBe(false);
  });
});
