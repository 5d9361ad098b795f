import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

/**
 * Every job kind and the payload it carries, parsed when queued and again before it runs (a row
 * written by an older release, or by hand, never reaches a handler unchecked). Handlers live in
 * `definitions/`; services import only this file, so queueing work never imports its handler.
 */
export const jobPayloads = {
  'analysis.requeue-stale': z.object({}),
  'audio.process': z.object({ uploadId: z.uuid() }),
  'transcript.generate': z.object({ tripId: z.uuid(), requestedBy: z.uuid().nullable() }),
  'trip.analyse': z.object({ tripId: z.uuid() }),
} as const;

export type JobKind = keyof typeof jobPayloads;
export type JobPayload<K extends JobKind> = z.infer<(typeof jobPayloads)[K]>;

export const isJobKind = (kind: string): kind is JobKind => Object.hasOwn(jobPayloads, kind);

export async function enqueueJob<K extends JobKind>(db: Executor, kind: K, payload: JobPayload<K>): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({ kind, payload: jobPayloads[kind].parse(payload) })
    .returning({ id: jobs.id });
  return row!.id;
}

/**
 * Queues the job unless the same kind with the same payload is already waiting: a burst of marker
 * edits asks for one analysis, not one each. A job already running is not enough (it may have read
 * the trip before the change), so a second one queues behind it.
 */
export async function enqueueJobOnce<K extends JobKind>(db: Executor, kind: K, payload: JobPayload<K>): Promise<void> {
  const checked = jobPayloads[kind].parse(payload);
  const [waiting] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.status, 'queued'), sql`${jobs.payload} = ${JSON.stringify(checked)}::jsonb`))
    .limit(1);
  if (!waiting) await db.insert(jobs).values({ kind, payload: checked });
}
