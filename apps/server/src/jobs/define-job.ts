import type { AppContext } from '../lib/app-context.ts';
import { jobPayloads, type JobKind, type JobPayload } from './job-payloads.ts';
import { PermanentJobError, type Job, type JobHandler } from './job-queue.ts';

/** One kind of background work: its payload (schema in job-payloads.ts), what it does, and who is told when it fails for good. */
export type JobDefinition<K extends JobKind> = {
  kind: K;
  run: (ctx: AppContext, payload: JobPayload<K>, job: Job) => Promise<void>;
  onFailed?: (ctx: AppContext, payload: JobPayload<K>, reason: string) => Promise<void>;
};

export const defineJob = <K extends JobKind>(definition: JobDefinition<K>): JobDefinition<K> => definition;

/** The queue's handler for a definition: the payload is parsed before the handler sees it. */
export function toJobHandler<K extends JobKind>(ctx: AppContext, definition: JobDefinition<K>): JobHandler {
  const parse = (payload: unknown) => jobPayloads[definition.kind].safeParse(payload);
  return {
    run: async (job) => {
      const parsed = parse(job.payload);
      if (!parsed.success) throw new PermanentJobError(`The ${definition.kind} job's payload is not valid: ${parsed.error.message}`);
      await definition.run(ctx, parsed.data as JobPayload<K>, job);
    },
    onFailed: async (job, reason) => {
      const parsed = parse(job.payload);
      if (parsed.success) await definition.onFailed?.(ctx, parsed.data as JobPayload<K>, reason);
    },
  };
}
