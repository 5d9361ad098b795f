import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { readStoredSettings, sidebar, writeStoredSettings } from './shell-helpers.ts';

/** The persisted client settings: IndexedDB database 'skylog', store 'keyvaluepairs', key 'root'. */
async function storedSidebarChoice(page: Page): Promise<boolean | null> {
  const raw = await readStoredSettings(page);
  if (typeof raw !== 'string') return null;
  return (JSON.parse(raw) as { state?: { isSidebarActive?: boolean } }).state?.isSidebarActive ?? null;
}

test('the sidebar choice is kept in IndexedDB (skylog / keyvaluepairs / root) and restored after reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'orgadmin@skyline.test');
  await expect(page.getByTestId('role-badge')).toHaveText('Org Admin');
  // Default: open.
  await expect(sidebar(page)).toBeVisible();

  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(sidebar(page)).toBeHidden();
  await expect.poll(() => storedSidebarChoice(page)).toBe(false);
  const stored = JSON.parse((await readStoredSettings(page)) as string) as { state: Record<string, unknown> };
  expect(stored.state).toMatchObject({ isSidebarActive: false, timezone: 'UTC' });
  await page.reload();
  await expect(page.getByTestId('role-badge')).toHaveText('Org Admin');
  await expect(sidebar(page)).toBeHidden();

  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(sidebar(page)).toBeVisible();
  await expect.poll(() => storedSidebarChoice(page)).toBe(true);
  await page.reload();
  await expect(page.getByTestId('role-badge')).toHaveText('Org Admin');
  await expect(sidebar(page)).toBeVisible();
});

for (const corrupted of [
  { label: 'a garbage string', value: 'garbage{{ not json' },
  { label: 'JSON of the wrong shape', value: JSON.stringify({ state: { isSidebarActive: 'nope', timezone: 'Mars' }, version: 0 }) },
  { label: 'a value that is not text', value: 42 },
]) {
  test(`a corrupted 'root' entry (${corrupted.label}) still renders the app with the default settings`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'instructor@skyline.test');
    await expect(page.getByTestId('role-badge')).toHaveText('Instructor');
    // First a stored choice that differs from the default (closed) ...
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(() => storedSidebarChoice(page)).toBe(false);
    // ... then overwritten by something unreadable.
    await writeStoredSettings(page, corrupted.value);
    expect(await readStoredSettings(page)).toEqual(corrupted.value);

    await page.reload();
    await expect(page.getByTestId('user-name')).toHaveText('Iris Calder');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Flights');
    await expect(sidebar(page)).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Flights' })).toBeVisible();

    // And the settings work again from there.
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(sidebar(page)).toBeHidden();
    await expect.poll(() => storedSidebarChoice(page)).toBe(false);
  });
}
