import { and, eq, isNotNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { AiNotesDraft, AiNotesSource, AiStatus, FlightAnalysis, TeachableMoment, TrackPoint, TranscriptJson } from '@skylog/contracts';
import { tripAccessColumns } from '../../access/access.repository.ts';
import type { Executor } from '../../db/client.ts';
import { aircraft, tripAudio, trips, tripSpeakers, users } from '../../db/schema/index.ts';

/**
 * Everything the analysis reads of one trip, with the left-seat pilot the notes are written for and the
 * aircraft's callsign and registration (the readback check tells this crew's instructions from others').
 */
export async function findAnalysisInput(db: Executor, tripId: string) {
  const [row] = await db
    .select({
      points: sql<TrackPoint[]>`${trips.rawTrips}->'points'`,
      markers: trips.markers,
      transcript: trips.transcriptJson,
      beginTime: trips.beginTime,
      timesEstimated: trips.timesEstimated,
      audioStartedAt: tripAudio.startedAt,
      studentName: users.name,
      studentProgram: users.program,
      studentRatings: users.certifications,
      aircraftCallSign: aircraft.callSign,
      aircraftTailNumber: aircraft.tailNumber,
      category: aircraft.category,
    })
    .from(trips)
    .leftJoin(tripAudio, eq(tripAudio.tripId, trips.id))
    .leftJoin(aircraft, eq(aircraft.id, trips.aircraftId))
    .leftJoin(users, eq(users.skylogId, trips.leftSeat))
    .where(eq(trips.id, tripId))
    .limit(1);
  if (!row) return undefined;
  const speakers = await db
    .select({ speaker: tripSpeakers.speaker, label: tripSpeakers.label })
    .from(tripSpeakers)
    .where(eq(tripSpeakers.tripId, tripId));
  return { ...row, transcript: row.transcript as TranscriptJson | null, speakers };
}

/** The trip's automatic analysis, with what requireTripRow decides by for `actorId`. */
export async function findTripAnalysis(db: Executor, tripId: string, actorId: string) {
  const [row] = await db
    .select({
      aiStatus: trips.aiStatus,
      aiError: trips.aiError,
      aiSource: trips.aiSource,
      aiTripWell: trips.aiTripWell,
      aiTripImprove: trips.aiTripImprove,
      aiDraft: trips.aiDraft,
      aiTeachableMoments: trips.aiTeachableMoments,
      analysis: trips.flightAnalysis,
      access: tripAccessColumns(actorId),
    })
    .from(trips)
    .where(eq(trips.id, tripId))
    .limit(1);
  return row;
}

export async function setAiStatus(db: Executor, tripId: string, status: AiStatus, error: string | null = null): Promise<void> {
  await db
    .update(trips)
    .set({ aiStatus: status, ...(status === 'failed' ? { aiError: error } : {}) })
    .where(eq(trips.id, tripId));
}

export type StoredNotes = {
  analysis: FlightAnalysis;
  moments: TeachableMoment[];
  draft: AiNotesDraft;
  well: string | null;
  improve: string | null;
  source: AiNotesSource;
  error: string | null;
};

export async function storeAnalysis(db: Executor, tripId: string, notes: StoredNotes): Promise<void> {
  await db
    .update(trips)
    .set({
      flightAnalysis: notes.analysis,
      aiTeachableMoments: notes.moments,
      aiDraft: notes.draft,
      aiTripWell: notes.well,
      aiTripImprove: notes.improve,
      aiSource: notes.source,
      aiError: notes.error,
      aiStatus: 'ready',
    })
    .where(eq(trips.id, tripId));
}

/**
 * Trips whose stored analysis was made by rules older than `version`, or that flew the aircraft given, and are not
 * already waiting for one: at most `limit`, to be queued again.
 */
export async function findTripsToReanalyse(
  db: Executor,
  filter: { olderThan: number } | { aircraftId: string },
  limit: number,
): Promise<string[]> {
  const which =
    'olderThan' in filter
      ? and(isNotNull(trips.flightAnalysis), lt(sql<number>`coalesce((${trips.flightAnalysis}->>'version')::int, 0)`, filter.olderThan))
      : and(eq(trips.aircraftId, filter.aircraftId), isNotNull(trips.flightAnalysis));
  const rows = await db
    .select({ id: trips.id })
    .from(trips)
    .where(and(which, or(sql`${trips.aiStatus} is null`, notInArray(trips.aiStatus, ['queued', 'running']))))
    .limit(limit);
  return rows.map((row) => row.id);
}
