import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../api/fake-event-source';
import { DraftPanel } from './draft-panel';

const source = () => {
  const opened = FakeEventSource.last;
  if (!opened) throw new Error('no draft stream was opened');
  return opened;
};

function renderPanel() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DraftPanel personaId="p1" personaName="Ada" />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Generate Draft' }));
}

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the AI Draft panel', () => {
  it("shows the provider's reason when the draft fails, and can be asked again", async () => {
    renderPanel();
    await act(async () => {
      source().named(
        'error',
        JSON.stringify({
          message: 'OpenAI: the API key was refused (Incorrect API key provided)',
          code: 'provider_error',
        }),
      );
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Failed to generate: OpenAI: the API key was refused (Incorrect API key provided)',
    );
    expect(source().closed).toBe(true);
    expect(screen.getByTestId('draft-result').textContent).toBe('No draft yet');
    expect(screen.getByRole('button', { name: 'Generate Draft' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows why a draft never started (settings that cannot write, the rate limit)', async () => {
    renderPanel();
    await act(async () => {
      source().named(
        'error',
        JSON.stringify({ message: 'Enter your OpenAI API key in Global Settings', code: 'conflict' }),
      );
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Failed to generate: Enter your OpenAI API key in Global Settings',
    );
  });
});
