import { roles } from '@skylog/contracts';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { tableRow, uniqueSuffix } from './people-helpers.ts';
import { createInvitedAccount, getMe } from './shell-helpers.ts';

test.describe('cable collection', () => {
  test('an org admin records a collected cable: Yes, when and by whom; it survives a reload and the filters follow it', async ({ page }) => {
    const person = await createInvitedAccount('orgadmin@skyline.test', 'student', `Cara Cable ${uniqueSuffix()}`, 'cable');

    await signIn(page, 'orgadmin@skyline.test');
    await expect(page.getByTestId('user-name')).toHaveText('Olivia Grant');
    await page.goto('/configuration/cable-collection');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Cable Collection');
    await page.getByLabel('Search people').fill(person.email);
    await expect(page.getByTestId('table-total')).toHaveText('1 in total');
    const row = tableRow(page, 'Cable collection', person.name);
    const cable = row.getByRole('switch', { name: `Cable collected from ${person.name}` });
    await expect(row.locator('td')).toHaveText([person.name, 'Student', '—', 'No', '—', '—']);
    await expect(cable).not.toBeChecked();

    const today = await page.evaluate(() => new Date().toLocaleDateString(undefined, { dateStyle: 'medium' }));
    await cable.click();
    await expect(cable).toBeChecked();
    await expect(row.locator('td').nth(3)).toHaveText('Yes');
    await expect(row.locator('td').nth(4)).toContainText(today);
    await expect(row.locator('td').nth(5)).toHaveText('Olivia Grant');

    await page.reload();
    await page.getByLabel('Search people').fill(person.email);
    await expect(cable).toBeChecked();
    await expect(row.locator('td').nth(3)).toHaveText('Yes');
    await expect(row.locator('td').nth(5)).toHaveText('Olivia Grant');

    await page.getByLabel('Cable', { exact: true }).selectOption({ label: 'Collected' });
    await expect(page.getByTestId('table-total')).toHaveText('1 in total');
    await expect(row).toBeVisible();
    await page.getByLabel('Cable', { exact: true }).selectOption({ label: 'Not collected' });
    await expect(page.getByTestId('table-total')).toHaveText('0 in total');
    await expect(page.getByText('Nobody matches.')).toBeVisible();
    await expect(row).toHaveCount(0);

    // Toggled back: No, and the when / by are cleared.
    await page.getByLabel('Cable', { exact: true }).selectOption({ label: 'Everyone' });
    await cable.click();
    await expect(cable).not.toBeChecked();
    await expect(row.locator('td')).toHaveText([person.name, 'Student', '—', 'No', '—', '—']);
  });
});

test.describe('RBAC', () => {
  async function denied(page: Page, path: string) {
    const reported = page.waitForResponse((response) => response.url().endsWith('/api/access-denials'));
    await page.goto(path);
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByTestId('unauthorized-origin')).toHaveText(path);
    expect((await reported).status()).toBe(200);
  }

  test('the access tables show the route rules as the server enforces them', async ({ page }) => {
    await signIn(page, 'orgadmin@skyline.test');
    await expect(page.getByTestId('role-badge')).toHaveText('Org Admin');
    await page.goto('/configuration/rbac');
    const pages = page.getByRole('table', { name: 'Page', exact: true });
    await expect(pages.locator('thead th')).toHaveCount(roles.length + 1);
    const headers = await pages.locator('thead th').allTextContents();
    expect(headers[0]).toBe('Page');
    const column = (label: string) => headers.indexOf(label);
    expect(column('Instructor')).toBeGreaterThan(0);
    expect(column('Student')).toBeGreaterThan(0);

    const cells = (path: string) => pages.getByRole('row').filter({ has: page.getByRole('rowheader', { name: path, exact: true }) }).locator('td');
    const students = cells('/dashboard/students');
    await expect(students.nth(column('Instructor') - 1).getByLabel('allowed', { exact: true })).toBeVisible();
    await expect(students.nth(column('Student') - 1).getByLabel('not allowed', { exact: true })).toBeVisible();
    await expect(students.nth(column('Org Admin') - 1).getByLabel('allowed', { exact: true })).toBeVisible();
    const aircraft = cells('/dashboard/aircraft');
    await expect(aircraft.nth(column('Instructor') - 1).getByLabel('not allowed', { exact: true })).toBeVisible();
    await expect(aircraft.nth(column('Student') - 1).getByLabel('not allowed', { exact: true })).toBeVisible();
    const flights = cells('/dashboard/flights');
    await expect(flights.nth(column('Student') - 1).getByLabel('allowed', { exact: true })).toBeVisible();
  });

  test("a student's denied pages show in the audit log, and the fifth denial raises an alert that an admin acknowledges", async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    const student = await createInvitedAccount('orgadmin@skyline.test', 'student', `Dee Nied ${uniqueSuffix()}`, 'denied');
    const studentContext = await browser.newContext();
    const studentPage = await studentContext.newPage();
    await signIn(studentPage, student.email, student.password);
    await expect(studentPage).toHaveURL(/\/dashboard\/flights$/);
    const studentId = (await getMe(studentPage)).skylog_id;

    await denied(studentPage, '/dashboard/aircraft');

    await signIn(page, 'orgadmin@skyline.test');
    await expect(page.getByTestId('role-badge')).toHaveText('Org Admin');
    await page.goto('/configuration/rbac');
    await page.getByRole('textbox', { name: 'Action' }).fill('route.access');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('denied');
    const log = page.getByRole('table', { name: 'Audit log' });
    // The log names the person and their role, not their Skylog ID.
    const entry = log.getByRole('row').filter({ hasText: student.name });
    await expect(entry).toHaveCount(1);
    await expect(entry).not.toContainText(studentId);
    await expect(entry.locator('td').nth(1)).toHaveText(`${student.name}Student`);
    await expect(entry.locator('td').nth(2)).toHaveText('route.access');
    await expect(entry.locator('td').nth(3)).toHaveText('/dashboard/aircraft');
    await expect(entry.locator('td').nth(4)).toHaveText('denied');
    // Every row shown matches both filters.
    const actions = await log.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(new Set(actions)).toEqual(new Set(['route.access']));
    const statuses = await log.locator('tbody tr td:nth-child(5)').allTextContents();
    expect(new Set(statuses)).toEqual(new Set(['denied']));

    // Three more denials: no alert yet.
    for (const path of ['/dashboard/overview', '/dashboard/instructors', '/configuration/admin']) await denied(studentPage, path);
    const alerts = page.getByRole('region', { name: 'Suspicious activity' });
    await page.reload();
    await expect(alerts.getByRole('heading', { name: 'Suspicious activity' })).toBeVisible();
    await expect(alerts.getByText('Loading...')).toHaveCount(0);
    await expect(alerts.getByTestId('alert-row').filter({ hasText: student.name })).toHaveCount(0);

    // The fifth: an alert with the count, the role and the last path.
    await denied(studentPage, '/configuration/cable-collection');
    await page.reload();
    // The alert names the person, so an admin knows who it is at a glance.
    const alert = alerts.getByTestId('alert-row').filter({ hasText: student.name });
    await expect(alert).toHaveCount(1);
    await expect(alert).toContainText(`5 denied accesses by ${student.name} (student), last /configuration/cable-collection`);
    await alert.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(alert.getByText('Acknowledged', { exact: true })).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);
    await page.reload();
    await expect(alert.getByText('Acknowledged', { exact: true })).toBeVisible();

    // The five denials are in the log under the student's name.
    await page.getByRole('searchbox', { name: 'Search people' }).fill(student.name);
    await page.getByRole('textbox', { name: 'Action' }).fill('route.access');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('denied');
    await expect(page.getByTestId('table-total').first()).toHaveText('5 in total');
    await expect(log.locator('tbody tr td:nth-child(4)')).toHaveText([
      '/configuration/cable-collection',
      '/configuration/admin',
      '/dashboard/instructors',
      '/dashboard/overview',
      '/dashboard/aircraft',
    ]);
    await studentContext.close();
  });
});
