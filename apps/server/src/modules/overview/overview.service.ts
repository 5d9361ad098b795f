import {
  addDays,
  addMonths,
  dayIn,
  instantsOfDays,
  overviewListLength,
  overviewWeeks,
  startOfDayIn,
  startOfMonth,
  startOfWeek,
  type Overview,
  type OverviewPeriod,
} from '@skylog/contracts';
import type { z } from 'zod';
import type { overviewQuerySchema } from '@skylog/contracts';
import { tripScope } from '../../access/access-rules.ts';
import { requireSubOrgOfCurrentOrg } from '../../access/access.ts';
import type { AppContext } from '../../lib/app-context.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { countAircraft } from '../aircraft/aircraft.service.ts';
import { countPeople, type PeopleFilter } from '../people/people.service.ts';
import { countFlights, listNewestFlights } from '../trips/trips.service.ts';
import { tripListCondition } from '../../db/trip-conditions.ts';
import * as repository from './overview.repository.ts';

type Days = { from: string; to: string };

/**
 * The school at a glance (docs/product.md "Overview"), for the actor's organization (a super_admin's current one),
 * optionally one sub-organization. Each count that a list shows is asked with that list's own condition
 * (`tripListCondition`, the people list's filter), so a figure and the list it links to agree, and the flights' counts
 * share the list's totals in memory.
 */
export async function getOverview(ctx: AppContext, scope: RequestScope, query: z.infer<typeof overviewQuerySchema>): Promise<Overview> {
  const subOrgId = query.sub_org_id;
  if (subOrgId) await requireSubOrgOfCurrentOrg(ctx, scope.actor, subOrgId, scope);
  const { timezone } = query;
  const date = query.date ?? dayIn(new Date(), timezone);
  const visible = tripScope(scope.actor);
  const instant = (day: string) => startOfDayIn(day, timezone);
  const flightsIn = (days: Days) => tripListCondition(visible, { subOrgId, ...instantsOfDays(days, timezone) });

  const period = async (days: Days): Promise<OverviewPeriod> => {
    const totals = await countFlights(ctx, flightsIn(days), true);
    return { ...days, flights: totals.total, flight_time_ms: totals.durationMs };
  };

  const week = startOfWeek(date);
  const month = startOfMonth(date);
  const thisMonth = { from: month, to: addDays(addMonths(date, 1), -1) };
  const firstWeek = addDays(week, -7 * (overviewWeeks - 1));
  const weekStarts = Array.from({ length: overviewWeeks + 1 }, (_, index) => addDays(firstWeek, 7 * index));
  const weekBounds = weekStarts.map(instant);
  const everything = tripListCondition(visible, { subOrgId });
  const awaiting = tripListCondition(visible, { subOrgId, status: 'awaiting_debrief' });
  const orgId = visible.kind === 'org' ? visible.orgId : null;
  const people = (filter: Omit<PeopleFilter, 'orgId'>) =>
    orgId ? countPeople(ctx, { orgId, subOrgId, ...filter }) : 0;

  const [thisWeek, lastWeek, thisMonthPeriod, lastMonth, perWeek, perAircraft, markers, recent, awaitingRows, awaitingTotal, students, instructors, cables, fleet] =
    await Promise.all([
      period({ from: week, to: addDays(week, 6) }),
      period({ from: addDays(week, -7), to: addDays(week, -1) }),
      period(thisMonth),
      period({ from: addMonths(date, -1), to: addDays(month, -1) }),
      repository.countTripsPerSpan(ctx.db, everything, weekBounds),
      repository.sumFlightTimePerAircraft(ctx.db, everything, weekBounds),
      repository.countMarkersPerKey(ctx.db, flightsIn(thisMonth)),
      listNewestFlights(ctx, everything, overviewListLength),
      listNewestFlights(ctx, awaiting, overviewListLength),
      countFlights(ctx, awaiting, false),
      people({ role: 'student', status: 'active' }),
      people({ role: 'instructor', status: 'active' }),
      people({ cable: 'not_collected' }),
      orgId ? countAircraft(ctx, orgId) : 0,
    ]);

  const weekly = new Map(perWeek.map((row) => [row.bucket, row]));
  return {
    timezone,
    date,
    sub_org_id: subOrgId ?? null,
    this_week: thisWeek,
    last_week: lastWeek,
    this_month: thisMonthPeriod,
    last_month: lastMonth,
    active_students: students,
    active_instructors: instructors,
    aircraft: fleet,
    cables_not_collected: cables,
    awaiting_debrief: awaitingTotal.total,
    markers: markers.map((row) => ({ key: row.key, markers: row.markers, flights: row.flights })),
    weeks: weekStarts.slice(0, -1).map((from, index) => {
      const row = weekly.get(index + 1);
      return { from, to: addDays(from, 6), flights: row?.flights ?? 0, flight_time_ms: Math.round(Number(row?.durationMs ?? 0)) };
    }),
    hours_per_aircraft: perAircraft.map((row) => ({
      aircraft_id: row.aircraftId,
      tail_number: row.tailNumber,
      flights: row.flights,
      flight_time_ms: Math.round(Number(row.durationMs)),
    })),
    recent,
    awaiting: awaitingRows,
  };
}
