import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, expectNoViolations, signIn, test, uniqueEmail } from './fixtures';

/*
 * Webhooks in Account settings: an endpoint added (its secret shown once), a test event sent to a
 * receiver on this machine (loopback is allowed where Plume runs on one's own machine), and the
 * delivery in the log. SCREENSHOTS_DIR set: the tab at 375 px in both themes is saved there.
 */

const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let hookUrl: string;

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/plume`;
});
test.afterAll(() => {
  receiver.close();
});

test('a user adds a webhook, copies its secret, sends a test and sees it delivered in the log', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, uniqueEmail('webhooks'));
  await page.goto('/account-settings?tab=webhooks');
  await expect(page.getByRole('tab', { name: 'Webhooks' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No webhooks yet.')).toBeVisible();

  // A private address is refused beside the field, and nothing is added.
  await page.getByLabel('Endpoint URL').fill('http://10.0.0.7/hook');
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.getByText(/private or local network/)).toBeVisible();
  await expect(page.getByLabel('Endpoint URL')).toHaveAttribute('aria-invalid', 'true');
  expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('400 (Bad Request)')]);

  await page.getByLabel('Endpoint URL').fill(hookUrl);
  await page.getByLabel(/A post failed/).check();
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const secret = await page.getByTestId('webhook-secret').inputValue();
  expect(secret).toMatch(/^whsec_/);
  await expectNoViolations(page);
  await shoot(page, 'added');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

  const card = page.getByRole('article', { name: hookUrl });
  await expect(card.getByRole('list', { name: 'Events' })).toHaveText(/post\.published\s*post\.failed/);
  await expect(card.getByText('Nothing sent yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Send test event' }).click();
  await expect(page.getByText('Test delivered: HTTP 200')).toBeVisible();
  const row = card.getByTestId('webhook-delivery').first();
  await expect(row).toContainText('Delivered');
  await expect(row).toContainText('webhook.test');
  await expect(row).toContainText('HTTP 200');

  // What arrived is signed with the secret shown once.
  expect(received).toHaveLength(1);
  const [got] = received;
  const [t, v1] = String(got?.headers['plume-signature'])
    .split(',')
    .map((p) => p.split('=')[1]);
  expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${got?.body}`).digest('hex'));

  // Turned off and on again by its owner.
  await card.getByRole('switch', { name: `Send events to ${hookUrl}` }).click();
  await expect(page.getByText('Webhook turned off')).toBeVisible();
  await expect(card.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  await expectNoViolations(page);
  await shoot(page, 'log');
});

/** The tab at a phone's width in the light and dark themes, when SCREENSHOTS_DIR asks for them. */
async function shoot(page: import('@playwright/test').Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  // The page at rest: no toast over it.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 900 });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
    await page.screenshot({ path: path.join(dir, `webhooks-${name}-${theme}.png`), fullPage: true });
  }
  await page.evaluate(() => document.documentElement.classList.toggle('dark', true));
  if (size) await page.setViewportSize(size);
}
