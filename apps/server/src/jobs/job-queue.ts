import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

export type JobKind = 'audio.process';
export type Job = { id: number; kind: JobKind; payload: Record<string, unknown>; attempts: number };
export type JobHandler = (job: Job) => Promise<void>;

const maxAttempts = 3;
/** A job locked longer than this belongs to an instance that died; it is taken up again. */
const staleLockMs = 60 * 60 * 1000;

export async function enqueueJob(db: Executor, kind: JobKind, payload: Record<string, unknown>): Promise<number> {
  const [row] = await db.insert(jobs).values({ kind, payload }).returning({ id: jobs.id });
  return row!.id;
}

/** Takes the oldest due job; SKIP LOCKED lets every instance poll the same table safely. */
async function claimJob(db: Database): Promise<Job | null> {
  const due = sql`(
    select ${jobs.id} from ${jobs}
    where (${jobs.status} = 'queued' and ${jobs.runAfter} <= now())
       or (${jobs.status} = 'running' and ${jobs.lockedAt} < now() - make_interval(secs => ${staleLockMs / 1000}))
    order by ${jobs.runAfter}, ${jobs.id}
    for update skip locked
    limit 1)`;
  const [row] = await db
    .update(jobs)
    .set({ status: 'running', lockedAt: new Date(), attempts: sql`${jobs.attempts} + 1` })
    .where(eq(jobs.id, due))
    .returning({ id: jobs.id, kind: jobs.kind, payload: jobs.payload, attempts: jobs.attempts });
  return row ? { ...row, kind: row.kind as JobKind } : null;
}

async function finishJob(db: Database, job: Job, error: unknown): Promise<void> {
  if (!error) {
    await db.update(jobs).set({ status: 'done', finishedAt: new Date(), lockedAt: null }).where(eq(jobs.id, job.id));
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  const isFinal = job.attempts >= maxAttempts;
  await db
    .update(jobs)
    .set({
      status: isFinal ? 'failed' : 'queued',
      lastError: message.slice(0, 2000),
      lockedAt: null,
      finishedAt: isFinal ? new Date() : null,
      // Back off: 10 s, then 40 s.
      runAfter: sql`now() + make_interval(secs => ${10 * job.attempts ** 2})`,
    })
    .where(eq(jobs.id, job.id));
}

export type JobWorker = {
  /** Looks for work now instead of at the next poll (after enqueueing on this instance). */
  wake: () => void;
  /** Resolves once no job is due (tests and the seed wait on it). */
  drain: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Polls the jobs table and runs one job at a time per instance (audio decoding is CPU-bound; a
 * second instance adds capacity). A handler's thrown error is retried with back-off, then kept.
 */
export function startJobWorker(
  db: Database,
  handlers: Record<JobKind, JobHandler>,
  options: { pollMs?: number; onError?: (job: Job, error: unknown) => void } = {},
): JobWorker {
  const pollMs = options.pollMs ?? 2000;
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  async function runDue(): Promise<void> {
    for (;;) {
      if (isStopped) return;
      const job = await claimJob(db);
      if (!job) return;
      let failure: unknown = null;
      try {
        await handlers[job.kind](job);
      } catch (error) {
        failure = error;
        options.onError?.(job, error);
      }
      await finishJob(db, job, failure);
    }
  }

  function tick(): Promise<void> {
    if (!running) {
      running = runDue()
        .catch((error: unknown) => options.onError?.({ id: 0, kind: 'audio.process', payload: {}, attempts: 0 }, error))
        .finally(() => {
          running = null;
          if (!isStopped) schedule();
        });
    }
    return running;
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), pollMs);
  }

  schedule();
  return {
    wake: () => void tick(),
    async drain() {
      // A job enqueued while a pass was finishing is picked up by the next pass.
      while (await hasDueJobs(db)) await tick();
      await running;
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

async function hasDueJobs(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, 'queued'), lte(jobs.runAfter, sql`now()`)))
    .limit(1);
  return Boolean(row);
}
