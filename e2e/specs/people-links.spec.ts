import { expect, test, type Page } from '@playwright/test';
import { linkFrom, readLatestEmail, signIn } from './fixtures.ts';
import { readTotal, registerFromLink, tableRow, uniqueSuffix } from './people-helpers.ts';
import { answerConfirmDialog, createInvitedAccount, sidebar, toast, uniqueEmail } from './shell-helpers.ts';

const permissionDenied = "You don't have permission to access this page";

/** Admin → Invite: e-mail and role in the 'Invite someone' dialog, then the toast and the open invitation. */
async function inviteFromAdmin(page: Page, email: string, roleLabel: string) {
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite someone' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Role').selectOption({ label: roleLabel });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, `Invitation sent to ${email}`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Open invitations' }).getByRole('listitem').filter({ hasText: email })).toContainText(
    `${email} · ${roleLabel} · until`,
  );
}

test('an org admin invites an instructor and a student from Admin; both register; lists, search and totals follow; several students are linked at once and one removed', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const suffix = uniqueSuffix();
  const instructor = { email: uniqueEmail('links.instructor'), name: `Ivy Linkwood ${suffix}`, password: 'ivy-password-1' };
  const student = { email: uniqueEmail('links.student'), name: `Sol Brightwater ${suffix}`, password: 'sol-password-1' };

  await signIn(page, 'orgadmin@skyline.test');
  await expect(page.getByTestId('role-badge')).toHaveText('Org Admin');
  await page.goto('/dashboard/instructors');
  const instructorsBefore = await readTotal(page);
  await page.goto('/dashboard/students');
  const studentsBefore = await readTotal(page);

  await page.goto('/configuration/admin');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Admin');
  await inviteFromAdmin(page, instructor.email, 'Instructor');
  await inviteFromAdmin(page, student.email, 'Student');

  // Each invitee reads their e-mail and registers in a browser of their own (both at the same time).
  const instructorMail = await readLatestEmail(instructor.email);
  const studentMail = await readLatestEmail(student.email);
  const [instructorSide, studentSide] = await Promise.all([
    registerFromLink(browser, linkFrom(instructorMail.text, '/auth/user-registration?token='), instructor),
    registerFromLink(browser, linkFrom(studentMail.text, '/auth/user-registration?token='), student),
  ]);
  await expect(instructorSide.page.getByTestId('role-badge')).toHaveText('Instructor');
  await expect(studentSide.page.getByTestId('role-badge')).toHaveText('Student');

  // Students: one more in total, and the search finds the newcomer.
  await page.goto('/dashboard/students');
  await expect(page.getByTestId('table-total')).toHaveText(`${studentsBefore + 1} in total`);
  await page.getByLabel('Search students').fill(student.email);
  await expect(page.getByTestId('table-total')).toHaveText('1 in total');
  await expect(tableRow(page, 'Students', student.email)).toContainText(student.name);

  // Instructors likewise.
  await page.goto('/dashboard/instructors');
  await expect(page.getByTestId('table-total')).toHaveText(`${instructorsBefore + 1} in total`);
  await page.getByLabel('Search instructors').fill(instructor.name);
  await expect(page.getByTestId('table-total')).toHaveText('1 in total');
  await expect(tableRow(page, 'Instructors', instructor.email)).toContainText(instructor.name);
  await expect(page.getByRole('table', { name: 'Instructors' }).getByRole('row')).toHaveCount(2);

  // The new instructor's page: no students yet; Link Student with two ticked at once.
  await page.getByRole('link', { name: instructor.name }).click();
  await expect(page).toHaveURL(/\/dashboard\/instructors\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Profile' }).getByRole('heading', { name: instructor.name })).toBeVisible();
  const linked = page.getByTestId('linked-people');
  await expect(linked).toHaveText('No students linked yet.');
  await page.getByRole('button', { name: 'Link Student' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Link Student' });
  await expect(linkDialog).toBeVisible();
  await expect(linkDialog.getByRole('button', { name: 'Link', exact: true })).toBeDisabled();
  await linkDialog.getByRole('checkbox', { name: student.name }).check();
  await linkDialog.getByRole('checkbox', { name: 'Jonas Berg' }).check();
  await linkDialog.getByRole('button', { name: 'Link 2' }).click();
  await expect(toast(page, '2 linked')).toBeVisible();
  await expect(linkDialog).toHaveCount(0);
  await expect(linked.getByRole('listitem')).toHaveCount(2);
  await expect(linked.getByRole('link', { name: student.name })).toBeVisible();
  await expect(linked.getByRole('link', { name: 'Jonas Berg' })).toBeVisible();

  // Unlink one, after the confirm dialog (Jonas Berg keeps his demo links as they were).
  await linked.getByRole('button', { name: 'Unlink Jonas Berg' }).click();
  await answerConfirmDialog(page, 'Unlink Jonas Berg?', 'Unlink');
  await expect(toast(page, 'Jonas Berg unlinked')).toBeVisible();
  await expect(linked.getByRole('listitem')).toHaveCount(1);
  await expect(linked.getByRole('link', { name: student.name })).toBeVisible();

  // The other side of the link: the student's page lists the instructor.
  await linked.getByRole('link', { name: student.name }).click();
  await expect(page).toHaveURL(/\/dashboard\/students\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Instructors' }).getByTestId('linked-people')).toHaveText(instructor.name);

  // The instructor sees the student on Students; the student may not open Students.
  await instructorSide.page.goto('/dashboard/students');
  await expect(instructorSide.page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Students');
  await instructorSide.page.getByLabel('Search students').fill(student.name);
  await expect(instructorSide.page.getByTestId('table-total')).toHaveText('1 in total');
  await expect(tableRow(instructorSide.page, 'Students', student.email)).toContainText(student.name);

  await studentSide.page.goto('/dashboard/students');
  await expect(studentSide.page).toHaveURL(/\/unauthorized$/);
  await expect(studentSide.page.getByText(permissionDenied, { exact: true })).toBeVisible();
  await expect(studentSide.page.getByTestId('unauthorized-origin')).toHaveText('/dashboard/students');

  await instructorSide.context.close();
  await studentSide.context.close();
});

test('an instructor sees Delete on the rows of their students, no Instructors in the menu, and deletes a student once linked to them', async ({
  page,
}) => {
  // Invited by North Field's sub-org admin, so the student is in Iris Calder's sub-organization: an instructor links
  // only students of their own sub-organization (docs/product.md "Instructors and students").
  const student = await createInvitedAccount('suborgadmin@skyline.test', 'student', `Dell Removable ${uniqueSuffix()}`, 'deletable');

  await signIn(page, 'instructor@skyline.test');
  await expect(page.getByTestId('role-badge')).toHaveText('Instructor');
  const menu = sidebar(page).getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Students', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Instructors', exact: true })).toHaveCount(0);

  await menu.getByRole('link', { name: 'Students', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/students$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Students');
  // Instructors have the students' row actions (docs/product.md "Buttons within screens"); Iris Calder's own students
  // (demo links) carry Delete.
  for (const own of ['Stella Park', 'Leo Nakamura']) {
    await page.getByLabel('Search students').fill(own);
    await expect(tableRow(page, 'Students', own).getByRole('button', { name: `Delete ${own}` })).toBeVisible();
  }
  // A student taught by someone else has none.
  await page.getByLabel('Search students').fill('Jonas Berg');
  await expect(tableRow(page, 'Students', 'Jonas Berg')).toBeVisible();
  await expect(tableRow(page, 'Students', 'Jonas Berg').getByRole('button', { name: 'Delete Jonas Berg' })).toHaveCount(0);

  // The fresh student: not hers yet, so no Delete; she links herself from the student's page (Link Instructor).
  await page.getByLabel('Search students').fill(student.email);
  await expect(page.getByTestId('table-total')).toHaveText('1 in total');
  await expect(tableRow(page, 'Students', student.email).getByRole('button', { name: `Delete ${student.name}` })).toHaveCount(0);
  await page.getByRole('link', { name: student.name }).click();
  await expect(page).toHaveURL(/\/dashboard\/students\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Link Instructor' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Link Instructor' });
  await linkDialog.getByRole('checkbox', { name: 'Iris Calder' }).check();
  await linkDialog.getByRole('button', { name: 'Link 1' }).click();
  await expect(toast(page, '1 linked')).toBeVisible();
  await expect(page.getByTestId('linked-people')).toHaveText('Iris Calder');

  await page.goto('/dashboard/students');
  await page.getByLabel('Search students').fill(student.email);
  await expect(page.getByTestId('table-total')).toHaveText('1 in total');
  await tableRow(page, 'Students', student.email).getByRole('button', { name: `Delete ${student.name}` }).click();
  await answerConfirmDialog(page, `Delete ${student.name}?`, 'Delete');
  await expect(toast(page, `${student.name} was deleted`)).toBeVisible();
  await expect(page.getByTestId('table-total')).toHaveText('0 in total');
  await expect(page.getByText('Nobody matches this search.')).toBeVisible();
});

test('an instructor adds a student: the invitee registers and is that instructor’s student from the start', async ({ page, browser }) => {
  await signIn(page, 'instructor@skyline.test');
  await expect(page.getByTestId('role-badge')).toHaveText('Instructor');
  await page.goto('/dashboard/students');
  const email = uniqueEmail('instructor-added');
  await page.getByRole('button', { name: 'Add student' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add student' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, `Invitation sent to ${email}`)).toBeVisible();

  const mail = await readLatestEmail(email);
  const name = `Ada Added ${uniqueSuffix()}`;
  const invitee = await registerFromLink(browser, linkFrom(mail.text, '/auth/user-registration?token='), { email, name, password: 'ada-password-1' });
  await expect(invitee.page.getByTestId('role-badge')).toHaveText('Student');
  await invitee.context.close();

  await page.reload();
  await page.getByLabel('Search students').fill(email);
  await expect(page.getByTestId('table-total')).toHaveText('1 in total');
  // Already hers: the row carries her Delete, and the student's page lists her.
  await expect(tableRow(page, 'Students', email).getByRole('button', { name: `Delete ${name}` })).toBeVisible();
  await page.getByRole('link', { name }).click();
  await expect(page.getByTestId('linked-people')).toHaveText('Iris Calder');
});
