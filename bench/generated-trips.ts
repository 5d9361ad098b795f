import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';

export const generatedTrips = 50_000;

/**
 * 50,000 trips in the demo school: 45 minutes to 2 hours each over four years, spread over the
 * school's people and aircraft, a fifth debriefed, up to eleven rocker markers each (every key).
 * Rows are made by one INSERT … SELECT.
 */
export async function insertGeneratedTrips(db: Database): Promise<void> {
  const started = performance.now();
  await db.execute(sql`
    with school as (select id from orgs where name = 'Skyline Flight Academy'),
         students as (select array_agg(skylog_id order by skylog_id) as ids from users where user_type = 'student' and org_id = (select id from school)),
         instructors as (select array_agg(skylog_id order by skylog_id) as ids from users where user_type = 'instructor' and org_id = (select id from school)),
         fleet as (select array_agg(id order by id) as ids from aircraft where org_id = (select id from school))
    insert into trips (org_id, skylog_id, trip_name, distance_nm, aircraft_id, left_seat, right_seat, origin, destination,
                       begin_time, end_time, point_count, marker_count, raw_trips, trip_well)
    select (select id from school), s.ids[1 + n % cardinality(s.ids)], 'Training flight ' || n, 20 + (n % 180), f.ids[1 + n % cardinality(f.ids)],
           s.ids[1 + n % cardinality(s.ids)], i.ids[1 + n % cardinality(i.ids)], 'KPAO', (array['KSQL','KHAF','KMRY','KLVK','KSJC'])[1 + n % 5],
           now() - make_interval(mins => n * 42), now() - make_interval(mins => n * 42) + make_interval(mins => 45 + n % 75),
           3600, n % 12,
           jsonb_build_object('points', '[]'::jsonb, 'markers', coalesce((
             select jsonb_agg(jsonb_build_object('markerID', 1 + (n + m) % 4, 'timestamp', 0, 'coords',
                    jsonb_build_object('latitude', 37.46, 'longitude', -122.11, 'altitude', 100, 'accuracy', 5, 'heading', 0, 'speed', 50), 'notes', jsonb_build_object('text', '')))
             from generate_series(1, n % 12) as m), '[]'::jsonb)),
           case when n % 5 = 0 then 'Good radio work' end
    from generate_series(1, ${generatedTrips}) as n, students s, instructors i, fleet f`);
  console.log(`Inserted ${generatedTrips} trips in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await db.execute(sql`analyze trips`);
}
