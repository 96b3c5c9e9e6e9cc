import type { Page, Route } from '@playwright/test';

/*
 * Until the writing API lands on main: remove these stubs then.
 * The four writing endpoints (POST /chat, GET /draft SSE, POST /api/generate,
 * GET /conversations/{personaId}) are built on another branch; these stand in for them with the
 * shapes of packages/core/src/writing/api.ts. The UI code holds no stub.
 */
export type WritingStubs = {
  /** The SSE body of GET /api/draft. */
  draft?: string | ((route: Route) => Promise<void>);
  conversation?: { id: string; role: 'user' | 'assistant'; content: string }[];
  generate?: (route: Route) => Promise<void>;
  chat?: (route: Route) => Promise<void>;
};

export const sse = (...events: string[]) => events.map((e) => `${e}\n\n`).join('');

export async function stubWritingApi(page: Page, stubs: WritingStubs = {}): Promise<void> {
  await page.route('**/api/draft?*', async (route) => {
    if (typeof stubs.draft === 'function') return stubs.draft(route);
    await route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
      body:
        stubs.draft ?? sse('event: meta\ndata: {"writer":"offline"}', 'data: Hello', 'data:  world', 'data: [DONE]'),
    });
  });
  await page.route('**/api/conversations/*', (route) => route.fulfill({ json: stubs.conversation ?? [] }));
  await page.route('**/api/generate', (route) =>
    stubs.generate
      ? stubs.generate(route)
      : route.fulfill({ status: 404, json: { error: { code: 'not_found', message: 'Not stubbed' } } }),
  );
  await page.route('**/api/chat', (route) =>
    stubs.chat ? stubs.chat(route) : route.fulfill({ json: { text: 'Hi there', writer: 'offline' } }),
  );
}
