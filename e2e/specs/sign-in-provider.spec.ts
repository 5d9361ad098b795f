import { accountMessages } from '@skylog/contracts';
import { expect, test, type Page } from '@playwright/test';
import { adminApi, createInvitedAccount, sendFromApp, uniqueEmail } from './shell-helpers.ts';

/**
 * "Sign in with …" through the whole redirect flow, against a real OpenID Connect provider
 * (oidc-provider, started by playwright.config.ts) whose own login page takes the e-mail as the login.
 */
async function signInAtProvider(page: Page, login: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Skyline SSO' }).click();
  // The provider's own pages (its development login and consent screens).
  await page.waitForURL((url) => url.port !== new URL(process.env.E2E_APP_URL!).port);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password: the provider checks it, not Skylog');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.describe('sign-in with a provider', () => {
  test('an invited person signs in through the provider account of their e-mail, and sees it connected', async ({ page }) => {
    const account = await createInvitedAccount('orgadmin@skyline.test', 'instructor', 'Sol Singlesign', 'sso');
    await signInAtProvider(page, account.email);
    await expect(page).toHaveURL(/\/dashboard\/flights$/);
    expect((await (await page.request.get('/api/me')).json()).email).toBe(account.email);

    await page.goto('/account/security');
    const connected = page.getByRole('list', { name: 'Connected accounts' });
    await expect(connected).toContainText('Skyline SSO');
  });

  test('someone invited but not registered yet joins through the provider account of the invited e-mail', async ({ page }) => {
    const email = uniqueEmail('sso-invitee');
    const admin = await adminApi('orgadmin@skyline.test');
    expect((await sendFromApp(admin, '/api/invitations', { method: 'POST', data: { email, user_type: 'instructor' } })).status()).toBe(201);
    await signInAtProvider(page, email);
    await expect(page).toHaveURL(/\/dashboard\/flights$/);
    const me = (await (await page.request.get('/api/me')).json()) as { email: string; user_type: string; org: { name: string } };
    expect(me).toMatchObject({ email, user_type: 'instructor', org: { name: 'Skyline Flight Academy' } });
    // The invitation is used: the school's list of open invitations no longer holds it.
    const open = (await (await admin.get('/api/invitations')).json()) as { items: Array<{ email: string }> };
    expect(open.items.map((invitation) => invitation.email)).not.toContain(email);
  });

  test('an e-mail the provider has not verified is refused with a reason, and no one is signed in', async ({ page }) => {
    const account = await createInvitedAccount('orgadmin@skyline.test', 'student', 'Una Unverified', 'sso-unverified');
    // The person's own address, but the provider says it has not verified it.
    await signInAtProvider(page, `unverified:${account.email}`);
    await expect(page).toHaveURL(/\/login\?error=account_not_linked$/);
    await expect(page.getByRole('alert')).toHaveText(accountMessages.providerEmailNotVerified);
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });

  test('a sign-in that comes back with a state Skylog did not send is refused, and no one is signed in', async ({ page }) => {
    const account = await createInvitedAccount('orgadmin@skyline.test', 'student', 'Stan State', 'sso-state');
    // Tamper with the way back. The browser follows the provider's redirects itself, so the consent form's
    // answer is fetched here, its two redirects followed, and the way back to Skylog given another state.
    await page.route('**/interaction/**', async (route) => {
      if (route.request().method() !== 'POST' || !route.request().postData()?.includes('prompt=consent')) return route.continue();
      const consented = await route.fetch({ maxRedirects: 0 });
      const resumed = await page.request.get(new URL(consented.headers().location!, route.request().url()).toString(), { maxRedirects: 0 });
      const back = new URL(resumed.headers().location!);
      expect(back.pathname).toBe('/api/auth/callback/oidc');
      back.searchParams.set('state', 'not-the-state-skylog-sent');
      await route.fulfill({ status: 302, headers: { location: back.toString() } });
    });
    await signInAtProvider(page, account.email);
    await expect(page).toHaveURL(/\/login\?error=/);
    await expect(page.getByRole('alert')).toHaveText(accountMessages.providerSignInExpired);
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });
});
