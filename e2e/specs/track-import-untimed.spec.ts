import { timesEstimatedBadge, trackImportNotices } from '@skylog/contracts';
import { expect, test } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { fileField, fillNewFlight, flightFixtures, getTrip, trackInputLabel, tripIdOf, uniqueTripName } from './flight-helpers.ts';

const untimedMessage =
  "This GPX file has a route but no times. Give the take-off time and either the landing time or the audio's length, and Skylog spreads its points evenly between them.";

test("a route without times goes into a flight with its audio: take-off plus the audio's length, and the flight says its times are estimated", async ({
  page,
}) => {
  // Audio processing, then the import: about 15 s, with room for a busy machine.
  test.setTimeout(60_000);
  const name = uniqueTripName('E2E planned route');
  await signIn(page, 'leo.nakamura@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);

  // First the cockpit recording, as a new flight of its own.
  await page.goto('/dashboard/audio-upload');
  await fillNewFlight(page, { name, audio: flightFixtures.cockpitAudio });
  await page.getByRole('button', { name: 'Upload' }).click();
  const saved = page.getByRole('status').filter({ hasText: 'Flight uploaded.' });
  await expect(saved).toBeVisible({ timeout: 20_000 });
  const tripId = tripIdOf((await saved.getByRole('link', { name: 'Open the flight' }).getAttribute('href'))!);
  await expect.poll(async () => (await getTrip(page.request, tripId)).audio.status).toBe('ready');
  const audioMs = (await getTrip(page.request, tripId)).audio.duration_ms!;

  // Then the planner's route, into that flight: the server finds no times and the form asks for them.
  await page.goto('/dashboard/audio-upload');
  await page.getByRole('radio', { name: 'An existing flight' }).check();
  const flight = page.getByLabel('Flight', { exact: true });
  await flight.selectOption((await flight.locator('option', { hasText: name }).getAttribute('value'))!);
  await page.getByLabel(trackInputLabel).setInputFiles(flightFixtures.plannedRoute);
  // Read in the browser as soon as it is chosen, by the parser the server uses.
  await expect(page.getByText(/^A path of \d+ points without times: Skylog will ask when it was flown\.$/)).toBeVisible();
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(fileField(page, trackInputLabel)).toContainText(untimedMessage);
  // The chosen file stays.
  await expect(fileField(page, trackInputLabel)).toContainText('planned-route.gpx');

  await page.getByLabel('Take-off', { exact: true }).fill('2026-05-02T14:00');
  await page.getByLabel("Landing: the take-off plus the length of this flight's audio").check();
  await expect(page.getByLabel('Landing', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Upload' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Flight uploaded.' });
  await expect(done).toBeVisible({ timeout: 15_000 });
  await expect(done.getByRole('list', { name: 'About the track' })).toHaveText(trackImportNotices.timesEstimated);

  const trip = await getTrip(page.request, tripId);
  const takeoff = new Date('2026-05-02T14:00').getTime();
  expect(trip).toMatchObject({ point_count: 10, times_estimated: true, begin_time: new Date(takeoff).toISOString() });
  expect(Date.parse(trip.end_time!)).toBe(takeoff + audioMs);

  await done.getByRole('link', { name: 'Open the flight' }).click();
  await expect(page.getByTestId('trip-name')).toHaveText(name);
  const badge = page.getByTestId('times-estimated');
  await expect(badge).toContainText(timesEstimatedBadge.label);
  await badge.hover();
  await expect(page.getByRole('tooltip')).toContainText(timesEstimatedBadge.explanation);
});
