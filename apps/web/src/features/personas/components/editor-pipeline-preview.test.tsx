import { newSource, sourceCheckLabel } from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { draftOf, type EditorDraft } from './editor-draft';
import { PipelinePreview } from './editor-pipeline-preview';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Fetch now, for a source not saved yet', () => {
  it('records the failed check on the source card: "Last check failed: HTTP 404 · just now", not "Never checked"', async () => {
    const message = 'The site answered HTTP 404';
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ error: { code: 'feed_unreadable', message, details: [{ field: 'query.url', message }] } }),
            { status: 422, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    const source = {
      ...newSource('s1', { type: 'rss', name: 'Broken', url: 'https://example.com/missing' }),
      enabled: true,
    };
    let draft: EditorDraft = { ...draftOf(undefined), sources: [source] };
    const onAbsorb = vi.fn((patch: (d: EditorDraft) => EditorDraft) => {
      draft = patch(draft);
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PipelinePreview draft={draft} personaId={undefined} onAbsorb={onAbsorb} />
      </QueryClientProvider>,
    );
    expect(sourceCheckLabel(draft.sources[0] ?? source)).toBe('Never checked');
    fireEvent.click(screen.getByRole('button', { name: 'Fetch now' }));
    await waitFor(() => expect(onAbsorb).toHaveBeenCalled());
    const checked = draft.sources[0];
    expect(checked).toMatchObject({ status: 'error', errorMessage: message, enabled: true, name: 'Broken' });
    expect(checked && sourceCheckLabel(checked)).toBe('Last check failed: HTTP 404 · just now');
  });
});
