import { MCP_PATH } from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiTokensSection } from './api-tokens-section';

/* Account settings' API tokens against a fake API on fetch. */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the API tokens section', () => {
  it("shows this instance's MCP address, to use with a token", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ApiTokensSection />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('No API tokens yet.')).toBeTruthy();
    const address = screen.getByLabelText('MCP server address') as HTMLInputElement;
    expect(address.value).toBe(`${window.location.origin}${MCP_PATH}`);
    expect(screen.getByRole('button', { name: 'Copy the MCP address' })).toBeTruthy();
  });
});
