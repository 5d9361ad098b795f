import { expect, test } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { readTimeline, recordTimeline, timeOf, toast } from './shell-helpers.ts';

test('toasts appear at the top centre and close by themselves after about 3000 ms', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await recordTimeline(page);
  await signIn(page, 'ana.costa@skyline.test');
  await expect(page.getByTestId('user-name')).toHaveText('Ana Costa');
  // Discarding unsaved profile changes says 'Changes not saved' (a warning toast), without using the mouse near it.
  await page.getByRole('button', { name: 'Update Profile' }).click();
  const modal = page.getByRole('dialog', { name: 'Update Profile' });
  await modal.getByLabel('License Number').fill('CFI 4242');
  await page.keyboard.press('Escape');
  await page.getByRole('alertdialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Discard' }).focus();
  await page.keyboard.press('Enter');

  const notice = toast(page, 'Changes not saved');
  await expect(notice).toBeVisible();
  const seenAt = Date.now();
  const box = (await notice.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(2);
  expect(box.y).toBeLessThan(60);

  // It closes by itself: out of sight within about 4.5 s, but not before about 3 s.
  await expect(notice).toBeHidden({ timeout: 4_500 });
  const hiddenAfter = Date.now() - seenAt;
  expect(hiddenAfter).toBeGreaterThanOrEqual(2_800);
  // Then it leaves the page; nobody closed it.
  await expect(notice).toHaveCount(0);
  const timeline = await readTimeline(page);
  const shownFor = timeOf(timeline, 'gone', 'Changes not saved') - timeOf(timeline, 'shown', 'Changes not saved');
  expect(shownFor).toBeGreaterThanOrEqual(3_000);
});
