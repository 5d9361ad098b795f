import { eq, sql } from 'drizzle-orm';
import type { AiNotesDraft, AiNotesSource, AiStatus, FlightAnalysis, TeachableMoment, TrackPoint, TranscriptJson } from '@skylog/contracts';
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
      audioStartedAt: tripAudio.startedAt,
      studentName: users.name,
      studentProgram: users.program,
      studentRatings: users.certifications,
      aircraftCallSign: aircraft.callSign,
      aircraftTailNumber: aircraft.tailNumber,
    })
    .from(trips)
    .leftJoin(tripAudio, eq(tripAudio.tripId, trips.id))
    .leftJoin(aircraft, eq(aircraft.id, trips.aircraftId))
    .leftJoin(users, eq(users.skylogId, trips.leftSeat))
    .where(eq(trips.id, tripId))
    .limit(1);
  if (!row) return undefined;
  const speakers = await db.select({ speaker: tripSpeakers.speaker, label: tripSpeakers.label }).from(tripSpeakers).where(eq(tripSpeakers.tripId, tripId));
  return { ...row, transcript: row.transcript as TranscriptJson | null, speakers };
}

export async function findTripAnalysis(db: Executor, tripId: string) {
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
    })
    .from(trips)
    .where(eq(trips.id, tripId))
    .limit(1);
  return row;
}

export async function setAiStatus(db: Executor, tripId: string, status: AiStatus, error: string | null = null): Promise<void> {
  await db.update(trips).set({ aiStatus: status, ...(status === 'failed' ? { aiError: error } : {}) }).where(eq(trips.id, tripId));
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
