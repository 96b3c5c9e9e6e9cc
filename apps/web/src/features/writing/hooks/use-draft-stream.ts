import type { Writer } from '@plume/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type DraftParams, streamDraft } from '../api/draft-stream';
import { conversationQueryKey } from '../api/get-conversation';

/** loading: asked, nothing yet; streaming: text arriving; done; error (with the server's message). */
export type DraftStatus = 'idle' | 'loading' | 'streaming' | 'done' | 'error';

export type DraftStreamState = {
  status: DraftStatus;
  text: string;
  writer: Writer | null;
  error: string | null;
  /** What the shown text was asked with, so a caller can tell when its inputs have moved on since. */
  request: DraftParams | null;
};

const idle: DraftStreamState = { status: 'idle', text: '', writer: null, error: null, request: null };

/** One draft stream at a time: a new start replaces the text; unmounting closes the stream. */
export function useDraftStream() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<DraftStreamState>(idle);
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const start = useCallback(
    async (params: DraftParams) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setState({ ...idle, status: 'loading', request: params });
      try {
        for await (const event of streamDraft(params, controller.signal)) {
          if (event.type === 'meta') setState((s) => ({ ...s, writer: event.writer }));
          else setState((s) => ({ ...s, status: 'streaming', text: s.text + event.text }));
        }
        if (!controller.signal.aborted) setState((s) => ({ ...s, status: 'done' }));
      } catch (error) {
        if (!controller.signal.aborted) {
          setState((s) => ({ ...s, status: 'error', error: error instanceof Error ? error.message : String(error) }));
        }
      } finally {
        if (params.personaId && !controller.signal.aborted) {
          void queryClient.invalidateQueries({ queryKey: conversationQueryKey(params.personaId) });
        }
      }
    },
    [queryClient],
  );

  const cancel = useCallback(() => {
    current.current?.abort();
    setState((s) => (s.status === 'loading' || s.status === 'streaming' ? { ...s, status: 'done' } : s));
  }, []);

  return { ...state, generating: state.status === 'loading' || state.status === 'streaming', start, cancel };
}
export type DraftStream = ReturnType<typeof useDraftStream>;
