import type { ApiOperation } from '@skylog/contracts';
import { sql } from 'drizzle-orm';
import { query, type TestApp } from '../helper.ts';
import type { Actor, IdKind, Tenant } from './tenants.ts';

/**
 * Who may do what to a pilot's logbook, written out from docs/product.md "Logbook" and "People and who manages
 * them" rather than imported from the server: the probe checks the server's answers against the document.
 */

export type LogbookAction = 'read' | 'edit' | 'sign';

/** docs/product.md "Roles": who runs a school (the never-given `admin` counts as an org admin) and who one sub-organization. */
export const isOrgWideRole = (role: string) => ['super_admin', 'admin', 'org_admin', 'admin_secondary'].includes(role);
const isSubOrgRole = (role: string) => ['sub_org_admin', 'sub_org_admin_secondary'].includes(role);

/** What a row rule answers: the call goes through, is refused (403: the caller sees the person anyway), or finds nothing (404). */
export type RowExpectation = 'succeeds' | 'forbidden' | 'hidden';

/** A person as the rules see them from the caller: their links with the caller decide. */
export type Person = {
  skylogId: string;
  role: string;
  orgId: string | null;
  subOrgId: string | null;
  isCallersStudent: boolean;
  isCallersInstructor: boolean;
};

/** The pilot whose logbook a row of this kind belongs to: a logbook is named by its pilot (an instructor's, for their students' currency), an entry or a request by its own. */
const pilotQueries: RowQueries = {
  pilot: (id) => sql`select skylog_id::text as id from users where skylog_id = ${id}`,
  instructor: (id) => sql`select skylog_id::text as id from users where skylog_id = ${id}`,
  logbookEntry: (id) => sql`select pilot_id::text as id from logbook_entries where id = ${id}`,
  endorsementRequest: (id) => sql`select student_id::text as id from endorsement_requests where id = ${id}`,
};

/** The action an operation takes on the logbook it names (the student closing their own request edits it; anyone else declines, as a signer). */
function actionOf(operation: ApiOperation, callerId: string, pilotId: string): LogbookAction | undefined {
  switch (operation) {
    case 'logbook.read':
      return 'read';
    case 'logbook.edit':
    case 'logbook.request-endorsement':
      return 'edit';
    case 'logbook.sign':
      return 'sign';
    case 'logbook.close-request':
      return callerId === pilotId ? 'edit' : 'sign';
    default:
      return undefined;
  }
}

/** docs/product.md "People and who manages them": who is in the caller's scope, and so may know the person has a logbook or a training record. */
export function isInScope(caller: Person, pilot: Person): boolean {
  if (caller.skylogId === pilot.skylogId || caller.role === 'super_admin') return true;
  if (caller.orgId === null || caller.orgId !== pilot.orgId) return false;
  if (isOrgWideRole(caller.role)) return true;
  if (isSubOrgRole(caller.role)) return caller.subOrgId !== null && caller.subOrgId === pilot.subOrgId;
  // Instructors see the organization's students (to link them) and fellow instructors; students their linked instructors.
  if (caller.role === 'instructor') return pilot.role === 'student' || pilot.role === 'instructor';
  return pilot.isCallersInstructor;
}

/**
 * docs/product.md "Logbook": a pilot reads and edits their own; a student's linked instructor reads, edits and signs
 * it; an organization's admins read their school's (super_admin any); sub-organization admins open none. Anyone else
 * gets 404, and someone who sees the pilot anyway gets 403. Nobody signs their own.
 */
export function logbookRule(caller: Person, pilot: Person, action: LogbookAction): RowExpectation {
  const isOwn = caller.skylogId === pilot.skylogId;
  const instructsPilot = caller.role === 'instructor' && pilot.role === 'student' && pilot.isCallersStudent;
  const mayRead = isOwn || instructsPilot || caller.role === 'super_admin' || (isOrgWideRole(caller.role) && caller.orgId === pilot.orgId);
  const may = action === 'read' ? mayRead : action === 'edit' ? isOwn || instructsPilot : instructsPilot && !isOwn;
  if (may) return 'succeeds';
  return mayRead || isInScope(caller, pilot) ? 'forbidden' : 'hidden';
}

export type RowQueries = Partial<Record<IdKind, (id: string) => ReturnType<typeof sql>>>;

/** What a row query answers for a row (its person as `id`); throws when the row is gone. */
export async function ownerOf(t: TestApp, queries: RowQueries, kind: IdKind, id: string | undefined): Promise<Record<string, string | null> & { id: string }> {
  const [row] = id ? await query<Record<string, string | null> & { id: string }>(t, queries[kind]!(id)) : [];
  if (!row) throw new Error(`the ${kind} row ${id} is gone`);
  return row;
}

/** The caller and the person a row belongs to, as they are now (links and people change under the probe). */
export async function peopleOf(t: TestApp, callerId: string, personId: string): Promise<{ caller: Person; person: Person }> {
  const people = await query<{
    id: string;
    role: string;
    org_id: string | null;
    sub_org_id: string | null;
    is_student: boolean;
    is_instructor: boolean;
  }>(
    t,
    sql`select u.skylog_id::text as id, u.user_type as role, u.org_id::text as org_id, u.sub_org_id::text as sub_org_id,
          exists(select 1 from student_instructor l where l.instructor = ${callerId} and l.student = u.skylog_id) as is_student,
          exists(select 1 from student_instructor l where l.instructor = u.skylog_id and l.student = ${callerId}) as is_instructor
        from users u where u.skylog_id in (${callerId}, ${personId})`,
  );
  const person = (skylogId: string): Person => {
    const found = people.find((candidate) => candidate.id === skylogId);
    if (!found) throw new Error(`no person ${skylogId}`);
    return {
      skylogId,
      role: found.role,
      orgId: found.org_id,
      subOrgId: found.sub_org_id,
      isCallersStudent: found.is_student,
      isCallersInstructor: found.is_instructor,
    };
  };
  return { caller: person(callerId), person: person(personId) };
}

/**
 * What the logbook's rules expect of a signed-in caller's request naming these rows, read from the rows as they are
 * now; undefined when the operation is not decided by a logbook (a flight's entries follow the flight, the signing
 * queue the caller's role).
 */
export async function logbookExpectation(
  t: TestApp,
  actor: Actor,
  operation: ApiOperation,
  names: readonly { kind: IdKind; tenant: Tenant }[],
): Promise<RowExpectation | undefined> {
  const named = names.find(({ kind }) => pilotQueries[kind]);
  if (!named || !actor.skylogId || !operation.startsWith('logbook.')) return undefined;
  const { id: pilotId } = await ownerOf(t, pilotQueries, named.kind, named.tenant.ids[named.kind]);
  const action = actionOf(operation, actor.skylogId, pilotId);
  if (!action) return undefined;
  const { caller, person } = await peopleOf(t, actor.skylogId, pilotId);
  return logbookRule(caller, person, action);
}
