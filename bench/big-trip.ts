// `npm run bench -- big-trip`: the issue's performance requirement for a three-hour trip, in headless Chromium.
// A generated flight (10,800 fixes at 1 Hz, 200 markers, three hours of Ogg Opus audio, 2,000 transcript
// words) is sent through the real API to the real server; then, in fresh browser contexts (cold cache):
//  - "interactive": navigation start until Play is enabled, the aircraft is on the map, the waveform and
//    both charts have canvases and the transcript shows words;
//  - "seek": a click on the marker at 2:30:00, then Play, until the <audio> element plays past 9000 s,
//    and how much of the audio file the browser fetched.
// The web app is built into a temporary folder first (vite build, a few seconds), so the figures are those
// of the current source. BIG_TRIP_RUNS sets the number of runs (default 5).
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { limits, type AudioUpload, type TripDetail } from '@skylog/contracts';
import { Upload } from 'tus-js-client';
import { sql } from 'drizzle-orm';
import { findFfmpeg } from '../apps/server/src/integrations/audio/ffmpeg-path.ts';
import { flightSeconds, generateMarkers, generateTrack, generateTranscript, seekTargetSeconds } from './big-trip-data.ts';
import { startServer, type BenchServer } from './bench-server.ts';
import { chromiumArgs, chromiumExecutablePath } from '../e2e/chromium.ts';
import { summarizeCpuProfile, summarizeTrace, type TimeShare } from './page-profile.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const instructorEmail = 'marcus.webb@skyline.test';
const targets = { interactiveMs: 1500, seekMs: 1000, audioFetchedPercent: 5 };
const viewport = { width: 1440, height: 900 };
/** How long the audio plays after it started, before the page is closed ("the page's life"). */
const playOnMs = 3000;

/** The e2e suite's Chromium flags, plus autoplay without a gesture for the audio element. */
const benchChromiumArgs = [...chromiumArgs, '--autoplay-policy=no-user-gesture-required'];

export async function benchBigTrip(): Promise<string> {
  const runs = Number(process.env.BIG_TRIP_RUNS ?? 5);
  const webDistDir = buildWebApp();
  const audioFile = await ensureCockpitAudio();
  const server = await startServer({ webDistDir });
  let browser: Browser | null = null;
  try {
    const cookie = await server.cookieOf(instructorEmail);
    const trip = await createTrip(server, cookie);
    await uploadAudio(server, cookie, trip.trip_id, audioFile);
    await server.database.db.execute(
      sql`update trips set transcript_json = ${JSON.stringify(generateTranscript())}::jsonb where id = ${trip.trip_id}`,
    );
    const audioBytes = statSync(audioFile).size;
    const apiTimes = await timeApi(server, cookie, trip.trip_id);

    browser = await chromium.launch({ executablePath: chromiumExecutablePath, args: benchChromiumArgs });
    const loadBefore = loadavg();
    const results: RunResult[] = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await measureRun(browser, server, cookie, trip.trip_id);
      results.push(result);
      log(
        `run ${run + 1}: interactive ${result.interactiveMs.toFixed(0)} ms (last: ${result.lastSignal}), seek → playing ${result.seekMs.toFixed(0)} ms, ` +
          `audio fetched ${percentOf(result.audioBytesAtPlaying, audioBytes)} at playing, ${percentOf(result.audioBytesTotal, audioBytes)} over the page`,
      );
    }
    const loadAfter = loadavg();
    const profile = await profileOpening(browser, server, cookie, trip.trip_id, webDistDir);
    return formatReport(results, { audioBytes, chromium: browser.version(), runs, load: [loadBefore, loadAfter], profile, apiTimes });
  } finally {
    await browser?.close();
    await server.close();
    rmSync(webDistDir, { recursive: true, force: true });
  }
}

function log(line: string) {
  console.log(`[big-trip] ${line}`);
}

/** The current web source, built as `npm run build` does, into a folder of this run only. */
function buildWebApp(): string {
  const outDir = mkdtempSync(path.join(tmpdir(), 'skylog-bench-web-'));
  const started = performance.now();
  execFileSync('npm', ['run', 'build', '--workspace', '@skylog/web', '--', '--outDir', outDir, '--emptyOutDir'], {
    cwd: repoRoot,
    stdio: 'pipe',
  });
  log(`web app built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return outDir;
}

/**
 * Three hours of cabin noise, engine drone and a slow swell, as a cockpit recorder would save it:
 * Ogg Opus, mono, 32 kbit/s (about 37 MB). Made once and kept in the temporary folder (~2–3 min to encode).
 */
async function ensureCockpitAudio(): Promise<string> {
  const file = path.join(tmpdir(), 'skylog-big-trip', `cockpit-${flightSeconds}s-opus32k-v1.ogg`);
  if (existsSync(file)) return file;
  const ffmpeg = await findFfmpeg(process.env.FFMPEG_PATH);
  if (!ffmpeg) throw new Error('ffmpeg not found: install it or set FFMPEG_PATH');
  mkdirSync(path.dirname(file), { recursive: true });
  const started = performance.now();
  log(`encoding ${flightSeconds / 3600} h of audio with ${ffmpeg}…`);
  const partial = `${file}.part`;
  execFileSync(ffmpeg, [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `anoisesrc=d=${flightSeconds}:c=pink:r=48000:a=0.08`],
    ...['-f', 'lavfi', '-i', `sine=f=110:r=48000:d=${flightSeconds}`],
    ...['-filter_complex', '[1]volume=0.3[drone];[0][drone]amix=inputs=2:normalize=0,tremolo=f=0.2:d=0.6'],
    ...['-ac', '1', '-c:a', 'libopus', '-b:a', '32k', '-application', 'voip', '-f', 'ogg', partial],
  ]);
  renameSync(partial, file);
  log(`audio encoded in ${((performance.now() - started) / 1000).toFixed(0)} s: ${(statSync(file).size / 1e6).toFixed(1)} MB`);
  return file;
}

async function api<T>(server: BenchServer, cookie: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.address}${url}`, {
    method,
    headers: { cookie, origin: server.origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

export async function createTrip(server: BenchServer, cookie: string): Promise<TripDetail> {
  // 16:00 UTC (a Californian morning) three days ago.
  const startMs = Math.floor((Date.now() - 3 * 24 * 3600 * 1000) / 86_400_000) * 86_400_000 + 16 * 3600 * 1000;
  const points = generateTrack(startMs);
  const markers = generateMarkers(points);
  const body = { trip_name: 'Big trip: three-hour cross-country', origin: 'KPAO', destination: 'KPAO', points, markers };
  const size = JSON.stringify(body).length;
  const started = performance.now();
  const trip = await api<TripDetail>(server, cookie, 'POST', '/api/trips', body);
  log(
    `POST /api/trips (${points.length} points, ${markers.length} markers, ${(size / 1e6).toFixed(2)} MB JSON): ${(performance.now() - started).toFixed(0)} ms`,
  );
  return trip;
}

/** The resumable upload the web app uses: tus 1.0 with tus-js-client, 8 MB pieces; then wait for processing. */
async function uploadAudio(server: BenchServer, cookie: string, tripId: string, file: string) {
  const size = statSync(file).size;
  const started = performance.now();
  const uploadUrl = await new Promise<string>((resolve, reject) => {
    const upload = new Upload(createReadStream(file), {
      endpoint: `${server.address}/api/trips/${tripId}/audio/tus`,
      uploadSize: size,
      chunkSize: limits.uploadChunkBytes,
      metadata: { filename: 'cockpit.ogg', filetype: 'audio/ogg' },
      headers: { cookie, origin: server.origin },
      retryDelays: null,
      onSuccess: () => resolve(new URL(upload.url!).pathname),
      onError: reject,
    });
    upload.start();
  });
  const uploaded = performance.now();
  for (;;) {
    const status = await api<AudioUpload>(server, cookie, 'GET', uploadUrl);
    if (status.status === 'done') break;
    if (status.status === 'failed') throw new Error(`audio processing failed: ${status.error}`);
    if (performance.now() - uploaded > 15 * 60 * 1000) throw new Error('audio processing took over 15 minutes');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  log(
    `audio ${(size / 1e6).toFixed(1)} MB uploaded in ${((uploaded - started) / 1000).toFixed(1)} s, ` +
      `processed in ${((performance.now() - uploaded) / 1000).toFixed(1)} s`,
  );
}

type ApiTime = { name: string; medianMs: number; bytes: number };

/**
 * The screen's API calls on their own (Node fetch, no browser), and the reads behind them, to tell the
 * server's share of the waterfall from the browser's.
 */
async function timeApi(server: BenchServer, cookie: string, tripId: string): Promise<ApiTime[]> {
  const runs = 10;
  const time = async (name: string, operation: () => Promise<number>): Promise<ApiTime> => {
    let bytes = 0;
    const times: number[] = [];
    for (let run = -2; run < runs; run += 1) {
      const started = performance.now();
      bytes = await operation();
      if (run >= 0) times.push(performance.now() - started);
    }
    return { name, medianMs: stats(times).median, bytes };
  };
  const get = (url: string) => async () => {
    const response = await fetch(`${server.address}${url}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    return (await response.arrayBuffer()).byteLength;
  };
  // PGlite and node-postgres both answer { rows }: the size is that of the values as read.
  const select = (query: ReturnType<typeof sql>) => async () =>
    JSON.stringify(((await server.database.db.execute(query)) as unknown as { rows: unknown[] }).rows).length;
  return [
    await time('GET /api/trips/:id', get(`/api/trips/${tripId}`)),
    await time('GET /api/trips/:id/track', get(`/api/trips/${tripId}/track`)),
    await time('GET /api/trips/:id/audio/peaks', get(`/api/trips/${tripId}/audio/peaks`)),
    await time('GET /api/me', get('/api/me')),
    await time(
      'database: select raw_trips (the whole recorded track and markers)',
      select(sql`select raw_trips from trips where id = ${tripId}`),
    ),
    await time('database: select transcript_json', select(sql`select transcript_json from trips where id = ${tripId}`)),
    await time('database: select peaks', select(sql`select peaks from trip_audio where trip_id = ${tripId}`)),
  ];
}

type Signals = Record<'playEnabled' | 'mapPosition' | 'waveform' | 'altitudeChart' | 'speedChart' | 'transcript', number | null>;

type NetworkRequest = {
  url: string;
  type: string;
  status: number | null;
  range: string | null;
  contentRange: string | null;
  /** Page time (ms since navigation start). */
  startMs: number;
  responseMs: number | null;
  endMs: number | null;
  bytes: number;
  outcome: 'pending' | 'finished' | 'failed';
};

type RunResult = {
  interactiveMs: number;
  lastSignal: string;
  signals: Signals;
  heapUsedMb: number;
  requestsAtInteractive: number;
  bytesAtInteractive: number;
  longTasksBeforeInteractive: { count: number; totalMs: number; longestMs: number };
  longTasks: { start: number; duration: number }[];
  seekMs: number;
  /** Marker click → the `playing` event at 2:30:00 (the time then has yet to advance). */
  playingEventMs: number;
  playClickToPlayingMs: number;
  audioBytesAtPlaying: number;
  audioBytesTotal: number;
  audioRequests: NetworkRequest[];
  requests: NetworkRequest[];
  audioEvents: AudioEvent[];
  markerClickMs: number;
  errors: string[];
};

type AudioEvent = { type: string; at: number; currentTime: number; readyState: number };

type BenchWindow = {
  __bench: {
    audios: HTMLAudioElement[];
    events: AudioEvent[];
    longTasks: { start: number; duration: number }[];
    clicks: number[];
    signals: Signals;
    interactiveAt: number | null;
    playingAt: number | null;
  };
};

/**
 * Runs in the page before its own scripts: keeps the <audio> element wavesurfer creates (it is never
 * attached to the document), its events, long tasks, clicks, and the first frame at which each sign of a
 * usable screen is there.
 */
function instrumentPage() {
  const bench: BenchWindow['__bench'] = {
    audios: [],
    events: [],
    longTasks: [],
    clicks: [],
    signals: { playEnabled: null, mapPosition: null, waveform: null, altitudeChart: null, speedChart: null, transcript: null },
    interactiveAt: null,
    playingAt: null,
  };
  (window as unknown as BenchWindow).__bench = bench;
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (this: Document, ...args: Parameters<Document['createElement']>) {
    const element = createElement.apply(this, args);
    if (element instanceof HTMLAudioElement) {
      bench.audios.push(element);
      for (const type of ['loadstart', 'loadedmetadata', 'canplay', 'play', 'playing', 'waiting', 'seeking', 'seeked', 'pause', 'error']) {
        element.addEventListener(type, () =>
          bench.events.push({ type, at: performance.now(), currentTime: element.currentTime, readyState: element.readyState }),
        );
      }
    }
    return element;
  } as Document['createElement'];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  addEventListener('click', () => bench.clicks.push(performance.now()), true);

  const isShown = (element: Element | null | undefined) => Boolean(element && element.getBoundingClientRect().width > 0);
  // A drawn canvas in the element, or in the shadow root of one of its children (where wavesurfer draws).
  const hasCanvas = (root: Element | null | undefined) =>
    Boolean(
      root &&
      [root, ...Array.from(root.children).map((child) => child.shadowRoot)].some((scope) =>
        Array.from(scope?.querySelectorAll('canvas') ?? []).some((canvas) => canvas.width > 0),
      ),
    );
  const region = (label: string) => document.querySelector(`section[aria-label="${label}"]`);
  const probes: Record<keyof Signals, () => boolean> = {
    playEnabled: () => {
      const button = region('Audio player')?.querySelector<HTMLButtonElement>('button[aria-label="Play"]');
      return Boolean(button && !button.disabled);
    },
    mapPosition: () => isShown(document.querySelector('[data-testid="map-position"]')),
    // wavesurfer draws into a shadow root inside the Waveform box.
    waveform: () => hasCanvas(region('Audio player')?.querySelector('[aria-label="Waveform"]')),
    altitudeChart: () => hasCanvas(document.querySelector('[role="figure"][aria-label="Altitude chart"]')),
    speedChart: () => hasCanvas(document.querySelector('[role="figure"][aria-label="Ground speed chart"]')),
    transcript: () => isShown(region('Transcript')?.querySelector('[data-word]')),
  };
  const check = () => {
    const now = performance.now();
    for (const [name, probe] of Object.entries(probes) as [keyof Signals, () => boolean][]) {
      if (bench.signals[name] === null && probe()) bench.signals[name] = now;
    }
    if (Object.values(bench.signals).every((value) => value !== null)) bench.interactiveAt = now;
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** Every request of the page through the DevTools protocol, with the body bytes actually received (aborted ones too). */
async function recordNetwork(cdp: CDPSession, timeOrigin: () => number | null) {
  const requests = new Map<string, NetworkRequest>();
  // CDP times are monotonic seconds; requestWillBeSent also gives the wall time, which ties them to the page clock.
  let monotonicToEpochMs: number | null = null;
  const toPageMs = (monotonic: number) => (monotonicToEpochMs === null ? 0 : monotonic * 1000 + monotonicToEpochMs - (timeOrigin() ?? 0));
  cdp.on('Network.requestWillBeSent', (event) => {
    monotonicToEpochMs ??= event.wallTime * 1000 - event.timestamp * 1000;
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      status: null,
      range: event.request.headers.Range ?? event.request.headers.range ?? null,
      contentRange: null,
      startMs: event.timestamp,
      responseMs: null,
      endMs: null,
      bytes: 0,
      outcome: 'pending',
    });
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (event) => {
    const request = requests.get(event.requestId);
    if (request && !request.range) request.range = event.headers.Range ?? event.headers.range ?? null;
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.status = event.response.status;
    const timing = event.response.timing;
    request.responseMs = timing ? timing.requestTime + timing.receiveHeadersEnd / 1000 : event.timestamp;
    request.contentRange = event.response.headers['Content-Range'] ?? event.response.headers['content-range'] ?? null;
  });
  cdp.on('Network.dataReceived', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.bytes += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.endMs = event.timestamp;
    request.outcome = 'finished';
  });
  cdp.on('Network.loadingFailed', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.endMs = event.timestamp;
    request.outcome = 'failed';
  });
  await cdp.send('Network.enable');
  /** The requests so far, with times on the page clock. */
  return () =>
    [...requests.values()].map((request) => ({
      ...request,
      startMs: toPageMs(request.startMs),
      responseMs: request.responseMs === null ? null : toPageMs(request.responseMs),
      endMs: request.endMs === null ? null : toPageMs(request.endMs),
    }));
}

type OpenedFlight = {
  cdp: CDPSession;
  getRequests: () => NetworkRequest[];
  errors: string[];
  interactiveAt: number;
  signals: Signals;
  longTasks: { start: number; duration: number }[];
};

/** The flight opened in a page of a fresh context (nothing cached: a person opening it for the first time today), until usable. */
async function openFlight(
  page: Page,
  server: BenchServer,
  cookie: string,
  tripId: string,
  beforeNavigation?: (cdp: CDPSession) => Promise<void>,
): Promise<OpenedFlight> {
  const context = page.context();
  await context.addCookies(
    cookie
      .split('; ')
      .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: server.address })),
  );
  // tsx keeps function names with an `__name` helper that the page lacks.
  await context.addInitScript({ content: `globalThis.__name ??= (target) => target;\n(${instrumentPage.toString()})();` });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const cdp = await context.newCDPSession(page);
  let timeOrigin: number | null = null;
  const getRequests = await recordNetwork(cdp, () => timeOrigin);
  await beforeNavigation?.(cdp);
  await page.goto(`${server.address}/dashboard/flights/${tripId}`, { waitUntil: 'commit' });
  timeOrigin = await page.evaluate(() => performance.timeOrigin);
  await page.waitForFunction(() => (window as unknown as BenchWindow).__bench.interactiveAt !== null, undefined, {
    timeout: 60_000,
    polling: 50,
  });
  const { interactiveAt, signals, longTasks } = await page.evaluate(() => {
    const { interactiveAt, signals, longTasks } = (window as unknown as BenchWindow).__bench;
    return { interactiveAt: interactiveAt!, signals, longTasks };
  });
  return { cdp, getRequests, errors, interactiveAt, signals, longTasks };
}

async function measureRun(browser: Browser, server: BenchServer, cookie: string, tripId: string): Promise<RunResult> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    const { cdp, getRequests, errors, interactiveAt, signals, longTasks } = await openFlight(
      page,
      server,
      cookie,
      tripId,
      async (session) => {
        await session.send('Performance.enable');
      },
    );
    const metrics = (await cdp.send('Performance.getMetrics')).metrics;
    const heapUsed = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
    const atInteractive = getRequests().filter((request) => request.startMs <= interactiveAt);
    const tasksBefore = longTasks.filter((task) => task.start < interactiveAt);

    // Seek as a person would: the marker at 2:30:00 in the list, then Play.
    const markerButton = page
      .getByRole('region', { name: 'Markers' })
      .getByRole('listitem')
      .filter({ hasText: '+2:30:00' })
      .getByRole('button')
      .first();
    await markerButton.click();
    const markerClickMs = await page.evaluate(() => (window as unknown as BenchWindow).__bench.clicks.at(-1)!);
    await page.getByRole('region', { name: 'Audio player' }).getByRole('button', { name: 'Play' }).click();
    const playClickMs = await page.evaluate(() => (window as unknown as BenchWindow).__bench.clicks.at(-1)!);
    await page.waitForFunction(
      (targetSeconds) => {
        const bench = (window as unknown as BenchWindow).__bench;
        const audio = bench.audios.at(-1);
        if (!audio || audio.paused || audio.currentTime <= targetSeconds + 0.05) return false;
        bench.playingAt ??= performance.now();
        return true;
      },
      seekTargetSeconds,
      { timeout: 60_000, polling: 'raf' },
    );
    const playingAt = await page.evaluate(() => (window as unknown as BenchWindow).__bench.playingAt!);
    const isAudio = (request: NetworkRequest) => new URL(request.url).pathname === `/api/trips/${tripId}/audio`;
    const audioBytesAtPlaying = sum(
      getRequests()
        .filter(isAudio)
        .map((request) => request.bytes),
    );
    await page.waitForTimeout(playOnMs);
    const requests = getRequests();
    const audioRequests = requests.filter(isAudio);
    const audioEvents = await page.evaluate(() => (window as unknown as BenchWindow).__bench.events);
    const playingEvent = audioEvents.find(
      (event) => event.type === 'playing' && event.at > markerClickMs && event.currentTime >= seekTargetSeconds,
    );
    const lastSignal = (Object.entries(signals) as [string, number][]).sort((a, b) => b[1] - a[1])[0]![0];
    return {
      interactiveMs: interactiveAt,
      lastSignal,
      signals,
      heapUsedMb: heapUsed / 1048576,
      requestsAtInteractive: atInteractive.length,
      bytesAtInteractive: sum(atInteractive.map((request) => request.bytes)),
      longTasks,
      longTasksBeforeInteractive: {
        count: tasksBefore.length,
        totalMs: sum(tasksBefore.map((task) => task.duration)),
        longestMs: Math.max(0, ...tasksBefore.map((task) => task.duration)),
      },
      seekMs: playingAt - markerClickMs,
      playingEventMs: playingEvent ? playingEvent.at - markerClickMs : Number.NaN,
      playClickToPlayingMs: playingAt - playClickMs,
      audioBytesAtPlaying,
      audioBytesTotal: sum(audioRequests.map((request) => request.bytes)),
      audioRequests,
      requests,
      audioEvents,
      markerClickMs,
      errors,
    };
  } finally {
    await context.close();
  }
}

/**
 * One more opening of the flight under Chromium's tracing and the sampling CPU profiler (not timed: they
 * slow the page): where the main thread's time goes until the screen is usable.
 */
async function profileOpening(browser: Browser, server: BenchServer, cookie: string, tripId: string, webDistDir: string) {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ['devtools.timeline', 'v8', 'blink'] });
    const { cdp, interactiveAt } = await openFlight(page, server, cookie, tripId, async (session) => {
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: 500 });
      await session.send('Profiler.start');
    });
    const cpuProfile = (await cdp.send('Profiler.stop')).profile;
    const trace = await browser.stopTracing();
    return { interactiveMs: interactiveAt, byKind: summarizeTrace(trace), ...summarizeCpuProfile(cpuProfile, webDistDir) };
  } finally {
    await context.close();
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const percentOf = (bytes: number, total: number) => `${((bytes / total) * 100).toFixed(1)} %`;

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor((sorted.length - 1) / 2)]!, max: sorted.at(-1)! };
}

type ReportContext = {
  audioBytes: number;
  chromium: string;
  runs: number;
  load: [number[], number[]];
  profile: Awaited<ReturnType<typeof profileOpening>>;
  apiTimes: ApiTime[];
};

function formatReport(results: RunResult[], { audioBytes, chromium, runs, load, profile, apiTimes }: ReportContext): string {
  const verdict = (median: number, max: number, target: number) => (max < target ? 'yes' : median < target ? 'median only' : 'no');
  const row = (name: string, values: number[], format: (value: number) => string, target?: { limit: number; text: string }) => {
    const { median, max } = stats(values);
    return `| ${name} | ${runs} | ${format(median)} | ${format(max)} | ${target ? `${target.text} | ${verdict(median, max, target.limit)}` : '| '} |`;
  };
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const percent = (bytes: number) => percentOf(bytes, audioBytes);
  const lines = [
    `Chromium ${chromium}; audio ${(audioBytes / 1e6).toFixed(1)} MB Ogg Opus; ${cpus().length} cores, load average (1/5/15 min) ` +
      `${load.map((values) => values.map((value) => value.toFixed(1)).join('/')).join(' before, ')} after the runs`,
    '',
    '| measure | runs | median | max | target | met |',
    '|---|---|---|---|---|---|',
    row(
      'flight detail interactive (navigation → usable)',
      results.map((result) => result.interactiveMs),
      ms,
      { limit: targets.interactiveMs, text: '≤ 1.5 s' },
    ),
    row(
      'seek: click marker at 2:30:00, Play → audio playing past 9000 s',
      results.map((result) => result.seekMs),
      ms,
      { limit: targets.seekMs, text: '≤ 1 s' },
    ),
    row(
      '… marker click → `playing` event',
      results.map((result) => result.playingEventMs),
      ms,
    ),
    row(
      '… Play click → audio playing past 9000 s',
      results.map((result) => result.playClickToPlayingMs),
      ms,
    ),
    row(
      'audio fetched when playing started',
      results.map((result) => result.audioBytesAtPlaying),
      (value) => `${percent(value)} (${(value / 1e6).toFixed(2)} MB)`,
      {
        limit: (targets.audioFetchedPercent / 100) * audioBytes,
        text: '< 5 %',
      },
    ),
    row(
      `audio fetched over the page's life (+${playOnMs / 1000} s of play)`,
      results.map((result) => result.audioBytesTotal),
      (value) => `${percent(value)} (${(value / 1e6).toFixed(2)} MB)`,
    ),
    row(
      "audio requests over the page's life",
      results.map((result) => result.audioRequests.length),
      (value) => String(value),
    ),
    row(
      'requests until interactive',
      results.map((result) => result.requestsAtInteractive),
      (value) => String(value),
    ),
    row(
      'bytes received until interactive',
      results.map((result) => result.bytesAtInteractive),
      (value) => `${(value / 1e6).toFixed(2)} MB`,
    ),
    row(
      'JS heap used at interactive',
      results.map((result) => result.heapUsedMb),
      (value) => `${value.toFixed(1)} MB`,
    ),
    row(
      'long tasks before interactive (total)',
      results.map((result) => result.longTasksBeforeInteractive.totalMs),
      ms,
    ),
    row(
      'longest task before interactive',
      results.map((result) => result.longTasksBeforeInteractive.longestMs),
      ms,
    ),
  ];
  const median =
    results[results.indexOf([...results].sort((a, b) => a.interactiveMs - b.interactiveMs)[Math.floor((results.length - 1) / 2)]!)]!;
  lines.push('', 'When each sign of a usable screen first held (ms after navigation start), per run:', '');
  lines.push(
    `| run | ${Object.keys(median.signals).join(' | ')} | long tasks before (count) |`,
    `|---|${Object.keys(median.signals)
      .map(() => '---|')
      .join('')}---|`,
  );
  results.forEach((result, index) =>
    lines.push(
      `| ${index + 1} | ${Object.values(result.signals)
        .map((value) => (value ?? 0).toFixed(0))
        .join(' | ')} | ${result.longTasksBeforeInteractive.count} |`,
    ),
  );
  lines.push(
    '',
    `Requests of the median run until interactive (${median.interactiveMs.toFixed(0)} ms):`,
    '',
    '| request | status | start ms | response ms | end ms | KB |',
    '|---|---|---|---|---|---|',
  );
  for (const request of median.requests.filter((entry) => entry.startMs <= median.interactiveMs).sort((a, b) => a.startMs - b.startMs)) {
    const url = new URL(request.url);
    lines.push(
      `| ${request.type} ${url.pathname}${url.search} | ${request.status ?? '—'} | ${request.startMs.toFixed(0)} | ${request.responseMs?.toFixed(0) ?? '—'} | ${request.endMs?.toFixed(0) ?? '—'} | ${(request.bytes / 1024).toFixed(1)} |`,
    );
  }
  const tasks = median.longTasks.filter((task) => task.start < median.interactiveMs);
  const taskSpans = tasks.map((task) => `${task.start.toFixed(0)}–${(task.start + task.duration).toFixed(0)}`);
  lines.push('', `Long tasks of the median run before interactive (start–end ms): ${taskSpans.join(', ')}`);
  lines.push(
    '',
    `Audio requests of the median run (marker click at ${median.markerClickMs.toFixed(0)} ms):`,
    '',
    '| Range asked | status | Content-Range | start ms | end ms | received KB | outcome |',
    '|---|---|---|---|---|---|---|',
  );
  for (const request of median.audioRequests) {
    lines.push(
      `| ${request.range ?? '—'} | ${request.status ?? '—'} | ${request.contentRange ?? '—'} | ${request.startMs.toFixed(0)} | ${request.endMs?.toFixed(0) ?? '—'} | ${(request.bytes / 1024).toFixed(1)} | ${request.outcome} |`,
    );
  }
  lines.push('', 'Audio element events of the median run:', '', '| event | at ms | currentTime s | readyState |', '|---|---|---|---|');
  for (const event of median.audioEvents)
    lines.push(`| ${event.type} | ${event.at.toFixed(0)} | ${event.currentTime.toFixed(2)} | ${event.readyState} |`);
  lines.push(
    '',
    `Main thread until interactive, one more opening under tracing and the CPU profiler (${profile.interactiveMs.toFixed(0)} ms with them on):`,
    '',
  );
  const shares = (title: string, entries: TimeShare[]) => [
    '',
    `| ${title} | ms |`,
    '|---|---|',
    ...entries.map((entry) => `| ${entry.name} | ${entry.ms.toFixed(0)} |`),
  ];
  lines.push(...shares('main-thread work by kind (trace, self time)', profile.byKind));
  lines.push(...shares('JavaScript by module (CPU profile, self time)', profile.byModule));
  lines.push(...shares('JavaScript by function', profile.byFunction));
  lines.push('', `The API on its own (median of 10, Node fetch over loopback):`, '', '| call | median ms | KB |', '|---|---|---|');
  lines.push(...apiTimes.map((entry) => `| ${entry.name} | ${entry.medianMs.toFixed(1)} | ${(entry.bytes / 1024).toFixed(1)} |`));
  const errors = [...new Set(results.flatMap((result) => result.errors))];
  if (errors.length > 0) lines.push('', 'Page errors:', ...errors.map((error) => `- ${error}`));
  return lines.join('\n');
}
