import { expect, test } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { answerConfirmDialog, toast } from './shell-helpers.ts';

test('an org admin adds an aircraft, opens it, edits it and removes it; the list counts it', async ({ page }) => {
  await signIn(page, 'orgadmin@skyline.test');
  await expect(page.getByTestId('role-badge')).toHaveText('Org Admin');
  await page.goto('/dashboard/aircraft');
  await expect(page.getByTestId('table-total')).toHaveText('4 in total');

  const tail = `N${Math.floor(Math.random() * 9000 + 1000)}E`;
  await page.getByRole('button', { name: 'Add aircraft' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add aircraft' });
  await dialog.getByLabel('Tail number').fill(tail.toLowerCase());
  await dialog.getByLabel('Call sign').fill('Skyline 99');
  await dialog.getByLabel('Type').fill('Piper PA-44 Seminole');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `${tail} added`)).toBeVisible();
  await expect(page.getByTestId('table-total')).toHaveText('5 in total');

  // A tail number already in the fleet is refused with the reason under the field.
  await page.getByRole('button', { name: 'Add aircraft' }).click();
  await dialog.getByLabel('Tail number').fill('N172SP');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('An aircraft with this tail number is already in your fleet.').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByLabel('Search aircraft').fill('seminole');
  await expect(page.getByTestId('table-total')).toHaveText('1 in total');
  // The search lives in the address: a reload (or a copied link) shows the same list.
  await expect(page).toHaveURL(/[?&]search=seminole/);
  await page.reload();
  await expect(page.getByLabel('Search aircraft')).toHaveValue('seminole');
  await expect(page.getByTestId('table-total')).toHaveText('1 in total');
  await page.getByRole('link', { name: tail }).click();
  await expect(page.getByTestId('tail-number')).toHaveText(tail);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(tail);

  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit aircraft' });
  await edit.getByLabel('Notes').fill('Multi-engine trainer');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Aircraft updated')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Multi-engine trainer')).toBeVisible();

  await page.getByRole('button', { name: 'Remove' }).click();
  await answerConfirmDialog(page, `Remove ${tail} from the fleet?`, 'Remove');
  await expect(toast(page, `${tail} removed`)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/aircraft$/);
  await expect(page.getByTestId('table-total')).toHaveText('4 in total');
});
