import { expect, test } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { breadcrumbs, createInvitedAccount, topBarAvatar as avatar } from './shell-helpers.ts';

test.describe('breadcrumbs', () => {
  test('are the capitalised path segments, a menu page named as in the menu; the Dashboard and Configuration crumbs are not links', async ({ page }) => {
    await signIn(page, 'orgadmin@skyline.test');
    await expect(page).toHaveURL(/\/dashboard\/flights$/);
    await page.goto('/configuration/sub-organization');
    const trail = breadcrumbs(page);
    await expect(trail.getByRole('listitem')).toHaveText(['Configuration', 'Sub Organization']);
    await expect(trail.getByRole('link')).toHaveCount(0);

    await page.goto('/dashboard/overview');
    await expect(trail.getByRole('listitem')).toHaveText(['Dashboard', 'Overview']);
    await expect(trail.getByRole('link')).toHaveCount(0);
  });

  test('an earlier crumb of a deeper path is a link that navigates there', async ({ page }) => {
    await signIn(page, 'orgadmin@skyline.test');
    await expect(page).toHaveURL(/\/dashboard\/flights$/);
    await page.goto('/dashboard/students/skylog-student-7');
    const trail = breadcrumbs(page);
    await expect(trail.getByRole('listitem')).toHaveText(['Dashboard', 'Students', 'Skylog-student-7']);
    await expect(trail.getByRole('link')).toHaveText(['Students']);
    await expect(trail.getByText('Dashboard', { exact: true })).not.toHaveAttribute('href');
    await trail.getByRole('link', { name: 'Students' }).click();
    await expect(page).toHaveURL(/\/dashboard\/students$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Students');
    await expect(trail.getByRole('listitem')).toHaveText(['Dashboard', 'Students']);

    await page.goto('/configuration/sub-organization/lakeside');
    await expect(trail.getByRole('listitem')).toHaveText(['Configuration', 'Sub Organization', 'Lakeside']);
    await trail.getByRole('link', { name: 'Sub Organization' }).click();
    await expect(page).toHaveURL(/\/configuration\/sub-organization$/);
  });

  test('are hidden below 640 px and shown from 640 px', async ({ page }) => {
    await signIn(page, 'orgadmin@skyline.test');
    await expect(page).toHaveURL(/\/dashboard\/flights$/);
    await expect(breadcrumbs(page)).toBeVisible();
    await page.setViewportSize({ width: 639, height: 800 });
    await expect(breadcrumbs(page)).toBeHidden();
    await expect(page.getByTestId('user-name')).toBeVisible();
    await page.setViewportSize({ width: 640, height: 800 });
    await expect(breadcrumbs(page)).toBeVisible();
  });
});

// Role badge, name and avatar initials of all seven roles are checked with each role's menu in shell-menu.spec.ts.
test.describe('avatar', () => {
  test('the avatar colour and shape are the same on every visit for the same name', async ({ browser }) => {
    const looks: Array<{ colour: string | null; shape: string | null }> = [];
    for (let visit = 0; visit < 2; visit += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, 'secondary@skyline.test');
      await expect(avatar(page)).toHaveText('SE');
      looks.push({ colour: await avatar(page).getAttribute('data-colour'), shape: await avatar(page).getAttribute('data-shape') });
      await context.close();
    }
    expect(looks[0]).toEqual(looks[1]);
    // One of 20 colour pairs and one of 60 shapes.
    expect(Number(looks[0]!.colour)).toBeGreaterThanOrEqual(0);
    expect(Number(looks[0]!.colour)).toBeLessThan(20);
    expect(Number(looks[0]!.shape)).toBeGreaterThanOrEqual(0);
    expect(Number(looks[0]!.shape)).toBeLessThan(60);
  });

  test('another account with the same name gets the same avatar colour and shape', async ({ page, browser }) => {
    const twin = await createInvitedAccount('orgadmin@skyline.test', 'student', 'Stella Park', 'twin');
    await signIn(page, 'student@skyline.test');
    await expect(avatar(page)).toHaveText('ST');
    const original = { colour: await avatar(page).getAttribute('data-colour'), shape: await avatar(page).getAttribute('data-shape') };

    const context = await browser.newContext();
    const twinPage = await context.newPage();
    await signIn(twinPage, twin.email, twin.password);
    await expect(twinPage.getByTestId('user-name')).toHaveText('Stella Park');
    await expect(avatar(twinPage)).toHaveText('ST');
    await expect(avatar(twinPage)).toHaveAttribute('data-colour', original.colour!);
    await expect(avatar(twinPage)).toHaveAttribute('data-shape', original.shape!);
    await context.close();
  });

  test('clicking the avatar opens the Update Profile modal', async ({ page }) => {
    await signIn(page, 'instructor@skyline.test');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByRole('dialog', { name: 'Update Profile' })).toBeVisible();
    await expect(page.getByTestId('profile-email')).toHaveText('instructor@skyline.test');
  });
});
