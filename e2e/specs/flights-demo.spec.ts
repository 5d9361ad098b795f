import { markerCategories, type TripSummary } from '@skylog/contracts';
import { expect, test } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { clockText, getTranscriptWords, getTrip, isShownWithin } from './flight-helpers.ts';

const demoTripName = 'Cross-country KPAO – KMRY – KPAO';

test('the 90-minute demo flight: a seek past the first hour scrolls the transcript to the word being spoken; clicking a word moves the playback there; all four marker categories are listed', async ({
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
  const list = transcript.locator('[data-playback-keys]');
  const markers = page.getByRole('region', { name: 'Markers' });
  // The list renders the utterances near what it shows, not the flight's thousand-odd words.
  await expect(transcript.locator('[data-word="0"]')).toHaveText(words[0]!.punctuated_word ?? words[0]!.word);
  const renderedWords = await transcript.locator('[data-word]').count();
  expect(renderedWords).toBeGreaterThan(0);
  expect(renderedWords).toBeLessThan(words.length);

  // A marker past the first hour (so the clock shows hours too): the transcript scrolls to the word being
  // spoken there and marks it.
  const audioStart = trip.audio.started_at!;
  const late = trip.markers.find((marker) => marker.timestamp - audioStart > 3700_000)!;
  const lateSeconds = (late.timestamp - audioStart) / 1000;
  const playing = words.reduce((found, word, index) => (word.start <= lateSeconds ? index : found), -1);
  const playingWord = transcript.locator(`[data-word="${playing}"]`);
  await expect(playingWord).toHaveCount(0);
  await markers.getByRole('button', { name: late.notes.text }).click();
  await expect(page.getByTestId('playback-time')).toHaveText(clockText(lateSeconds));
  await expect(playingWord).toHaveAttribute('aria-current', 'true');
  await expect(playingWord).toHaveText(words[playing]!.punctuated_word ?? words[playing]!.word);
  await expect(transcript.locator('[aria-current="true"]')).toHaveCount(1);
  await expect(playingWord.locator('xpath=ancestor::*[@data-utterance]')).toHaveAttribute('data-current', 'true');
  await expect.poll(() => isShownWithin(playingWord, list)).toBe(true);
  // Near the top of the list (a third down), with what follows below it.
  const [wordBox, listBox] = [(await playingWord.boundingBox())!, (await list.boundingBox())!];
  expect(wordBox.y - listBox.y).toBeLessThan(listBox.height / 2);

  // A word a little further on: a click moves the playback there.
  const index = words.findIndex((word) => word.start > lateSeconds + 5);
  const word = words[index]!;
  const wordButton = transcript.locator(`[data-word="${index}"]`);
  await expect(wordButton).toHaveText(word.punctuated_word ?? word.word);
  await wordButton.click();
  await expect(page.getByTestId('playback-time')).toHaveText(clockText(word.start));
  await expect(wordButton).toHaveAttribute('aria-current', 'true');
  await expect(playingWord).not.toHaveAttribute('aria-current', 'true');

  await expect(markers.getByRole('heading', { name: `Markers (${trip.markers.length})` })).toBeVisible();
  for (const category of markerCategories) {
    await expect(markers.getByRole('button', { name: new RegExp(`^${category.text} `) }).first()).toBeVisible();
  }
});
