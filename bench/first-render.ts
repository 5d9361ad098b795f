// `npm run bench -- first-render`: where a demo flight's first screen spends a mid-range phone's main thread, named by
// the source file (React component, library) the time was spent in. The phone is Lighthouse's mobile preset applied for
// real rather than simulated: a 412 × 823 screen, the CPU slowed 4×, a slow 4G link (150 ms round trip, 1.6 Mbit/s down,
// 750 kbit/s up). FIRST_RENDER_RUNS openings (default 3), each in a fresh context (cold cache); the report is the
// median opening's, under Chromium's tracing and the sampling CPU profiler (JavaScript attributed to modules through
// the build's source maps). Needs `npm run build` first: it serves apps/web/dist.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath } from '../e2e/chromium.ts';
import { findPatternWork, startServer, type BenchServer } from './bench-server.ts';
import { summarizeCpuProfile, summarizeTrace, type TimeShare } from './page-profile.ts';

const runs = Number(process.env.FIRST_RENDER_RUNS ?? 3);
const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const kilobitsPerSecond = (kbit: number) => (kbit * 1024) / 8;

/** When each part of the first screen was first shown, in ms after navigation start (null: never within the wait). */
type Marks = { fcp: number | null; lcp: number | null; heading: number | null; player: number | null; mapTrack: number | null; firstScreen: number | null };
type Opening = { marks: Marks; longTasks: { start: number; duration: number }[]; byKind: TimeShare[]; byModule: TimeShare[]; byFunction: TimeShare[] };
type FirstRenderWindow = { __firstRender: { marks: Marks; longTasks: { start: number; duration: number }[] } };

/**
 * Runs in the page before its scripts: paint and long-task observers, and a check each frame for the first screen the
 * flight screen owes its reader (its heading, the audio player's Play button and the map with the track drawn).
 */
function instrumentPage() {
  const state: FirstRenderWindow['__firstRender'] = {
    marks: { fcp: null, lcp: null, heading: null, player: null, mapTrack: null, firstScreen: null },
    longTasks: [],
  };
  (window as unknown as FirstRenderWindow).__firstRender = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') state.marks.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.marks.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const probes: Record<'heading' | 'player' | 'mapTrack', () => boolean> = {
    heading: () => Boolean(document.querySelector('h1')?.textContent),
    // The Play button, in the Audio player section or the player docked at the bottom of a phone's screen.
    player: () => document.querySelector('button[aria-label="Play"]') !== null,
    // The track is drawn on a canvas in its own map pane.
    mapTrack: () => Array.from(document.querySelectorAll<HTMLCanvasElement>('.leaflet-skylog-track-pane canvas')).some((canvas) => canvas.width > 0),
  };
  const check = () => {
    const now = performance.now();
    for (const [name, probe] of Object.entries(probes) as [keyof typeof probes, () => boolean][]) {
      if (state.marks[name] === null && probe()) state.marks[name] = now;
    }
    if (state.marks.heading !== null && state.marks.player !== null && state.marks.mapTrack !== null) state.marks.firstScreen = now;
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

async function openFlight(browser: Browser, server: BenchServer, cookie: string, tripId: string): Promise<Opening> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    await context.addCookies(
      cookie.split('; ').map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: server.address })),
    );
    // tsx keeps function names with an `__name` helper that the page lacks.
    await context.addInitScript({ content: `globalThis.__name ??= (target) => target;\n(${instrumentPage.toString()})();` });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: kilobitsPerSecond(1638.4),
      uploadThroughput: kilobitsPerSecond(750),
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'v8', 'blink'] });
    await cdp.send('Profiler.start');
    await page.goto(`${server.address}/dashboard/flights/${tripId}`, { waitUntil: 'commit' });
    // A part never shown is reported as such (–), not as a failed run.
    await page
      .waitForFunction(() => (window as unknown as FirstRenderWindow).__firstRender.marks.firstScreen !== null, undefined, { timeout: 60_000, polling: 100 })
      .catch(() => undefined);
    const cpuProfile = (await cdp.send('Profiler.stop')).profile;
    const trace = await browser.stopTracing();
    const { marks, longTasks } = await page.evaluate(() => (window as unknown as FirstRenderWindow).__firstRender);
    return { marks, longTasks, byKind: summarizeTrace(trace), ...summarizeCpuProfile(cpuProfile, webDistDir) };
  } finally {
    await context.close();
  }
}

const ms = (value: number | null) => (value === null ? '–' : `${Math.round(value)} ms`);
const blocking = (opening: Opening) =>
  opening.longTasks.filter((task) => task.start < (opening.marks.firstScreen ?? Infinity)).reduce((total, task) => total + Math.max(0, task.duration - 50), 0);
const shareTable = (title: string, shares: TimeShare[]) => [`| ${title} | ms |`, '|---|---|', ...shares.map((share) => `| ${share.name} | ${Math.round(share.ms)} |`)];

export async function benchFirstRender(): Promise<string> {
  const server = await startServer({ withDemoTrips: true });
  const browser = await chromium.launch({ executablePath: chromiumExecutablePath, args: chromiumArgs });
  try {
    const cookie = await server.cookieOf('orgadmin@skyline.test');
    const flight = await findPatternWork(server, cookie);
    const openings: Opening[] = [];
    for (let run = 0; run < runs; run++) openings.push(await openFlight(browser, server, cookie, flight.trip_id));
    const sorted = [...openings].sort((a, b) => (a.marks.firstScreen ?? Infinity) - (b.marks.firstScreen ?? Infinity));
    const median = sorted[Math.floor(sorted.length / 2)]!;
    return [
      `${flight.trip_name}, ${runs} openings, phone: 412 × 823, CPU 4× slower, 150 ms / 1.6 Mbit/s; times after navigation start:`,
      '',
      '| opening | FCP | heading | player | map with track | first screen | LCP | blocking before it (long tasks over 50 ms) |',
      '|---|---|---|---|---|---|---|---|',
      ...openings.map(
        (opening, index) =>
          `| ${index + 1}${opening === median ? ' (median)' : ''} | ${ms(opening.marks.fcp)} | ${ms(opening.marks.heading)} | ${ms(opening.marks.player)} | ` +
          `${ms(opening.marks.mapTrack)} | ${ms(opening.marks.firstScreen)} | ${ms(opening.marks.lcp)} | ${ms(blocking(opening))} |`,
      ),
      '',
      'The median opening, until its first screen (trace and profile slow it further):',
      '',
      ...shareTable('main thread by kind', median.byKind),
      '',
      ...shareTable('JavaScript self time by source file', median.byModule),
      '',
      ...shareTable('JavaScript self time by function', median.byFunction),
    ].join('\n');
  } finally {
    await browser.close();
    await server.close();
  }
}
