import { expect, magicLinkFor, test, uniqueEmail } from './fixtures';

test('a new user signs up with a magic link and lands on the dashboard', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { name: 'Join Plume' })).toBeVisible();
  await expect(page.getByText('Create your account using a magic link')).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Check your email to confirm your account')).toBeVisible();

  await page.goto(await magicLinkFor(page, email));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Persona Dashboard' })).toBeVisible();
  await expect(page.getByText(`Welcome, ${email}!`)).toBeVisible();
});

test('a signed-out visit to a protected page returns there after sign-in', async ({ page }) => {
  const email = uniqueEmail('returning');
  await page.goto('/dashboard?from=bookmark');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByText('Enter your credentials to access your flight deck')).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Check your email for the magic link')).toBeVisible();

  await page.goto(await magicLinkFor(page, email));
  await expect(page).toHaveURL(/\/dashboard\?from=bookmark$/);
  await expect(page.getByRole('heading', { name: 'Persona Dashboard' })).toBeVisible();
});

test('signing in from the link in another tab brings the waiting tab along', async ({ page, context }) => {
  const email = uniqueEmail('twotabs');
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Check your email for the magic link')).toBeVisible();

  const mailTab = await context.newPage();
  await mailTab.goto(await magicLinkFor(mailTab, email));
  await expect(mailTab).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('closing the dialog goes back one page and forgets the e-mail', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign In' }).click();
  await page.getByLabel('Email Address').fill('someone@example.com');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByLabel('Email Address')).toHaveValue('');
});

test('the dialog switches between sign-in and sign-up', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'New to the product? Create your account →' }).click();
  await expect(page.getByRole('heading', { name: 'Join Plume' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Up', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Already have an account? Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('Google says it is unavailable and leads back to e-mail', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /Email.*Recommended/ })).toBeVisible();
  await page.getByRole('button', { name: /Google/ }).click();
  await expect(page.getByText('Please use email or X to authenticate instead')).toBeVisible();
  await page.getByRole('button', { name: 'Go to Email Sign In' }).click();
  await expect(page.getByLabel('Email Address')).toBeVisible();
});

test('X sign-in says when the server has no X credentials', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'X', exact: true }).click();
  await expect(page.getByText('Sign in with X is not configured on this server.', { exact: false })).toBeVisible();
});

test('an invalid e-mail is refused by the browser before anything is sent', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const valid = await page.getByLabel('Email Address').evaluate((el) => (el as HTMLInputElement).validity.valid);
  expect(valid).toBe(false);
  await expect(page.getByText('Check your email for the magic link')).toHaveCount(0);
});

test('an OAuth error in the URL says Authentication failed', async ({ page }) => {
  await page.goto('/?error=access_denied&error_description=The%20user%20cancelled');
  await expect(page.getByText('Authentication failed: The user cancelled')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a magic link used a second time explains itself and lets the user ask again', async ({ page, context }) => {
  const email = uniqueEmail('twice');
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const link = await magicLinkFor(page, email);
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard$/);

  const stranger = await context.browser()?.newContext();
  const other = await stranger?.newPage();
  if (!other) throw new Error('no second browser context');
  await other.goto(link);
  await expect(other).toHaveURL(/\/login\?error=/);
  await expect(other.getByRole('alert')).toHaveText(
    'This sign-in link has expired or was already used. Enter your email to get a new one.',
  );
  await expect(other.getByLabel('Email Address')).toBeVisible();
  await stranger?.close();
});
