import { accountMessages, limits, twoFactorLockedMessage, type Role } from '@skylog/contracts';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { totpCode } from '../../apps/server/test/support/totp.ts';
import { authenticatorKeys, linkFrom, logOut, nextTextedCode, passSecondStep, readLatestEmail, signIn } from './fixtures.ts';
import {
  adminApi,
  createInvitedAccount,
  enrolAuthenticatorThroughApi,
  sendFromApp,
  toast,
  topBarAvatar,
  uniqueEmail,
} from './shell-helpers.ts';

/** A school registered through the public form and confirmed from the outbox; answers its owner (profile complete). */
async function registerSchool(schoolName: string) {
  const email = uniqueEmail('policy-owner');
  const password = 'owner-password-1';
  const api = await playwrightRequest.newContext({ baseURL: process.env.E2E_APP_URL });
  const registered = await sendFromApp(api, '/api/registration/school', {
    method: 'POST',
    data: { school_name: schoolName, name: 'Olga Owner', email, password },
  });
  expect(registered.status(), await registered.text()).toBe(202);
  const token = new URL(linkFrom((await readLatestEmail(email)).text, '/auth/confirm?token='), 'http://x').searchParams.get('token')!;
  expect((await api.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)).ok()).toBe(true);
  await api.dispose();
  const own = await adminApi(email, password);
  const me = (await (await own.get('/api/me')).json()) as { skylog_id: string };
  expect(
    (await sendFromApp(own, `/api/users/${me.skylog_id}`, { method: 'PATCH', data: { phone: '+14155550166', program: '141' } })).status(),
  ).toBe(204);
  await own.dispose();
  return { email, password };
}

/** A person invited with `inviter`'s session and registered through the invitation link (the API, not the form). */
async function invitePerson(inviter: APIRequestContext, role: Role, name: string) {
  const email = uniqueEmail('policy-person');
  const password = 'person-password-1';
  expect((await sendFromApp(inviter, '/api/invitations', { method: 'POST', data: { email, user_type: role } })).status()).toBe(201);
  const token = new URL(linkFrom((await readLatestEmail(email)).text, '/auth/user-registration?token='), 'http://x').searchParams.get(
    'token',
  )!;
  expect((await sendFromApp(inviter, '/api/registration/accept', { method: 'POST', data: { token, name, password } })).ok()).toBe(true);
  return { email, password };
}

/** A new person of the demo school whose profile is complete, so no Update Profile modal covers the page. */
async function newPerson(role: 'instructor' | 'super_admin', name: string) {
  const inviter = role === 'super_admin' ? 'superadmin@skyline.test' : 'orgadmin@skyline.test';
  const account = await createInvitedAccount(inviter, role, name, role === 'super_admin' ? 'new-super' : 'two-step');
  // A super admin completes the profile after the authenticator app: until then only Account security opens.
  if (role === 'super_admin') return account;
  const api = await adminApi(account.email, account.password);
  const me = (await (await api.get('/api/me')).json()) as { skylog_id: string };
  const patch = await sendFromApp(api, `/api/users/${me.skylog_id}`, {
    method: 'PATCH',
    data: { name, phone: '+14155550188', program: '141' },
  });
  expect(patch.status()).toBe(204);
  await api.dispose();
  return account;
}

/** Account security from the profile, as people reach it. */
async function openAccountSecurity(page: Page) {
  await topBarAvatar(page).click();
  await page.getByRole('link', { name: /Account security/ }).click();
  await expect(page.getByRole('heading', { name: 'Account security', level: 1 })).toBeVisible();
}

/** Adds an authenticator app on the screen, reading its key as a person types it into their app. */
async function addAuthenticator(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Add an authenticator app' });
  await form.getByLabel('Name of the app or phone').fill('Pixel in my flight bag');
  await form.getByLabel('Current password').fill(password);
  await form.getByRole('button', { name: 'Add an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible();
  const key = (await page.getByTestId('authenticator-key').innerText()).replaceAll(' ', '');
  const recoveryCodes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
  expect(recoveryCodes).toHaveLength(limits.recoveryCodeCount);
  await page.getByLabel(/digit code the app shows/).fill(totpCode(key));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(toast(page, 'Two-step sign-in is on')).toBeVisible();
  authenticatorKeys.set(email.toLowerCase(), key);
  return { key, recoveryCodes };
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Two-step sign-in' })).toBeVisible();
}

/** The password, then one recovery code instead of the app's code. */
async function signInWithRecoveryCode(page: Page, account: { email: string; password: string }, code: string) {
  await passwordStep(page, account.email, account.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Six digits the app shows at none of the three steps it is taken at (now, one before, one after). */
function notTheCode(key: string): string {
  const valid = new Set([-1, 0, 1].map((offset) => totpCode(key, offset)));
  let candidate = Number(totpCode(key));
  while (valid.has(String(candidate).padStart(6, '0'))) candidate = (candidate + 1) % 1_000_000;
  return String(candidate).padStart(6, '0');
}

test.describe('two-step sign-in', () => {
  test('a person adds an authenticator app, signs in with its code, then once with a recovery code', async ({ page }) => {
    const account = await newPerson('instructor', 'Tess Twostep');
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard\/flights$/);
    await openAccountSecurity(page);
    const { key, recoveryCodes } = await addAuthenticator(page, account.email, account.password);
    await expect(page.getByText('Pixel in my flight bag')).toBeVisible();
    await expect(page.getByText(`${limits.recoveryCodeCount} recovery codes left`)).toBeVisible();

    await logOut(page);
    // The password alone is not enough now.
    await passwordStep(page, account.email, account.password);
    await page.getByLabel('Authenticator code').fill(notTheCode(key));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(accountMessages.twoFactorCodeWrong)).toBeVisible();
    await passSecondStep(page, key);
    await expect(page).toHaveURL(/\/dashboard\/flights$/);

    await logOut(page);
    await signInWithRecoveryCode(page, account, recoveryCodes[0]!);
    await expect(page).toHaveURL(/\/dashboard\/flights$/);

    await logOut(page);
    await signInWithRecoveryCode(page, account, recoveryCodes[0]!);
    await expect(page.getByText(accountMessages.recoveryCodeWrong)).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('a person adds a phone, confirms it with the texted code, then signs in with a code sent by text message', async ({ page }) => {
    const account = await newPerson('instructor', 'Petra Phone');
    const number = '+447700900' + String(Date.now() % 1000).padStart(3, '0');
    await signIn(page, account.email, account.password);
    await openAccountSecurity(page);
    const add = page.getByRole('form', { name: 'Add a phone' });
    await add.getByLabel('Mobile number, with its country code').fill('07700 900123');
    await add.getByLabel('Current password').fill(account.password);
    await add.getByRole('button', { name: 'Add the phone' }).click();
    await expect(add.getByText(accountMessages.phoneInvalid)).toBeVisible();
    await add.getByLabel('Mobile number, with its country code').fill(`${number.slice(0, 3)} ${number.slice(3, 7)} ${number.slice(7)}`);
    await add.getByRole('button', { name: 'Add the phone' }).click();

    const hint = `•••• ${number.slice(-4)}`;
    await page.getByRole('button', { name: `Send a code to ${hint}` }).click();
    const confirm = page.getByRole('form', { name: 'Confirm the phone' });
    await expect(confirm.getByText(`We sent a code to ${hint}`)).toBeVisible();
    const code = await nextTextedCode(number, 0);
    await confirm.getByLabel(/digit code in the text message/).fill(code === '000000' ? '111111' : '000000');
    await confirm.getByRole('button', { name: 'Confirm the phone' }).click();
    await expect(confirm.getByText(accountMessages.phoneCodeWrong)).toBeVisible();
    await confirm.getByLabel(/digit code in the text message/).fill(code);
    await confirm.getByRole('button', { name: 'Confirm the phone' }).click();
    await expect(toast(page, 'Text message codes are on')).toBeVisible();
    await expect(page.getByText(`Text message to ${hint}`)).toBeVisible();

    await logOut(page);
    await passwordStep(page, account.email, account.password);
    // The phone is the only way: no authenticator app or recovery code is offered.
    await expect(page.getByText(`We can text a 6-digit code to ${hint}.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use a recovery code instead' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await expect(page.getByText(`We sent a code to ${hint}`)).toBeVisible();
    await page.getByLabel('Code from the text message').fill(await nextTextedCode(number, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard\/flights$/);
  });

  test('five wrong codes make the account wait, and say so', async ({ page }) => {
    const account = await newPerson('instructor', 'Wade Waiting');
    const api = await adminApi(account.email, account.password);
    const key = await enrolAuthenticatorThroughApi(api, account.email, account.password);
    await api.dispose();
    await passwordStep(page, account.email, account.password);
    const wrong = notTheCode(key);
    for (let attempt = 0; attempt < limits.twoFactorMaxFailures; attempt += 1) {
      await page.getByLabel('Authenticator code').fill(wrong);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByText(accountMessages.twoFactorCodeWrong)).toBeVisible();
    }
    // A right code the set-up did not use (the next step's): the wait applies to it too.
    await page.getByLabel('Authenticator code').fill(totpCode(key, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(twoFactorLockedMessage(limits.twoFactorLockMinutes))).toBeVisible();
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });

  test('a new super admin is held at Account security until an authenticator app is set up', async ({ page }) => {
    const account = await newPerson('super_admin', 'Hal Heldback');
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(
      page.getByText('Set up an authenticator app to continue: your account must sign in with one (a text message is not enough).'),
    ).toBeVisible();
    await page.goto('/dashboard/overview');
    await expect(page).toHaveURL(/\/account\/security$/);

    await addAuthenticator(page, account.email, account.password);
    // Required for super admins: there is no Remove.
    await expect(page.getByRole('button', { name: 'Remove', exact: true })).toHaveCount(0);
    await page.goto('/dashboard/overview');
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
  });

  test("an org admin requires an authenticator app of the school's administrators; one without it is held", async ({ page, browser }) => {
    // A school of the test's own: the requirement would hold the demo school's admins in other specs.
    const owner = await registerSchool('Policy Flight School');
    const ownerApi = await adminApi(owner.email, owner.password);
    await enrolAuthenticatorThroughApi(ownerApi, owner.email, owner.password);
    const secondary = await invitePerson(ownerApi, 'admin_secondary', 'Sasha Second');
    await ownerApi.dispose();

    await signIn(page, owner.email, owner.password);
    await page.goto('/configuration/admin');
    const policy = page.getByRole('form', { name: 'Two-step sign-in for administrators' });
    await policy.getByLabel("Require an authenticator app of this organization's administrators").check();
    await policy.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Two-step sign-in is now required of administrators')).toBeVisible();

    const other = await browser.newContext();
    const secondaryPage = await other.newPage();
    await signIn(secondaryPage, secondary.email, secondary.password);
    await expect(secondaryPage).toHaveURL(/\/account\/security$/);
    await expect(secondaryPage.getByText('Set up an authenticator app to continue')).toBeVisible();
    await other.close();
  });

  test('the sessions list signs out another browser, which is signed out at once', async ({ page, browser }) => {
    const account = await newPerson('instructor', 'Sid Sessions');
    const other = await signedInElsewhere(browser, account.email, account.password);
    await signIn(page, account.email, account.password);
    await openAccountSecurity(page);
    // This browser, the other one, and the API session that completed the profile.
    const sessions = page.getByRole('list', { name: 'Your sessions' }).getByRole('listitem');
    await expect(sessions).toHaveCount(3);
    await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1);
    await expect(sessions.first()).toContainText('Chrome on Linux');

    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(toast(page, 'Signed out everywhere else')).toBeVisible();
    await expect(sessions).toHaveCount(1);
    expect((await other.request.get('/api/me')).status()).toBe(401);
    expect((await page.request.get('/api/me')).status()).toBe(200);
    await other.close();
  });
});

async function signedInElsewhere(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  return context;
}
