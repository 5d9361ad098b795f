import { sql } from 'drizzle-orm';
import type { TestApp } from '../helper.ts';
import { query } from '../helper.ts';
import type { Tenant } from './tenants.ts';

/**
 * A digest per table of everything one organization owns (its row, sub-organizations, people and
 * their sign-in identity and sessions, aircraft, invitations, trips with shares, markers, uploads and
 * audio, access tokens, links, alerts, marker categories, its people's logbooks: entries, signatures and
 * their chain, endorsements and requests for them, and its training: courses with their revisions and check
 * instructors, enrolments, lessons given with their grades, rework). Equal before and after a request: the request
 * changed nothing there.
 */
export async function fingerprint(t: TestApp, tenant: Tenant): Promise<Record<string, string>> {
  const org = tenant.orgId;
  const people = sql`(select skylog_id from users where org_id = ${org})`;
  const orgTrips = sql`(select id from trips where org_id = ${org})`;
  const orgCourses = sql`(select id from courses where org_id = ${org})`;
  // A student's enrolments, wherever the course: the organization's students and its courses both count.
  const orgEnrollments = sql`(select id from enrollments where org_id = ${org} or student_id in ${people})`;
  const orgRecords = sql`(select id from lesson_records where enrollment_id in ${orgEnrollments})`;
  const [row] = await query<Record<string, string>>(
    t,
    sql`select
      (select md5(coalesce(string_agg(x::text, ',' order by x.id), '')) from orgs x where x.id = ${org}) as orgs,
      (select md5(coalesce(string_agg(x::text, ',' order by x.id), '')) from sub_orgs x where x.org_id = ${org}) as sub_orgs,
      (select md5(coalesce(string_agg(x::text, ',' order by x.skylog_id), '')) from users x where x.org_id = ${org}) as users,
      (select md5(coalesce(string_agg(concat_ws('/', a.id, a.name, a.email, a.email_verified), ',' order by a.id), ''))
         from auth_user a join users u on u.auth_id = a.id where u.org_id = ${org}) as auth_users,
      (select md5(coalesce(string_agg(concat_ws('/', a.id, a.password), ',' order by a.id), ''))
         from auth_account a join users u on u.auth_id = a.user_id where u.org_id = ${org}) as auth_accounts,
      (select count(*)::text from auth_session a join users u on u.auth_id = a.user_id where u.org_id = ${org}) as sessions,
      (select md5(coalesce(string_agg(x::text, ',' order by x.id), '')) from aircraft x where x.org_id = ${org}) as aircraft,
      (select md5(coalesce(string_agg(x::text, ',' order by x.id), '')) from invitations x where x.org_id = ${org}) as invitations,
      (select md5(coalesce(string_agg(x::text, ',' order by x.id), '')) from trips x where x.org_id = ${org}) as trips,
      (select md5(coalesce(string_agg(x::text, ',' order by x.trip_id, x.user_id), '')) from trip_shares x
         where x.trip_id in ${orgTrips} or x.user_id in ${people}) as trip_shares,
      (select md5(coalesce(string_agg(x::text, ',' order by x.id), '')) from manual_markers x where x.trip_id in ${orgTrips}) as manual_markers,
      (select md5(coalesce(string_agg(x::text, ',' order by x.id), '')) from audio_uploads x where x.trip_id in ${orgTrips}) as audio_uploads,
      (select md5(coalesce(string_agg(x::text, ',' order by x.trip_id), '')) from trip_audio x where x.trip_id in ${orgTrips}) as trip_audio,
      (select md5(coalesce(string_agg(concat_ws('/', x.id, x.user_id, x.name, x.revoked_at), ',' order by x.id), ''))
         from api_tokens x where x.user_id in ${people}) as api_tokens,
      (select md5(coalesce(string_agg(concat_ws('/', x.instructor, x.student), ',' order by x.instructor, x.student), ''))
         from student_instructor x where x.instructor in ${people} or x.student in ${people}) as student_instructor,
      (select md5(coalesce(string_agg(x::text, ',' order by x.id), '')) from alerts x where x.org_id = ${org}) as alerts,
      (select md5(coalesce(string_agg(x::text, ',' order by x.key), '')) from org_marker_categories x where x.org_id = ${org}) as marker_categories,
      (select md5(coalesce(string_agg(x::text, ',' order by x.id), '')) from logbook_entries x where x.pilot_id in ${people}) as logbook_entries,
      (select md5(coalesce(string_agg(x::text, ',' order by x.id), '')) from logbook_signatures x where x.pilot_id in ${people}) as logbook_signatures,
      (select md5(coalesce(string_agg(x::text, ',' order by x.pilot_id, x.position), '')) from logbook_chain x
         where x.pilot_id in ${people}) as logbook_chain,
      (select md5(coalesce(string_agg(x::text, ',' order by x.id), '')) from endorsements x where x.student_id in ${people}) as endorsements,
      (select md5(coalesce(string_agg(x::text, ',' order by x.id), '')) from endorsement_requests x
         where x.student_id in ${people}) as endorsement_requests,
      (select md5(coalesce(string_agg(x::text, ',' order by x.id), '')) from courses x where x.org_id = ${org}) as courses,
      -- A revision's syllabus is large and hashing every one for every cell is slow: the row's version (xmin, new with
      -- every write to the row) stands for its content.
      (select md5(coalesce(string_agg(concat_ws('/', x.id, x.course_id, x.number, x.locked_at, x.xmin), ',' order by x.id), ''))
         from course_revisions x where x.course_id in ${orgCourses}) as course_revisions,
      (select md5(coalesce(string_agg(x::text, ',' order by x.course_id, x.instructor_id), '')) from course_check_instructors x
         where x.course_id in ${orgCourses} or x.instructor_id in ${people}) as course_check_instructors,
      (select md5(coalesce(string_agg(x::text, ',' order by x.id), '')) from enrollments x where x.id in ${orgEnrollments}) as enrollments,
      (select md5(coalesce(string_agg(x::text, ',' order by x.id), '')) from lesson_records x where x.id in ${orgRecords}) as lesson_records,
      (select md5(coalesce(string_agg(x::text, ',' order by x.id), '')) from item_grades x where x.record_id in ${orgRecords}) as item_grades,
      (select md5(coalesce(string_agg(x::text, ',' order by x.id), '')) from rework_items x
         where x.enrollment_id in ${orgEnrollments}) as rework_items`,
  );
  return row!;
}

/** The logbook's tables of the fingerprint: what a refused logbook call must leave as it was in the caller's own organization too. */
export const logbookTables = ['logbook_entries', 'logbook_signatures', 'logbook_chain', 'endorsements', 'endorsement_requests'];

/** The training's tables of the fingerprint: what a refused call on a student's training must leave as it was in the caller's own organization too. */
export const trainingTables = ['courses', 'course_revisions', 'course_check_instructors', 'enrollments', 'lesson_records', 'item_grades', 'rework_items'];

/** The tables whose digest differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(before).filter((table) => before[table] !== after[table]);
}

/**
 * What identifies an organization in a response: its id and name, its people's e-mails and ids, its
 * trips' ids and names, its aircraft's ids and tail numbers, its sub-organizations' ids and names, its people's
 * logbook entries and endorsement requests' ids, its courses', enrolments' and lessons given's ids.
 * Strings both organizations share (none, by construction) are left out so a match means a leak.
 */
export async function leakStrings(t: TestApp, tenant: Tenant, other: Tenant): Promise<string[]> {
  const collect = async (org: string) => {
    const rows = await query<{ value: string | null }>(
      t,
      sql`select id::text as value from orgs where id = ${org}
        union all select name from orgs where id = ${org}
        union all select skylog_id::text from users where org_id = ${org}
        union all select lower(email) from users where org_id = ${org}
        union all select id::text from trips where org_id = ${org}
        union all select trip_name from trips where org_id = ${org}
        union all select id::text from aircraft where org_id = ${org}
        union all select tail_number from aircraft where org_id = ${org}
        union all select id::text from sub_orgs where org_id = ${org}
        union all select name from sub_orgs where org_id = ${org}
        union all select id::text from logbook_entries where pilot_id in (select skylog_id from users where org_id = ${org})
        union all select id::text from endorsement_requests where student_id in (select skylog_id from users where org_id = ${org})
        union all select id::text from courses where org_id = ${org}
        union all select id::text from enrollments where org_id = ${org}
        union all select r.id::text from lesson_records r join enrollments e on e.id = r.enrollment_id where e.org_id = ${org}`,
    );
    // Short values (a trip named "x" by a generated request) could match by chance.
    return new Set(rows.map((row) => row.value).filter((value): value is string => typeof value === 'string' && value.length >= 6));
  };
  const own = await collect(tenant.orgId);
  const theirs = await collect(other.orgId);
  return [...own].filter((value) => !theirs.has(value));
}

/** The leak strings found in a response body (compared without case). */
export function leaksIn(body: string, strings: readonly string[]): string[] {
  const lower = body.toLowerCase();
  return strings.filter((value) => lower.includes(value.toLowerCase()));
}
