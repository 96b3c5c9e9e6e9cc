/** Tests only: just enough of EventSource to play the server's side of GET /api/draft by hand. */
export class FakeEventSource extends EventTarget {
  /** Every stream opened, oldest first. */
  static all: FakeEventSource[] = [];
  static get last(): FakeEventSource | null {
    return FakeEventSource.all.at(-1) ?? null;
  }
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super();
    FakeEventSource.all.push(this);
  }
  close() {
    this.closed = true;
  }
  /** An unnamed event (a piece of text, or [DONE]). */
  message(data: string) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  /** A named event ('meta', 'error'). */
  named(type: string, data: string) {
    this.dispatchEvent(new MessageEvent(type, { data }));
  }
}
