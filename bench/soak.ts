// `npm run bench -- soak`: ten minutes at half the measured maximum on PostgreSQL (BENCH_DATABASE_URL), the
// flights list as an org admin (an authorized read with the session, the list's rows and its total):
// p99 of each minute, errors, and the server's memory, after a minute at that rate not counted. SOAK_MINUTES shortens it for a trial run.
import { startServer } from './bench-server.ts';
import { load, type LoadResult } from './load.ts';

const minutes = Number(process.env.SOAK_MINUTES ?? 10);

export async function benchSoak(): Promise<string> {
  if (!process.env.BENCH_DATABASE_URL) throw new Error('the soak runs on PostgreSQL: set BENCH_DATABASE_URL');
  const server = await startServer({ withDemoTrips: true });
  try {
    const cookie = await server.cookieOf('orgadmin@skyline.test');
    const headers = { cookie, 'accept-encoding': 'gzip, deflate, br' };
    const url = `${server.address}/api/trips?page=0`;
    const maximum = await load('maximum', url, headers, { seconds: 10 });
    const rate = Math.floor(maximum.requests / 2);
    const memory = () => process.memoryUsage();
    // A minute at the soak's rate first, not counted: the full-speed run's garbage is collected and the
    // caches fill, so what the ten minutes compare is growth, not start-up.
    await load('warm-up', url, headers, { seconds: 60, rate });
    const start = memory();
    const rows: { minute: number; result: LoadResult; rss: number; heap: number }[] = [];
    for (let minute = 1; minute <= minutes; minute += 1) {
      const result = await load(`minute ${minute}`, url, headers, { seconds: 60, rate });
      const { rss, heapUsed } = memory();
      rows.push({ minute, result, rss, heap: heapUsed });
      console.log(`minute ${minute}: ${Math.round(result.requests)} req/s, p99 ${result.p99} ms, rss ${(rss / 2 ** 20).toFixed(0)} MiB`);
    }
    const first = rows[0]!;
    const last = rows.at(-1)!;
    const errors = rows.reduce((sum, row) => sum + row.result.errors + row.result.non2xx, 0);
    const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
    const growth = (last.rss - first.rss) / first.rss;
    const verdict = [
      `p99 of the last minute ${last.result.p99} ms vs the first ${first.result.p99} ms: ${last.result.p99 <= first.result.p99 * 1.5 ? 'within' : 'OVER'} 1.5×`,
      `resident memory from the end of minute 1 to the end: ${(growth * 100).toFixed(1)} % (${growth < 0.1 ? 'under' : 'OVER'} 10 %)`,
      `errors and non-2xx answers: ${errors}`,
    ];
    return [
      `PostgreSQL, ${minutes} min at ${rate.toLocaleString('en-US')} req/s (half the ${Math.round(maximum.requests).toLocaleString('en-US')} req/s measured first, 50 connections), GET /api/trips?page=0 as the org admin, Node ${process.version}; memory at the start ${mib(start.rss)} resident:`,
      '',
      '| minute | throughput | p50 | p99 | errors | resident | heap used |',
      '|---|---|---|---|---|---|---|',
      ...rows.map(
        ({ minute, result, rss, heap }) =>
          `| ${minute} | ${Math.round(result.requests).toLocaleString('en-US')} req/s | ${result.p50} ms | ${result.p99} ms | ${result.errors + result.non2xx} | ${mib(rss)} | ${mib(heap)} |`,
      ),
      '',
      ...verdict.map((line) => `- ${line}`),
    ].join('\n');
  } finally {
    await server.close();
  }
}
