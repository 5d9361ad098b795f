import { messages } from '@skylog/contracts';
import { expect, test, type Page } from '@playwright/test';
import { demoPassword, linkFrom, logOut, readLatestEmail, signIn } from './fixtures.ts';
import { createInvitedAccount, demoSchoolName, sendFromApp } from './shell-helpers.ts';

test('an invited instructor registers from the e-mail link and lands signed in', async ({ page, browser }) => {
  // The org admin invites through the API with their own session (the Admin screen comes later).
  await signIn(page, 'orgadmin@skyline.test');
  await expect(page.getByTestId('role-badge')).toHaveText('Org Admin');
  const invited = `new.instructor.${Date.now()}@skyline.test`;
  const response = await sendFromApp(page.request, '/api/invitations', {
    method: 'POST',
    data: { email: invited, user_type: 'instructor' },
  });
  expect(response.status()).toBe(201);

  const mail = await readLatestEmail(invited);
  const link = linkFrom(mail.text, '/auth/user-registration?token=');
  const invitee = await browser.newPage();
  await invitee.goto(link);
  await expect(invitee.getByText(`with the e-mail address ${invited}`)).toBeVisible();
  await invitee.getByLabel('Name').fill('Quinn Harper');
  await invitee.getByLabel('Password', { exact: true }).fill('quinn-password-1');
  await invitee.getByLabel('Repeat password').fill('quinn-password-1');
  await invitee.getByRole('button', { name: 'Create account' }).click();
  await expect(invitee).toHaveURL(/\/dashboard\/flights$/);
  await expect(invitee.getByTestId('user-name')).toHaveText('Quinn Harper');
  await expect(invitee.getByTestId('role-badge')).toHaveText('Instructor');
  await invitee.close();
});

test('a new school registers, confirms its e-mail through /auth/confirm, then signs in as Org Admin', async ({ page }) => {
  const email = `chief.${Date.now()}@newschool.test`;
  await page.goto('/auth/user-registration');
  await page.getByLabel('School name').fill('Bluebird Aero Club');
  await page.getByLabel('Your name').fill('Casey Bluebird');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('bluebird-password');
  await page.getByLabel('Repeat password').fill('bluebird-password');
  await page.getByRole('button', { name: 'Register school' }).click();
  await expect(page.getByText(messages.schoolRegistrationAccepted)).toBeVisible();
  await expect(page.getByTestId('registration-email')).toHaveText(email);

  await signIn(page, email, 'bluebird-password');
  await expect(page.getByRole('alert')).toHaveText('Please verify your e-mail address first: we sent you a link.');

  const mail = await readLatestEmail(email);
  await page.goto(linkFrom(mail.text, '/auth/confirm?token='));
  await expect(page.getByText('Your e-mail address is confirmed. You can sign in now.')).toBeVisible();

  await signIn(page, email, 'bluebird-password');
  await expect(page.getByTestId('role-badge')).toHaveText('Org Admin');
  await expect(page.getByTestId('organization-name')).toHaveText('Bluebird Aero Club');
});

test('registering a school with an address that already has an account answers the same, and only its owner learns why', async ({
  page,
}) => {
  const existing = await createInvitedAccount('orgadmin@skyline.test', 'student', 'Rhea Taken', 'school-taken');
  await page.goto('/auth/user-registration');
  await page.getByLabel('School name').fill('Copycat Flyers');
  await page.getByLabel('Your name').fill('Someone Else');
  await page.getByLabel('E-mail').fill(existing.email);
  await page.getByLabel('Password', { exact: true }).fill('copycat-password');
  await page.getByLabel('Repeat password').fill('copycat-password');
  await page.getByRole('button', { name: 'Register school' }).click();
  await expect(page.getByText(messages.schoolRegistrationAccepted)).toBeVisible();
  await expect(page.getByTestId('registration-email')).toHaveText(existing.email);

  await expect
    .poll(async () => (await readLatestEmail(existing.email)).subject)
    .toBe('Someone tried to register a Skylog school with your address');
  // The account is untouched: its own password still signs in, to its own school.
  await signIn(page, existing.email, existing.password);
  await expect(page.getByTestId('role-badge')).toHaveText('Student');
  await expect(page.getByTestId('organization-name')).toHaveText(demoSchoolName);
});

async function resetPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('a reset link is on its way')).toBeVisible();

  const mail = await readLatestEmail(email);
  await page.goto(linkFrom(mail.text, '/auth/reset-password?token='));
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat new password').fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
}

test('a forgotten password is reset through the e-mailed link', async ({ page }) => {
  await resetPassword(page, 'priya.shah@skyline.test', 'brand-new-password');
  await signIn(page, 'priya.shah@skyline.test', 'brand-new-password');
  await expect(page.getByTestId('role-badge')).toHaveText('Student');
  // Specs share one server: give the demo account its password back.
  await logOut(page);
  await resetPassword(page, 'priya.shah@skyline.test', demoPassword);
});
