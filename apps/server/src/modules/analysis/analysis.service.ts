import {
  messages,
  type AircraftCategory,
  type AiNotesDraft,
  type SpeakerRole,
  type TrackPoint,
  type TripAnalysis,
} from '@skylog/contracts';
import {
  analyseFlight,
  analysisVersion,
  draftNotesFromAnalysis,
  keepKnownMoments,
  notesSystemPrompt,
  notesText,
  summariseForNotes,
  type KnownField,
} from '@skylog/flight-analysis';
import { requireTripRow } from '../../access/access.ts';
import type { AppContext, NotesModel } from '../../lib/app-context.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { setTranscriptionNotes } from '../transcription/transcription.service.ts';
import { fillLogbookFromFlight } from '../logbook/logbook.service.ts';
import { sharedFieldFinder } from '../map/map.service.ts';
import * as repository from './analysis.repository.ts';
import { queueAnalysis } from './queue-analysis.ts';

/** Voices the crew named ATC give the instructions the readback check looks for. */
const atcLabel: SpeakerRole = 'ATC';

/** The automatic analysis of a flight its caller has required already (the debrief page). */
export async function findAnalysisOfTrip(ctx: AppContext, scope: RequestScope, tripId: string) {
  return repository.findTripAnalysis(ctx.db, tripId, scope.actor.skylogId);
}

export async function getTripAnalysis(ctx: AppContext, scope: RequestScope, tripId: string): Promise<TripAnalysis> {
  const found = await repository.findTripAnalysis(ctx.db, tripId, scope.actor.skylogId);
  await requireTripRow(ctx, scope.actor, tripId, found?.access, 'read', scope);
  const row = found!;
  return {
    ai_status: row.aiStatus,
    ai_error: row.aiError,
    ai_source: row.aiSource,
    ai_trip_well: row.aiTripWell,
    ai_trip_improve: row.aiTripImprove,
    ai_draft: row.aiDraft,
    ai_teachable_moments: row.aiTeachableMoments ?? [],
    analysis: row.analysis,
  };
}

/** The model's draft, or the reason it could not be had (the rules draft then stands). */
async function draftWithModel(model: NotesModel, summary: string): Promise<{ draft: AiNotesDraft } | { error: string }> {
  try {
    return { draft: await model.draft({ system: notesSystemPrompt, summary }) };
  } catch (error) {
    const reason = error instanceof Error && 'statusText' in error ? String(error.statusText) : messages.unknown;
    return { error: `${messages.aiNotesModelFailed} (${reason}). The automatic analysis stands.` };
  }
}

/** The database's fields under and around the track, for go-arounds and touch-and-goes away from the home field. */
async function fieldsNear(points: TrackPoint[], category: AircraftCategory | null): Promise<KnownField[]> {
  if (points.length === 0) return [];
  const finder = await sharedFieldFinder();
  return finder === null ? [] : finder.find(points, category);
}

/**
 * The trip.analyse job: analyses the flight (offline, always), drafts notes from it with the rules
 * engine and, when a chat model is configured, lets the model word them from the same summary. A
 * trip deleted meanwhile is nothing to do.
 */
export async function analyseTrip(ctx: AppContext, tripId: string): Promise<void> {
  const input = await repository.findAnalysisInput(ctx.db, tripId);
  if (!input) return;
  await repository.setAiStatus(ctx.db, tripId, 'running');
  const analysis = analyseFlight({
    points: input.points,
    category: input.category,
    airports: await fieldsNear(input.points, input.category),
    markers: input.markers,
    transcript: input.transcript,
    audioStartedAt: input.audioStartedAt?.getTime() ?? null,
    beginTime: input.beginTime?.getTime() ?? null,
    atcSpeakers: new Set(input.speakers.filter((speaker) => speaker.label === atcLabel).map((speaker) => speaker.speaker)),
    ownCallsigns: [input.aircraftCallSign, input.aircraftTailNumber].filter((callsign) => callsign !== null),
    timesEstimated: input.timesEstimated,
  });
  const rules = draftNotesFromAnalysis(analysis);
  const flightStart = input.points[0]?.timestamp ?? input.beginTime?.getTime() ?? 0;
  const student = { name: input.studentName, program: input.studentProgram, ratings: input.studentRatings ?? [] };
  const model = ctx.notesModel ? await draftWithModel(ctx.notesModel, summariseForNotes(analysis, student, flightStart)) : null;
  const draft = model && 'draft' in model ? keepKnownMoments(model.draft, analysis) : rules;
  const notes = {
    analysis,
    moments: analysis.moments,
    draft,
    well: notesText(draft.well),
    improve: notesText(draft.improve),
    source: model && 'draft' in model ? ('llm' as const) : ('rules' as const),
    error: model && 'error' in model ? model.error : null,
  };
  await ctx.db.transaction(async (tx) => {
    await repository.storeAnalysis(tx, tripId, notes);
    await setTranscriptionNotes(tx, tripId, [notes.well, notes.improve].filter(Boolean).join('\n') || null);
    // The logbook entries of everyone aboard follow the flight's analysis (docs/product.md "Logbook").
    await fillLogbookFromFlight(tx, tripId, input.points);
  });
}

export async function failAnalysis(ctx: AppContext, tripId: string, reason: string): Promise<void> {
  await repository.setAiStatus(ctx.db, tripId, 'failed', reason);
}

/** Trips queued per transaction when analyses are asked for again. */
const requeueBatch = 200;

/**
 * Queues a new analysis for every trip analysed by older rules than these (at start-up, after a release that changed
 * them), or every trip of an aircraft whose category changed; returns how many.
 */
export async function requeueAnalyses(
  ctx: AppContext,
  which: { olderThan: number } | { aircraftId: string } = { olderThan: analysisVersion },
): Promise<number> {
  let queued = 0;
  for (;;) {
    const count = await ctx.db.transaction(async (tx) => {
      const tripIds = await repository.findTripsToReanalyse(tx, which, requeueBatch);
      for (const tripId of tripIds) await queueAnalysis(tx, tripId);
      return tripIds.length;
    });
    queued += count;
    if (count < requeueBatch) break;
  }
  if (queued > 0) ctx.jobs.wake();
  return queued;
}
