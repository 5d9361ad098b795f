import {
  addMonths,
  dayIn,
  instantsOfDays,
  startOfDayIn,
  startOfMonth,
  limits,
  messages,
  trainingRecordFlights,
  trainingRecordMonths,
  type Role,
  type TrainingRecord,
} from '@skylog/contracts';
import type { z } from 'zod';
import type { dayRangeQuerySchema, StudentsTraining, trainingExportQuerySchema } from '@skylog/contracts';
import { tripScope } from '../../access/access-rules.ts';
import { requirePerson, requireSubOrgOfCurrentOrg } from '../../access/access.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { badRequest } from '../../lib/app-error.ts';
import { fileNameOf } from '../../lib/attachment.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { getMarkerCategories } from '../markers/markers.service.ts';
import { findLinks } from '../relations/relations.service.ts';
import { tripListCondition, type TripFilter } from '../../db/trip-conditions.ts';
import { trainingCsv } from './training-csv.ts';
import * as repository from './training.repository.ts';

type DayRange = z.infer<typeof dayRangeQuerySchema>;

/** The flights list's condition for the reader's scope and filters, with the days read in the reader's zone. */
function flightsInRange(actor: RequestUser, range: DayRange, filter: Omit<TripFilter, 'from' | 'to'>) {
  return tripListCondition(tripScope(actor), { ...filter, ...instantsOfDays(range, range.timezone) });
}

/** The export's file name: what it covers and its days. */
const exportName = (subject: string, range: DayRange) => `training-record-${subject}${range.from ? `-from-${range.from}` : ''}${range.to ? `-to-${range.to}` : ''}.csv`;

const markersOf = (row: { marker1: number; marker2: number; marker3: number; marker4: number }) => [row.marker1, row.marker2, row.marker3, row.marker4];

/**
 * A person's training record: their flights (owner or either seat) that the reader may see —
 * the flights list's own condition with its pilot filter — in a range of days read in the reader's zone.
 * Whoever may not see the person gets 404, as for the person's page (a student, another student's).
 */
export async function getTrainingRecord(ctx: AppContext, scope: RequestScope, personId: string, range: DayRange): Promise<TrainingRecord> {
  const { actor } = scope;
  const { user } = await requirePerson(ctx, actor, personId, 'read', scope);
  const { timezone } = range;
  const instant = (day: string) => startOfDayIn(day, timezone);
  const where = flightsInRange(actor, range, { pilotId: personId });
  const lastMonth = startOfMonth(range.to ?? dayIn(new Date(), timezone));
  const monthStarts = Array.from({ length: trainingRecordMonths + 1 }, (_, index) => addMonths(lastMonth, index - trainingRecordMonths + 1));

  const [totals, perMonth, flights, lastDebrief] = await Promise.all([
    repository.sumTrainingFlights(ctx.db, personId, where),
    repository.sumTrainingPerSpan(ctx.db, personId, where, monthStarts.map(instant)),
    repository.listTrainingFlights(ctx.db, personId, where, trainingRecordFlights),
    repository.findLastDebrief(ctx.db, where),
  ]);
  const monthly = new Map(perMonth.map((row) => [row.bucket, row]));
  return {
    person: { skylog_id: user.skylogId, name: user.name, email: user.email, user_type: user.userType as Role },
    timezone,
    from: range.from ?? null,
    to: range.to ?? null,
    totals: {
      flights: totals.flights,
      flight_time_ms: totals.durationMs,
      left_seat: { flights: totals.leftFlights, flight_time_ms: totals.leftMs },
      right_seat: { flights: totals.rightFlights, flight_time_ms: totals.rightMs },
      analysed_flights: totals.analysedFlights,
      landings: totals.landings,
      full_stop_landings: totals.fullStopLandings,
      go_arounds: totals.goArounds,
      markers: markersOf(totals),
      moments_well: totals.momentsWell,
      moments_improve: totals.momentsImprove,
      readbacks: totals.readbacks,
      readback_findings: totals.readbackFindings,
    },
    months: monthStarts.slice(0, -1).map((start, index) => {
      const row = monthly.get(index + 1);
      return {
        month: start.slice(0, 7),
        flights: row?.flights ?? 0,
        flight_time_ms: row?.durationMs ?? 0,
        markers: row ? markersOf(row) : [0, 0, 0, 0],
      };
    }),
    flights: flights.map((row) => ({
      trip_id: row.id,
      trip_name: row.tripName,
      begin_time: row.beginTime?.toISOString() ?? null,
      duration_ms: row.durationMs,
      seat: row.seat,
      crew: row.crew,
      aircraft: row.aircraft,
      origin: row.origin,
      destination: row.destination,
      markers: markersOf(row),
      landings: row.landings,
      full_stop_landings: row.fullStopLandings,
      go_arounds: row.goArounds,
      moments_well: row.momentsWell,
      moments_improve: row.momentsImprove,
      readbacks: row.readbacks,
      readback_findings: row.readbackFindings,
      is_debriefed: row.isDebriefed,
    })),
    last_debrief: lastDebrief
      ? {
          trip_id: lastDebrief.id,
          trip_name: lastDebrief.tripName,
          begin_time: lastDebrief.beginTime?.toISOString() ?? null,
          trip_well: lastDebrief.tripWell,
          trip_improve: lastDebrief.tripImprove,
        }
      : null,
  };
}

/** The file of an export: refused past the row limit (it was asked for one row more), the marker labels the reader's organization uses. */
async function csvFile(ctx: AppContext, actor: RequestUser, name: string, rows: Parameters<typeof trainingCsv>[0], timezone: string) {
  if (rows.length > limits.trainingExportMaxRows) throw badRequest(messages.trainingExportTooLarge, { to: messages.trainingExportTooLarge });
  const { items: categories } = await getMarkerCategories(ctx, actor);
  return { name, body: trainingCsv(rows, categories, timezone) };
}

/** One person's training record as CSV: every flight of theirs the reader may see in the days, oldest first. */
export async function exportPersonCsv(ctx: AppContext, scope: RequestScope, personId: string, range: DayRange) {
  const { actor } = scope;
  const { user } = await requirePerson(ctx, actor, personId, 'read', scope);
  const rows = await repository.listTrainingFlights(ctx.db, personId, flightsInRange(actor, range, { pilotId: personId }), limits.trainingExportMaxRows + 1);
  const person = { studentId: user.skylogId, studentName: user.name, studentEmail: user.email };
  return csvFile(ctx, actor, exportName(fileNameOf(user.name ?? user.email, 'person'), range), rows.reverse().map((row) => ({ ...row, ...person })), range.timezone);
}

/** Every student's flights of the organization (or a sub-organization) in the days, a row per flight and student. */
export async function exportOrgCsv(ctx: AppContext, scope: RequestScope, query: z.infer<typeof trainingExportQuerySchema>) {
  const { actor } = scope;
  const subOrg = query.sub_org_id ? await requireSubOrgOfCurrentOrg(ctx, actor, query.sub_org_id, scope) : null;
  const rows = await repository.listStudentFlights(ctx.db, flightsInRange(actor, query, { subOrgId: query.sub_org_id }), limits.trainingExportMaxRows + 1);
  return csvFile(ctx, actor, exportName(fileNameOf(subOrg?.name ?? 'organization', 'organization'), query), rows, query.timezone);
}

/**
 * An instructor's linked students, each with their record's figures in the days (the
 * instructor's page "for their students"), counted in the flights the reader may see.
 */
export async function getStudentsTraining(ctx: AppContext, scope: RequestScope, instructorId: string, range: DayRange): Promise<StudentsTraining> {
  const { actor } = scope;
  const { user } = await requirePerson(ctx, actor, instructorId, 'read', scope);
  const links = await findLinks(ctx.db, { orgId: user.orgId, instructor: instructorId });
  const items = await Promise.all(
    links.map(async (link) => {
      const where = flightsInRange(actor, range, { pilotId: link.student });
      const [totals, [latest], lastDebrief] = await Promise.all([
        repository.sumTrainingFlights(ctx.db, link.student, where),
        repository.listTrainingFlights(ctx.db, link.student, where, 1),
        repository.findLastDebrief(ctx.db, where),
      ]);
      return {
        skylog_id: link.student,
        name: link.studentName,
        flights: totals.flights,
        flight_time_ms: totals.durationMs,
        landings: totals.landings,
        go_arounds: totals.goArounds,
        moments_improve: totals.momentsImprove,
        readbacks: totals.readbacks,
        readback_findings: totals.readbackFindings,
        last_flight: latest?.beginTime?.toISOString() ?? null,
        last_debrief: lastDebrief?.beginTime?.toISOString() ?? null,
      };
    }),
  );
  return { items };
}
