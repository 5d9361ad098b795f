// `npm run bench -- api | trips | overview | debrief`: latency of the API, measured in-process over real HTTP, on the embedded
// database (or PostgreSQL when BENCH_DATABASE_URL is set, in a fresh database dropped afterwards).
// `npm run bench -- big-trip`: a three-hour flight in headless Chromium (bench/big-trip.ts).
// `npm run bench -- analysis`: the flight analysis and a transcription's memory (bench/analysis.ts).
// `npm run bench -- accuracy`: take-offs, landings, go-arounds and readbacks against real labelled recordings (bench/accuracy.ts).
// `npm run bench -- load`: throughput under 50 connections against bare node:http, and where the CPU goes (bench/load.ts).
// `npm run bench -- compression`: brotli 4, gzip 6 and brotli 11 on the list's 8 KB first page and a flight's detail (bench/compression.ts).
// `npm run bench -- lighthouse`: Lighthouse scores of the sign-in page, the flights list and a flight (bench/lighthouse.ts).
// `npm run bench -- first-render`: where a flight's first screen spends a slowed phone's main thread, by component (bench/first-render.ts).
// `npm run bench -- soak`: ten minutes at half the maximum on PostgreSQL, p99 and memory per minute (bench/soak.ts).
// `npm run bench -- test-durations`: where the last `npm test` spent its time, per suite and file (bench/test-durations.ts).
import { startServer } from './bench-server.ts';
import { benchAccuracy } from './accuracy.ts';
import { benchDebriefIntelligence } from './analysis.ts';
import { benchBigTrip, createTrip } from './big-trip.ts';
import { benchFirstRender } from './first-render.ts';
import { benchLighthouse } from './lighthouse.ts';
import { generatedTrips, insertGeneratedTrips } from './generated-trips.ts';
import { benchLoad } from './load.ts';
import { benchCompression } from './compression.ts';
import { benchSoak } from './soak.ts';
import { benchTestDurations } from './test-durations.ts';

type Sample = { name: string; runs: number; median: number; p95: number; max: number };

/** Each benchmark answers its results as a markdown table. */
const benchmarks: Record<string, () => Promise<string>> = {
  api: async () => formatSamples(await benchApi()),
  trips: async () => formatSamples(await benchTrips()),
  overview: async () => formatSamples(await benchOverview()),
  debrief: async () => formatSamples(await benchDebrief()),
  'big-trip': benchBigTrip,
  analysis: benchDebriefIntelligence,
  accuracy: benchAccuracy,
  load: benchLoad,
  compression: benchCompression,
  lighthouse: benchLighthouse,
  'first-render': benchFirstRender,
  soak: benchSoak,
  'test-durations': benchTestDurations,
};

async function benchApi(): Promise<Sample[]> {
  const server = await startServer();
  try {
    const cookie = await server.cookieOf('orgadmin@skyline.test');
    const get = (url: string) => () => expectOk(fetch(`${server.address}${url}`, { headers: { cookie } }));
    return [
      await measure('POST /api/auth/sign-in/email (Argon2id verify)', 30, () => expectOk(server.signIn('orgadmin@skyline.test'))),
      await measure('GET /api/me', 500, get('/api/me')),
      await measure('GET /api/orgs', 500, get('/api/orgs')),
      await measure('GET /api/health', 500, get('/api/health')),
    ];
  } finally {
    await server.close();
  }
}

/**
 * The flights list with 50,000 trips in the school (bench/generated-trips.ts).
 */
async function benchTrips(): Promise<Sample[]> {
  const server = await startServer();
  try {
    await insertGeneratedTrips(server.database.db);
    const studentId = (await (
      await fetch(`${server.address}/api/me`, { headers: { cookie: await server.cookieOf('leo.nakamura@skyline.test') } })
    ).json()) as { skylog_id: string };
    const admin = await server.cookieOf('orgadmin@skyline.test');
    const instructor = await server.cookieOf('marcus.webb@skyline.test');
    const studentCookie = await server.cookieOf('leo.nakamura@skyline.test');
    const get = (cookie: string, url: string) => () => expectOk(fetch(`${server.address}${url}`, { headers: { cookie } }));
    return [
      await measure(`GET /api/trips (org admin, first page of ${generatedTrips})`, 300, get(admin, '/api/trips')),
      await measure('GET /api/trips page 2000 (org admin)', 200, get(admin, '/api/trips?page=2000')),
      await measure('GET /api/trips?search=KMRY (org admin)', 200, get(admin, '/api/trips?search=KMRY')),
      await measure(
        'GET /api/trips?status=awaiting_debrief&sort=duration',
        200,
        get(admin, '/api/trips?status=awaiting_debrief&sort=duration'),
      ),
      await measure(`GET /api/trips?pilot_id=… (org admin)`, 200, get(admin, `/api/trips?pilot_id=${studentId.skylog_id}`)),
      await measure('GET /api/trips (instructor: own, linked students, shared)', 200, get(instructor, '/api/trips')),
      await measure('GET /api/trips (student: own and shared)', 200, get(studentCookie, '/api/trips')),
    ];
  } finally {
    await server.close();
  }
}

/**
 * The Overview of a school with 50,000 trips: as it is asked again while nothing changes (the flights'
 * totals from memory), and each time right after a flight was debriefed (every total counted afresh).
 */
async function benchOverview(): Promise<Sample[]> {
  const server = await startServer();
  try {
    await insertGeneratedTrips(server.database.db);
    const cookie = await server.cookieOf('orgadmin@skyline.test');
    const overview = () => expectOk(fetch(`${server.address}/api/overview?timezone=Europe/Berlin`, { headers: { cookie } }));
    const { items } = (await (await fetch(`${server.address}/api/trips`, { headers: { cookie } })).json()) as { items: Array<{ trip_id: string }> };
    let notes = 0;
    const debrief = () =>
      expectOk(
        fetch(`${server.address}/api/trips/${items[0]!.trip_id}`, {
          method: 'PATCH',
          headers: { cookie, 'content-type': 'application/json', origin: server.origin },
          body: JSON.stringify({ trip_well: `Debrief ${(notes += 1)}` }),
        }),
      );
    return [
      await measure(`GET /api/overview (org admin, ${generatedTrips} trips, nothing changed)`, 200, overview),
      await measure('GET /api/overview right after a flight changed', 100, overview, debrief),
    ];
  } finally {
    await server.close();
  }
}

/**
 * The one-page PDF debrief of the three-hour benchmark flight (10,800 fixes, 200 markers), once its
 * analysis has run: read the flight, draw the map and the profile, and send the file.
 */
async function benchDebrief(): Promise<Sample[]> {
  const server = await startServer();
  try {
    const cookie = await server.cookieOf('instructor@skyline.test');
    const trip = await createTrip(server, cookie);
    const analysed = async () => ((await (await fetch(`${server.address}/api/trips/${trip.trip_id}/analysis`, { headers: { cookie } })).json()) as { ai_status: string }).ai_status;
    for (let waited = 0; (await analysed()) !== 'ready'; waited += 1) {
      if (waited > 600) throw new Error('The analysis did not finish in a minute');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const pdf = () => expectOk(fetch(`${server.address}/api/trips/${trip.trip_id}/debrief.pdf?timezone=Europe/Berlin`, { headers: { cookie } }));
    return [await measure('GET /api/trips/{id}/debrief.pdf (three-hour flight, analysed)', 30, pdf)];
  } finally {
    await server.close();
  }
}

/** A benchmark of failing requests measures nothing: stop at the first one. */
async function expectOk(pending: Promise<Response>): Promise<void> {
  const response = await pending;
  const body = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${body}`);
}

function formatSamples(samples: Sample[]): string {
  const rows = samples.map(
    (sample) => `| ${sample.name} | ${sample.runs} | ${sample.median.toFixed(2)} | ${sample.p95.toFixed(2)} | ${sample.max.toFixed(2)} |`,
  );
  return ['| operation | runs | median ms | p95 ms | max ms |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** `prepare` runs before each operation, untimed. */
async function measure(name: string, runs: number, operation: () => Promise<void>, prepare?: () => Promise<void>): Promise<Sample> {
  for (let warm = 0; warm < Math.min(20, runs); warm += 1) {
    await prepare?.();
    await operation();
  }
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await prepare?.();
    const start = performance.now();
    await operation();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { name, runs, median: at(0.5), p95: at(0.95), max: times.at(-1)! };
}

const name = process.argv[2] ?? 'api';
const benchmark = benchmarks[name];
if (!benchmark) {
  console.error(`Unknown benchmark "${name}". Available: ${Object.keys(benchmarks).join(', ')}`);
  process.exit(1);
}
console.log(`\n${await benchmark()}`);
