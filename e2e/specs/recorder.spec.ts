import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recorderMessages, type MarkerCategory, type TripAnalysis } from '@skylog/contracts';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath } from '../chromium.ts';
import { signIn } from './fixtures.ts';
import { getTrip, searchFlights, tripIdOf } from './flight-helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * What Chromium's fake microphone plays: the e2e cockpit recording (e2e/fixtures/cockpit.opus) as the WAV it reads,
 * made once per machine with the ffmpeg npm ships to every linux-x64 install (written aside, then renamed, so two
 * workers never read half a file).
 */
function cockpitWav(): string {
  const wav = path.join(tmpdir(), 'skylog-e2e-cockpit.wav');
  if (existsSync(wav)) return wav;
  const ffmpeg = path.join(path.dirname(createRequire(import.meta.url).resolve('@ffmpeg-installer/linux-x64/package.json')), 'ffmpeg');
  const partial = `${wav}.${process.pid}`;
  execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-i', path.join(here, '../fixtures/cockpit.opus'), '-ac', '1', '-ar', '16000', '-f', 'wav', partial]);
  renameSync(partial, wav);
  return wav;
}

// The fake microphone playing a cockpit recording, granted without a prompt, and the location granted: the phone
// recorder records both as a phone would (docs/product.md "Recording on a phone").
test.use({
  launchOptions: {
    executablePath: chromiumExecutablePath,
    args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-audio-capture=${cockpitWav()}`],
  },
  permissions: ['geolocation', 'microphone'],
  geolocation: { latitude: 37.4602, longitude: -122.1174, accuracy: 8 },
  viewport: { width: 412, height: 915 },
});

/** The demo school's recorded pattern work at Palo Alto (apps/server/src/db/seed/demo-trips): seconds, latitude, longitude, … */
const demoTrack = (JSON.parse(readFileSync(path.join(here, '../../apps/server/src/db/seed/demo-trips/pattern-work-kpao.json'), 'utf8')) as { points: number[][] }).points;

/** The phone's position at a step: the recorded track from the take-off roll on, three seconds of it per step. */
const position = (step: number) => {
  const [, latitude, longitude] = demoTrack[Math.min(demoTrack.length - 1, 150 + step * 3)]!;
  return { latitude: latitude!, longitude: longitude!, accuracy: 6 };
};

/** Moves the phone along the route for `seconds`, a fix every second. */
async function fly(context: BrowserContext, page: Page, from: number, seconds: number) {
  for (let step = from; step < from + seconds; step++) {
    await context.setGeolocation(position(step));
    await page.waitForTimeout(1000);
  }
}

/** The page is controlled by the service worker once it has kept the app's files. */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

const elapsedSeconds = async (page: Page) => {
  const [hours, minutes, seconds] = (await page.getByTestId('elapsed').innerText()).split(':').map(Number);
  return hours! * 3600 + minutes! * 60 + seconds!;
};

test('a student records a flight on a phone, loses the network and reloads mid-flight, and the flight arrives with its track, audio and markers, and its analysis', async ({ context, page }) => {
  // About 40 s of real recording (over the 30 s a flight needs to be sent unasked), then the audio's processing.
  test.setTimeout(120_000);
  await openRecorder(page);
  const label = await rockerLabels(page);
  await waitForServiceWorker(page);
  await expect(page.getByText(recorderMessages.limits)).toBeVisible();
  const aircraft = page.getByLabel('Aircraft');
  await aircraft.selectOption((await aircraft.locator('option', { hasText: 'N172SP' }).first().getAttribute('value'))!);
  await expect(page.getByLabel('Left seat').locator('option:checked')).toHaveText('Stella Park');
  await page.getByRole('button', { name: recorderMessages.start }).click();

  const recording = page.getByRole('region', { name: 'Recording', exact: true });
  await expect(recording).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Audio level' })).toBeVisible();
  await fly(context, page, 1, 8);
  await expect(page.getByTestId('fix-quality')).toContainText('Good fix');
  await recording.getByRole('button', { name: new RegExp(label(1)) }).click();
  await fly(context, page, 9, 4);
  await page.keyboard.press('3');
  await expect(page.getByTestId('marker-count')).toContainText('2 markers');
  await fly(context, page, 13, 6);

  // No network, and the page is reloaded in flight: the browser warns first; the app opens from the service worker
  // and the flight goes on with its time, markers and the microphone, as a second take.
  await context.setOffline(true);
  const before = await elapsedSeconds(page);
  page.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('beforeunload');
    void dialog.accept();
  });
  await page.reload();
  await expect(recording).toBeVisible();
  await expect(page.getByTestId('marker-count')).toContainText('2 markers');
  await expect.poll(() => elapsedSeconds(page)).toBeGreaterThan(before);
  await expect(page.getByText(recorderMessages.interrupted)).toBeVisible();
  await fly(context, page, 19, 14);

  await recording.getByRole('button', { name: recorderMessages.stop }).click();
  await page.getByRole('dialog').getByRole('button', { name: recorderMessages.stop }).click();
  const waiting = page.getByTestId('local-recording');
  await expect(waiting).toHaveCount(1);
  await expect(waiting.getByTestId('recording-state')).toHaveText(recorderMessages.states.stopped);
  const tripName = await waiting.locator('span.font-medium').innerText();

  // Back online: the flight is sent by itself, the audio with its progress (held until the bar is seen).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/trips/*/audio/tus/*', async (route) => {
    if (route.request().method() === 'PATCH') await held;
    await route.continue();
  });
  await context.setOffline(false);
  await expect(page.getByRole('progressbar', { name: recorderMessages.sendingAudio })).toBeVisible({ timeout: 15_000 });
  release();
  const tripId = await sentFlightId(page);
  await expect(page.getByTestId('local-recording')).toHaveCount(0);
  await expect(page.getByText(recorderMessages.noLocalRecordings)).toBeVisible();
  await page.unroute('**/api/trips/*/audio/tus/*');

  const trip = await getTrip(page.request, tripId);
  expect(trip.trip_name).toBe(tripName);
  // Fixes from before and after the reload; the one flight, never a second.
  expect(trip.point_count).toBeGreaterThanOrEqual(25);
  expect(trip.markers.map((marker) => marker.markerID)).toEqual([1, 3]);
  await expect.poll(async () => (await getTrip(page.request, tripId)).audio.status, { timeout: 30_000 }).toBe('ready');
  const audio = (await getTrip(page.request, tripId)).audio;
  // The audio from before the reload and the take after it, joined on the flight's timeline: it goes on well past
  // the reload (14 s were flown after it), not only until it, and plays as Ogg Opus. (Not "as long as the track":
  // on a busy machine Chromium's fake microphone delivers its file slower than real time.)
  expect(audio.duration_ms).toBeGreaterThan((before + 10) * 1000);
  expect(audio.mime_type).toBe('audio/ogg');
  // And its analysis, made from the track the phone recorded.
  const analysisOf = async () => ((await (await page.request.get(`/api/trips/${tripId}/analysis`)).json()) as TripAnalysis).analysis;
  await expect.poll(async () => (await analysisOf())?.phases.length ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
  expect((await analysisOf())?.stats.max_ground_speed_kt).toBeGreaterThan(20);

  await page.goto('/dashboard/flights');
  await searchFlights(page, tripName, 1);
  await expect(page.getByRole('table', { name: 'Flights' }).getByRole('row').filter({ hasText: tripName })).toContainText('N172SP');
});

test('the recorder opens with no network after a first visit, with the aircraft and crew read then', async ({ context, page }) => {
  await openRecorder(page, 'instructor@skyline.test');
  await waitForServiceWorker(page);
  await expect(page.getByLabel('Aircraft').locator('option', { hasText: 'N172SP' })).toHaveCount(1);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: recorderMessages.title })).toBeVisible();
  await expect(page.getByText(recorderMessages.offlineChoices)).toBeVisible();
  await expect(page.getByLabel('Aircraft').locator('option', { hasText: 'N172SP' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: recorderMessages.start })).toBeEnabled();
  // The API is never answered from the worker's cache.
  expect(await page.evaluate(() => fetch('/api/me').then(() => 'answered', () => 'no network'))).toBe('no network');
  await context.setOffline(false);
});

test('a recording too short to be a flight is not sent unasked: the person discards it', async ({ context, page }) => {
  await openRecorder(page);
  await page.getByRole('button', { name: recorderMessages.start }).click();
  const recording = page.getByRole('region', { name: 'Recording', exact: true });
  await fly(context, page, 1, 3);
  await recording.getByRole('button', { name: recorderMessages.stop }).click();
  await page.getByRole('dialog').getByRole('button', { name: recorderMessages.stop }).click();

  const waiting = page.getByTestId('local-recording');
  await expect(waiting.getByTestId('recording-state')).toHaveText(recorderMessages.states['needs-question']);
  await expect(waiting).toContainText('This recording is only');
  await waiting.getByRole('button', { name: recorderMessages.discard }).click();
  await page.getByRole('dialog').getByRole('button', { name: recorderMessages.discard }).click();
  await expect(page.getByText(recorderMessages.noLocalRecordings)).toBeVisible();
  await page.reload();
  await expect(page.getByText(recorderMessages.noLocalRecordings)).toBeVisible();
});

test('a flight recorded while the session lapsed waits on the phone, and is sent once the student signs in again', async ({ context, page }) => {
  await openRecorder(page);
  await page.getByRole('button', { name: recorderMessages.start }).click();
  await expect(page.getByRole('region', { name: 'Recording', exact: true })).toBeVisible();
  await fly(context, page, 1, 3);
  // The session ends in flight (it expired, or the student was signed out elsewhere).
  await context.clearCookies();
  const waiting = await stopRecording(page);
  await waiting.getByRole('button', { name: recorderMessages.sendAnyway }).click();
  await expect(waiting).toContainText(recorderMessages.signInToSend);
  await expect(waiting.getByTestId('recording-state')).toHaveText(recorderMessages.states.stopped);

  await openRecorder(page);
  const tripId = await sentFlightId(page);
  await expect(page.getByTestId('local-recording')).toHaveCount(0);
  expect((await getTrip(page.request, tripId)).point_count).toBeGreaterThanOrEqual(2);
});

/** Signs `email` in (the demo student unless told) and opens the recorder. */
async function openRecorder(page: Page, email = 'student@skyline.test') {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  await page.goto('/record');
}

/** Waits for the recorder to say a flight was sent, and answers the flight's id from its link. */
async function sentFlightId(page: Page): Promise<string> {
  const sent = page.getByRole('status').filter({ hasText: recorderMessages.sent });
  await expect(sent).toBeVisible({ timeout: 20_000 });
  return tripIdOf((await sent.getByRole('link', { name: recorderMessages.openFlight }).getAttribute('href'))!);
}

/** The school's rocker labels, as the recorder shows them. */
async function rockerLabels(page: Page) {
  const rockers = ((await (await page.request.get('/api/marker-categories')).json()) as { items: MarkerCategory[] }).items;
  return (key: number) => rockers.find((rocker) => rocker.key === key)!.text;
}

/** Stop, confirm, and the one recording waiting on the phone. */
async function stopRecording(page: Page) {
  await page.getByRole('region', { name: 'Recording', exact: true }).getByRole('button', { name: recorderMessages.stop }).click();
  await page.getByRole('dialog').getByRole('button', { name: recorderMessages.stop }).click();
  const waiting = page.getByTestId('local-recording');
  await expect(waiting).toHaveCount(1);
  return waiting;
}

test('a Bluetooth remote’s key, set in Recorder keys, drops its marker while recording; keys 1–4 not remapped keep working', async ({ context, page }) => {
  const keysText = recorderMessages.recorderKeys;
  await openRecorder(page);
  const label = await rockerLabels(page);

  // A page-turner remote sends PageDown: pressed while the Unusual key is being set, it becomes Unusual's key.
  const settings = page.getByRole('region', { name: keysText.title });
  await expect(settings.getByText(keysText.headsetNote)).toBeVisible();
  const status = settings.getByRole('status');
  const unusualRow = settings.getByRole('listitem').filter({ hasText: label(2) });
  await expect(unusualRow.locator('kbd')).toHaveText('2');
  await settings.getByRole('button', { name: keysText.setKey(label(2)) }).click();
  await expect(settings.getByRole('button', { name: keysText.pressKey(label(2)) })).toBeVisible();
  await page.keyboard.press('PageDown');
  await expect(status).toHaveText(keysText.saved('PageDown', label(2)));
  await expect(unusualRow.locator('kbd')).toHaveText('PageDown');

  // The same key for a second marker is refused, and Escape leaves the key as it was.
  await settings.getByRole('button', { name: keysText.setKey(label(3)) }).click();
  await page.keyboard.press('PageDown');
  await expect(status).toHaveText(keysText.taken('PageDown', label(2)));
  await settings.getByRole('button', { name: keysText.setKey(label(3)) }).click();
  await page.keyboard.press('Escape');
  await expect(status).toHaveText(keysText.cancelled);
  await expect(settings.getByRole('listitem').filter({ hasText: label(3) }).locator('kbd')).toHaveText('3');

  await page.getByRole('button', { name: recorderMessages.start }).click();
  const recording = page.getByRole('region', { name: 'Recording', exact: true });
  await expect(recording).toBeVisible();
  await expect(recording.getByRole('button', { name: new RegExp(label(2)) })).toContainText('key PageDown');
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('marker-count')).toHaveText(new RegExp(`^1 marker, last ${label(2)} at`));
  // Key 2 is no longer Unusual's; key 1 still drops Debrief.
  await page.keyboard.press('2');
  await page.keyboard.press('1');
  await expect(page.getByTestId('marker-count')).toHaveText(new RegExp(`^2 markers, last ${label(1)} at`));
  await fly(context, page, 1, 2);
  await expect(page.getByTestId('marker-count')).toContainText('2 markers');

  const waiting = await stopRecording(page);
  await waiting.getByRole('button', { name: recorderMessages.discard }).click();
  await page.getByRole('dialog').getByRole('button', { name: recorderMessages.discard }).click();
  await expect(page.getByText(recorderMessages.noLocalRecordings)).toBeVisible();
});

test('with the location refused, the recorder says so and records and sends the cockpit audio only', async ({ context, page }) => {
  test.setTimeout(90_000);
  // The person refuses the location: the browser answers every position request with PERMISSION_DENIED (asynchronously, as
  // a browser does once its question is answered).
  await context.addInitScript(() => {
    const refused = { code: 1, message: 'User denied Geolocation', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError;
    navigator.geolocation.watchPosition = (_onFix, onError) => {
      setTimeout(() => onError?.(refused), 50);
      return 1;
    };
    navigator.geolocation.getCurrentPosition = (_onFix, onError) => void setTimeout(() => onError?.(refused), 50);
  });
  await openRecorder(page);
  await page.getByRole('button', { name: recorderMessages.start }).click();

  const recording = page.getByRole('region', { name: 'Recording', exact: true });
  await expect(recording.getByText(recorderMessages.audioOnly)).toBeVisible();
  await expect(page.getByTestId('fix-quality')).toHaveText('No GPS');
  await expect(page.getByRole('meter', { name: 'Audio level' })).toBeVisible();
  await page.waitForTimeout(6000);

  // No GPS position: the recorder asks before sending it as a flight, and the person sends it.
  const waiting = await stopRecording(page);
  await expect(waiting).toContainText(recorderMessages.shortOrNoFix(0, false));
  await waiting.getByRole('button', { name: recorderMessages.sendAnyway }).click();
  const tripId = await sentFlightId(page);
  expect((await getTrip(page.request, tripId)).point_count).toBe(0);
  await expect.poll(async () => (await getTrip(page.request, tripId)).audio.status, { timeout: 30_000 }).toBe('ready');
  expect((await getTrip(page.request, tripId)).audio.duration_ms).toBeGreaterThan(3000);
});

test('with the microphone refused, the recorder says so and records the track only', async ({ context, page }) => {
  test.setTimeout(90_000);
  // The person refuses the microphone: the browser rejects the request as it does then.
  await context.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await openRecorder(page);
  await page.getByRole('button', { name: recorderMessages.start }).click();

  const recording = page.getByRole('region', { name: 'Recording', exact: true });
  await expect(recording.getByText(recorderMessages.trackOnly)).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Audio level' })).toHaveCount(0);
  await fly(context, page, 1, 4);
  await expect(page.getByTestId('fix-quality')).toContainText('Good fix');

  const waiting = await stopRecording(page);
  await waiting.getByRole('button', { name: recorderMessages.sendAnyway }).click();
  const tripId = await sentFlightId(page);
  const trip = await getTrip(page.request, tripId);
  expect(trip.point_count).toBeGreaterThanOrEqual(2);
  expect(trip.audio.status).toBe('none');
});
