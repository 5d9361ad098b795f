// `npm run bench -- load`: throughput under concurrency (autocannon, 50 connections, 10 s per route) of bare
// node:http and a bare Fastify route (the yardsticks) and Skylog's routes, on PGlite or (BENCH_DATABASE_URL) PostgreSQL; then a CPU
// profile of the server while it answers GET /api/me (or LOAD_PROFILE, a path such as /api/trips?page=0 or /api/trips/{trip}), summed by where the time goes.
// LOAD_SECONDS sets the seconds per route; LOAD_ENCODING the Accept-Encoding sent (identity: no compression).
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { startServer } from './bench-server.ts';
import { generatedTrips, insertGeneratedTrips } from './generated-trips.ts';
import { startCountingQueries } from './query-count.ts';

const connections = 50;
const profiledPath = process.env.LOAD_PROFILE ?? '/api/me';
const seconds = Number(process.env.LOAD_SECONDS ?? 10);
const autocannonBin = fileURLToPath(new URL('../node_modules/.bin/autocannon', import.meta.url));

export type LoadResult = { route: string; requests: number; p50: number; p99: number; errors: number; non2xx: number; queries?: number };

/** autocannon in its own process, so the load generator does not share the server's event loop. */
export function load(route: string, url: string, headers: Record<string, string> = {}, options: { seconds?: number; rate?: number } = {}): Promise<LoadResult> {
  const rate = options.rate === undefined ? [] : ['-R', String(options.rate)];
  const args = ['-c', String(connections), '-d', String(options.seconds ?? seconds), ...rate, '-j', ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]), url];
  return new Promise((resolve, reject) => {
    const child = spawn(autocannonBin, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      const result = JSON.parse(output) as { requests: { average: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number };
      resolve({ route, requests: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx });
    });
  });
}

async function bareNodeHttp(): Promise<LoadResult> {
  const body = JSON.stringify({ status: 'ok' });
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await load('bare node:http', `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  } finally {
    server.close();
  }
}

/** The framework's own floor: one Fastify route, no plugins or hooks; what Skylog's health check is held to. */
async function bareFastify(): Promise<LoadResult> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ status: 'ok' }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await load('bare Fastify route', `${address}/`);
  } finally {
    await app.close();
  }
}

type ProfileNode = { id: number; callFrame: { functionName: string; url: string }; hitCount?: number; children?: number[] };

/** Self time by package (node_modules/<name>) or by Skylog file, from a CPU profile's samples. */
function summarise(nodes: ProfileNode[], limit = 14): string {
  const totals = new Map<string, number>();
  let all = 0;
  for (const node of nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    all += hits;
    const { url, functionName } = node.callFrame;
    const inPackage = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
    const where = inPackage
      ? inPackage
      : url.includes('/apps/')
        ? `skylog ${url.slice(url.indexOf('/apps/') + 1)}`
        : url.startsWith('node:')
          ? url
          : functionName === '(garbage collector)' || functionName === '(idle)' || functionName === '(program)'
            ? functionName
            : `other ${functionName || '(anonymous)'}`;
    totals.set(where, (totals.get(where) ?? 0) + hits);
  }
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([where, hits]) => `| ${where} | ${((hits / all) * 100).toFixed(1)} % |`)
    .join('\n');
}

export async function benchLoad(): Promise<string> {
  const results: LoadResult[] = [await bareNodeHttp(), await bareFastify()];
  const queriesSoFar = startCountingQueries();
  const server = await startServer({ withDemoTrips: true });
  try {
    const cookie = await server.cookieOf('orgadmin@skyline.test');
    // As a browser asks: compressed answers where they are worth it.
    const headers = { cookie, 'accept-encoding': process.env.LOAD_ENCODING ?? 'gzip, deflate, br' };
    const firstId = async (url: string, key: string) => {
      const answer = (await (await fetch(`${server.address}${url}`, { headers })).json()) as { items: Record<string, string>[] };
      return answer.items[0]![key]!;
    };
    const aircraftId = await firstId('/api/aircraft?page_size=1', 'id');
    const tripId = await firstId('/api/trips?page_size=1', 'trip_id');
    /** Statements per request, from 20 one at a time after a first (warm) one; then the route under load. */
    const measure = async (route: string, url: string, withSession = true) => {
      const send = () => fetch(url, { headers: withSession ? headers : {} }).then((response) => response.arrayBuffer());
      await send();
      const before = queriesSoFar();
      for (let i = 0; i < 20; i++) await send();
      const queries = (queriesSoFar() - before) / 20;
      results.push({ ...(await load(route, url, withSession ? headers : {})), queries });
    };
    await measure('GET /api/health', `${server.address}/api/health`, false);
    await measure('GET /api/me', `${server.address}/api/me`);
    await measure('GET /api/aircraft/{id}', `${server.address}/api/aircraft/${aircraftId}`);
    await measure('GET /api/trips?page=0', `${server.address}/api/trips?page=0`);
    await measure('GET /api/trips/{id}', `${server.address}/api/trips/${tripId}`);
    // The list target: ten rows and the exact total of a school with 50,000 flights.
    await insertGeneratedTrips(server.database.db);
    await measure(`GET /api/trips?page=0 (${generatedTrips.toLocaleString('en-US')} trips)`, `${server.address}/api/trips?page=0`);

    // Where the time goes while one route is under load.
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    await load('profile', `${server.address}${profiledPath.replace('{trip}', tripId)}`, headers);
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: { nodes: ProfileNode[] } };
    session.disconnect();

    const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    const table = results
      .map((result) => {
        const errors = result.errors + result.non2xx > 0 ? ` (${result.errors} errors, ${result.non2xx} non-2xx)` : '';
        const queries = result.queries === undefined ? '' : String(Math.round(result.queries * 10) / 10);
        return `| ${result.route} | ${Math.round(result.requests).toLocaleString('en-US')} req/s${errors} | ${result.p50} ms | ${result.p99} ms | ${queries} |`;
      })
      .join('\n');
    return [
      `${connections} connections, ${seconds} s per route, ${database}, Node ${process.version}:`,
      '',
      '| route | throughput | p50 | p99 | queries per request |',
      '|---|---|---|---|---|',
      table,
      '',
      `CPU self time of the server process while it answers GET ${profiledPath} under the same load:`,
      '',
      '| where | share |',
      '|---|---|',
      summarise(profile.nodes),
    ].join('\n');
  } finally {
    await server.close();
  }
}
