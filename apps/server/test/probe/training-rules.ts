import type { ApiOperation } from '@skylog/contracts';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../helper.ts';
import { isInScope, isOrgWideRole, ownerOf, peopleOf, type Person, type RowExpectation, type RowQueries } from './logbook-rules.ts';
import type { Actor, IdKind, Tenant } from './tenants.ts';

/**
 * Who may do what with a student's training (courses they are enrolled on, lessons given, the scorecard), written out
 * from docs/product.md "Lessons and grading" rather than imported from the server: the probe checks the server's
 * answers against the document.
 */

export type TrainingAction = 'read' | 'enroll' | 'grade';


/** The student whose training a row of this kind belongs to, and for a lesson given the instructor who began it. */
const studentQueries: RowQueries = {
  pilot: (id) => sql`select skylog_id::text as id, null::text as grader from users where skylog_id = ${id}`,
  enrollment: (id) => sql`select student_id::text as id, null::text as grader from enrollments where id = ${id}`,
  lessonRecord: (id) =>
    sql`select e.student_id::text as id, r.instructor_id::text as grader
        from lesson_records r join enrollments e on e.id = r.enrollment_id where r.id = ${id}`,
};

const actions: Partial<Record<ApiOperation, TrainingAction>> = {
  'training.read': 'read',
  'training.enroll': 'enroll',
  'training.grade': 'grade',
};

/**
 * docs/product.md "Lessons and grading": a student's courses, lessons, scorecard and hand-off brief are read by the
 * student, the instructors of their school, their organization's admins and a super admin. The school's admins and
 * the student's own instructor enrol the student (and move them to a newer revision). The student's own instructor
 * begins a lesson, grades it and signs it: a lesson already begun is graded by the instructor who began it. (Stage
 * checks, graded by a named check instructor, are not among the probe's rows.) Someone who reads the student's
 * training but may not act, or sees the student without reading their training (a sub-organization admin, as with the
 * logbook), is refused with 403; other students and other schools get 404.
 */
export function trainingRule(caller: Person, student: Person, action: TrainingAction, grader?: string | null): RowExpectation {
  const isOwn = caller.skylogId === student.skylogId;
  const isStudent = student.role === 'student';
  const inSchool = caller.orgId !== null && caller.orgId === student.orgId;
  const isSchoolAdmin = caller.role === 'super_admin' || (inSchool && isOrgWideRole(caller.role));
  const mayRead = isOwn || isSchoolAdmin || (inSchool && caller.role === 'instructor' && isStudent);
  const refused = mayRead || isInScope(caller, student) ? 'forbidden' : 'hidden';
  if (action === 'read') return mayRead ? 'succeeds' : refused;
  const isStudentsInstructor = caller.role === 'instructor' && isStudent && student.isCallersStudent && !isOwn;
  const may =
    action === 'grade'
      ? isStudentsInstructor && (grader === undefined || grader === caller.skylogId)
      : isStudent && (isStudentsInstructor || isSchoolAdmin);
  return may ? 'succeeds' : refused;
}

/** What the training's rules expect of a caller doing `action` with the training this row (a student, an enrolment, a lesson given) belongs to, read from the rows as they are now. */
export async function trainingExpectationOfRow(
  t: TestApp,
  callerId: string,
  action: TrainingAction,
  row: { kind: IdKind; id: string | undefined },
): Promise<RowExpectation> {
  const { id: studentId, grader } = await ownerOf(t, studentQueries, row.kind, row.id);
  const { caller, person } = await peopleOf(t, callerId, studentId);
  return trainingRule(caller, person, action, row.kind === 'lessonRecord' ? grader : undefined);
}

/**
 * What the training's rules expect of a signed-in caller's request naming these rows; undefined when the operation is
 * not decided by a student's training (a flight's lessons follow the flight, the school's overview the caller's role,
 * a course its school).
 */
export async function trainingExpectation(
  t: TestApp,
  actor: Actor,
  operation: ApiOperation,
  names: readonly { kind: IdKind; tenant: Tenant }[],
): Promise<RowExpectation | undefined> {
  const action = actions[operation];
  const named = names.find(({ kind }) => studentQueries[kind]);
  if (!action || !named || !actor.skylogId) return undefined;
  return trainingExpectationOfRow(t, actor.skylogId, action, { kind: named.kind, id: named.tenant.ids[named.kind] });
}
