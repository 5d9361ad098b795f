// `npm run bench -- api`: latency of the API on the embedded database, measured in-process over real HTTP.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemoSchool } from '../apps/server/src/db/seed/seed.ts';

type Sample = { name: string; runs: number; median: number; p95: number; max: number };

const benchmarks: Record<string, () => Promise<Sample[]>> = { api: benchApi };

async function benchApi(): Promise<Sample[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skylog-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SKYLOG_AUTH_SECRET: randomBytes(32).toString('hex'), PORT: '0' });
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  await seedDemoSchool(database.db, 'bench-password');
  const { app } = await buildApp({ config, db: database.db });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const signIn = () =>
      fetch(`${address}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: config.appUrl },
        body: JSON.stringify({ email: 'orgadmin@skyline.test', password: 'bench-password' }),
      });
    const first = await signIn();
    const cookie = first.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
    const get = (url: string) => () => expectOk(fetch(`${address}${url}`, { headers: { cookie } }));
    return [
      await measure('POST /api/auth/sign-in/email (Argon2id verify)', 30, () => expectOk(signIn())),
      await measure('GET /api/me', 500, get('/api/me')),
      await measure('GET /api/orgs', 500, get('/api/orgs')),
      await measure('GET /api/health', 500, get('/api/health')),
    ];
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A benchmark of failing requests measures nothing: stop at the first one. */
async function expectOk(pending: Promise<Response>): Promise<void> {
  const response = await pending;
  const body = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${body}`);
}

async function measure(name: string, runs: number, operation: () => Promise<void>): Promise<Sample> {
  for (let warm = 0; warm < Math.min(20, runs); warm += 1) await operation();
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
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
const samples = await benchmark();
console.log(`\n| operation | runs | median ms | p95 ms | max ms |\n|---|---|---|---|---|`);
for (const sample of samples) {
  console.log(`| ${sample.name} | ${sample.runs} | ${sample.median.toFixed(2)} | ${sample.p95.toFixed(2)} | ${sample.max.toFixed(2)} |`);
}
