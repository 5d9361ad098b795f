import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tripListQueryDefaults, type TrackPoint } from '@skylog/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { aircraft, audioUploads, tripAudio, tripShares, trips, users } from '../../db/schema/index.ts';
import { tripAccessColumns } from '../../access/access.repository.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { byPersonName, tripHeaderColumns } from '../../db/columns.ts';
import { hasAudio, outerTripId } from '../../db/trip-conditions.ts';

export type TripRow = typeof trips.$inferSelect;


export type TripSort = { field: 'begin_time' | 'trip_name' | 'duration' | 'distance'; order: 'asc' | 'desc' };

const owner = alias(users, 'owner');
const leftSeat = alias(users, 'left_pilot');
const rightSeat = alias(users, 'right_pilot');

/** The list's columns: never raw_trips or the transcript, which can be megabytes per trip. */
const summaryColumns = {
  id: trips.id,
  skylogId: trips.skylogId,
  orgId: trips.orgId,
  tripName: trips.tripName,
  aircraftId: trips.aircraftId,
  tailNumber: aircraft.tailNumber,
  owner: { skylogId: owner.skylogId, name: owner.name, email: owner.email },
  leftSeat: { skylogId: leftSeat.skylogId, name: leftSeat.name, email: leftSeat.email },
  rightSeat: { skylogId: rightSeat.skylogId, name: rightSeat.name, email: rightSeat.email },
  origin: trips.origin,
  destination: trips.destination,
  beginTime: trips.beginTime,
  endTime: trips.endTime,
  durationMs: trips.durationMs,
  distanceNm: trips.distanceNm,
  markerCount: trips.markerCount,
  hasTranscript: sql<boolean>`${trips.transcriptJson} is not null`,
  transcriptInProgress: trips.transcriptInProgress,
  hasAudio: sql<boolean>`${hasAudio}`,
  uploadStatus: sql<
    string | null
  >`(select ${audioUploads.status} from ${audioUploads} where ${audioUploads.tripId} = ${outerTripId} order by ${audioUploads.createdAt} desc limit 1)`,
  aiStatus: trips.aiStatus,
  isDebriefed: trips.isDebriefed,
};

function summaryQuery(db: Executor) {
  return db
    .select(summaryColumns)
    .from(trips)
    .leftJoin(aircraft, eq(aircraft.id, trips.aircraftId))
    .leftJoin(owner, eq(owner.skylogId, trips.skylogId))
    .leftJoin(leftSeat, eq(leftSeat.skylogId, trips.leftSeat))
    .leftJoin(rightSeat, eq(rightSeat.skylogId, trips.rightSeat));
}

/** One page of a list. */
export async function listTripRows(db: Executor, where: SQL | undefined, sort: TripSort, page: { offset: number; limit: number }) {
  return summaryQuery(db)
    .where(where)
    .orderBy(...orderOf(sort))
    .offset(page.offset)
    .limit(page.limit);
}

/** A list's order: the chosen column (flights without a value last), then the id, so pages never overlap. */
function orderOf(sort: TripSort): SQL[] {
  const sortColumn = { begin_time: trips.beginTime, trip_name: trips.tripName, duration: trips.durationMs, distance: trips.distanceNm }[sort.field];
  return [sort.order === 'asc' ? sql`${sortColumn} asc nulls last` : sql`${sortColumn} desc nulls last`, desc(trips.id)];
}

/**
 * What the flights screen opens on for an administrator, asked most: the first page of the newest flights
 * of an organization or sub-organization, unfiltered. Built once and prepared (db/prepared.ts), so neither
 * drizzle nor PostgreSQL plans it again on every request. The page is written into the statement: with a
 * parameter for it, PostgreSQL's generic plan guesses a tenth of the school's flights, finds that costly
 * and JIT-compiles the statement on every run (14 ms for a 0.1 ms page).
 */
const newestOfOrgQuery = preparedQuery((db) =>
  summaryQuery(db)
    .where(eq(trips.orgId, sql.placeholder('orgId')))
    .orderBy(...orderOf({ field: 'begin_time', order: 'desc' }))
    .limit(tripListQueryDefaults.page_size)
    .prepare('newest_trips_of_org'),
);
const countOfOrgQuery = preparedQuery((db) => db.select({ value: count() }).from(trips).where(eq(trips.orgId, sql.placeholder('orgId'))).prepare('count_trips_of_org'));

/** The organization's first page, newest first, of the default size. */
export function listNewestTripsOf(db: Database, orgId: string) {
  return newestOfOrgQuery(db, { orgId });
}

export async function countTripsOf(db: Database, orgId: string): Promise<number> {
  const [row] = await countOfOrgQuery(db, { orgId });
  return row?.value ?? 0;
}

/**
 * The exact total of a list, and its flight time when asked (summing reads every matching row: only
 * the aircraft and people pages ask). Returned unrun with the key that names it (its statement's text
 * and values), so the service can answer it from memory.
 */
export function countTrips(db: Executor, where: SQL | undefined, withFlightTime: boolean) {
  const query = db
    .select({ value: count(), durationMs: withFlightTime ? sql<string | null>`sum(${trips.durationMs})` : sql<null>`null` })
    .from(trips)
    .where(where);
  const { sql: text, params } = query.toSQL();
  return {
    key: `${text}\u0000${JSON.stringify(params)}`,
    run: async () => {
      const [row] = await query;
      return { total: row?.value ?? 0, durationMs: Math.round(Number(row?.durationMs ?? 0)) };
    },
  };
}

/**
 * Names the version of everything the flight's detail shows, read beside the access columns so a remembered answer
 * (trips.service.ts) is served only while it is still the answer. Each row the detail reads from is named by its
 * `xmin`, the transaction that wrote that version of it: PostgreSQL gives a row a new one on every update, whichever
 * column, statement or instance changed it, so no write can leave it as it was. The rows: the flight's (its name,
 * seats, markers, analysis, debrief, transcript state), its aircraft's (tail number), its owner's and pilots' (names
 * and e-mails), its audio's, every upload of its audio (the latest one's status), and each person it is shared with
 * (who, and their names). A row that is gone or added changes the list too.
 */
const versionParts: SQL[] = [
  sql`"trips".xmin::text`,
  sql`(select "aircraft".xmin::text from ${aircraft} where ${aircraft.id} = "trips"."aircraft_id")`,
  ...[sql`"trips"."skylog_id"`, sql`"trips"."left_seat"`, sql`"trips"."right_seat"`].map(
    (person) => sql`(select "users".xmin::text from ${users} where ${users.skylogId} = ${person})`,
  ),
  sql`(select "trip_audio".xmin::text from ${tripAudio} where ${tripAudio.tripId} = ${outerTripId})`,
  sql`(select string_agg("audio_uploads"."id" || ':' || "audio_uploads".xmin::text, ',' order by "audio_uploads"."id")
    from ${audioUploads} where ${audioUploads.tripId} = ${outerTripId})`,
  sql`(select string_agg(${tripShares.userId} || ':' || "trip_shares".xmin::text || ':' || "users".xmin::text, ',' order by ${tripShares.userId})
    from ${tripShares} join ${users} on ${users.skylogId} = ${tripShares.userId} where ${tripShares.tripId} = ${outerTripId})`,
];
// Each part in its place, an absent row as `-`, so no two different sets of rows read alike.
const detailVersion = sql<string>`concat_ws(' ', ${sql.join(
  versionParts.map((part) => sql`coalesce(${part}, '-')`),
  sql`, `,
)})`;

/** The flight's access columns for the reader and the version of its detail: what a remembered answer is served by. */
const detailVersionQuery = preparedQuery((db) =>
  db
    .select({ access: tripAccessColumns(sql.placeholder('actorId')), version: detailVersion })
    .from(trips)
    .where(eq(trips.id, sql.placeholder('id')))
    .limit(1)
    .prepare('trip_detail_version'),
);

export async function findTripDetailVersion(db: Database, id: string, actorId: string) {
  const [row] = await detailVersionQuery(db, { id, actorId });
  return row;
}

/**
 * Everything the flight's detail shows, in one prepared statement: the summary, the debrief, the
 * markers and overview (never the recorded points, megabytes on a long flight), the audio, the latest
 * upload and the people it is shared with; and what access.ts requireTripRow decides by for the reader.
 */
const detailQuery = preparedQuery((db) => {
  const latestUpload = db
    .select({ status: audioUploads.status, error: audioUploads.error, createdAt: audioUploads.createdAt })
    .from(audioUploads)
    .where(eq(audioUploads.tripId, trips.id))
    .orderBy(desc(audioUploads.createdAt))
    .limit(1)
    .as('latest_upload');
  return db
    .select({
      ...summaryColumns,
      access: tripAccessColumns(sql.placeholder('actorId')),
      version: detailVersion,
      customMarker: trips.customMarker,
      tripWell: trips.tripWell,
      tripImprove: trips.tripImprove,
      aiTripWell: trips.aiTripWell,
      aiTripImprove: trips.aiTripImprove,
      transcriptError: trips.transcriptError,
      transcriptStartedAt: trips.transcriptStartedAt,
      trackOverview: trips.trackOverview,
      pointCount: trips.pointCount,
      timesEstimated: trips.timesEstimated,
      markers: trips.markers,
      // drizzle turns a left-joined object into null by its first column: keep a NOT NULL one first.
      audio: {
        durationMs: tripAudio.durationMs,
        mimeType: tripAudio.mimeType,
        sizeBytes: tripAudio.sizeBytes,
        startedAt: tripAudio.startedAt,
        updatedAt: tripAudio.updatedAt,
      },
      latestUpload: { status: latestUpload.status, error: latestUpload.error, createdAt: latestUpload.createdAt },
      shares: sql<Person[]>`coalesce((
        select json_agg(json_build_object('skylogId', ${users.skylogId}, 'name', ${users.name}, 'email', ${users.email}) order by ${users.name}, ${users.email})
        from ${tripShares} join ${users} on ${users.skylogId} = ${tripShares.userId}
        where ${tripShares.tripId} = ${outerTripId}), '[]'::json)`,
    })
    .from(trips)
    .leftJoin(aircraft, eq(aircraft.id, trips.aircraftId))
    .leftJoin(owner, eq(owner.skylogId, trips.skylogId))
    .leftJoin(leftSeat, eq(leftSeat.skylogId, trips.leftSeat))
    .leftJoin(rightSeat, eq(rightSeat.skylogId, trips.rightSeat))
    .leftJoin(tripAudio, eq(tripAudio.tripId, trips.id))
    .leftJoinLateral(latestUpload, sql`true`)
    .where(eq(trips.id, sql.placeholder('id')))
    .prepare('trip_detail');
});

type Person = { skylogId: string; name: string | null; email: string };

export async function findTripDetail(db: Database, id: string, actorId: string) {
  const [row] = await detailQuery(db, { id, actorId });
  return row;
}

export type TripSummaryRow = Awaited<ReturnType<typeof listTripRows>>[number];

/** The trip's name and recording, for a file of it; with what requireTripRow decides by for the reader. */
export async function findTripRecording(db: Executor, id: string, actorId: string) {
  const [row] = await db
    .select({ tripName: trips.tripName, rawTrips: trips.rawTrips, access: tripAccessColumns(actorId) })
    .from(trips)
    .where(eq(trips.id, id))
    .limit(1);
  return row;
}

/** The trip without its track and transcript, for checks before a write. */
export async function findTripHeader(db: Executor, id: string) {
  const [row] = await db.select(tripHeaderColumns).from(trips).where(eq(trips.id, id)).limit(1);
  return row;
}

/** The recorded points alone (the full track for the charts), without markers or transcript; with what requireTripRow decides by. */
export async function findTrackPoints(db: Executor, id: string, actorId: string) {
  const [row] = await db
    .select({ points: sql<TrackPoint[] | null>`${trips.rawTrips}->'points'`, access: tripAccessColumns(actorId) })
    .from(trips)
    .where(eq(trips.id, id))
    .limit(1);
  return row;
}

export async function insertTrip(db: Executor, values: typeof trips.$inferInsert): Promise<TripRow> {
  const [row] = await db.insert(trips).values(values).returning();
  return row!;
}

export async function updateTrip(db: Executor, id: string, values: Partial<typeof trips.$inferInsert>): Promise<void> {
  await db
    .update(trips)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(trips.id, id));
}

export async function deleteTrip(db: Executor, id: string): Promise<void> {
  await db.delete(trips).where(eq(trips.id, id));
}

export async function replaceShares(db: Executor, tripId: string, userIds: string[]): Promise<void> {
  await db.delete(tripShares).where(eq(tripShares.tripId, tripId));
  if (userIds.length > 0) await db.insert(tripShares).values(userIds.map((userId) => ({ tripId, userId })));
}

export async function findUsersInOrg(db: Executor, orgId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ skylogId: users.skylogId, subOrgId: users.subOrgId })
    .from(users)
    .where(and(eq(users.orgId, orgId), inArray(users.skylogId, ids)));
}

/** People of an organization whose name or e-mail contains `search`, by name; at most `limit`. */
export async function searchOrgPeople(db: Executor, orgId: string, search: string | undefined, limit: number) {
  const pattern = containsPattern(search);
  return db
    .select({ skylogId: users.skylogId, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.isActive, true), pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined))
    .orderBy(byPersonName, asc(users.skylogId))
    .limit(limit);
}

export async function findAircraftInOrg(db: Executor, orgId: string, id: string) {
  const [row] = await db
    .select({ id: aircraft.id })
    .from(aircraft)
    .where(and(eq(aircraft.orgId, orgId), eq(aircraft.id, id)))
    .limit(1);
  return row;
}

/**
 * Locks the trip row without reading its track: a write that must not outlive the trip (its processed
 * audio) and the trip's deletion run one after the other. False when the trip is gone.
 */
export async function lockTripRow(db: Executor, id: string): Promise<boolean> {
  const rows = await db.select({ id: trips.id }).from(trips).where(eq(trips.id, id)).for('update').limit(1);
  return rows.length > 0;
}

/** Locks the trip row so concurrent marker edits rewrite raw_trips one after the other. */
export async function lockTrip(db: Executor, id: string): Promise<TripRow | undefined> {
  const [row] = await db.select().from(trips).where(eq(trips.id, id)).for('update').limit(1);
  return row;
}
