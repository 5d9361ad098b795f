import { requeueAnalyses } from '../../modules/analysis/analysis.service.ts';
import { defineJob } from '../define-job.ts';

/** Queues a new analysis for every trip whose stored one was made by older rules (queued once at each start-up). */
export const analysisRequeueStaleJob = defineJob({
  kind: 'analysis.requeue-stale',
  run: async (ctx) => void (await requeueAnalyses(ctx)),
});
