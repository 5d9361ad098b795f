import { messages } from '@skylog/contracts';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { fillNewFlight, flightFixtures, searchFlights, trackInputLabel, tripIdOf, uniqueTripName } from './flight-helpers.ts';
import { toast } from './shell-helpers.ts';

const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

/** A value of the flight summary (Left seat, Right seat, …). */
const summaryValue = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Flight summary' })
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

/** The option a select shows. */
const chosen = (page: Page, label: string) => page.getByLabel(label).locator('option:checked');

async function pageOf(browser: Browser, viewport: (typeof viewports)[number], email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  return page;
}

for (const viewport of viewports) {
  test(`${viewport.name} (${viewport.width} px): an instructor uploads a flight for a linked student, who sees it; the crew and name are edited; the flight is deleted`, async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const name = uniqueTripName(`E2E crew ${viewport.name}`);
    const iris = await pageOf(browser, viewport, 'instructor@skyline.test');
    await iris.goto('/dashboard/audio-upload');

    // Iris has three students: she sits in the right seat and names the pilot before the files.
    await expect(chosen(iris, 'Instructor (right seat)')).toHaveText('Iris Calder');
    await expect(chosen(iris, 'Pilot (left seat)')).toHaveText('Nobody');
    await expect(iris.getByLabel(trackInputLabel)).toBeDisabled();
    await iris.getByRole('button', { name: 'Upload' }).click();
    await expect(iris.getByText(messages.leftSeatRequired)).toBeVisible();
    const pilots = await iris.getByLabel('Pilot (left seat)').locator('option').allTextContents();
    expect(pilots).toEqual(expect.arrayContaining(['Leo Nakamura', 'Priya Shah', 'Stella Park']));
    expect(pilots).not.toContain('Jonas Berg');
    await iris.getByLabel('Pilot (left seat)').selectOption({ label: 'Leo Nakamura' });
    await fillNewFlight(iris, { name, aircraft: 'N172SP', track: flightFixtures.patternWork });
    await iris.getByRole('button', { name: 'Upload' }).click();
    const done = iris.getByRole('status').filter({ hasText: 'Flight uploaded.' });
    await expect(done).toBeVisible();
    const tripId = tripIdOf((await done.getByRole('link', { name: 'Open the flight' }).getAttribute('href'))!);

    // Leo flew it: it is in his list, and he may edit it but not delete it (Iris owns it).
    const leo = await pageOf(browser, viewport, 'leo.nakamura@skyline.test');
    await searchFlights(leo, name, 1);
    await leo.getByRole('table', { name: 'Flights' }).getByRole('link', { name }).click();
    await expect(leo.getByTestId('trip-name')).toHaveText(name);
    await expect(summaryValue(leo, 'Left seat')).toHaveText('Leo Nakamura');
    await expect(summaryValue(leo, 'Right seat')).toHaveText('Iris Calder');
    await expect(leo.getByRole('button', { name: 'Edit flight' })).toBeVisible();
    await expect(leo.getByRole('button', { name: 'Delete flight' })).toHaveCount(0);

    // Iris renames it and gives it to Priya instead.
    await iris.goto(`/dashboard/flights/${tripId}`);
    await expect(iris.getByTestId('trip-name')).toHaveText(name);
    await iris.getByRole('button', { name: 'Edit flight' }).click();
    const dialog = iris.getByRole('dialog', { name: 'Edit flight' });
    await expect(chosen(iris, 'Pilot (left seat)')).toHaveText('Leo Nakamura');
    const renamed = `${name} (stalls)`;
    await dialog.getByLabel('Flight name').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Trip name is required')).toBeVisible();
    await dialog.getByLabel('Flight name').fill(renamed);
    await dialog.getByLabel('Pilot (left seat)').selectOption({ label: 'Priya Shah' });
    await dialog.getByLabel('Destination').fill('khwd');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(iris, messages.tripUpdated)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(iris.getByTestId('trip-name')).toHaveText(renamed);
    await expect(summaryValue(iris, 'Left seat')).toHaveText('Priya Shah');
    await expect(summaryValue(iris, 'Route')).toContainText('KHWD');
    expect(await iris.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // Leo is no longer aboard, so the flight is gone from his view.
    await leo.reload();
    await expect(leo.getByRole('heading', { name: messages.tripNotFound })).toBeVisible();
    await leo.goto('/dashboard/flights');
    await searchFlights(leo, renamed, 0);

    // Deleting asks first; cancelling keeps the flight.
    await iris.getByRole('button', { name: 'Delete flight' }).click();
    const confirm = iris.getByRole('dialog', { name: `Delete ${renamed}?` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(iris.getByTestId('trip-name')).toHaveText(renamed);
    await iris.getByRole('button', { name: 'Delete flight' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(iris, messages.tripDeleted)).toBeVisible();
    await expect(iris).toHaveURL(/\/dashboard\/flights$/);
    await searchFlights(iris, renamed, 0);
    expect((await iris.request.get(`/api/trips/${tripId}`)).status()).toBe(404);

    await iris.context().close();
    await leo.context().close();
  });
}
