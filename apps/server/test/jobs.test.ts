import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { jobs } from '../src/db/schema/index.ts';
import { enqueueJob } from '../src/jobs/job-payloads.ts';
import { startJobWorker, type Job, type JobErrorSource, type JobWorker, type JobWorkerOptions } from '../src/jobs/job-queue.ts';
import { defaultWorkRoot } from '../src/jobs/work-folders.ts';
import { openTestDatabase } from './helper.ts';

const deadWorker = 'gone-host:999999:deadbeef';
const eventually = { timeout: 10_000, interval: 50 };

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** The pid of a process that has just exited: no live process has it. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid!;
}

describe('job queue: leases, recovery after a crash, work folders, periodic tasks', () => {
  let handle: DatabaseHandle;
  let dropDatabase: () => Promise<void>;
  let databaseUrl: string | undefined;
  let workRoot: string;
  let workers: JobWorker[] = [];
  let gates: ReturnType<typeof deferred>[] = [];
  let errors: { error: unknown; source: JobErrorSource }[] = [];
  type RunJob = (job: Job) => Promise<void>;
  const noop: RunJob = async () => undefined;
  const anUpload = () => ({ uploadId: randomUUID() });

  const db = () => handle.db;
  const row = async (id: number) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0]!;
  const start = (run: RunJob, options: JobWorkerOptions = {}) => {
    const worker = startJobWorker(db(), { 'analysis.requeue-stale': { run }, 'audio.process': { run }, 'transcript.generate': { run }, 'trip.analyse': { run } }, { workRoot, onError: (error, source) => errors.push({ error, source }), ...options });
    workers.push(worker);
    return worker;
  };
  /** A handler that stays busy until the test (or the clean-up) lets it go. */
  const gate = () => {
    const next = deferred();
    gates.push(next);
    return next;
  };
  /** A job as a worker that died mid-way leaves it. */
  const insertRunning = async ({ attempts, leaseLeft, payload = {} }: { attempts: number; leaseLeft: string; payload?: Record<string, unknown> }) => {
    const [inserted] = await db()
      .insert(jobs)
      .values({
        kind: 'audio.process',
        payload,
        status: 'running',
        attempts,
        lockedAt: sql`now() - interval '10 minutes'`,
        lockedBy: deadWorker,
        lockedUntil: sql`now() + ${leaseLeft}::interval`,
      })
      .returning({ id: jobs.id });
    return inserted!.id;
  };

  beforeAll(async () => {
    ({ handle, dropDatabase, databaseUrl } = await openTestDatabase());
    workRoot = await mkdtemp(path.join(tmpdir(), 'skylog-jobs-test-'));
  });
  beforeEach(async () => {
    await db().delete(jobs);
  });
  afterEach(async () => {
    for (const next of gates) next.resolve();
    await Promise.all(workers.map((worker) => worker.stop()));
    workers = [];
    gates = [];
    errors = [];
  });
  afterAll(async () => {
    await handle.close();
    await dropDatabase();
    await rm(workRoot, { recursive: true, force: true });
  });

  describe('a job whose worker died', () => {
    it('is left alone while its lease runs, then taken up by another worker, counted as an attempt, and completes', async () => {
      const id = await insertRunning({ attempts: 1, leaseLeft: '1.5 seconds' });
      const runs: Job[] = [];
      const worker = start(async (job) => void runs.push(job), { pollMs: 50 });
      await worker.drain();
      expect(await row(id)).toMatchObject({ status: 'running', lockedBy: deadWorker, attempts: 1 });

      await vi.waitFor(async () => expect((await row(id)).status).toBe('done'), eventually);
      expect(runs.map((job) => [job.id, job.attempts])).toEqual([[id, 2]]);
      expect(await row(id)).toMatchObject({
        attempts: 2,
        lockedBy: null,
        lockedUntil: null,
        lastError: `The worker ${deadWorker} stopped before the job finished`,
      });
    });

    it('fails for good when it had its three attempts', async () => {
      const id = await insertRunning({ attempts: 3, leaseLeft: '-1 second' });
      const runs: Job[] = [];
      await start(async (job) => void runs.push(job)).drain();
      expect(await row(id)).toMatchObject({ status: 'failed', attempts: 3, lockedBy: null, finishedAt: expect.any(Date) });
      expect(runs).toEqual([]);
    });
  });

  it('the heartbeat keeps a job longer than its lease from a second worker polling the same database', async () => {
    const leaseMs = 800;
    const firstRuns: number[] = [];
    const secondRuns: number[] = [];
    const release = gate();
    const first = start(
      async (job) => {
        firstRuns.push(job.id);
        await release.promise;
      },
      { leaseMs, pollMs: 60_000 },
    );
    await first.drain();
    const id = await enqueueJob(db(), 'audio.process', anUpload());
    first.wake();
    await vi.waitFor(async () => expect((await row(id)).lockedBy).toBe(first.id), eventually);
    const claimedUntil = (await row(id)).lockedUntil!;

    start(async (job) => void secondRuns.push(job.id), { leaseMs, pollMs: 50 });
    await sleep(leaseMs * 3);
    const during = await row(id);
    expect(during).toMatchObject({ status: 'running', lockedBy: first.id, attempts: 1 });
    expect(during.lockedUntil!.getTime()).toBeGreaterThan(claimedUntil.getTime());

    release.resolve();
    await first.drain();
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 1, lockedBy: null });
    expect(firstRuns).toEqual([id]);
    expect(secondRuns).toEqual([]);
  });

  it('a worker whose job was taken over neither renews nor records it', async () => {
    const release = gate();
    const worker = start(() => release.promise, { leaseMs: 400, pollMs: 60_000 });
    const id = await enqueueJob(db(), 'audio.process', anUpload());
    worker.wake();
    await vi.waitFor(async () => expect((await row(id)).lockedBy).toBe(worker.id), eventually);
    await db().update(jobs).set({ lockedBy: 'other-host:1:cafe' }).where(eq(jobs.id, id));

    await vi.waitFor(() => expect(errors.map(({ error }) => String(error))).toContain(`Error: job ${id}: lease lost; another worker may run it again`), eventually);
    release.resolve();
    await worker.drain();
    expect(await row(id)).toMatchObject({ status: 'running', lockedBy: 'other-host:1:cafe' });
  });

  it('requeueing at start (the embedded database) runs jobs left running at once; without it their lease is awaited', async () => {
    const id = await insertRunning({ attempts: 1, leaseLeft: '1 hour' });
    const exhausted = await insertRunning({ attempts: 3, leaseLeft: '1 hour' });
    const runs: Job[] = [];
    const handler: RunJob = async (job) => void runs.push(job);

    const plain = start(handler, { pollMs: 60_000 });
    await plain.drain();
    await plain.stop();
    expect(await row(id)).toMatchObject({ status: 'running', lockedBy: deadWorker });

    await start(handler, { isRunningRequeuedOnStart: true, pollMs: 60_000 }).drain();
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await row(exhausted)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(runs.map((job) => job.id)).toEqual([id]);
  });

  describe('work folders', () => {
    it('each run gets an empty folder of its own under the OS temp folder, removed after success and after failure', async () => {
      const seen: { id: number; workDir: string; isDirectory: boolean; entries: string[] }[] = [];
      let failing = 0;
      const worker = start(
        async (job) => {
          seen.push({ id: job.id, workDir: job.workDir, isDirectory: (await stat(job.workDir)).isDirectory(), entries: await readdir(job.workDir) });
          await writeFile(path.join(job.workDir, 'playable.opus'), 'half-written');
          if (job.id === failing) throw new Error('decoder crashed');
        },
        { workRoot: undefined },
      );
      const succeeding = await enqueueJob(db(), 'audio.process', anUpload());
      failing = await enqueueJob(db(), 'audio.process', anUpload());
      await worker.drain();

      expect(seen.map(({ id, isDirectory, entries }) => ({ id, isDirectory, entries }))).toEqual([
        { id: succeeding, isDirectory: true, entries: [] },
        { id: failing, isDirectory: true, entries: [] },
      ]);
      const parent = path.dirname(seen[0]!.workDir);
      expect(path.dirname(parent)).toBe(defaultWorkRoot);
      expect(path.basename(parent)).toMatch(new RegExp(`^${process.pid}-`));
      expect(seen.map(({ workDir }) => path.basename(workDir))).toEqual([String(succeeding), String(failing)]);
      for (const { workDir } of seen) expect(existsSync(workDir)).toBe(false);

      expect(await row(succeeding)).toMatchObject({ status: 'done' });
      expect(await row(failing)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'decoder crashed' });
      expect(errors).toEqual([{ error: new Error('decoder crashed'), source: { jobId: failing, kind: 'audio.process' } }]);

      await worker.stop();
      expect(existsSync(parent)).toBe(false);
    });

    it('at start, the folders of processes that no longer exist are removed, and those of live ones kept', async () => {
      const dead = path.join(workRoot, `${await deadPid()}-0a0a0a0a`);
      const live = path.join(workRoot, `${process.pid}-0b0b0b0b`);
      for (const folder of [dead, live]) {
        await mkdir(path.join(folder, '7'), { recursive: true });
        await writeFile(path.join(folder, '7', 'playable.opus'), 'left behind');
      }
      await start(noop).drain();
      expect(existsSync(dead)).toBe(false);
      expect(await readFile(path.join(live, '7', 'playable.opus'), 'utf8')).toBe('left behind');
      await rm(live, { recursive: true });
    });
  });

  it('periodic tasks run at start and then every everyMs; failures are reported and change nothing; stop ends them', async () => {
    const counts = { hourly: 0, sweep: 0, flaky: 0 };
    const worker = start(noop, {
      periodicTasks: [
        { name: 'hourly', everyMs: 3_600_000, run: async () => void (counts.hourly += 1) },
        { name: 'sweep', everyMs: 20, run: async () => void (counts.sweep += 1) },
        {
          name: 'flaky',
          everyMs: 20,
          run: async () => {
            counts.flaky += 1;
            throw new Error('storage offline');
          },
        },
      ],
    });
    await vi.waitFor(() => {
      expect(counts.hourly).toBe(1);
      expect(counts.sweep).toBeGreaterThanOrEqual(3);
      expect(counts.flaky).toBeGreaterThanOrEqual(3);
    }, eventually);
    expect(errors).toContainEqual({ error: new Error('storage offline'), source: { task: 'flaky' } });

    const id = await enqueueJob(db(), 'audio.process', anUpload());
    await worker.drain();
    expect(await row(id)).toMatchObject({ status: 'done' });

    await worker.stop();
    const atStop = { ...counts };
    await sleep(100);
    expect(counts).toEqual(atStop);
    expect(counts.hourly).toBe(1);
  });

  // The embedded database lives in one process: a server on it restarts with its jobs' rows as the dead one left them.
  it.skipIf(process.env.SKYLOG_TEST_DB === 'postgres')('the server on the embedded database runs again at start a job a dead process left running', async () => {
    // The upload it names no longer exists: the audio job ends without work.
    const id = await insertRunning({ attempts: 1, leaseLeft: '1 hour', payload: { uploadId: randomUUID() } });
    const dataDir = await mkdtemp(path.join(tmpdir(), 'skylog-jobs-app-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      APP_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
      SKYLOG_AUTH_SECRET: randomBytes(32).toString('hex'),
    });
    const { app, ctx } = await buildApp({ config, database: handle });
    try {
      await ctx.jobs.drain();
      expect(await row(id)).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  // A real crash needs a second process on the same database, which only PostgreSQL allows (the embedded
  // database opens in one process); this runs in the server-postgres project, defined when TEST_DATABASE_URL is set.
  describe.skipIf(process.env.SKYLOG_TEST_DB !== 'postgres')('a worker process killed with SIGKILL (PostgreSQL)', () => {
    it('its job is taken up within the lease and completes, and its work folder is removed by the next worker', async () => {
      const payload = anUpload();
      const id = await enqueueJob(db(), 'audio.process', payload);
      const childScript = fileURLToPath(new URL('./jobs-crash-child.ts', import.meta.url));
      const child = spawn(process.execPath, ['--import', 'tsx', childScript, databaseUrl!, workRoot], {
        cwd: path.dirname(childScript),
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = once(child, 'exit');
      try {
        const [line] = (await Promise.race([
          once(child.stdout!, 'data'),
          exited.then(() => Promise.reject(new Error('the worker process ended before claiming the job'))),
        ])) as [Buffer];
        const childWorkDir = line.toString().trim();
        expect(await readFile(path.join(childWorkDir, 'marker'), 'utf8')).toBe(String(child.pid));
        expect(await row(id)).toMatchObject({ status: 'running', attempts: 1, lockedBy: expect.stringContaining(`:${child.pid}:`) });

        child.kill('SIGKILL');
        await exited;
        expect(existsSync(childWorkDir)).toBe(true);

        const runs: Job[] = [];
        start(async (job) => void runs.push(job), { leaseMs: 1500, pollMs: 100 });
        await vi.waitFor(async () => expect((await row(id)).status).toBe('done'), eventually);
        expect(runs.map((job) => [job.id, job.attempts, job.payload])).toEqual([[id, 2, payload]]);
        expect(existsSync(path.dirname(childWorkDir))).toBe(false);
      } finally {
        child.kill('SIGKILL');
      }
    });
  });
});
