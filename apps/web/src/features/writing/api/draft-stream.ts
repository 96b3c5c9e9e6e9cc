import {
  DRAFT_DONE,
  DRAFT_META_EVENT,
  draftErrorSchema,
  draftMetaSchema,
  type PersonaOverride,
  type Writer,
} from '@plume/core';

export type DraftParams = {
  prompt: string;
  /** The editor's unsaved values, sent as JSON (personaOverrideSchema). */
  persona?: PersonaOverride;
  /** At most five source titles (spec §9). */
  top5Titles?: string[];
  personaId?: string;
  /** 'sample': the editor's live sample (its own topic; not kept in the conversation). */
  kind?: 'draft' | 'sample';
};

/** What the stream yields: who writes (first, when the server says), then pieces of text. */
export type DraftEvent = { type: 'meta'; writer: Writer } | { type: 'piece'; text: string };

/** A failure the server reported (`event: error`) or a dropped connection. */
export class DraftStreamError extends Error {
  override name = 'DraftStreamError';
}

export function draftUrl({ prompt, persona, top5Titles, personaId, kind }: DraftParams): string {
  const query = new URLSearchParams({ prompt });
  if (persona) query.set('persona', JSON.stringify(persona));
  if (top5Titles?.length) query.set('top5Titles', top5Titles.slice(0, 5).join(','));
  if (personaId) query.set('personaId', personaId);
  if (kind === 'sample') query.set('kind', kind);
  return `/api/draft?${query}`;
}

/**
 * GET /draft as server-sent events: yields the writer and each piece of text, returns on [DONE],
 * throws DraftStreamError on an error event. Aborting `signal` (or leaving the loop) closes the
 * EventSource.
 */
export async function* streamDraft(params: DraftParams, signal?: AbortSignal): AsyncGenerator<DraftEvent> {
  if (signal?.aborted) return;
  const queue: (DraftEvent | { type: 'done' } | { type: 'error'; message: string })[] = [];
  let wake: (() => void) | null = null;
  const push = (item: (typeof queue)[number]) => {
    queue.push(item);
    wake?.();
  };

  const source = new EventSource(draftUrl(params), { withCredentials: true });
  source.onmessage = (event: MessageEvent<string>) => {
    push(event.data === DRAFT_DONE ? { type: 'done' } : { type: 'piece', text: event.data });
  };
  source.addEventListener(DRAFT_META_EVENT, (event) => {
    const meta = draftMetaSchema.safeParse(parseJson((event as MessageEvent<string>).data));
    if (meta.success) push({ type: 'meta', writer: meta.data.writer });
  });
  source.addEventListener('error', (event) => {
    // A server `event: error` carries `{ message }`; the browser's own error event carries nothing.
    // Either way stop: EventSource would otherwise reconnect and ask for a second draft.
    const sent = event instanceof MessageEvent ? draftErrorSchema.safeParse(parseJson(event.data)) : null;
    push({ type: 'error', message: sent?.success ? sent.data.message : 'The draft stream was interrupted' });
  });
  const abort = () => push({ type: 'done' });
  signal?.addEventListener('abort', abort);

  try {
    while (true) {
      const item = queue.shift();
      if (!item) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
        continue;
      }
      if (item.type === 'done') return;
      if (item.type === 'error') throw new DraftStreamError(item.message);
      yield item;
    }
  } finally {
    source.close();
    signal?.removeEventListener('abort', abort);
  }
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
