import { limits, messages, type Role } from '@skylog/contracts';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { linkFrom, readLatestEmail, signIn } from './fixtures.ts';
import { tableRow, uniqueSuffix } from './people-helpers.ts';
import { adminApi, answerConfirmDialog, createInvitedAccount, sendFromApp, toast, uniqueEmail } from './shell-helpers.ts';

/** A fresh account of the demo school, its profile complete so the shell shows no modal by itself. */
async function createReadyAccount(role: Role, name: string, prefix: string) {
  const account = await createInvitedAccount('orgadmin@skyline.test', role, name, prefix);
  const api = await adminApi(account.email, account.password);
  try {
    const me = (await (await api.get('/api/me')).json()) as { skylog_id: string };
    const saved = await sendFromApp(api, `/api/users/${me.skylog_id}`, {
      method: 'PATCH',
      data: { name, phone: '+14155550123', program: '141' },
    });
    expect(saved.status(), await saved.text()).toBe(204);
    return { ...account, skylogId: me.skylog_id };
  } finally {
    await api.dispose();
  }
}

/** A second browser, signed in as the same person before the change. */
async function signInElsewhere(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  return { context, page };
}

async function expectSignedOut(page: Page) {
  expect((await page.request.get('/api/me')).status()).toBe(401);
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
}

function signInSection(page: Page) {
  return page.getByRole('dialog', { name: 'Update Profile' }).getByRole('region', { name: 'Sign-in' });
}

async function openSignInSection(page: Page) {
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(signInSection(page)).toBeVisible();
}

test('a person changes their sign-in e-mail with their password; the link from the new address confirms it and ends their other sessions', async ({
  page,
  browser,
}) => {
  // Three browsers and two e-mails: past the default 30 s when the machine is busy (it timed out once in CI).
  test.setTimeout(60_000);
  const account = await createReadyAccount('student', `Ezra Mover ${uniqueSuffix()}`, 'email-change');
  const newEmail = uniqueEmail('email-changed');
  const elsewhere = await signInElsewhere(browser, account.email, account.password);

  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  await openSignInSection(page);
  const section = signInSection(page);
  await section.getByRole('button', { name: 'Change e-mail' }).click();
  const form = section.getByRole('form', { name: 'Change e-mail' });
  await form.getByLabel('New e-mail').fill(newEmail);
  // The current password proves it is the owner asking.
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByText(messages.wrongPassword)).toBeVisible();
  await expect(form.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Current password').fill(account.password);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(
    section.getByText(`We sent a confirmation link to ${newEmail}. Your sign-in e-mail changes when you open it.`),
  ).toBeVisible();

  // Nothing changes until the new address answers: the other browser is still signed in.
  expect(await (await elsewhere.page.request.get('/api/me')).json()).toMatchObject({ email: account.email });
  const mail = await readLatestEmail(newEmail);
  expect(mail.subject).toBe('Confirm your new Skylog sign-in e-mail');

  // The link opens wherever the new mailbox is read, without a session.
  const mailbox = await browser.newContext();
  const mailboxPage = await mailbox.newPage();
  await mailboxPage.goto(linkFrom(mail.text, '/auth/confirm?email_change_token='));
  await expect(mailboxPage.getByText(`Your sign-in e-mail is now ${newEmail}. Sign in with it.`)).toBeVisible();
  // A second opening finds the link spent.
  await mailboxPage.reload();
  await expect(mailboxPage.getByRole('alert')).toHaveText(messages.emailChangeInvalid);

  // The old address is told.
  await expect.poll(async () => (await readLatestEmail(account.email)).subject).toBe('Your Skylog sign-in e-mail was changed');
  expect((await readLatestEmail(account.email)).text).toContain(newEmail);

  // The other browser is signed out; the one that asked keeps its session and shows the new address.
  await expectSignedOut(elsewhere.page);
  await page.reload();
  await openSignInSection(page);
  await expect(page.getByTestId('profile-email')).toHaveText(newEmail);

  // Only the new address signs in now.
  await signIn(mailboxPage, account.email, account.password);
  await expect(mailboxPage.getByRole('alert')).toHaveText(messages.signInFailed);
  await signIn(mailboxPage, newEmail, account.password);
  await expect(mailboxPage).toHaveURL(/\/dashboard\/flights$/);
  await expect(mailboxPage.getByTestId('user-name')).toHaveText(account.name);

  await elsewhere.context.close();
  await mailbox.close();
});

test('changing the password signs the person out everywhere else; the new password signs in', async ({ page, browser }) => {
  const account = await createReadyAccount('instructor', `Pax Rotate ${uniqueSuffix()}`, 'password-change');
  const newPassword = 'rotated-password-2';
  const elsewhere = await signInElsewhere(browser, account.email, account.password);

  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  await openSignInSection(page);
  const section = signInSection(page);
  await section.getByRole('button', { name: 'Change password' }).click();
  const form = section.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill(account.password);
  // The same rules as registration, while typing.
  await form.getByLabel('New password', { exact: true }).fill('short');
  await expect(form.getByText(`Password must be at least ${limits.passwordMinLength} characters`)).toBeVisible();
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Repeat new password').fill(newPassword);
  await form.getByRole('button', { name: 'Save new password' }).click();
  await expect(section.getByText('Password changed. You are signed out everywhere else.')).toBeVisible();

  await expectSignedOut(elsewhere.page);
  // This browser stays signed in.
  expect((await page.request.get('/api/me')).status()).toBe(200);

  await signIn(elsewhere.page, account.email, account.password);
  await expect(elsewhere.page.getByRole('alert')).toHaveText(messages.signInFailed);
  await signIn(elsewhere.page, account.email, newPassword);
  await expect(elsewhere.page).toHaveURL(/\/dashboard\/flights$/);
  await elsewhere.context.close();
});

test("an instructor's Students list and student pages offer Edit and Delete only for their own students", async ({ page }) => {
  const suffix = uniqueSuffix();
  const instructor = await createReadyAccount('instructor', `Ivy Teach ${suffix}`, 'own-instructor');
  const own = await createReadyAccount('student', `Owen Own ${suffix}`, 'own-student');
  const other = await createReadyAccount('student', `Olga Other ${suffix}`, 'other-student');
  const admin = await adminApi('orgadmin@skyline.test');
  try {
    const linked = await sendFromApp(admin, '/api/student-instructor', {
      method: 'POST',
      data: [{ instructor: instructor.skylogId, student: own.skylogId }],
    });
    expect(linked.ok(), await linked.text()).toBe(true);
  } finally {
    await admin.dispose();
  }

  await signIn(page, instructor.email, instructor.password);
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  await page.goto('/dashboard/students');
  await page.getByLabel('Search students').fill(suffix);
  await expect(page.getByTestId('table-total')).toHaveText('2 in total');
  const ownRow = tableRow(page, 'Students', own.email);
  const otherRow = tableRow(page, 'Students', other.email);
  await expect(ownRow.getByRole('button', { name: `Edit ${own.name}` })).toBeVisible();
  await expect(ownRow.getByRole('button', { name: `Delete ${own.name}` })).toBeVisible();
  await expect(otherRow).toBeVisible();
  await expect(otherRow.getByRole('button')).toHaveCount(0);

  // Edit opens the profile form for the own student.
  await ownRow.getByRole('button', { name: `Edit ${own.name}` }).click();
  const editor = page.getByRole('dialog', { name: 'Edit profile' });
  await editor.getByLabel('License Number').fill('SPL 4242');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await expect(editor).toBeHidden();

  // The student pages follow the same answers.
  await page.getByRole('link', { name: other.name }).click();
  await expect(page.getByRole('heading', { name: other.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile' }).getByRole('button')).toHaveCount(0);
  await page.goBack();
  await page.getByLabel('Search students').fill(suffix);
  await page.getByRole('link', { name: own.name }).click();
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByText('SPL 4242')).toBeVisible();
  await expect(profile.getByRole('button', { name: `Edit ${own.name}` })).toBeVisible();
  await profile.getByRole('button', { name: `Delete ${own.name}` }).click();
  await answerConfirmDialog(page, `Delete ${own.name}?`, 'Delete');
  await expect(toast(page, `${own.name} was deleted`)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/students$/);
  await page.getByLabel('Search students').fill(suffix);
  await expect(page.getByTestId('table-total')).toHaveText('1 in total');
});
