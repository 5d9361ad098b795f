import { expect, test, type Page } from '@playwright/test';
import { linkFrom, readLatestEmail, signIn } from './fixtures.ts';
import { registerFromLink, tableRow, uniqueSuffix } from './people-helpers.ts';
import { createInvitedAccount, invite, toast, uniqueEmail } from './shell-helpers.ts';

const accountDeactivated = 'This account is deactivated. Ask your administrator to reactivate it.';
const invitationInvalid = 'This invitation link is invalid or has expired. Ask your administrator for a new one.';

async function openAdminFor(page: Page, email: string) {
  await page.goto('/configuration/admin');
  await page.getByLabel('Search people').fill(email);
  await expect(page.getByTestId('table-total')).toHaveText('1 in total');
  return tableRow(page, 'Users', email);
}

test("an org admin changes a fresh account's role, deactivates it (its sign-in is refused) and reactivates it", async ({ page, browser }) => {
  test.setTimeout(45_000);
  const person = await createInvitedAccount('orgadmin@skyline.test', 'student', `Rory Rolechange ${uniqueSuffix()}`, 'admin.role');

  // The person is signed in as a student.
  const personContext = await browser.newContext();
  const personPage = await personContext.newPage();
  await signIn(personPage, person.email, person.password);
  await expect(personPage.getByTestId('role-badge')).toHaveText('Student');

  await signIn(page, 'orgadmin@skyline.test');
  await expect(page.getByTestId('role-badge')).toHaveText('Org Admin');
  const row = await openAdminFor(page, person.email);
  await expect(row).toContainText(person.name);
  const role = row.getByRole('combobox', { name: `Role of ${person.name}` });
  await expect(role).toHaveValue('student');

  await role.selectOption({ label: 'Instructor' });
  await expect(toast(page, `${person.name} is now Instructor`)).toBeVisible();
  await expect(role).toHaveValue('instructor');

  // The role change signed the person out; signing in again gives the new role.
  await personPage.reload();
  await expect(personPage).toHaveURL(/\/login/);
  await signIn(personPage, person.email, person.password);
  await expect(personPage.getByTestId('role-badge')).toHaveText('Instructor');

  // Deactivate: the open session ends and a new sign-in is refused with the reason.
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, `${person.name} deactivated`)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Reactivate' })).toBeVisible();
  await personPage.reload();
  await expect(personPage).toHaveURL(/\/login/);
  await signIn(personPage, person.email, person.password);
  await expect(personPage.getByRole('alert')).toHaveText(accountDeactivated);
  await expect(personPage).toHaveURL(/\/login/);

  // Reactivate: signing in works again.
  await row.getByRole('button', { name: 'Reactivate' }).click();
  await expect(toast(page, `${person.name} reactivated`)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Deactivate' })).toBeVisible();
  await signIn(personPage, person.email, person.password);
  await expect(personPage).toHaveURL(/\/dashboard\/flights$/);
  await expect(personPage.getByTestId('role-badge')).toHaveText('Instructor');
  await personContext.close();
});

test('an org admin resends an open invitation: the new e-mailed link registers, the old one is refused', async ({ page, browser }) => {
  const email = uniqueEmail('admin.resend');
  const oldLink = await invite('orgadmin@skyline.test', email, 'student');

  await signIn(page, 'orgadmin@skyline.test');
  await expect(page.getByTestId('role-badge')).toHaveText('Org Admin');
  await page.goto('/configuration/admin');
  const invitation = page.getByRole('region', { name: 'Open invitations' }).getByRole('listitem').filter({ hasText: email });
  await expect(invitation).toContainText(`${email} · Student · until`);
  await invitation.getByRole('button', { name: 'Resend' }).click();
  await expect(toast(page, `New invitation sent to ${email}`)).toBeVisible();

  let newLink = oldLink;
  await expect
    .poll(async () => {
      newLink = linkFrom((await readLatestEmail(email)).text, '/auth/user-registration?token=');
      return newLink;
    })
    .not.toBe(oldLink);

  // The old link no longer works.
  const stranger = await browser.newPage();
  await stranger.goto(oldLink);
  await expect(stranger.getByRole('alert')).toHaveText(invitationInvalid);
  await expect(stranger.getByRole('button', { name: 'Create account' })).toHaveCount(0);
  await stranger.close();

  // The new one does.
  const registered = await registerFromLink(browser, newLink, { email, name: `Rhea Resent ${uniqueSuffix()}`, password: 'rhea-password-1' });
  await expect(registered.page.getByTestId('role-badge')).toHaveText('Student');
  await registered.context.close();
});
