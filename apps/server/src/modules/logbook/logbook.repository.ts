import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { EndorsementKind, LogbookEntrySource, LogbookFields, TrackPoint } from '@skylog/contracts';
import type { Executor } from '../../db/client.ts';
import {
  aircraft,
  endorsementRequests,
  endorsements,
  logbookChain,
  logbookEntries,
  logbookSignatures,
  trips,
  users,
} from '../../db/schema/index.ts';

export type EntryRow = typeof logbookEntries.$inferSelect;
export type SignatureRow = typeof logbookSignatures.$inferSelect;
export type ChainRow = typeof logbookChain.$inferSelect;
export type EndorsementRow = typeof endorsements.$inferSelect;
export type EndorsementRequestRow = typeof endorsementRequests.$inferSelect;

/** A logbook's order: by date, then as the entries were made. */
const logbookOrder = [asc(logbookEntries.entryDate), asc(logbookEntries.createdAt), asc(logbookEntries.id)];

export function listEntriesOf(db: Executor, pilotIds: readonly string[]): Promise<EntryRow[]> {
  if (pilotIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(logbookEntries)
    .where(inArray(logbookEntries.pilotId, [...pilotIds]))
    .orderBy(...logbookOrder);
}

/** One entry, read again inside a change's transaction (after its pilot's logbook is locked). */
export async function findEntry(db: Executor, id: string): Promise<EntryRow | undefined> {
  const [row] = await db.select().from(logbookEntries).where(eq(logbookEntries.id, id)).limit(1);
  return row;
}

export async function countEntriesOf(db: Executor, pilotId: string): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(logbookEntries).where(eq(logbookEntries.pilotId, pilotId));
  return row?.count ?? 0;
}

export function listTripEntries(db: Executor, tripId: string): Promise<EntryRow[]> {
  return db.select().from(logbookEntries).where(eq(logbookEntries.tripId, tripId)).orderBy(...logbookOrder);
}

/** Signatures of the entries, oldest first (the newest of an entry is the one that stands). */
export function listSignaturesOfEntries(db: Executor, entryIds: readonly string[]): Promise<SignatureRow[]> {
  if (entryIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(logbookSignatures)
    .where(inArray(logbookSignatures.entryId, [...entryIds]))
    .orderBy(asc(logbookSignatures.signedAt), asc(logbookSignatures.id));
}

/** Every signature of these pilots' logbooks in the order given: each pilot's is what their hash chain must match. */
export function listSignaturesOfPilots(db: Executor, pilotIds: readonly string[]): Promise<SignatureRow[]> {
  if (pilotIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(logbookSignatures)
    .where(inArray(logbookSignatures.pilotId, [...pilotIds]))
    .orderBy(asc(logbookSignatures.signedAt), asc(logbookSignatures.id));
}

export function listChain(db: Executor, pilotId: string): Promise<ChainRow[]> {
  return db.select().from(logbookChain).where(eq(logbookChain.pilotId, pilotId)).orderBy(asc(logbookChain.position));
}

export type NewEntry = {
  orgId: string | null;
  pilotId: string;
  tripId: string | null;
  source: LogbookEntrySource;
  fields: LogbookFields;
  trackValues: Partial<LogbookFields> | null;
  typed: string[];
  importedAttestation: string | null;
};

export async function insertEntries(db: Executor, entries: NewEntry[]): Promise<EntryRow[]> {
  if (entries.length === 0) return [];
  return db
    .insert(logbookEntries)
    .values(entries.map((entry) => ({ ...entry, entryDate: entry.fields.date })))
    .returning();
}

/**
 * A flight's entry for one pilot, unless one was made meanwhile (the analysis job and the flight's logbook screen
 * may both make it at once: the unique (pilot, flight) index keeps one).
 */
export async function insertFlightEntry(db: Executor, entry: NewEntry): Promise<void> {
  await db
    .insert(logbookEntries)
    .values({ ...entry, entryDate: entry.fields.date })
    .onConflictDoNothing();
}

export async function updateEntry(
  db: Executor,
  id: string,
  change: { fields: LogbookFields; typed?: string[]; trackValues?: Partial<LogbookFields> | null },
): Promise<EntryRow> {
  const [row] = await db
    .update(logbookEntries)
    .set({ ...change, entryDate: change.fields.date, updatedAt: sql`now()` })
    .where(eq(logbookEntries.id, id))
    .returning();
  return row!;
}

export async function deleteEntry(db: Executor, id: string): Promise<void> {
  await db.delete(logbookEntries).where(eq(logbookEntries.id, id));
}

/**
 * Serialises the signatures of one pilot's logbook within a transaction (two instructors signing at once would
 * otherwise both append at the same place of the chain).
 */
export async function lockLogbookOf(db: Executor, pilotId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`logbook:${pilotId}`}, 0))`);
}

export async function insertSignature(db: Executor, values: typeof logbookSignatures.$inferInsert): Promise<SignatureRow> {
  const [row] = await db.insert(logbookSignatures).values(values).returning();
  return row!;
}

export async function lastChainLink(db: Executor, pilotId: string): Promise<ChainRow | undefined> {
  const [row] = await db.select().from(logbookChain).where(eq(logbookChain.pilotId, pilotId)).orderBy(desc(logbookChain.position)).limit(1);
  return row;
}

export async function appendChainLink(db: Executor, values: Omit<typeof logbookChain.$inferInsert, 'createdAt'>): Promise<void> {
  await db.insert(logbookChain).values(values);
}

const leftPilot = alias(users, 'left_pilot');
const rightPilot = alias(users, 'right_pilot');

/** What a flight's logbook entries are made from, but its track: its times, analysis, aircraft and who sat where. */
export async function findFlightForLogbook(db: Executor, tripId: string) {
  const [row] = await db
    .select({
      orgId: trips.orgId,
      beginTime: trips.beginTime,
      endTime: trips.endTime,
      createdAt: trips.createdAt,
      timesEstimated: trips.timesEstimated,
      analysis: trips.flightAnalysis,
      tailNumber: aircraft.tailNumber,
      aircraftType: aircraft.type,
      category: aircraft.category,
      leftSeat: trips.leftSeat,
      rightSeat: trips.rightSeat,
      leftType: leftPilot.userType,
      rightType: rightPilot.userType,
      leftOrg: leftPilot.orgId,
      rightOrg: rightPilot.orgId,
    })
    .from(trips)
    .leftJoin(aircraft, eq(aircraft.id, trips.aircraftId))
    .leftJoin(leftPilot, eq(leftPilot.skylogId, trips.leftSeat))
    .leftJoin(rightPilot, eq(rightPilot.skylogId, trips.rightSeat))
    .where(eq(trips.id, tripId))
    .limit(1);
  return row;
}

/** The flight's recorded track (megabytes on a long flight: read only by who does not have it already). */
export async function findTrackPoints(db: Executor, tripId: string): Promise<TrackPoint[]> {
  const [row] = await db
    .select({ points: sql<TrackPoint[] | null>`${trips.rawTrips}->'points'` })
    .from(trips)
    .where(eq(trips.id, tripId))
    .limit(1);
  return row?.points ?? [];
}

/** The flight's length, for refusing an entry that logs more than was flown. */
export async function findTripDurationMs(db: Executor, tripId: string): Promise<number | null | undefined> {
  const [row] = await db.select({ durationMs: trips.durationMs }).from(trips).where(eq(trips.id, tripId)).limit(1);
  return row?.durationMs;
}

/** The people of entries and endorsements: their names, and what the access rules decide by. */
export function findPeople(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      skylogId: users.skylogId,
      name: users.name,
      email: users.email,
      userType: users.userType,
      orgId: users.orgId,
      subOrgId: users.subOrgId,
      licenseNumber: users.licenseNumber,
    })
    .from(users)
    .where(inArray(users.skylogId, [...ids]));
}

export async function insertEndorsement(db: Executor, values: typeof endorsements.$inferInsert): Promise<EndorsementRow> {
  const [row] = await db.insert(endorsements).values(values).returning();
  return row!;
}

export function listEndorsementsOf(db: Executor, studentIds: readonly string[]): Promise<EndorsementRow[]> {
  if (studentIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(endorsements)
    .where(inArray(endorsements.studentId, [...studentIds]))
    .orderBy(desc(endorsements.signedAt));
}

export async function insertEndorsementRequest(db: Executor, values: { studentId: string; kind: EndorsementKind; note: string | null }): Promise<EndorsementRequestRow> {
  const [row] = await db.insert(endorsementRequests).values(values).returning();
  return row!;
}

export function listOpenRequestsOf(db: Executor, studentIds: readonly string[]): Promise<EndorsementRequestRow[]> {
  if (studentIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(endorsementRequests)
    .where(and(inArray(endorsementRequests.studentId, [...studentIds]), isNull(endorsementRequests.closedAt)))
    .orderBy(asc(endorsementRequests.createdAt));
}

/** Closes a student's open request; false when it is not theirs or was closed already (by someone else meanwhile). */
export async function closeEndorsementRequest(
  db: Executor,
  request: { id: string; studentId: string },
  closedBy: string,
  endorsementId: string | null,
): Promise<boolean> {
  const rows = await db
    .update(endorsementRequests)
    .set({ closedAt: sql`now()`, closedBy, endorsementId })
    .where(and(eq(endorsementRequests.id, request.id), eq(endorsementRequests.studentId, request.studentId), isNull(endorsementRequests.closedAt)))
    .returning({ id: endorsementRequests.id });
  return rows.length > 0;
}
