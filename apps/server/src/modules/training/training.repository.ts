import { and, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { aircraft, trips, users } from '../../db/schema/index.ts';
import { spansOfBegin } from '../../db/trip-conditions.ts';

const leftPilot = alias(users, 'left_pilot');
const rightPilot = alias(users, 'right_pilot');

/** Markers of one rocker key on the flight. */
const markersOfKey = (key: number) =>
  sql<number>`(select count(*) from jsonb_array_elements(${trips.markers}) as marker(value) where marker.value->>'markerID' = ${String(key)})::int`;

/** Entries of an array in the flight's analysis that match a condition; null until the flight is analysed. */
const analysed = (path: 'landings' | 'moments' | 'readbacks', condition: SQL) =>
  sql<number | null>`case when ${trips.flightAnalysis} is null then null else (select count(*) from jsonb_array_elements(${trips.flightAnalysis}->${path}) as item(value) where ${condition})::int end`;

/** A sum that is 0, not null, over no rows. */
const total = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

/** What a record reads of each flight: small figures, never the analysis's or the track's bodies. */
function flightFacts(person: string | SQLWrapper) {
  return {
    id: trips.id,
    tripName: trips.tripName,
    beginTime: trips.beginTime,
    durationMs: trips.durationMs,
    seat: sql<'left' | 'right' | 'none'>`case when ${trips.leftSeat} = ${person} then 'left' when ${trips.rightSeat} = ${person} then 'right' else 'none' end`.as('seat'),
    crew: sql<string | null>`case when ${trips.leftSeat} = ${person} then coalesce(${rightPilot.name}, ${rightPilot.email}) else coalesce(${leftPilot.name}, ${leftPilot.email}) end`.as('crew'),
    aircraft: sql<string | null>`${aircraft.tailNumber}`.as('aircraft'),
    origin: trips.origin,
    destination: trips.destination,
    marker1: markersOfKey(1).as('marker_1'),
    marker2: markersOfKey(2).as('marker_2'),
    marker3: markersOfKey(3).as('marker_3'),
    marker4: markersOfKey(4).as('marker_4'),
    landings: sql<number | null>`(${trips.flightAnalysis}->'stats'->>'landings')::int`.as('landings'),
    // Full stops are the landings 14 CFR 61.57(b) counts for carrying passengers at night.
    fullStopLandings: analysed('landings', sql`item.value->>'kind' = 'full_stop'`).as('full_stop_landings'),
    goArounds: sql<number | null>`(${trips.flightAnalysis}->'stats'->>'go_arounds')::int`.as('go_arounds'),
    momentsWell: analysed('moments', sql`item.value->>'tone' = 'well'`).as('moments_well'),
    momentsImprove: analysed('moments', sql`item.value->>'tone' = 'improve'`).as('moments_improve'),
    readbacks: analysed('readbacks', sql`true`).as('readbacks'),
    // An unclear readback rests on a word recognition was unsure of: no finding against the pilot.
    readbackFindings: analysed('readbacks', sql`item.value->>'status' not in ('correct', 'unclear')`).as('readback_findings'),
    isDebriefed: trips.isDebriefed,
    tripWell: trips.tripWell,
    tripImprove: trips.tripImprove,
  };
}

/**
 * The facts of each flight, with the aircraft and both seats' people they name; dynamic, so the export
 * can join the students aboard (every column is typed by its own SQL, so nothing loses its nullability).
 */
function flightsOf<Extra extends Record<string, SQL.Aliased>>(db: Executor, person: string | SQLWrapper, extra: Extra) {
  return db
    .select({ ...flightFacts(person), ...extra })
    .from(trips)
    .leftJoin(aircraft, eq(aircraft.id, trips.aircraftId))
    .leftJoin(leftPilot, eq(leftPilot.skylogId, trips.leftSeat))
    .leftJoin(rightPilot, eq(rightPilot.skylogId, trips.rightSeat))
    .$dynamic();
}

const newestFirst = [sql`${trips.beginTime} desc nulls last`, desc(trips.id)];

/** The newest flights first, at most `limit`. */
export function listTrainingFlights(db: Executor, personId: string, where: SQL | undefined, limit: number) {
  return flightsOf(db, personId, {}).where(where).orderBy(...newestFirst).limit(limit);
}

export type TrainingFlightRow = Awaited<ReturnType<typeof listTrainingFlights>>[number];

const student = alias(users, 'student');

/** One row per flight and student aboard (owner or either seat), oldest first, at most `limit`. */
export function listStudentFlights(db: Executor, where: SQL | undefined, limit: number) {
  return flightsOf(db, student.skylogId, {
    studentId: sql<string>`${student.skylogId}`.as('student_id'),
    studentName: sql<string | null>`${student.name}`.as('student_name'),
    studentEmail: sql<string>`${student.email}`.as('student_email'),
  })
    .innerJoin(student, and(eq(student.userType, 'student'), sql`${student.skylogId} in (${trips.skylogId}, ${trips.leftSeat}, ${trips.rightSeat})`))
    .where(where)
    .orderBy(sql`${trips.beginTime} asc nulls first`, trips.id, student.name)
    .limit(limit);
}

/** Sums over every flight of the record. */
export async function sumTrainingFlights(db: Executor, personId: string, where: SQL | undefined) {
  const flight = flightsOf(db, personId, {}).where(where).as('flight');
  const [row] = await db
    .select({
      flights: sql<number>`count(*)::int`,
      durationMs: total(flight.durationMs),
      leftFlights: sql<number>`(count(*) filter (where ${flight.seat} = 'left'))::int`,
      leftMs: sql<number>`coalesce(sum(${flight.durationMs}) filter (where ${flight.seat} = 'left'), 0)::bigint`.mapWith(Number),
      rightFlights: sql<number>`(count(*) filter (where ${flight.seat} = 'right'))::int`,
      rightMs: sql<number>`coalesce(sum(${flight.durationMs}) filter (where ${flight.seat} = 'right'), 0)::bigint`.mapWith(Number),
      analysedFlights: sql<number>`count(${flight.landings})::int`,
      landings: total(flight.landings),
      fullStopLandings: total(flight.fullStopLandings),
      goArounds: total(flight.goArounds),
      marker1: total(flight.marker1),
      marker2: total(flight.marker2),
      marker3: total(flight.marker3),
      marker4: total(flight.marker4),
      momentsWell: total(flight.momentsWell),
      momentsImprove: total(flight.momentsImprove),
      readbacks: total(flight.readbacks),
      readbackFindings: total(flight.readbackFindings),
    })
    .from(flight);
  return row!;
}

/** Flights, flight time and markers per span between consecutive `bounds` (months in the reader's zone). */
export async function sumTrainingPerSpan(db: Executor, personId: string, where: SQL | undefined, bounds: Date[]) {
  const spans = spansOfBegin(bounds);
  const facts = flightFacts(personId);
  const flight = db
    .select({ bucket: spans.bucket.as('bucket'), durationMs: trips.durationMs, marker1: facts.marker1, marker2: facts.marker2, marker3: facts.marker3, marker4: facts.marker4 })
    .from(trips)
    .where(and(where, spans.within))
    .as('flight');
  return db
    .select({
      bucket: flight.bucket,
      flights: sql<number>`count(*)::int`,
      durationMs: total(flight.durationMs),
      marker1: total(flight.marker1),
      marker2: total(flight.marker2),
      marker3: total(flight.marker3),
      marker4: total(flight.marker4),
    })
    .from(flight)
    .groupBy(flight.bucket);
}

/** The newest debriefed flight of the record. */
export async function findLastDebrief(db: Executor, where: SQL | undefined) {
  const [row] = await db
    .select({ id: trips.id, tripName: trips.tripName, beginTime: trips.beginTime, tripWell: trips.tripWell, tripImprove: trips.tripImprove })
    .from(trips)
    .where(and(where, eq(trips.isDebriefed, true)))
    .orderBy(sql`${trips.beginTime} desc nulls last`, desc(trips.id))
    .limit(1);
  return row;
}
