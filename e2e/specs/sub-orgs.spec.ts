import { expect, test } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { readTotal, tableRow, uniqueSuffix } from './people-helpers.ts';
import { answerConfirmDialog, toast } from './shell-helpers.ts';

test('a sub-org admin sees only North Field, and its page lists North Field members only', async ({ page }) => {
  await signIn(page, 'suborgadmin@skyline.test');
  await expect(page).toHaveURL(/\/configuration\/sub-organization$/);
  await expect(page.getByTestId('role-badge')).toHaveText('SubOrg Admin');

  const list = page.getByRole('table', { name: 'Sub-organizations' });
  await expect(page.getByTestId('table-total')).toHaveText('1 in total');
  await expect(list.locator('tbody tr')).toHaveCount(1);
  await expect(list.locator('tbody tr').getByRole('link')).toHaveText('North Field');
  await expect(list.getByText('Lakeside')).toHaveCount(0);
  // Only org admins create sub-organizations.
  await expect(page.getByRole('button', { name: 'Add sub-organization' })).toHaveCount(0);
  const memberCount = Number(await list.locator('tbody tr td').nth(2).textContent());
  expect(memberCount).toBeGreaterThan(0);

  await list.getByRole('link', { name: 'North Field' }).click();
  await expect(page).toHaveURL(/\/configuration\/sub-organization\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('sub-org-name')).toHaveText('North Field');
  const members = page.getByRole('table', { name: 'Members' });
  // The page's first table is Members; its flights follow.
  await expect(page.getByTestId('table-total').first()).toHaveText(`${memberCount} in total`);
  const rows = members.locator('tbody tr');
  await expect(rows).toHaveCount(Math.min(memberCount, 10));
  // The Sub-organization column (4th) reads North Field on every row.
  await expect(rows.locator('td:nth-child(4)')).toHaveText(Array(Math.min(memberCount, 10)).fill('North Field'));
  for (const name of ['Nora Lindqvist', 'Iris Calder', 'Stella Park']) await expect(members.getByText(name, { exact: true })).toBeVisible();
  // Lakeside's people are not shown, nor are they found by searching.
  await page.getByLabel('Search members').fill('Marcus Webb');
  await expect(page.getByTestId('table-total').first()).toHaveText('0 in total');
  await expect(page.getByText('Nobody matches this search.')).toBeVisible();
});

test('an org admin adds a sub-organization, renames it and deletes it; Lakeside, which has members, cannot be deleted', async ({
  page,
}) => {
  const name = `Hangar Nine ${uniqueSuffix()}`;
  const renamed = `${name} West`;

  await signIn(page, 'orgadmin@skyline.test');
  await expect(page.getByTestId('role-badge')).toHaveText('Org Admin');
  await page.goto('/configuration/sub-organization');
  const before = await readTotal(page);

  await page.getByRole('button', { name: 'Add sub-organization' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add sub-organization' });
  await addDialog.getByLabel('Name').fill(name);
  await addDialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, `${name} created`)).toBeVisible();
  await expect(addDialog).toHaveCount(0);
  await expect(page.getByTestId('table-total')).toHaveText(`${before + 1} in total`);
  const row = tableRow(page, 'Sub-organizations', name);
  await expect(row.locator('td')).toHaveText([name, '—', '0', '0']);

  // Rename it on its page.
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/configuration\/sub-organization\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('sub-org-name')).toHaveText(name);
  await expect(page.getByTestId('table-total')).toHaveText(['0 in total', '0 in total']);
  await page.getByRole('button', { name: 'Edit' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit sub-organization' });
  await expect(editDialog.getByLabel('Name')).toHaveValue(name);
  await editDialog.getByLabel('Name').fill(renamed);
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Sub-organization updated')).toBeVisible();
  await expect(page.getByTestId('sub-org-name')).toHaveText(renamed);

  // Delete it: confirm, toast, back on the list without it.
  await page.getByRole('button', { name: 'Delete' }).click();
  await answerConfirmDialog(page, `Delete ${renamed}?`, 'Delete');
  await expect(toast(page, `${renamed} deleted`)).toBeVisible();
  await expect(page).toHaveURL(/\/configuration\/sub-organization$/);
  // The address changes a moment before the list replaces the detail page (whose tables also count).
  await expect(page.getByRole('table', { name: 'Sub-organizations' })).toBeVisible();
  await expect(page.getByTestId('table-total')).toHaveText(`${before} in total`);
  await expect(page.getByRole('table', { name: 'Sub-organizations' }).getByText(name)).toHaveCount(0);

  // Lakeside has members: the server refuses and says how many; Lakeside stays.
  const lakeside = tableRow(page, 'Sub-organizations', 'Lakeside');
  const lakesideMembers = Number(await lakeside.locator('td').nth(2).textContent());
  expect(lakesideMembers).toBeGreaterThan(0);
  await lakeside.getByRole('link', { name: 'Lakeside' }).click();
  await expect(page.getByTestId('sub-org-name')).toHaveText('Lakeside');
  const lakesideUrl = page.url();
  await page.getByRole('button', { name: 'Delete' }).click();
  await answerConfirmDialog(page, 'Delete Lakeside?', 'Delete');
  await expect(
    toast(
      page,
      `Lakeside still has ${lakesideMembers} member${lakesideMembers === 1 ? '' : 's'}. Move them to another sub-organization or remove them first.`,
    ),
  ).toBeVisible();
  expect(page.url()).toBe(lakesideUrl);
  await expect(page.getByTestId('sub-org-name')).toHaveText('Lakeside');
  await page.goto('/configuration/sub-organization');
  await expect(tableRow(page, 'Sub-organizations', 'Lakeside').locator('td').nth(2)).toHaveText(String(lakesideMembers));
  await expect(page.getByTestId('table-total')).toHaveText(`${before} in total`);
});

test('the sub-organizations list keeps its search in the address, so a reload shows the same list', async ({ page }) => {
  await signIn(page, 'orgadmin@skyline.test');
  await expect(page.getByTestId('role-badge')).toHaveText('Org Admin');
  await page.goto('/configuration/sub-organization');
  await page.getByLabel('Search sub-organizations').fill('North');
  await expect(page).toHaveURL(/[?&]search=North/);
  const rows = page.getByRole('table', { name: 'Sub-organizations' }).getByRole('row');
  await expect(rows.filter({ hasText: 'North Field' })).toHaveCount(1);
  await page.reload();
  await expect(page.getByLabel('Search sub-organizations')).toHaveValue('North');
  await expect(rows.filter({ hasText: 'Lakeside' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'North Field' })).toHaveCount(1);
});
