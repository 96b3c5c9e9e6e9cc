import { DEFAULT_TRAITS, type PersonaOverride } from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../api/fake-event-source';
import { LiveSample } from './live-sample';

const latestSource = () => {
  const source = FakeEventSource.all.at(-1);
  if (!source) throw new Error('no draft stream was opened');
  return source;
};
const sentPersona = (source: FakeEventSource) =>
  JSON.parse(new URL(source.url, 'http://localhost').searchParams.get('persona') ?? '{}') as PersonaOverride;

/** The server writes `text` and ends the stream. */
async function write(text: string) {
  const source = latestSource();
  await act(async () => {
    source.named('meta', '{"writer":"offline"}');
    source.message(text);
  });
  await act(async () => source.message('[DONE]'));
}

const ada = (humor: number): PersonaOverride => ({
  name: 'Ada',
  personality: { ...DEFAULT_TRAITS, humor },
  custom_prompt: '',
  use_default_prompt: true,
  templates: [],
});

const outOfDate = () => screen.queryByText(/^Out of date/);
const sample = () => screen.getByTestId('live-sample');

function renderSample(persona: PersonaOverride) {
  const client = new QueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LiveSample persona={persona} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return (next: PersonaOverride) =>
    view.rerender(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <LiveSample persona={next} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
}

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the live sample', () => {
  it('says it is out of date once the settings move from those it was written for, until Refresh writes anew', async () => {
    const setPersona = renderSample(ada(20));
    await write('A calm first sample.');
    expect(await screen.findByTestId('writer-note')).toBeTruthy();
    expect(outOfDate()).toBeNull();
    expect(sample().dataset.stale).toBeUndefined();

    // A slider moves: the old text stays, marked out of date, and nothing is written.
    setPersona(ada(80));
    expect(outOfDate()?.getAttribute('role')).toBe('status');
    expect(sample().dataset.stale).toBe('true');
    expect(sample().textContent).toContain('A calm first sample.');
    expect(FakeEventSource.all).toHaveLength(1);
    const auto = screen.getByRole('switch', { name: 'Auto-generate' });
    expect(auto.getAttribute('aria-checked')).toBe('false');
    expect(auto.hasAttribute('disabled')).toBe(true);

    // Back to the exact values the sample was written for, in another key order: in date again.
    const { humor, ...rest } = DEFAULT_TRAITS;
    setPersona({ ...ada(20), personality: { ...rest, humor: 20 } });
    expect(outOfDate()).toBeNull();
    expect(sample().dataset.stale).toBeUndefined();

    // Refresh writes with the settings as they are; while it streams, and once it is done, it is in date.
    setPersona(ada(80));
    expect(outOfDate()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(FakeEventSource.all).toHaveLength(2);
    expect(sentPersona(latestSource()).personality?.humor).toBe(80);
    expect(outOfDate()).toBeNull();
    await act(async () => {
      latestSource().named('meta', '{"writer":"offline"}');
      latestSource().message('A funnier');
    });
    expect(outOfDate()).toBeNull();
    await act(async () => latestSource().message('[DONE]'));
    expect(await screen.findByTestId('writer-note')).toBeTruthy();
    expect(sample().textContent).toContain('A funnier');
    expect(outOfDate()).toBeNull();
    expect(sample().dataset.stale).toBeUndefined();
  });
});
