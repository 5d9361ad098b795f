import { analyseTrip, failAnalysis } from '../../modules/analysis/analysis.service.ts';
import { defineJob } from '../define-job.ts';

/** Analyses a flight and drafts its debrief notes (rules engine, then the chat model when configured). */
export const tripAnalyseJob = defineJob({
  kind: 'trip.analyse',
  run: (ctx, { tripId }) => analyseTrip(ctx, tripId),
  onFailed: (ctx, { tripId }, reason) => failAnalysis(ctx, tripId, reason),
});
