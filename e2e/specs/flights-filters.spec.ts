import { expect, test } from '@playwright/test';
import { signIn } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('the filters hold their place while the people load: Pilot is there at once and gets its people when they arrive', async ({ page }) => {
  // Hold the people list until the list screen has drawn its filters.
  let releasePeople = () => {};
  const peopleHeld = new Promise<void>((resolve) => (releasePeople = resolve));
  await page.route('**/api/users?*', async (route) => {
    await peopleHeld;
    await route.continue();
  });
  await signIn(page, 'orgadmin@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  const pilot = page.getByLabel('Pilot', { exact: true });
  await expect(pilot.locator('option')).toHaveText(['Everyone']);
  const status = page.getByLabel('Status', { exact: true });
  const before = await status.boundingBox();

  releasePeople();
  await expect.poll(() => pilot.locator('option').count()).toBeGreaterThan(1);
  expect(await status.boundingBox()).toEqual(before);
});

test('a student, who sees only their own flights, gets no pilot filter', async ({ page }) => {
  await signIn(page, 'student@skyline.test');
  await expect(page.getByLabel('Status', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Pilot', { exact: true })).toHaveCount(0);
});
