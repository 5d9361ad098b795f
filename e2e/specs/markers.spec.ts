import { expect, test } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { toast } from './shell-helpers.ts';

test('an org admin relabels a rocker key for the school; a student sees it read-only; defaults come back', async ({ page, browser }) => {
  await signIn(page, 'orgadmin@skyline.test');
  await expect(page.getByTestId('role-badge')).toHaveText('Org Admin');
  await page.goto('/configuration/markers');
  for (const [key, label] of [
    [1, 'Debrief'],
    [2, 'Unusual'],
    [3, 'Radio Call'],
    [4, 'Overloaded'],
  ] as const) {
    await expect(page.getByLabel(`Label of key ${key}`)).toHaveValue(label);
  }
  await page.getByLabel('Label of key 2').fill('Traffic');
  await page.getByLabel('Colour of key 2').fill('#7c3aed');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Markers saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Label of key 2')).toHaveValue('Traffic');
  await expect(page.getByLabel('Colour of key 2')).toHaveValue('#7c3aed');

  const context = await browser.newContext();
  const student = await context.newPage();
  await signIn(student, 'student@skyline.test');
  await expect(student.getByTestId('role-badge')).toHaveText('Student');
  await student.goto('/configuration/markers');
  await expect(student.getByLabel('Label of key 2')).toHaveValue('Traffic');
  await expect(student.getByLabel('Label of key 2')).toBeDisabled();
  await expect(student.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await context.close();

  await page.getByRole('button', { name: 'Restore defaults' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Markers saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Label of key 2')).toHaveValue('Unusual');
});
