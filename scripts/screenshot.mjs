// Usage: node scripts/screenshot.mjs <url> <out.png> [width] [theme] [signInEmail]
// Takes a full-page screenshot in Debian's Chromium, for looking at screens while building.
import { chromium } from '@playwright/test';

const [url, out, width = '1280', theme = 'dark', email] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: Number(width), height: 800 } });
const page = await context.newPage();
page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()));
const origin = new URL(url).origin;
await page.goto(origin);
await page.evaluate((t) => localStorage.setItem('theme', t), theme);
if (email) {
  await page.request.post(`${origin}/api/auth/sign-in/magic-link`, {
    data: { email, callbackURL: '/dashboard' },
    headers: { origin },
  });
  const outbox = await (await page.request.get(`${origin}/api/dev/outbox`)).json();
  await page.goto(outbox.find((m) => m.to === email).url);
}
await page.goto(url);
await page.waitForTimeout(800);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
