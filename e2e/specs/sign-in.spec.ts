import { expect, test } from '@playwright/test';
import { logOut, roleAccounts, signIn } from './fixtures.ts';

test('the root address opens the sign-in screen', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
});

for (const account of roleAccounts) {
  test(`${account.label} signs in and sees name and role`, async ({ page }) => {
    await signIn(page, account.email);
    await expect(page).toHaveURL(new RegExp(`${account.landing}$`));
    await expect(page.getByTestId('user-name')).toHaveText(account.name);
    await expect(page.getByTestId('role-badge')).toHaveText(account.label);
  });
}

test('a wrong password shows a clear error and keeps the person on the sign-in screen', async ({ page }) => {
  await signIn(page, 'student@skyline.test', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid e-mail or password.');
  await expect(page).toHaveURL(/\/login$/);
});

test('a protected page sends a signed-out person to sign in and back again', async ({ page }) => {
  await page.goto('/dashboard/students?tab=all');
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByLabel('E-mail').fill('orgadmin@skyline.test');
  await page.getByLabel('Password').fill('e2e-demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/students\?tab=all$/);
});

test('sign-out revokes the session: back on /login, and protected pages ask to sign in again', async ({ page, context }) => {
  await signIn(page, 'instructor@skyline.test');
  await expect(page.getByTestId('role-badge')).toHaveText('Instructor');
  const cookie = (await context.cookies()).find((entry) => entry.name === 'skylog.session_token');
  expect(cookie?.httpOnly).toBe(true);
  await logOut(page);
  await expect(page).toHaveURL(/\/login$/);
  // The old cookie no longer works on the server, even if replayed.
  await context.addCookies([cookie!]);
  const response = await page.request.get('/api/me');
  expect(response.status()).toBe(401);
});

test('a signed-in person opening /login goes to the flights page', async ({ page }) => {
  await signIn(page, 'student@skyline.test');
  await expect(page.getByTestId('role-badge')).toHaveText('Student');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
});
