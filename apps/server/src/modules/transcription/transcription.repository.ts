import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TranscriptJson, TranscriptSentence } from '@skylog/contracts';
import type { Executor } from '../../db/client.ts';
import { aircraft, transcriptions, trips } from '../../db/schema/index.ts';
import type { TripScope } from '../../access/access-rules.ts';
import { tripAccessColumns } from '../../access/access.repository.ts';
import { scopeCondition } from '../../db/trip-conditions.ts';

export async function findTranscriptState(db: Executor, tripId: string) {
  const [row] = await db
    .select({
      inProgress: trips.transcriptInProgress,
      startedAt: trips.transcriptStartedAt,
      error: trips.transcriptError,
      hasTranscript: sql<boolean>`${trips.transcriptJson} is not null`,
    })
    .from(trips)
    .where(eq(trips.id, tripId))
    .limit(1);
  return row;
}

/** The trip's transcript, with what requireTripRow decides by for `actorId`. */
export async function findTranscript(db: Executor, tripId: string, actorId: string) {
  const [row] = await db
    .select({ transcriptJson: trips.transcriptJson, access: tripAccessColumns(actorId) })
    .from(trips)
    .where(eq(trips.id, tripId))
    .limit(1);
  return row;
}

/** Marks the trip as transcribing unless it already is: the one guard that keeps it to one job. */
export async function claimTranscript(db: Executor, tripId: string): Promise<boolean> {
  const rows = await db
    .update(trips)
    .set({ transcriptInProgress: true, transcriptStartedAt: sql`now()`, transcriptError: null })
    .where(and(eq(trips.id, tripId), eq(trips.transcriptInProgress, false)))
    .returning({ id: trips.id });
  return rows.length > 0;
}

/** Stores the transcript and its sentences together (docs/product.md "Transcription and automatic notes"). */
export async function storeTranscript(db: Executor, tripId: string, json: TranscriptJson, sentences: TranscriptSentence[]): Promise<void> {
  await db
    .update(trips)
    .set({ transcriptJson: json, transcriptInProgress: false, transcriptStartedAt: null, transcriptError: null, updatedAt: new Date() })
    .where(eq(trips.id, tripId));
  await db
    .insert(transcriptions)
    .values({ tripId, sentences })
    .onConflictDoUpdate({ target: transcriptions.tripId, set: { sentences, updatedAt: new Date() } });
}

export async function failTranscript(db: Executor, tripId: string, message: string): Promise<void> {
  await db
    .update(trips)
    .set({ transcriptInProgress: false, transcriptStartedAt: null, transcriptError: message })
    .where(eq(trips.id, tripId));
}

/** The organization's tail numbers and call signs: words a speech model should expect on its radio. */
export async function findFleetTerms(db: Executor, tripId: string): Promise<string[]> {
  const rows = await db
    .select({ tailNumber: aircraft.tailNumber, callSign: aircraft.callSign })
    .from(aircraft)
    .innerJoin(trips, eq(trips.orgId, aircraft.orgId))
    .where(eq(trips.id, tripId));
  return rows.flatMap((row) => [row.tailNumber, row.callSign ?? '']).filter(Boolean);
}

export async function listTranscriptions(db: Executor, scope: TripScope, tripId: string | undefined, page: { offset: number; limit: number }) {
  const where = and(scopeCondition(scope), tripId ? eq(trips.id, tripId) : undefined);
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: transcriptions.id,
        tripId: transcriptions.tripId,
        tripName: trips.tripName,
        sentences: transcriptions.sentences,
        aiNotes: transcriptions.aiNotes,
        updatedAt: transcriptions.updatedAt,
      })
      .from(transcriptions)
      .innerJoin(trips, eq(trips.id, transcriptions.tripId))
      .where(where)
      .orderBy(desc(transcriptions.updatedAt), desc(transcriptions.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ value: count() }).from(transcriptions).innerJoin(trips, eq(trips.id, transcriptions.tripId)).where(where),
  ]);
  return { rows, total: totals[0]?.value ?? 0 };
}

/** Keeps the Transcription's ai_notes in step with the trip's drafted notes. */
export async function updateTranscriptionNotes(db: Executor, tripId: string, aiNotes: string | null): Promise<void> {
  await db.update(transcriptions).set({ aiNotes, updatedAt: new Date() }).where(eq(transcriptions.tripId, tripId));
}
