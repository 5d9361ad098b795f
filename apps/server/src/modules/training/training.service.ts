import {
  addDays,
  addMonths,
  dayIn,
  startOfDayIn,
  startOfMonth,
  trainingRecordFlights,
  trainingRecordMonths,
  type Role,
  type TrainingRecord,
} from '@skylog/contracts';
import type { z } from 'zod';
import type { dayRangeQuerySchema } from '@skylog/contracts';
import { tripScope } from '../../access/access-rules.ts';
import { requirePerson } from '../../access/access.ts';
import type { AppContext } from '../../lib/app-context.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import { tripListCondition } from '../trips/trips.repository.ts';
import * as repository from './training.repository.ts';

type DayRange = z.infer<typeof dayRangeQuerySchema>;

const markersOf = (row: { marker1: number; marker2: number; marker3: number; marker4: number }) => [row.marker1, row.marker2, row.marker3, row.marker4];

/**
 * A person's training record (issue 14): their flights (owner or either seat) that the reader may see —
 * the flights list's own condition with its pilot filter — in a range of days read in the reader's zone.
 * Whoever may not see the person gets 404, as for the person's page (a student, another student's).
 */
export async function getTrainingRecord(ctx: AppContext, actor: RequestUser, personId: string, range: DayRange, path: string): Promise<TrainingRecord> {
  const { user } = await requirePerson(ctx, actor, personId, 'read', { action: 'users.training-record', path });
  const { timezone } = range;
  const instant = (day: string) => startOfDayIn(day, timezone);
  const where = tripListCondition(tripScope(actor), {
    pilotId: personId,
    from: range.from ? instant(range.from).toISOString() : undefined,
    to: range.to ? instant(addDays(range.to, 1)).toISOString() : undefined,
  });
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
