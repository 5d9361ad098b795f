// `npm run bench -- compression`: what each way of compressing costs and saves on two real answers, the flights
// list's first page of a school with 50,000 flights (about 8 KB) and a flight's detail: brotli at the quality the
// server uses per request (4), gzip at zlib's default (6) and brotli at its best (11), each for COMPRESSION_SECONDS
// (default 2) on this thread, as the server would do it on its one event loop.
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { startServer } from './bench-server.ts';
import { insertGeneratedTrips } from './generated-trips.ts';

const seconds = Number(process.env.COMPRESSION_SECONDS ?? 2);

const ways: { name: string; compress: (body: Buffer) => Buffer }[] = [
  {
    name: 'brotli 4',
    compress: (body) =>
      brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  },
  { name: 'gzip 6', compress: (body) => gzipSync(body, { level: 6 }) },
  {
    name: 'brotli 11',
    compress: (body) =>
      brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  },
];

function measure(body: Buffer, compress: (body: Buffer) => Buffer) {
  let runs = 0;
  let size = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    size = compress(body).length;
    runs += 1;
  }
  const elapsed = performance.now() - start;
  return { perSecond: (runs / elapsed) * 1000, msEach: elapsed / runs, size };
}

export async function benchCompression(): Promise<string> {
  const server = await startServer({ withDemoTrips: true });
  try {
    const headers = { cookie: await server.cookieOf('orgadmin@skyline.test'), 'accept-encoding': 'identity' };
    const text = async (url: string) => Buffer.from(await (await fetch(`${server.address}${url}`, { headers })).arrayBuffer());
    const firstTrip = (JSON.parse((await text('/api/trips?page_size=1')).toString()) as { items: { trip_id: string }[] }).items[0]!.trip_id;
    const detail = await text(`/api/trips/${firstTrip}`);
    await insertGeneratedTrips(server.database.db);
    const list = await text('/api/trips?page=0');
    const rows = [
      ['GET /api/trips?page=0 (50,000 trips)', list],
      ['GET /api/trips/{id} (demo flight)', detail],
    ] as const;
    const lines = rows.flatMap(([answer, body]) =>
      ways.map(({ name, compress }) => {
        const { perSecond, msEach, size } = measure(body, compress);
        return `| ${answer} | ${name} | ${(body.length / 1024).toFixed(1)} KiB → ${(size / 1024).toFixed(1)} KiB | ${Math.round(perSecond).toLocaleString('en-US')} /s | ${msEach.toFixed(3)} ms |`;
      }),
    );
    return [
      `Compressing on one thread, ${seconds} s per row, Node ${process.version}:`,
      '',
      '| answer | way | size | answers compressed per second | each |',
      '|---|---|---|---|---|',
      ...lines,
    ].join('\n');
  } finally {
    await server.close();
  }
}
