import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures.ts';
import {
  audioInputLabel,
  fileField,
  fillNewFlight,
  flightFixtures,
  getTrip,
  readFlightsTotal,
  searchFlights,
  trackInputLabel,
  tripIdOf,
  uniqueTripName,
} from './flight-helpers.ts';

const student = 'leo.nakamura@skyline.test';

/** Uploads a bad track as a new flight: its reason shows under the track input and no flight is made. */
async function expectTrackRefused(page: Page, file: string, reason: string | RegExp) {
  await signIn(page, student);
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  const totalBefore = await readFlightsTotal(page);
  const name = uniqueTripName('E2E bad track');

  await page.goto('/dashboard/audio-upload');
  await fillNewFlight(page, { name, track: file });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(fileField(page, trackInputLabel)).toContainText(reason);
  await expect(page.getByLabel(trackInputLabel)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(audioInputLabel)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('link', { name: 'Open the flight' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upload' })).toBeEnabled();

  await page.goto('/dashboard/flights');
  expect(await readFlightsTotal(page)).toBe(totalBefore);
  await searchFlights(page, name, 0);
}

test('a GPX with one point is refused under the track input and no flight is made', async ({ page }) => {
  await expectTrackRefused(page, flightFixtures.onePoint, 'A track needs at least 3 points with different times; this one has 1.');
});

test('a GPX whose time goes backwards is refused, naming the point and both times', async ({ page }) => {
  await expectTrackRefused(page, flightFixtures.backwards, 'Time goes backwards at point 4 (17:04:58 after 17:05:02 UTC).');
});

test('a cut-off GPX is refused as cut off or malformed', async ({ page }) => {
  await expectTrackRefused(page, flightFixtures.truncated, /The GPX file is cut off or malformed: it ends before <trkseg> is closed\./);
});

test('a text file named .mp3 with a good GPX: the flight is saved without the audio, and the reason is shown', async ({ page }) => {
  await signIn(page, student);
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  const name = uniqueTripName('E2E not audio');
  const notAudio = 'This file is not audio Skylog can read. Upload an MP3, M4A, WAV, FLAC or Opus recording.';

  await page.goto('/dashboard/audio-upload');
  await fillNewFlight(page, { name, track: flightFixtures.patternWork, audio: flightFixtures.notAudio });
  await page.getByRole('button', { name: 'Upload' }).click();
  // The browser takes the .mp3 name; only the server's processing finds out.
  const warning = page.getByRole('status').filter({ hasText: 'The flight was saved without the audio.' });
  await expect(warning).toBeVisible({ timeout: 15_000 });
  await expect(fileField(page, audioInputLabel)).toContainText(notAudio);
  await expect(page.getByLabel(audioInputLabel)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(trackInputLabel)).not.toHaveAttribute('aria-invalid', 'true');

  const tripId = tripIdOf((await warning.getByRole('link', { name: 'Open the flight' }).getAttribute('href'))!);
  await expect.poll(async () => (await getTrip(page.request, tripId)).audio).toMatchObject({ status: 'failed', error: notAudio });
  await page.goto('/dashboard/flights');
  await searchFlights(page, name, 1);
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Audio failed');

  await page.getByRole('link', { name }).click();
  await expect(page.getByTestId('trip-name')).toHaveText(name);
  await expect(page.getByRole('region', { name: 'Audio player' }).getByRole('alert')).toHaveText(notAudio);
  await expect(page.getByRole('figure', { name: 'Altitude chart' }).locator('canvas')).toBeVisible();
});
