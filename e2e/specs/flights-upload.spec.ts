import { messages } from '@skylog/contracts';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures.ts';
import {
  centreOf,
  fillNewFlight,
  flightFixtures,
  getTrip,
  importTrack,
  searchFlights,
  tripIdOf,
  uniqueTripName,
} from './flight-helpers.ts';
import { toast } from './shell-helpers.ts';

/** Where the altitude chart's playback line stands. */
const playbackLineOf = (page: Page) =>
  page
    .getByRole('figure', { name: 'Altitude chart' })
    .getByTestId('chart-playback-line')
    .evaluate((line) => line.style.transform);

test('a student uploads a track and cockpit audio, finds the flight, plays it, adds a marker and seeks to it', async ({ page }) => {
  // Upload, audio processing and a few seconds of real playback: about 20 s, with room for a busy machine.
  test.setTimeout(45_000);
  const name = uniqueTripName('E2E pattern work');
  await signIn(page, 'leo.nakamura@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  await page.getByRole('link', { name: 'Upload flight' }).click();
  await expect(page).toHaveURL(/\/dashboard\/audio-upload$/);

  await fillNewFlight(page, { name, aircraft: 'N172SP', track: flightFixtures.patternWork, audio: flightFixtures.cockpitAudio });
  // A student's flight is theirs: they sit in the left seat unless they choose otherwise.
  await expect(page.getByLabel('Pilot (left seat)').locator('option:checked')).toHaveText('Leo Nakamura');
  // Hold the first processing check so the progress of the audio step can be seen.
  let releaseCheck: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (releaseCheck = resolve));
  // The processing check is a GET on the upload's URL (tus's own requests there are HEAD and PATCH).
  await page.route('**/api/trips/*/audio/tus/*', async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  const processing = page.getByRole('progressbar', { name: 'Processing audio (duration, waveform, web copy)…' });
  await expect(processing).toBeVisible();
  await expect(processing).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
  releaseCheck();

  const done = page.getByRole('status').filter({ hasText: 'Flight uploaded.' });
  await expect(done).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.unroute('**/api/trips/*/audio/tus/*');
  const tripId = tripIdOf((await done.getByRole('link', { name: 'Open the flight' }).getAttribute('href'))!);
  await expect.poll(async () => (await getTrip(page.request, tripId)).audio.status).toBe('ready');

  await page.goto('/dashboard/flights');
  await searchFlights(page, name, 1);
  const row = page.getByRole('table', { name: 'Flights' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('N172SP');
  await expect(row).toContainText('3 min');
  await expect(row).toContainText('Audio');
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/flights/${tripId}$`));

  await expect(page.getByTestId('trip-name')).toHaveText(name);
  await expect(page.getByRole('region', { name: 'Flight summary' })).toContainText('N172SP');
  await expect(page.getByRole('region', { name: 'Flight map' }).getByTestId('map-position')).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Altitude chart' }).locator('canvas')).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Ground speed chart' }).locator('canvas')).toBeVisible();
  const audioPlayer = page.getByRole('region', { name: 'Audio player' });
  await expect(audioPlayer.getByRole('img', { name: 'Waveform' }).locator('canvas').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('No transcript for this flight yet.');
  await expect(page.getByRole('region', { name: 'Markers' })).toContainText('No markers on this flight.');

  const playbackTime = page.getByTestId('playback-time');
  await expect(playbackTime).toHaveText('0:00');
  await expect(audioPlayer).toContainText('0:00 / 3:00');
  await audioPlayer.getByRole('button', { name: 'Play' }).click();
  await expect(audioPlayer.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => playbackTime.textContent(), { timeout: 8_000 }).toMatch(/^0:0[2-9]$/);
  await audioPlayer.getByRole('button', { name: 'Pause' }).click();
  await expect(audioPlayer.getByRole('button', { name: 'Play' })).toBeVisible();

  // The climb-out, where the aircraft moves quickly across the map.
  const forward = audioPlayer.getByRole('button', { name: 'Forward 10 seconds' });
  for (let step = 0; step < 4; step += 1) await forward.click();
  await expect(playbackTime).toHaveText(/^0:4\d$/);
  const markerTime = (await playbackTime.textContent())!;
  const markerLine = await playbackLineOf(page);
  const markerPosition = await centreOf(page.getByTestId('map-position'));

  const notes = `Climb-out pitch too high ${Date.now().toString(36)}`;
  const markers = page.getByRole('region', { name: 'Markers' });
  await markers.getByRole('button', { name: 'Add marker' }).click();
  const form = page.getByRole('dialog', { name: 'Add marker' });
  await form.getByLabel('Category').selectOption({ label: 'Unusual' });
  await form.getByLabel('Notes').fill(notes);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Marker added')).toBeVisible();
  await expect(form).toBeHidden();
  // Category, time of day (the track starts at 17:05:00Z), time into the flight, and the notes.
  const marker = markers.getByRole('button', { name: new RegExp(`^Unusual 17:05:${markerTime.slice(2)}Z \\+0:4\\d manual ${notes}$`) });
  await expect(marker).toBeVisible();

  // Somewhere else (the climbing turn), then back through the marker.
  for (let step = 0; step < 5; step += 1) await forward.click();
  await expect(playbackTime).toHaveText(/^1:[3-4]\d$/);
  await expect.poll(() => playbackLineOf(page)).not.toBe(markerLine);
  await expect.poll(() => centreOf(page.getByTestId('map-position'))).not.toEqual(markerPosition);

  await marker.click();
  await expect(playbackTime).toHaveText(markerTime);
  await expect.poll(() => playbackLineOf(page)).toBe(markerLine);
  await expect.poll(() => centreOf(page.getByTestId('map-position'))).toEqual(markerPosition);

  await page.reload();
  await expect(page.getByTestId('trip-name')).toHaveText(name);
  await expect(markers.getByRole('heading', { name: 'Markers (1)' })).toBeVisible();
  await expect(marker).toBeVisible();
});

test("a student cannot open another student's uploaded flight: Trip not found", async ({ page, browser }) => {
  await signIn(page, 'leo.nakamura@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  const trip = await importTrack(page.request, flightFixtures.patternWork, uniqueTripName("E2E Leo's solo"));
  await page.goto(`/dashboard/flights/${trip.trip_id}`);
  await expect(page.getByTestId('trip-name')).toHaveText(trip.trip_name);

  const context = await browser.newContext();
  const priya = await context.newPage();
  await signIn(priya, 'priya.shah@skyline.test');
  await expect(priya).toHaveURL(/\/dashboard\/flights$/);
  await searchFlights(priya, trip.trip_name, 0);
  await priya.goto(`/dashboard/flights/${trip.trip_id}`);
  const notFound = priya.getByRole('alert').filter({ hasText: messages.tripNotFound });
  await expect(notFound.getByRole('heading', { name: messages.tripNotFound })).toBeVisible();
  await expect(priya.getByTestId('trip-name')).toHaveCount(0);
  await expect(priya.getByRole('region', { name: 'Flight map' })).toHaveCount(0);
  expect((await priya.request.get(`/api/trips/${trip.trip_id}`)).status()).toBe(404);
  await context.close();
});
