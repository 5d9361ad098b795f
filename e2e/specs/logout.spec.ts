import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { readTimeline, recordTimeline, timeOf, toast } from './shell-helpers.ts';

const checkoutKeys = ['temporaryPriceId', 'temporaryCoupon', 'temporaryOrgId'] as const;

async function storeCheckoutValues(page: Page) {
  await page.evaluate((keys) => {
    for (const key of keys) localStorage.setItem(key, `e2e-${key}`);
  }, checkoutKeys);
}

async function readCheckoutValues(page: Page) {
  return page.evaluate((keys) => keys.map((key) => localStorage.getItem(key)), checkoutKeys);
}

test('the thin strip reads Hover Here To Log Out and expands into a Logout button on hover', async ({ page }) => {
  await signIn(page, 'instructor@skyline.test');
  const strip = page.getByTestId('logout-strip');
  await expect(strip.getByText('Hover Here To Log Out', { exact: true })).toBeVisible();
  await expect(strip.getByRole('button', { name: 'Logout' })).toBeHidden();
  await strip.hover();
  await expect(strip.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(strip.getByText('Hover Here To Log Out', { exact: true })).toBeHidden();
  // Moving away folds it back into the strip.
  await page.getByRole('main').hover();
  await expect(strip.getByRole('button', { name: 'Logout' })).toBeHidden();
  await expect(strip.getByText('Hover Here To Log Out', { exact: true })).toBeVisible();
});

test('Logout goes to /login and removes the stored temporary price id, coupon and org id', async ({ page }) => {
  await signIn(page, 'instructor@skyline.test');
  await expect(page.getByTestId('role-badge')).toHaveText('Instructor');
  // Stored after the shell has opened (the paid gate clears them when it opens).
  await storeCheckoutValues(page);
  expect(await readCheckoutValues(page)).toEqual(checkoutKeys.map((key) => `e2e-${key}`));
  await page.getByTestId('logout-strip').hover();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await readCheckoutValues(page)).toEqual([null, null, null]);
  // The session is gone: a protected page asks to sign in again.
  await page.goto('/dashboard/flights');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fflights$/);
});

test('a failing sign-out retries 3 times, 1000 ms apart, then says it failed', async ({ page }) => {
  test.setTimeout(45_000);
  await recordTimeline(page);
  await signIn(page, 'instructor@skyline.test');
  await expect(page.getByTestId('role-badge')).toHaveText('Instructor');
  let attempts = 0;
  await page.route('**/api/auth/sign-out', async (route) => {
    attempts += 1;
    await route.abort();
  });
  await page.getByTestId('logout-strip').hover();
  await page.getByRole('button', { name: 'Logout' }).click();

  await expect(toast(page, 'Logout failed. Retrying... (1/3)')).toBeVisible();
  await expect(toast(page, 'Logout failed. Retrying... (2/3)')).toBeVisible();
  await expect(toast(page, 'Logout failed. Retrying... (3/3)')).toBeVisible();
  await expect(toast(page, 'Failed to logout. Please try again later.')).toBeVisible();
  // Still signed in, on the same page; the first attempt plus 3 retries reached the network.
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  await expect(page.getByTestId('user-name')).toHaveText('Iris Calder');
  expect(attempts).toBe(4);

  const timeline = await readTimeline(page);
  const times = [
    timeOf(timeline, 'shown', '(1/3)'),
    timeOf(timeline, 'shown', '(2/3)'),
    timeOf(timeline, 'shown', '(3/3)'),
    timeOf(timeline, 'shown', 'Failed to logout. Please try again later.'),
  ];
  for (let index = 1; index < times.length; index += 1) {
    const gap = times[index]! - times[index - 1]!;
    expect(gap, `gap before toast ${index + 1}`).toBeGreaterThanOrEqual(950);
    expect(gap, `gap before toast ${index + 1}`).toBeLessThan(1600);
  }
  // Nothing else was said: no fourth retry message.
  expect(timeline.filter((entry) => entry.kind === 'shown' && entry.value.includes('Retrying')).map((entry) => entry.value)).toEqual([
    'Logout failed. Retrying... (1/3)',
    'Logout failed. Retrying... (2/3)',
    'Logout failed. Retrying... (3/3)',
  ]);
});

test('a sign-out answered with 500 is retried and the retry signs out', async ({ page }) => {
  await signIn(page, 'instructor@skyline.test');
  await expect(page.getByTestId('role-badge')).toHaveText('Instructor');
  let attempts = 0;
  await page.route('**/api/auth/sign-out', async (route) => {
    attempts += 1;
    if (attempts === 1) await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' });
    else await route.continue();
  });
  await page.getByTestId('logout-strip').hover();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logout failed. Retrying... (1/3)')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(attempts).toBe(2);
  await expect(toast(page, 'Logout failed. Retrying... (2/3)')).toHaveCount(0);
  await expect(toast(page, 'Failed to logout. Please try again later.')).toHaveCount(0);
});
