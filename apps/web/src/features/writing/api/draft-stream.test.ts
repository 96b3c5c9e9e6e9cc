import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DraftEvent, DraftStreamError, draftUrl, streamDraft } from './draft-stream';
import { FakeEventSource } from './fake-event-source';

const source = () => FakeEventSource.last as FakeEventSource;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

async function collect(stream: AsyncGenerator<DraftEvent>): Promise<DraftEvent[]> {
  const events: DraftEvent[] = [];
  for await (const e of stream) events.push(e);
  return events;
}

beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
afterEach(() => vi.unstubAllGlobals());

describe('the draft stream', () => {
  it('sends the spec parameters, with credentials', () => {
    const url = new URL(
      draftUrl({ prompt: 'Hi', persona: { name: 'Ada' }, top5Titles: ['a', 'b', 'c', 'd', 'e', 'f'], personaId: 'p1' }),
      'http://localhost',
    );
    expect(url.pathname).toBe('/api/draft');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      prompt: 'Hi',
      persona: '{"name":"Ada"}',
      top5Titles: 'a,b,c,d,e',
      personaId: 'p1',
    });
    void streamDraft({ prompt: 'Hi' }).next();
    expect(source().init).toEqual({ withCredentials: true });
  });

  it('yields the writer and the pieces, ends on [DONE] and closes', async () => {
    const done = collect(streamDraft({ prompt: 'Hi' }));
    await tick();
    source().named('meta', '{"writer":"offline"}');
    source().message('Hello');
    source().message(' world');
    source().message('[DONE]');
    expect(await done).toEqual([
      { type: 'meta', writer: 'offline' },
      { type: 'piece', text: 'Hello' },
      { type: 'piece', text: ' world' },
    ]);
    expect(source().closed).toBe(true);
  });

  it("throws the server's error message, or a dropped connection, and never reconnects", async () => {
    const failed = collect(streamDraft({ prompt: 'Hi' }));
    await tick();
    source().named('error', '{"message":"the API key was refused"}');
    await expect(failed).rejects.toThrow(new DraftStreamError('the API key was refused'));
    expect(source().closed).toBe(true);

    const dropped = collect(streamDraft({ prompt: 'Hi' }));
    await tick();
    source().dispatchEvent(new Event('error'));
    await expect(dropped).rejects.toThrow('The draft stream was interrupted');
    expect(source().closed).toBe(true);
  });

  it('closes when aborted', async () => {
    const controller = new AbortController();
    const stream = collect(streamDraft({ prompt: 'Hi' }, controller.signal));
    await tick();
    source().message('Hel');
    controller.abort();
    expect(await stream).toEqual([{ type: 'piece', text: 'Hel' }]);
    expect(source().closed).toBe(true);
  });
});
