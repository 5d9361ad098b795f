import type { AppContext } from '../../lib/app-context.ts';
import { toJobHandler } from '../define-job.ts';
import type { JobKind } from '../job-payloads.ts';
import type { JobHandler } from '../job-queue.ts';
import { analysisRequeueStaleJob } from './analysis-requeue-stale.ts';
import { audioProcessJob } from './audio-process.ts';
import { transcriptGenerateJob } from './transcript-generate.ts';
import { tripAnalyseJob } from './trip-analyse.ts';

/** Every kind's handler: a kind without one does not compile. */
export function jobHandlers(ctx: AppContext): Record<JobKind, JobHandler> {
  return {
    'analysis.requeue-stale': toJobHandler(ctx, analysisRequeueStaleJob),
    'audio.process': toJobHandler(ctx, audioProcessJob),
    'transcript.generate': toJobHandler(ctx, transcriptGenerateJob),
    'trip.analyse': toJobHandler(ctx, tripAnalyseJob),
  };
}
