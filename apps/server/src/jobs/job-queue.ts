import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import type { JobKind } from './job-payloads.ts';
import { createWorkFolders, defaultWorkRoot, removeOrphanWorkFolders } from './work-folders.ts';

export type Job = {
  id: number;
  kind: JobKind;
  payload: Record<string, unknown>;
  attempts: number;
  /** An empty folder for this run alone; the queue removes it when the handler ends, however it ends. */
  workDir: string;
};
export type JobHandler = {
  /** May run more than once for one job (a retry, a worker taken for dead that was not): it must be safe to repeat. */
  run: (job: Job) => Promise<void>;
  /**
   * Called once the job has failed for good (attempts spent, a PermanentJobError, or its worker died
   * on the last attempt), so what waits on it (a "transcribing" flag) is told.
   */
  onFailed?: (job: Pick<Job, 'id' | 'kind' | 'payload'>, reason: string) => Promise<void>;
};

/** A failure that another attempt cannot mend (bad credentials, a payload that does not parse): no retry. */
export class PermanentJobError extends Error {}
/**
 * Maintenance the worker runs at start and then every `everyMs` after the previous run ended. Every
 * worker instance runs it, so it must be safe to run on two instances at once.
 */
export type PeriodicTask = { name: string; everyMs: number; run: () => Promise<void> };
/** What failed: a job, a periodic task, or the worker itself (neither). */
export type JobErrorSource = { jobId?: number; kind?: JobKind; task?: string };

export type JobWorkerOptions = {
  pollMs?: number;
  /**
   * How long a claimed job stays this worker's without news from it (2 minutes by default). A
   * heartbeat renews it every leaseMs / 4 while the handler runs; once it lapses the worker is taken
   * for dead and any instance queues the job again.
   */
  leaseMs?: number;
  /**
   * Queue the jobs left `running` again at start. Only for a database no other process can open
   * (embedded PGlite): every running job there belongs to a process that died. On a shared
   * PostgreSQL the lease covers it, since another instance may be running them.
   */
  isRunningRequeuedOnStart?: boolean;
  periodicTasks?: PeriodicTask[];
  /** Parent of every worker's work folders (the OS temp folder's `skylog-jobs` unless given). */
  workRoot?: string;
  onError?: (error: unknown, source: JobErrorSource) => void;
};

const maxAttempts = 3;
const defaultLeaseMs = 2 * 60 * 1000;

type ClaimedJob = Omit<Job, 'workDir'>;

/** The database's clock, not this machine's: every instance compares leases against the same time. */
const leaseEnd = (leaseMs: number) => sql`now() + make_interval(secs => ${leaseMs / 1000})`;

/** Takes the oldest due job; SKIP LOCKED lets every instance poll the same table safely. */
async function claimJob(db: Database, workerId: string, leaseMs: number): Promise<ClaimedJob | null> {
  const due = sql`(
    select ${jobs.id} from ${jobs}
    where ${jobs.status} = 'queued' and ${jobs.runAfter} <= now()
    order by ${jobs.runAfter}, ${jobs.id}
    for update skip locked
    limit 1)`;
  const [row] = await db
    .update(jobs)
    .set({ status: 'running', lockedAt: sql`now()`, lockedBy: workerId, lockedUntil: leaseEnd(leaseMs), attempts: sql`${jobs.attempts} + 1` })
    .where(eq(jobs.id, due))
    .returning({ id: jobs.id, kind: jobs.kind, payload: jobs.payload, attempts: jobs.attempts });
  return row ? { ...row, kind: row.kind as JobKind } : null;
}

type FailedJob = Pick<Job, 'id' | 'kind' | 'payload'> & { reason: string };

/** A running job whose worker is gone goes back to the queue at once, or fails when it has had its attempts. */
async function releaseAbandonedJobs(db: Database, condition?: SQL): Promise<FailedJob[]> {
  const isExhausted = sql`${jobs.attempts} >= ${maxAttempts}`;
  const rows = await db
    .update(jobs)
    .set({
      status: sql`case when ${isExhausted} then 'failed' else 'queued' end`,
      lastError: sql`'The worker ' || coalesce(${jobs.lockedBy}, 'unknown') || ' stopped before the job finished'`,
      finishedAt: sql`case when ${isExhausted} then now() end`,
      runAfter: sql`now()`,
      lockedAt: null,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(and(eq(jobs.status, 'running'), condition))
    .returning({ id: jobs.id, kind: jobs.kind, payload: jobs.payload, status: jobs.status, reason: jobs.lastError });
  return rows.filter((row) => row.status === 'failed').map(({ status: _, ...row }) => ({ ...row, kind: row.kind as JobKind, reason: row.reason ?? '' }));
}

/** Jobs whose lease lapsed: their worker stopped renewing it (killed, crashed, cut off). Answers those that failed for good. */
export function releaseExpiredJobs(db: Database): Promise<FailedJob[]> {
  return releaseAbandonedJobs(db, lt(jobs.lockedUntil, sql`now()`));
}

/** Every running job, at once: only when no other live process can hold one (see isRunningRequeuedOnStart). */
export function requeueRunningJobs(db: Database): Promise<FailedJob[]> {
  return releaseAbandonedJobs(db);
}

/** Answers false once the job is no longer this worker's (its lease lapsed and it was released). */
async function renewLease(db: Database, jobId: number, workerId: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: leaseEnd(leaseMs) })
    .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Records the outcome only while the job is still this worker's: a released job belongs to whoever
 * took it. Answers the failure when it is final.
 */
async function finishJob(db: Database, job: ClaimedJob, workerId: string, error: unknown): Promise<FailedJob | null> {
  const isOurs = and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running'));
  const unlocked = { lockedAt: null, lockedBy: null, lockedUntil: null };
  if (!error) {
    await db.update(jobs).set({ status: 'done', finishedAt: new Date(), ...unlocked }).where(isOurs);
    return null;
  }
  const message = error instanceof Error ? error.message : String(error);
  const isFinal = job.attempts >= maxAttempts || error instanceof PermanentJobError;
  const rows = await db
    .update(jobs)
    .set({
      status: isFinal ? 'failed' : 'queued',
      lastError: message.slice(0, 2000),
      finishedAt: isFinal ? new Date() : null,
      // Back off: 10 s, then 40 s.
      runAfter: sql`now() + make_interval(secs => ${10 * job.attempts ** 2})`,
      ...unlocked,
    })
    .where(isOurs)
    .returning({ id: jobs.id });
  return isFinal && rows.length > 0 ? { id: job.id, kind: job.kind, payload: job.payload, reason: message } : null;
}

export type JobWorker = {
  /** Names this worker in `jobs.locked_by`: host, pid and a random part. */
  id: string;
  /** Looks for work now instead of at the next poll (after enqueueing on this instance). */
  wake: () => void;
  /** Resolves once no job is due (tests and the seed wait on it). */
  drain: () => Promise<void>;
  /** Lets the running job and periodic tasks end, then stops; a job still running after it is released by its lease. */
  stop: () => Promise<void>;
};

/**
 * Polls the jobs table and runs one job at a time per instance (audio decoding is CPU-bound; a
 * second instance adds capacity). A handler's thrown error is retried with back-off, then kept; a
 * job whose instance died is taken up again once its lease lapses.
 */
export function startJobWorker(db: Database, handlers: Record<JobKind, JobHandler>, options: JobWorkerOptions = {}): JobWorker {
  const pollMs = options.pollMs ?? 2000;
  const leaseMs = options.leaseMs ?? defaultLeaseMs;
  const workRoot = options.workRoot ?? defaultWorkRoot;
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const folders = createWorkFolders(workRoot);
  const reportTo = (source: JobErrorSource) => (error: unknown) => options.onError?.(error, source);
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const taskTimers = new Set<NodeJS.Timeout>();
  const taskRuns = new Set<Promise<void>>();

  /** Tells a job's kind it failed for good; its own failure to record that is reported, never thrown. */
  async function notifyFailed(failed: FailedJob[]): Promise<void> {
    for (const { reason, ...job } of failed) {
      await handlers[job.kind]?.onFailed?.(job, reason).catch(reportTo({ jobId: job.id, kind: job.kind }));
    }
  }

  const startUp = (async () => {
    await removeOrphanWorkFolders(workRoot).catch(reportTo({ task: 'work folders' }));
    if (options.isRunningRequeuedOnStart) await requeueRunningJobs(db).then(notifyFailed, reportTo({}));
  })();

  /** Renews the lease every leaseMs / 4 until the returned function is called (and awaited). */
  function keepLease(job: ClaimedJob): () => Promise<void> {
    const report = reportTo({ jobId: job.id, kind: job.kind });
    let renewal: Promise<void> = Promise.resolve();
    const interval = setInterval(() => {
      renewal = renewLease(db, job.id, workerId, leaseMs).then((isHeld) => {
        if (isHeld) return;
        clearInterval(interval);
        report(new Error(`job ${job.id}: lease lost; another worker may run it again`));
      }, report);
    }, leaseMs / 4);
    return async () => {
      clearInterval(interval);
      await renewal;
    };
  }

  async function runJob(job: ClaimedJob): Promise<void> {
    const stopLease = keepLease(job);
    let workDir: string | undefined;
    let failure: unknown = null;
    try {
      workDir = await folders.create(job.id);
      const handler = handlers[job.kind];
      if (!handler) throw new PermanentJobError(`No handler for jobs of kind ${job.kind}`);
      await handler.run({ ...job, workDir });
    } catch (error) {
      failure = error;
      reportTo({ jobId: job.id, kind: job.kind })(error);
    } finally {
      await stopLease();
      if (workDir) await folders.remove(workDir).catch(reportTo({ jobId: job.id, kind: job.kind }));
    }
    const failed = await finishJob(db, job, workerId, failure);
    if (failed) await notifyFailed([failed]);
  }

  async function runDue(): Promise<void> {
    await startUp;
    await notifyFailed(await releaseExpiredJobs(db));
    for (;;) {
      if (isStopped) return;
      const job = await claimJob(db, workerId, leaseMs);
      if (!job) return;
      await runJob(job);
    }
  }

  function tick(): Promise<void> {
    if (!running) {
      running = runDue()
        .catch(reportTo({}))
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

  function runTask(task: PeriodicTask) {
    if (isStopped) return;
    const run: Promise<void> = Promise.resolve()
      .then(task.run)
      .catch(reportTo({ task: task.name }))
      .finally(() => {
        taskRuns.delete(run);
        if (isStopped) return;
        const next = setTimeout(() => {
          taskTimers.delete(next);
          runTask(task);
        }, task.everyMs);
        taskTimers.add(next);
      });
    taskRuns.add(run);
  }

  // At once: jobs requeued at start, or released from a dead instance, should not wait for a poll.
  void tick();
  for (const task of options.periodicTasks ?? []) runTask(task);
  return {
    id: workerId,
    wake: () => void tick(),
    async drain() {
      await startUp;
      // A job enqueued while a pass was finishing is picked up by the next pass.
      while (await hasDueJobs(db)) await tick();
      await running;
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      for (const next of taskTimers) clearTimeout(next);
      await Promise.all([running, startUp, ...taskRuns]);
      await folders.removeAll().catch(reportTo({ task: 'work folders' }));
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
