import { expect, test } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { flightFixtures, importTrack, searchFlights, uniqueTripName } from './flight-helpers.ts';

// Local must differ from UTC: pattern-work.gpx begins at 17:05 UTC, 10:05 in California (PDT).
test.use({ timezoneId: 'America/Los_Angeles' });

test('the Flights list shows UTC by default; Local changes the header and the times and stays after a reload', async ({ page }) => {
  await signIn(page, 'leo.nakamura@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  const trip = await importTrack(page.request, flightFixtures.patternWork, uniqueTripName('E2E timezone'));
  await page.reload();
  await searchFlights(page, trip.trip_name, 1);

  const table = page.getByRole('table', { name: 'Flights' });
  const timezone = page.getByRole('radiogroup', { name: 'Timezone' });
  const row = table.getByRole('row').filter({ hasText: trip.trip_name });
  const dateCell = row.getByRole('cell').first();
  await expect(timezone.getByRole('radio', { name: 'UTC' })).toHaveAttribute('aria-checked', 'true');
  await expect(table.getByRole('columnheader').first()).toHaveText('Date (UTC)');
  await expect(dateCell).toHaveText('18 May 2024, 17:05 UTC');

  await timezone.getByRole('radio', { name: 'Local' }).click();
  await expect(timezone.getByRole('radio', { name: 'Local' })).toHaveAttribute('aria-checked', 'true');
  await expect(table.getByRole('columnheader').first()).toHaveText('Date (Local)');
  await expect(dateCell).toHaveText('18 May 2024, 10:05');

  // Kept in the browser's settings (IndexedDB), so a reload opens in Local.
  await page.reload();
  await searchFlights(page, trip.trip_name, 1);
  await expect(timezone.getByRole('radio', { name: 'Local' })).toHaveAttribute('aria-checked', 'true');
  await expect(table.getByRole('columnheader').first()).toHaveText('Date (Local)');
  await expect(dateCell).toHaveText('18 May 2024, 10:05');

  // The flight screen reads the same setting.
  await row.getByRole('link', { name: trip.trip_name }).click();
  await expect(page.getByTestId('trip-date')).toHaveText('18 May 2024, 10:05');
  const screenTimezone = page.getByRole('radiogroup', { name: 'Timezone' });
  await expect(screenTimezone.getByRole('radio', { name: 'Local' })).toHaveAttribute('aria-checked', 'true');
  await screenTimezone.getByRole('radio', { name: 'UTC' }).click();
  await expect(page.getByTestId('trip-date')).toHaveText('18 May 2024, 17:05 UTC');

  await page.goBack();
  await expect(table.getByRole('columnheader').first()).toHaveText('Date (UTC)');
  await expect(timezone.getByRole('radio', { name: 'UTC' })).toHaveAttribute('aria-checked', 'true');
});
