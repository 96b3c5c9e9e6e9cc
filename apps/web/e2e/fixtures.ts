import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Every page's console errors fail the test, unless the test says it expects them. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const watch = (page: Page) => page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** What the offline composer's text says wherever it is shown (decision 037). */
export const OFFLINE_NOTE = 'Written offline from templates — set up a model';

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/** The magic link the dev mailer kept for `email`. */
export async function magicLinkFor(page: Page, email: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as { to: string; url: string }[];
      found = outbox.find((m) => m.to === email)?.url;
      return found;
    })
    .toBeTruthy();
  return found ?? '';
}

/**
 * Signs in through the real magic-link flow, without the UI; the page opens the link and lands on
 * the dashboard. A blank page needs no visit first: the request comes from the app's own origin.
 */
export async function signIn(page: Page, email: string): Promise<void> {
  const from = page.url() === 'about:blank' ? (base.info().project.use.baseURL ?? '') : page.url();
  const response = await page.request.post('/api/auth/sign-in/magic-link', {
    data: { email, callbackURL: '/dashboard' },
    headers: { origin: new URL(from).origin },
  });
  expect(response.ok()).toBe(true);
  await page.goto(await magicLinkFor(page, email));
}

/** Calls the API as the signed-in page (the browser context's cookies). */
export async function apiCall<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await page.request.fetch(path, { method, data, headers: { origin: new URL(page.url()).origin } });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (response.status() === 204 ? null : await response.json()) as T;
}

/** Fails on anything axe finds on the page, once the page is at rest. */
export async function expectNoViolations(page: Page): Promise<void> {
  // A toast or dialog animating has too little contrast for a moment: scan the page at rest.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

/**
 * Stops the page's clock just ahead of where it is: each runFor then moves the timers by exactly
 * that much. The clock runs on while the call travels (over 50 ms on a loaded machine), so it
 * pauses a quarter of a second ahead (a timer due by then fires once, before the test reads the
 * page) and tries again if the clock got there first.
 */
export async function pauseClock(page: Page) {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 250);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}
