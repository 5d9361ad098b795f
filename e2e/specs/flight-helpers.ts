import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TranscriptWord, TripDetail, TripSummary, TripTranscript } from '@skylog/contracts';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { sendFromApp } from './shell-helpers.ts';

const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');

/** The committed flight files of e2e/fixtures (see its README). */
export const flightFixtures = {
  patternWork: path.join(fixturesDir, 'pattern-work.gpx'),
  cockpitAudio: path.join(fixturesDir, 'cockpit.opus'),
  notAudio: path.join(fixturesDir, 'not-audio.mp3'),
  onePoint: path.join(fixturesDir, 'one-point.gpx'),
  backwards: path.join(fixturesDir, 'backwards.gpx'),
  truncated: path.join(fixturesDir, 'truncated.gpx'),
  plannedRoute: path.join(fixturesDir, 'planned-route.gpx'),
} as const;

/** pattern-work.gpx starts at this instant (and its audio with it). */
export const patternWorkStart = '2024-05-18T17:05:00Z';

/** The player's clock: 1:05:09 from an hour on, 5:09 below. */
export function clockText(totalSeconds: number): string {
  const seconds = Math.floor(totalSeconds);
  const hours = Math.floor(seconds / 3600);
  const rest = `${String(Math.floor((seconds % 3600) / 60)).padStart(hours > 0 ? 2 : 1, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}

/** A trip name no other run or spec uses: every spec shares one server. */
export function uniqueTripName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

export const trackInputLabel = 'Track file (GPX, KML, CSV or IGC)';
export const audioInputLabel = 'Cockpit audio (MP3, M4A, WAV, FLAC, Opus)';

/** The file field with its error text below: the label holds both. */
export function fileField(page: Page, label: string): Locator {
  return page.locator('label').filter({ hasText: label });
}

/** Fills the upload form for a new flight; the caller presses Upload. */
export async function fillNewFlight(
  page: Page,
  { name, track, audio, aircraft }: { name: string; track?: string; audio?: string; aircraft?: string },
) {
  await expect(page.getByRole('radio', { name: 'A new flight' })).toBeChecked();
  await page.getByLabel('Flight name').fill(name);
  if (aircraft) await page.getByLabel('Aircraft').selectOption({ label: aircraft });
  if (track) await page.getByLabel(trackInputLabel).setInputFiles(track);
  if (audio) await page.getByLabel(audioInputLabel).setInputFiles(audio);
}

/** The 'N in total' under the Flights table, as a number, once the list has loaded. */
export async function readFlightsTotal(page: Page): Promise<number> {
  const total = page.getByTestId('table-total');
  await expect(total).toHaveText(/^\d+ in total$/);
  return Number((await total.textContent())!.split(' ')[0]);
}

/** Types into the Flights search and waits until the list shows `count` flights. */
export async function searchFlights(page: Page, text: string, count: number) {
  await page.getByLabel('Search flights').fill(text);
  await expect(page.getByTestId('table-total')).toHaveText(`${count} in total`);
}

/** Sends a track file as a new trip through the API of a signed-in page (its session cookie). */
export async function importTrack(request: APIRequestContext, file: string, tripName: string): Promise<TripDetail> {
  const response = await sendFromApp(
    request,
    `/api/trips/import?${new URLSearchParams({ filename: path.basename(file), trip_name: tripName })}`,
    {
      method: 'POST',
      data: readFileSync(file),
      headers: { 'content-type': 'application/octet-stream' },
    },
  );
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as TripDetail;
}

/** The trip as the API gives it to the signed-in page. */
export async function getTrip(request: APIRequestContext, tripId: string): Promise<TripDetail> {
  const response = await request.get(`/api/trips/${tripId}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TripDetail;
}

/** A flight the signed-in page may read, by its exact name (the demo flights have theirs). */
export async function findTripByName(request: APIRequestContext, tripName: string): Promise<TripSummary> {
  const response = await request.get(`/api/trips?${new URLSearchParams({ search: tripName, page_size: '50' })}`);
  expect(response.status(), await response.text()).toBe(200);
  const trip = ((await response.json()) as { items: TripSummary[] }).items.find((item) => item.trip_name === tripName);
  expect(trip, `${tripName} is among the flights this person may read`).toBeDefined();
  return trip!;
}

/** The words of a trip's transcript (asked for apart from the trip), none when it has no transcript. */
export async function getTranscriptWords(request: APIRequestContext, tripId: string): Promise<TranscriptWord[]> {
  const response = await request.get(`/api/trips/${tripId}/transcript`);
  expect(response.status(), await response.text()).toBe(200);
  const { transcript_json: transcript } = (await response.json()) as TripTranscript;
  return transcript?.results.channels[0]?.alternatives[0]?.words ?? [];
}

/**
 * A transcript word as a person reaches it: the list renders only the utterances near what it shows, so the
 * wheel scrolls it (down or up) until the word is there. Scrolling by hand stops the list following the audio
 * for a few seconds; a click on the word seeks, which follows again.
 */
export async function scrollTranscriptToWord(page: Page, transcript: Locator, index: number): Promise<Locator> {
  const list = transcript.locator('[data-playback-keys]');
  const word = list.locator(`[data-word="${index}"]`);
  await list.hover();
  for (let step = 0; step < 300 && (await word.count()) === 0; step += 1) {
    const shown = await list
      .locator('[data-word]')
      .evaluateAll((elements) => elements.map((element) => Number((element as HTMLElement).dataset.word)));
    await page.mouse.wheel(0, index > Math.max(...shown) ? 400 : -400);
  }
  await expect(word).toHaveCount(1);
  return word;
}

/** Whether `inner` is wholly inside `outer` on the screen (a word in the transcript's scrolled list). */
export async function isShownWithin(inner: Locator, outer: Locator): Promise<boolean> {
  const [innerBox, outerBox] = [await inner.boundingBox(), await outer.boundingBox()];
  if (!innerBox || !outerBox) return false;
  return innerBox.y >= outerBox.y - 1 && innerBox.y + innerBox.height <= outerBox.y + outerBox.height + 1;
}

/** The trip id of a /dashboard/flights/:id link or URL. */
export function tripIdOf(href: string): string {
  const id = /\/dashboard\/flights\/([^/?#]+)/.exec(href)?.[1];
  if (!id) throw new Error(`no flight id in ${href}`);
  return decodeURIComponent(id);
}

/** Where an element sits on screen, rounded: enough to see the map's aircraft move. */
export async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element is not on screen');
  return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
}
