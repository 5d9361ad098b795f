import type { ApiOperation } from '@skylog/contracts';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../helper.ts';
import { isInScope, isOrgWideRole, logbookRule, ownerOf, peopleOf, type Person, type RowExpectation, type RowQueries } from './logbook-rules.ts';
import type { Actor, IdKind, Tenant } from './tenants.ts';

/**
 * Who may do what with a student's training (courses they are enrolled on, lessons given, the scorecard), written out
 * from docs/product.md "Lessons and grading" rather than imported from the server: the probe checks the server's
 * answers against the document.
 */

export type TrainingAction = 'read' | 'enroll' | 'grade';

/**
 * What the probe expects: the document's answer, and the server's when the two are known to differ (`departure` says
 * how). The probe holds the server to its known answer, so a departure fixed shows as a failing cell.
 */
export type TrainingExpectation = { product: RowExpectation; server: RowExpectation; departure?: string };

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
 * Where the server answers otherwise than the document: reported, and kept here (each with the kind of row named, the
 * document's answer and whether the caller may read the student's training) so the probe passes while it does and
 * fails once the server follows the document.
 */
const departures: { kind: IdKind; product: RowExpectation; callerReads: boolean; server: RowExpectation; why: string }[] = [
  {
    kind: 'lessonRecord',
    product: 'forbidden',
    callerReads: false,
    server: 'hidden',
    why:
      'a lesson given answers 404 to someone who sees the student but may not read or grade their training (an instructor of the ' +
      'school not linked to them, the admin of their sub-organization); docs/product.md "Lessons and grading" reads it as the ' +
      'logbook, which answers 403 then',
  },
];

/**
 * docs/product.md "Lessons and grading": a student's courses, lessons and scorecard read as their logbook does (the
 * student, their instructor, their organization's admins; a super admin any). An admin of the school or the student's
 * instructor enrols the student and moves them to a newer revision. The student's instructor begins a lesson, grades
 * it and signs it "as a logbook signature is signed": a lesson already begun is graded by the instructor who began it.
 * Anyone else is refused with 403 when they see the student anyway, else finds nothing (404), as for the logbook.
 */
export function trainingRule(caller: Person, student: Person, action: TrainingAction, grader?: string | null): RowExpectation {
  const read = logbookRule(caller, student, 'read');
  if (action === 'read') return read;
  const isStudentsInstructor = logbookRule(caller, student, 'sign') === 'succeeds';
  const isSchoolAdmin = caller.role === 'super_admin' || (isOrgWideRole(caller.role) && caller.orgId === student.orgId);
  const may =
    action === 'grade'
      ? isStudentsInstructor && (grader === undefined || grader === caller.skylogId)
      : student.role === 'student' && (isStudentsInstructor || isSchoolAdmin);
  if (may) return 'succeeds';
  return read === 'succeeds' || isInScope(caller, student) ? 'forbidden' : 'hidden';
}

/** What the training's rules expect of a caller doing `action` with the training this row (a student, an enrolment, a lesson given) belongs to, read from the rows as they are now. */
export async function trainingExpectationOfRow(
  t: TestApp,
  callerId: string,
  action: TrainingAction,
  row: { kind: IdKind; id: string | undefined },
): Promise<TrainingExpectation> {
  const { id: studentId, grader } = await ownerOf(t, studentQueries, row.kind, row.id);
  const { caller, person } = await peopleOf(t, callerId, studentId);
  const product = trainingRule(caller, person, action, row.kind === 'lessonRecord' ? grader : undefined);
  const callerReads = trainingRule(caller, person, 'read') === 'succeeds';
  const departure = departures.find((entry) => entry.kind === row.kind && entry.product === product && entry.callerReads === callerReads);
  return departure ? { product, server: departure.server, departure: departure.why } : { product, server: product };
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
): Promise<TrainingExpectation | undefined> {
  const action = actions[operation];
  const named = names.find(({ kind }) => studentQueries[kind]);
  if (!action || !named || !actor.skylogId) return undefined;
  return trainingExpectationOfRow(t, actor.skylogId, action, { kind: named.kind, id: named.tenant.ids[named.kind] });
}
