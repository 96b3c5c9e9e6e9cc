import type { Page } from '@playwright/test';
import { EMAIL_INVALID, HERO_WORDS, type Persona } from '@plume/core';
import { apiCall, expect, expectNoViolations, pauseClock, signIn, test, uniqueEmail } from './fixtures';
import { createBlueskyAccount } from './peers';

/*
 * The public landing page against the real server: its timers run on Playwright's clock, the demo's
 * Generate is written by the offline composer (no AI_* is set), and the persona of the day and the
 * live feed come from a persona its owner made public, with a post really published to a local PDS.
 */

const demoTab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(name) });
const selectedStep = async (page: Page) =>
  page
    .getByRole('tab', { selected: true })
    .getByText(/^(Design your persona|Generate content|Track growth)$/)
    .textContent();
const STEPS = ['Design your persona', 'Generate content', 'Track growth'];
const after = <T>(list: readonly T[], item: T) => list[(list.indexOf(item) + 1) % list.length] as T;

/** The landing with its lower sections loaded (they arrive in a second file) and its figures read. */
async function openLanding(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Questions, answered' })).toBeVisible();
  await expect(page.getByTestId('metrics')).toHaveAttribute('aria-busy', 'false');
}

test('the hero headline rotates every 3 seconds', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const word = page.getByTestId('hero-word');
  await expect(word).toHaveText(HERO_WORDS[0]);
  await pauseClock(page);
  const first = (await word.textContent()) as (typeof HERO_WORDS)[number];
  // Exactly one change in any 3 s.
  await page.clock.runFor(3000);
  await expect(word).toHaveText(after(HERO_WORDS, first));
  await page.clock.runFor(3000);
  await expect(word).toHaveText(after(HERO_WORDS, after(HERO_WORDS, first)));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Give your brand a voice with');
});

test('with reduced motion the hero word still changes, without its animation', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto('/');
  const word = page.getByTestId('hero-word');
  await expect(word).toHaveText(HERO_WORDS[0]);
  await pauseClock(page);
  const first = (await word.textContent()) as (typeof HERO_WORDS)[number];
  await page.clock.runFor(3000);
  await expect(word).toHaveText(after(HERO_WORDS, first));
  await expect(word).toHaveCSS('animation-name', 'none');
});

test('the demo advances every 5 seconds by itself, and stays on a step picked by hand', async ({ page }) => {
  await page.clock.install();
  await openLanding(page);
  await pauseClock(page);
  const first = (await selectedStep(page)) ?? '';
  await page.clock.runFor(5000);
  await expect.poll(() => selectedStep(page)).toBe(after(STEPS, first));
  await page.clock.runFor(5000);
  await expect.poll(() => selectedStep(page)).toBe(after(STEPS, after(STEPS, first)));

  await demoTab(page, 'Design your persona').click();
  await expect(demoTab(page, 'Design your persona')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('Step 1: Design your persona');
  await expect(page.getByRole('slider', { name: 'Humor' })).toHaveValue('75');
  await expect(page.getByRole('slider', { name: 'Sarcasm' })).toHaveValue('60');
  await page.clock.runFor(20_000);
  await expect(demoTab(page, 'Design your persona')).toHaveAttribute('aria-selected', 'true');
  // The keyboard moves between steps too.
  await demoTab(page, 'Design your persona').press('ArrowDown');
  await expect(demoTab(page, 'Generate content')).toHaveAttribute('aria-selected', 'true');
  await expect(demoTab(page, 'Generate content')).toBeFocused();
});

test("the demo's Generate writes a real sample in the sliders' voice", async ({ page }) => {
  await openLanding(page);
  await demoTab(page, 'Generate content').click();
  const sample = page.waitForResponse((r) => r.url().endsWith('/api/demo/sample'));
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const response = await sample;
  expect(response.request().postDataJSON()).toEqual({ traits: { humor: 75, sarcasm: 60 } });
  const body = (await response.json()) as { text: string; writer: string };
  expect(body.writer).toBe('offline');
  await expect(page.getByTestId('demo-sample')).toHaveText(body.text);
  await expect(page.getByRole('tabpanel')).toContainText('offline composer');
  // Step 3 charts what was really published, per platform.
  await demoTab(page, 'Track growth').click();
  await expect(page.getByTestId('platform-chart')).toContainText('Bluesky');
  await expect(page.getByTestId('platform-chart')).toContainText('Soon');
});

test('the FAQ keeps one answer open at a time', async ({ page }) => {
  await openLanding(page);
  const first = page.getByRole('button', { name: 'Does anything get posted without my say-so?' });
  const second = page.getByRole('button', { name: 'Which platforms can I post to?' });
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'Does anything get posted without my say-so?' })).toBeVisible();
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('region', { name: 'Which platforms can I post to?' })).toContainText(
    'X and Bluesky today',
  );
  await expect(page.getByRole('region', { name: 'Does anything get posted without my say-so?' })).toBeHidden();
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('region', { name: 'Questions, answered' }).getByRole('region')).toHaveCount(0);
});

test('the pricing shows the four plans, trials and the money-back guarantee', async ({ page }) => {
  await openLanding(page, '/#pricing');
  const plans = page.getByTestId('plan');
  await expect(plans).toHaveCount(4);
  await expect(plans.nth(0)).toContainText('Free Starter');
  await expect(plans.nth(0)).toContainText('$0');
  await expect(plans.nth(1)).toContainText('Most Popular');
  await expect(plans.nth(1)).toContainText('Best Value');
  await expect(plans.nth(1)).toContainText('$19');
  await expect(plans.nth(1)).toContainText('7-day free trial');
  await expect(plans.nth(2)).toContainText('$49');
  await expect(plans.nth(2)).toContainText('14-day free trial');
  await expect(plans.nth(3).getByRole('link', { name: 'Contact sales' })).toHaveAttribute('href', /^mailto:/);
  await expect(page.locator('#pricing')).toContainText('14-day money-back guarantee');
  await expect(page.locator('#pricing')).toBeInViewport();
});

test('signed in, the top bar shows the username, Dashboard and Sign Out', async ({ page }) => {
  const email = uniqueEmail('landing-top');
  await signIn(page, email);
  await page.goto('/');
  const bar = page.getByRole('banner');
  await expect(bar.getByText(email)).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Enter Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expectNoViolations(page);
  // At 375 px the signed-in bar folds into the menu too.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Sections (menu)' })).toBeVisible();
  await expectNoViolations(page);
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });
  await bar.getByRole('button', { name: 'Sign Out' }).click();
  await expect(bar.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Your Growth' })).toHaveAttribute('href', '/login');
});

test('under 768 px the top bar folds into a menu that Escape closes', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openLanding(page);
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(page.getByRole('navigation', { name: 'Sections', exact: true })).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('navigation', { name: 'Sections (menu)' });
  await expect(panel.getByRole('link', { name: 'Pricing' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Get Started' })).toBeVisible();
  await expectNoViolations(page);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await expect(panel).toBeHidden();
  // Following a link closes it too.
  await menu.click();
  await panel.getByRole('link', { name: 'Pricing' }).click();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page).toHaveURL(/#pricing$/);
});

test('the waitlist names the field for a bad e-mail, then joins once', async ({ page }) => {
  await openLanding(page);
  const form = page.getByRole('form', { name: 'Get Early Access' });
  const field = form.getByRole('textbox', { name: 'Email' });
  await field.fill('not-an-email');
  await form.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(form.getByRole('alert')).toHaveText(EMAIL_INVALID);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectNoViolations(page);

  const email = uniqueEmail('early');
  await field.fill(email);
  await form.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByTestId('waitlist-success')).toContainText('You’re on the list!');
  await expectNoViolations(page);

  // The same address again, in capitals: the list says it already has it.
  await openLanding(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByTestId('waitlist-success')).toContainText('You’re already on the list');
});

test('a persona made public in the editor is persona of the day, with its published post in the feed', {
  tag: '@database',
}, async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, uniqueEmail('landing-public'));
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', {
    name: 'Landing Lark',
    bio: 'Sings about shipping small things often.',
    setup_complete: true,
  });
  expect(persona.is_public).toBe(false);
  const account = await createBlueskyAccount('lark');
  await apiCall(page, 'POST', `/api/personas/${persona.id}/accounts/bluesky/app-password`, {
    handle: account.handle,
    appPassword: account.appPassword,
  });
  const content = `Small releases, often. Posted at ${Date.now()}`;
  await apiCall(page, 'POST', `/api/personas/${persona.id}/post`, { platform: 'bluesky', content });

  // Its owner turns on "Show on the Plume landing page" in the editor's Identity section.
  await page.goto(`/editor/${persona.id}`);
  const toggle = page.getByRole('switch', { name: 'Show on the Plume landing page' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await apiCall<Persona>(page, 'GET', `/api/personas/${persona.id}`)).is_public).toBe(true);

  await openLanding(page);
  const featured = page.getByTestId('persona-of-the-day');
  await expect(featured.getByRole('heading', { name: 'Landing Lark' })).toBeVisible();
  await expect(featured).toContainText('Sings about shipping small things often.');
  await expect(featured).toContainText(content);
  await expect(featured).toContainText('On Bluesky');
  await expect(featured.getByText('Posts', { exact: true }).locator('..')).toContainText('1');
  const post = page.getByTestId('feed-post').filter({ hasText: content });
  await expect(post).toContainText('Landing Lark');
  await expect(post.getByRole('link', { name: /View on Bluesky/ })).toHaveAttribute('href', /^https:\/\/bsky\.app\//);
  // Likes, reposts and engagement are not measured yet: no made-up zeros on the page.
  await expect(featured.locator('dt')).toHaveText(['Followers', 'Posts']);
  await expect(post).not.toContainText('likes');
  await expect(post).not.toContainText('reposts');
});

test('the policy pages render, linked from the footer', async ({ page }) => {
  await openLanding(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What we collect' })).toBeVisible();
  await expect(page).toHaveTitle('Privacy Policy — Plume');
  await expectNoViolations(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Plans, trials and refunds' })).toBeVisible();
  await expectNoViolations(page);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: /Support/ })).toHaveAttribute(
    'href',
    /^mailto:support@/,
  );
  // Loaded directly, with the spec's trailing slash.
  await page.goto('/terms-of-service/');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
});

for (const theme of ['dark', 'light'] as const) {
  test(`axe finds no violations on the landing page in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await openLanding(page);
    await expectNoViolations(page);
    await demoTab(page, 'Generate content').click();
    await expectNoViolations(page);
    await demoTab(page, 'Track growth').click();
    await expectNoViolations(page);
  });
}
