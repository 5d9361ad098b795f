import { markerCategories, type TripSummary } from '@skylog/contracts';
import { expect, test } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { clockText, getTranscriptWords, getTrip } from './flight-helpers.ts';

const demoTripName = 'Cross-country KPAO – KMRY – KPAO';

test('the 90-minute demo flight: clicking a transcript word moves the playback there; all four marker categories are listed', async ({
  page,
}) => {
  await signIn(page, 'marcus.webb@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  const response = await page.request.get(`/api/trips?${new URLSearchParams({ search: 'Cross-country KPAO', page_size: '50' })}`);
  expect(response.status()).toBe(200);
  const demo = ((await response.json()) as { items: TripSummary[] }).items.find((trip) => trip.trip_name === demoTripName);
  // The demo trips of apps/server/src/db/seed/demo-trips are seeded with the demo school.
  expect(demo).toBeDefined();
  // The demo audio goes through the upload job once the server has started.
  await expect.poll(async () => (await getTrip(page.request, demo!.trip_id)).audio.status, { timeout: 20_000 }).toBe('ready');
  const trip = await getTrip(page.request, demo!.trip_id);
  const words = await getTranscriptWords(page.request, trip.trip_id);
  expect(words.length).toBeGreaterThan(100);

  await page.getByLabel('Search flights').fill('Cross-country KPAO');
  await page.getByRole('link', { name: demoTripName }).click();
  await expect(page.getByTestId('trip-name')).toHaveText(demoTripName);
  await expect(page.getByRole('region', { name: 'Audio player' })).toContainText(`/ ${clockText((trip.audio.duration_ms ?? 0) / 1000)}`);
  expect(trip.audio.duration_ms).toBeGreaterThan(85 * 60_000);

  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript.locator('[data-word]')).toHaveCount(words.length);
  // A word past the first hour, so the clock shows hours too.
  const index = words.findIndex((word) => word.start > 3700);
  const word = words[index]!;
  const wordButton = transcript.locator(`[data-word="${index}"]`);
  await expect(wordButton).toHaveText(word.punctuated_word ?? word.word);
  await wordButton.click();
  await expect(page.getByTestId('playback-time')).toHaveText(clockText(word.start));
  await expect(wordButton).toHaveAttribute('aria-current', 'true');

  const markers = page.getByRole('region', { name: 'Markers' });
  await expect(markers.getByRole('heading', { name: `Markers (${trip.markers.length})` })).toBeVisible();
  for (const category of markerCategories) {
    await expect(markers.getByRole('button', { name: new RegExp(`^${category.text} `) }).first()).toBeVisible();
  }
});
