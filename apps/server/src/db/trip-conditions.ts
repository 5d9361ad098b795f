import { and, eq, gte, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TripScope } from '../access/access-rules.ts';
import { containsPattern } from '../lib/like-pattern.ts';
import { aircraft, studentInstructor, tripAudio, tripShares, trips, users } from './schema/index.ts';

/**
 * Which flights a reader sees and a list's filters, as SQL conditions on `trips`: the flight list, the overview's
 * figures, the training record, the transcripts and the pilot profiles filter by the same ones, so a figure and the
 * list it links to agree (ARCHITECTURE.md, Access).
 */

export type TripFilter = {
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  aircraftId?: string | undefined;
  pilotId?: string | undefined;
  subOrgId?: string | undefined;
  status?: 'awaiting_debrief' | 'debriefed' | 'with_audio' | 'with_transcript' | 'without_transcript' | undefined;
  /** A rocker key: flights holding at least one marker of it. */
  marker?: number | undefined;
};

function involves(userId: string): SQL {
  return or(eq(trips.skylogId, userId), eq(trips.leftSeat, userId), eq(trips.rightSeat, userId))!;
}

/** The flights `scope` lets its reader see (access-rules.ts tripScope), as SQL. */
export function scopeCondition(scope: TripScope): SQL {
  switch (scope.kind) {
    case 'org':
      return eq(trips.orgId, scope.orgId);
    case 'none':
      return sql`false`;
    case 'person': {
      // `= any(array(…))` lets each branch use its index (bitmap OR); IN (subquery) would scan every trip.
      const me = scope.userId;
      const shared = sql`${trips.id} = any(array(select ${tripShares.tripId} from ${tripShares} where ${tripShares.userId} = ${me}))`;
      if (!scope.withStudents) return or(involves(me), shared)!;
      const students = sql`array(select ${studentInstructor.student} from ${studentInstructor} where ${studentInstructor.instructor} = ${me})`;
      return or(
        involves(me),
        shared,
        sql`${trips.skylogId} = any(${students})`,
        sql`${trips.leftSeat} = any(${students})`,
        sql`${trips.rightSeat} = any(${students})`,
      )!;
    }
  }
}

// Correlated subqueries name the outer trips.id by hand: drizzle leaves columns bare in a one-table
// query (the count), where a bare "id" would mean the inner table's own.
export const outerTripId = sql`"trips"."id"`;
export const hasAudio = sql`exists (select 1 from ${tripAudio} where ${tripAudio.tripId} = ${outerTripId})`;

function filterCondition(filter: TripFilter): SQL | undefined {
  const pattern = containsPattern(filter.search);
  const statusCondition = {
    awaiting_debrief: eq(trips.isDebriefed, false),
    debriefed: eq(trips.isDebriefed, true),
    with_audio: hasAudio,
    with_transcript: isNotNull(trips.transcriptJson),
    without_transcript: isNull(trips.transcriptJson),
  } as const;
  // Names and tail numbers are matched in their own small tables first, so the count needs no joins.
  const namedPeople = pattern ? sql`select ${users.skylogId} from ${users} where ${users.name} ilike ${pattern}` : sql``;
  return and(
    pattern
      ? or(
          ilike(trips.tripName, pattern),
          ilike(trips.origin, pattern),
          ilike(trips.destination, pattern),
          sql`${trips.aircraftId} in (select ${aircraft.id} from ${aircraft} where ${aircraft.tailNumber} ilike ${pattern})`,
          sql`${trips.skylogId} in (${namedPeople})`,
          sql`${trips.leftSeat} in (${namedPeople})`,
          sql`${trips.rightSeat} in (${namedPeople})`,
        )
      : undefined,
    filter.from ? gte(trips.beginTime, new Date(filter.from)) : undefined,
    filter.to ? lt(trips.beginTime, new Date(filter.to)) : undefined,
    filter.aircraftId ? eq(trips.aircraftId, filter.aircraftId) : undefined,
    filter.pilotId ? involves(filter.pilotId) : undefined,
    filter.subOrgId ? eq(trips.subOrgId, filter.subOrgId) : undefined,
    filter.status ? statusCondition[filter.status] : undefined,
    filter.marker ? sql`${trips.markers} @> ${JSON.stringify([{ markerID: filter.marker }])}::jsonb` : undefined,
  );
}

/** Which trips a list shows: the reader's scope and the filters. */
export function tripListCondition(scope: TripScope, filter: TripFilter): SQL | undefined {
  return and(scopeCondition(scope), filterCondition(filter));
}

/**
 * Spans of time between consecutive `bounds` (weeks or months in the reader's zone, whose lengths differ across a
 * clock change): which one a flight began in (1 for the first) and the condition that it began in one of them.
 */
export function spansOfBegin(bounds: readonly Date[]) {
  const thresholds = sql`array[${sql.join(
    bounds.map((bound) => sql`${bound.toISOString()}::timestamptz`),
    sql`, `,
  )}]`;
  return {
    bucket: sql<number>`width_bucket(${trips.beginTime}, ${thresholds})::int`,
    within: and(gte(trips.beginTime, bounds[0]!), lt(trips.beginTime, bounds.at(-1)!)),
  };
}
