import { getRoleLabel, isSubOrgRole, messages, type AssignableRole, type Relation, logbookMessages, trainingMessages } from '@skylog/contracts';
import { readThrough } from '../lib/announced-cache.ts';
import type { AppContext } from '../lib/app-context.ts';
import { AppError, badRequest, forbidden, notFound } from '../lib/app-error.ts';
import type { RequestUser } from '../lib/request-user.ts';
import type { PersonRow } from '../db/columns.ts';
import * as facts from './access.repository.ts';
import type { AircraftRow, AudioUploadRow, BillingAccount, EnrollmentRow, LessonRecordRow, LogbookEntryRow, ManualMarkerRow } from './access.repository.ts';
import {
  mayChangeSignInEmail,
  mayGradeStageCheck,
  mayOnCourse,
  mayOnTraining,
  mayGrantRole,
  mayKnowOfLogbook,
  mayManageLink,
  mayOnAircraft,
  mayOnAuditRecord,
  mayOnLogbook,
  mayOnOwnRow,
  mayOnPerson,
  mayOnSubOrg,
  mayOnTrip,
  mayPutInSeat,
  mayResendInvitation,
  maySeeOrg,
  reachOrg,
  reachSubOrg,
  seatChoiceScope,
  type LogbookAction,
  type PersonAction,
  type PersonFacts,
  type TrainingAction,
  type TripAction,
} from './access-rules.ts';

/**
 * The one place that answers "may this actor do this to that row": each `require…` loads the row,
 * asks access-rules.ts, and answers the row — or a 404 (existence does not leak), audited as a
 * denial. Every service calls these first.
 */

/** What the audit entry of a refusal names: the operation and the request path. */
export type AccessContext = { operation: string; path: string };

/** The row a refusal names, and the organization it belongs to (undefined: none was read); the audit files it by that. */
type RefusedRow = { resource: string; orgId: string | null | undefined };

async function refuse(ctx: AppContext, actor: RequestUser, row: RefusedRow, at: AccessContext, error: AppError, reason: 'scope' | 'role' = 'scope'): Promise<never> {
  await ctx.audit.recordDenial({
    actor,
    rowOrgId: row.orgId,
    action: at.operation,
    resource: row.resource,
    path: at.path,
    isSelfAccess: row.resource === `users/${actor.skylogId}`,
    reason,
  });
  throw error;
}

/** The organization of a person (the owner of an upload or a token), when they exist. */
async function orgOfPerson(ctx: AppContext, skylogId: string | null): Promise<string | null | undefined> {
  if (!skylogId) return undefined;
  const [person] = await facts.findUsersByIds(ctx.db, [skylogId]);
  return person ? person.orgId : undefined;
}

// People

const userNotFound = () => notFound(messages.userNotFound);

/** The actor's instructor ↔ student links, for deciding about many people at once. */
async function linksOfActor(ctx: AppContext, actor: RequestUser) {
  if (actor.role === 'instructor') return { students: new Set(await facts.findStudentIdsOf(ctx.db, actor.skylogId)), instructors: new Set<string>() };
  if (actor.role === 'student') return { students: new Set<string>(), instructors: new Set(await facts.findInstructorIdsOf(ctx.db, actor.skylogId)) };
  return { students: new Set<string>(), instructors: new Set<string>() };
}

type PersonUser = PersonRow['user'];

const toPersonFacts = (user: Pick<PersonUser, 'skylogId' | 'orgId' | 'subOrgId' | 'userType'>, links: { students: Set<string>; instructors: Set<string> }): PersonFacts => ({
  skylogId: user.skylogId,
  orgId: user.orgId,
  subOrgId: user.subOrgId,
  userType: user.userType,
  isActorsStudent: links.students.has(user.skylogId),
  isActorsInstructor: links.instructors.has(user.skylogId),
});

async function personFacts(ctx: AppContext, actor: RequestUser, user: Pick<PersonUser, 'skylogId' | 'orgId' | 'subOrgId' | 'userType'>): Promise<PersonFacts> {
  const link = await facts.findLinksBetween(ctx.db, actor.skylogId, user.skylogId);
  return toPersonFacts(user, {
    students: new Set(link.aInstructsB ? [user.skylogId] : []),
    instructors: new Set(link.bInstructsA ? [user.skylogId] : []),
  });
}

export async function requirePerson(ctx: AppContext, actor: RequestUser, skylogId: string, action: PersonAction, at: AccessContext): Promise<PersonRow> {
  const row = await facts.findPerson(ctx.db, skylogId);
  if (!row) throw userNotFound();
  const target = await personFacts(ctx, actor, row.user);
  if (!mayOnPerson(actor, target, 'read') || !mayOnPerson(actor, target, action)) return refuse(ctx, actor, { resource: `users/${skylogId}`, orgId: row.user.orgId }, at, userNotFound());
  return row;
}

/**
 * A pilot's logbook (docs/product.md "Logbook"): the pilot's row when the actor may do `action` to it. Someone
 * who may not even know of it gets 404; someone who sees the pilot anyway (an instructor, the organization's
 * students) but may not do this gets 403: "only the student's own instructor can sign".
 */
export async function requireLogbook(ctx: AppContext, actor: RequestUser, pilotId: string, action: LogbookAction, at: AccessContext): Promise<PersonRow> {
  const row = await facts.findPerson(ctx.db, pilotId);
  if (!row) throw userNotFound();
  await decideLogbook(ctx, actor, row.user, action, { resource: `users/${pilotId}/logbook`, orgId: row.user.orgId }, at);
  return row;
}

export type LogbookRights = { canRead: boolean; canEdit: boolean; canSign: boolean };

/** The rights an actor has over a pilot's logbook, for the buttons of a screen and the crew of a flight (the operations still decide). */
export async function logbookRights(ctx: AppContext, actor: RequestUser, pilot: Pick<PersonUser, 'skylogId' | 'orgId' | 'subOrgId' | 'userType'>): Promise<LogbookRights> {
  const target = await personFacts(ctx, actor, pilot);
  return { canRead: mayOnLogbook(actor, target, 'read'), canEdit: mayOnLogbook(actor, target, 'edit'), canSign: mayOnLogbook(actor, target, 'sign') };
}

async function decideLogbook(ctx: AppContext, actor: RequestUser, pilot: PersonUser, action: LogbookAction, row: RefusedRow, at: AccessContext) {
  const target = await personFacts(ctx, actor, pilot);
  if (mayOnLogbook(actor, target, action)) return;
  if (!mayKnowOfLogbook(actor, target)) await refuse(ctx, actor, row, at, notFound(logbookMessages.logbookEntryNotFound));
  await refuse(ctx, actor, row, at, forbidden(action === 'sign' ? logbookMessages.signNotInstructor : logbookMessages.logbookEntryNotEditable));
}

/** One logbook entry and its pilot, when the actor may do `action` to it (as `requireLogbook` decides). */
export async function requireLogbookEntry(
  ctx: AppContext,
  actor: RequestUser,
  id: string,
  action: LogbookAction,
  at: AccessContext,
): Promise<{ entry: LogbookEntryRow; pilot: PersonRow }> {
  const entry = await facts.findLogbookEntry(ctx.db, id);
  const pilot = entry && (await facts.findPerson(ctx.db, entry.pilotId));
  if (!entry || !pilot) throw notFound(logbookMessages.logbookEntryNotFound);
  await decideLogbook(ctx, actor, pilot.user, action, { resource: `logbook/${id}`, orgId: pilot.user.orgId }, at);
  return { entry, pilot };
}

// Courses and graded lessons (docs/product.md "Lessons and grading")

/** A course of the actor's school: another school's is not found. */
export async function requireCourse(ctx: AppContext, actor: RequestUser, id: string, action: 'read' | 'manage', at: AccessContext) {
  const course = await facts.findCourse(ctx.db, id);
  if (!course || !mayOnCourse(actor, course, 'read')) await refuse(ctx, actor, { resource: `courses/${id}`, orgId: course?.orgId }, at, notFound(trainingMessages.courseNotFound));
  if (!mayOnCourse(actor, course!, action)) await refuse(ctx, actor, { resource: `courses/${id}`, orgId: course!.orgId }, at, forbidden(trainingMessages.notCourseAdmin));
  return course!;
}

/** The school whose courses the actor's course list shows: their own, when its courses are theirs to read; else none. */
export function courseListOrg(actor: RequestUser): string | null {
  return actor.orgId !== null && mayOnCourse(actor, { orgId: actor.orgId }, 'read') ? actor.orgId : null;
}

const trainingRefusal: Record<TrainingAction, string> = {
  read: trainingMessages.trainingNotReadable,
  enroll: trainingMessages.enrollNotAllowed,
  grade: trainingMessages.notYourStudent,
};

/** A student whose training the actor may read, enrol or grade; 404 when the actor may not know of them. */
export async function requireTrainee(ctx: AppContext, actor: RequestUser, studentId: string, action: TrainingAction, at: AccessContext): Promise<PersonRow> {
  const row = await facts.findPerson(ctx.db, studentId);
  if (!row) throw userNotFound();
  const target = await personFacts(ctx, actor, row.user);
  if (mayOnTraining(actor, target, action)) return row;
  const refused = { resource: `users/${studentId}/training`, orgId: row.user.orgId };
  if (!mayOnTraining(actor, target, 'read') && !mayKnowOfLogbook(actor, target)) await refuse(ctx, actor, refused, at, userNotFound());
  return refuse(ctx, actor, refused, at, forbidden(trainingRefusal[action]));
}

/** An enrolment and its student, when the actor may do `action` with the student's training. */
export async function requireEnrollment(ctx: AppContext, actor: RequestUser, id: string, action: TrainingAction, at: AccessContext): Promise<{ enrollment: EnrollmentRow; student: PersonRow }> {
  const enrollment = await facts.findEnrollment(ctx.db, id);
  if (!enrollment) throw notFound(trainingMessages.enrollmentNotFound);
  const student = await requireTrainee(ctx, actor, enrollment.studentId, action, at).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'not_found' ? notFound(trainingMessages.enrollmentNotFound) : error;
  });
  return { enrollment, student };
}

/**
 * A lesson record the actor may read, or grade: the instructor who began it grades it, and no one else; a stage
 * check's instructor was checked when it began (`mayGradeStageCheck`).
 */
export async function requireLessonRecord(ctx: AppContext, actor: RequestUser, id: string, action: 'read' | 'grade', at: AccessContext): Promise<{ record: LessonRecordRow; courseId: string; student: PersonRow }> {
  const found = await facts.findLessonRecord(ctx.db, id);
  if (!found) throw notFound(trainingMessages.lessonRecordNotFound);
  const row = await facts.findPerson(ctx.db, found.studentId);
  if (!row) throw notFound(trainingMessages.lessonRecordNotFound);
  const target = await personFacts(ctx, actor, row.user);
  const isGrader = found.record.instructorId === actor.skylogId;
  const refused = { resource: `lesson-records/${id}`, orgId: row.user.orgId };
  // As for the student's other training rows: 404 to whoever may not know of the student, 403 to one who sees them.
  if (!isGrader && !mayOnTraining(actor, target, 'read'))
    await refuse(ctx, actor, refused, at, mayKnowOfLogbook(actor, target) ? forbidden(trainingRefusal.read) : notFound(trainingMessages.lessonRecordNotFound));
  if (action === 'grade' && !isGrader) await refuse(ctx, actor, refused, at, forbidden(trainingMessages.notGrader));
  return { record: found.record, courseId: found.courseId, student: row };
}

/**
 * Whether the actor may begin grading a student's lesson: their own student's lesson, or a stage check they may give.
 * `stageCheck` is undefined for an ordinary lesson.
 */
export async function requireLessonGrader(
  ctx: AppContext,
  actor: RequestUser,
  student: PersonRow,
  stageCheck: { isCheckInstructor: boolean; taughtTheStage: boolean } | undefined,
  at: AccessContext,
): Promise<void> {
  const target = await personFacts(ctx, actor, student.user);
  const refused = { resource: `users/${student.user.skylogId}/training`, orgId: student.user.orgId };
  if (!stageCheck) {
    if (!mayOnTraining(actor, target, 'grade')) await refuse(ctx, actor, refused, at, forbidden(trainingMessages.notYourStudent));
    return;
  }
  if (mayGradeStageCheck(actor, target, stageCheck)) return;
  await refuse(ctx, actor, refused, at, forbidden(stageCheck.isCheckInstructor ? trainingMessages.stageCheckSameInstructor : trainingMessages.stageCheckNotNamed));
}

/** A request for an endorsement the actor may close: the student's own, or one to the student's instructor. */
export async function requireEndorsementRequest(ctx: AppContext, actor: RequestUser, id: string, at: AccessContext) {
  const request = await facts.findEndorsementRequest(ctx.db, id);
  const student = request && (await facts.findPerson(ctx.db, request.studentId));
  if (!request || !student) throw notFound(logbookMessages.endorsementRequestNotFound);
  const action: LogbookAction = actor.skylogId === request.studentId ? 'edit' : 'sign';
  await decideLogbook(ctx, actor, student.user, action, { resource: `endorsement-requests/${id}`, orgId: student.user.orgId }, at);
  return { request, student };
}

export type PersonPermissions = { can_edit: boolean; can_administer: boolean; can_delete: boolean };

/** What the actor may do to each listed person, so the web shows buttons by the server's rules. */
export async function getPersonPermissions(ctx: AppContext, actor: RequestUser, people: readonly PersonUser[]): Promise<Map<string, PersonPermissions>> {
  const links = await linksOfActor(ctx, actor);
  return new Map(
    people.map((user) => {
      const target = toPersonFacts(user, links);
      return [
        user.skylogId,
        {
          can_edit: mayOnPerson(actor, target, 'edit-profile'),
          can_administer: mayOnPerson(actor, target, 'administer'),
          can_delete: mayOnPerson(actor, target, 'delete'),
        },
      ];
    }),
  );
}

/** Only the owner changes their sign-in e-mail (docs/product.md "Sign-in e-mail and password"); anyone else is refused and audited. */
export async function requireEmailOwner(ctx: AppContext, actor: RequestUser, skylogId: string, at: AccessContext): Promise<void> {
  if (!mayChangeSignInEmail(actor, { skylogId })) {
    const row = { resource: `users/${skylogId}`, orgId: await orgOfPerson(ctx, skylogId) };
    await refuse(ctx, actor, row, at, forbidden(messages.emailChangeOwnerOnly, { email: messages.emailChangeOwnerOnly }), 'role');
  }
}

/** Only roles the actor could hold-or-lower may be given (a Secondary Admin never makes an Org Admin). */
export function requireGrantableRole(actor: RequestUser, role: AssignableRole, verb: 'invite someone as' | 'make someone') {
  if (!mayGrantRole(actor, role)) throw forbidden(`You cannot ${verb} ${getRoleLabel(role)}`, { user_type: 'Choose a role you may grant' });
}

// Organizations and sub-organizations

export async function requireOrg(ctx: AppContext, actor: RequestUser, id: string, at: AccessContext) {
  const org = await facts.findOrg(ctx.db, id);
  if (!org) throw notFound(messages.organizationNotFound);
  if (!maySeeOrg(actor, id)) return refuse(ctx, actor, { resource: `orgs/${id}`, orgId: id }, at, notFound(messages.organizationNotFound));
  return org;
}

const subOrgNotFound = () => notFound('Sub-organization not found');

export async function requireSubOrg(ctx: AppContext, actor: RequestUser, id: string, action: 'read' | 'manage', at: AccessContext) {
  const subOrg = await facts.findSubOrg(ctx.db, id);
  if (!subOrg) throw subOrgNotFound();
  if (!mayOnSubOrg(actor, subOrg, action)) return refuse(ctx, actor, { resource: `sub_orgs/${id}`, orgId: subOrg.orgId }, at, subOrgNotFound());
  return subOrg;
}

/**
 * A sub-organization of the organization the actor works in, to narrow figures to: a super_admin reads
 * their current organization, so another organization's sub-organization is not found there.
 */
export async function requireSubOrgOfCurrentOrg(ctx: AppContext, actor: RequestUser, id: string, at: AccessContext) {
  const subOrg = await requireSubOrg(ctx, actor, id, 'read', at);
  if (subOrg.orgId !== actor.orgId) throw subOrgNotFound();
  return subOrg;
}

/**
 * The organization a create works in (`org_id` of the body): the actor's own, or for super_admin
 * the one named (null: none, a super_admin's own invitation). Naming one out of reach is refused,
 * never silently replaced by one's own.
 */
export async function requireOrgReach(ctx: AppContext, actor: RequestUser, requested: string | null | undefined, at: AccessContext) {
  const { orgId, isOutOfReach } = reachOrg(actor, requested);
  const outOfReach = () => notFound(messages.organizationOutOfReach, { org_id: messages.organizationOutOfReach });
  if (isOutOfReach) return refuse(ctx, actor, { resource: `orgs/${String(requested)}`, orgId: requested }, at, outOfReach());
  if (!orgId) return null;
  const org = await facts.findOrg(ctx.db, orgId);
  if (!org) throw outOfReach();
  return org;
}

/** The sub-organization a create puts someone in: one of `orgId`'s, and for sub-org admins and instructors their own. */
export async function requireSubOrgReach(ctx: AppContext, actor: RequestUser, orgId: string | null, requested: string | null | undefined, at: AccessContext) {
  const { subOrgId, isOutOfReach } = reachSubOrg(actor, requested);
  const outOfReach = () => notFound(messages.subOrgOutOfReach, { sub_org_id: messages.subOrgOutOfReach });
  if (isOutOfReach) {
    const named = await facts.findSubOrg(ctx.db, String(requested));
    return refuse(ctx, actor, { resource: `sub_orgs/${String(requested)}`, orgId: named?.orgId }, at, outOfReach());
  }
  if (!subOrgId) return null;
  const subOrg = await facts.findSubOrg(ctx.db, subOrgId);
  if (!subOrg || subOrg.orgId !== orgId) return refuse(ctx, actor, { resource: `sub_orgs/${subOrgId}`, orgId: subOrg?.orgId }, at, outOfReach());
  return subOrgId;
}

/**
 * The Stripe account a request names (`customerId`, or the customer of the Stripe object it asked for):
 * another organization's customer, or none, is 404 and audited.
 */
export async function requireOwnCustomer(ctx: AppContext, actor: RequestUser, customerId: string | null, at: AccessContext): Promise<BillingAccount> {
  const account = customerId ? await facts.findBillingAccountByCustomer(ctx.db, customerId) : undefined;
  // The super admin works across organizations, as everywhere else.
  if (account && maySeeOrg(actor, account.orgId)) return account;
  return refuse(ctx, actor, { resource: `billing/${customerId ?? 'unknown'}`, orgId: account?.orgId }, at, notFound(messages.billingNoCustomer));
}

/**
 * A customer named in a checkout's body must be the organization's own (the one it pays through, if any): any other,
 * another school's included, is refused under the field and audited, and nothing is made at Stripe.
 */
export async function requireOrgsCustomer(ctx: AppContext, actor: RequestUser, named: string, own: string | undefined, at: AccessContext): Promise<void> {
  if (named === own) return;
  const namedAccount = await facts.findBillingAccountByCustomer(ctx.db, named);
  const refused = { resource: `billing/${named}`, orgId: namedAccount?.orgId ?? null };
  await refuse(ctx, actor, refused, at, badRequest(messages.billingCustomerNotYours, { customerId: messages.billingCustomerNotYours }));
}

export async function requireInvitation(ctx: AppContext, actor: RequestUser, id: string, at: AccessContext) {
  const found = await facts.findInvitationById(ctx.db, id);
  const invitationNotFound = () => notFound('Invitation not found');
  if (!found || found.invitation.acceptedAt) throw invitationNotFound();
  if (!mayResendInvitation(actor, found.invitation)) return refuse(ctx, actor, { resource: `invitations/${id}`, orgId: found.invitation.orgId }, at, invitationNotFound());
  return found;
}

// Instructor ↔ student links

/** Every pair must be one the actor may link or unlink (docs/product.md "Instructors and students"); the first that is not names its index. */
export async function requireLinks(ctx: AppContext, actor: RequestUser, relations: readonly Relation[], at: AccessContext): Promise<void> {
  if (actor.role === 'instructor' && !actor.orgId) throw forbidden(messages.instructorNeedsOrganization);
  const ids = [...new Set(relations.flatMap((relation) => [relation.instructor, relation.student]))];
  const people = new Map((await facts.findUsersByIds(ctx.db, ids)).map((person) => [person.skylogId, person]));
  for (const [index, relation] of relations.entries()) {
    const pair = { instructor: people.get(relation.instructor), student: people.get(relation.student) };
    if (!mayManageLink(actor, pair)) {
      // A link names two people: filed as another organization's when either of them is of one.
      const outsider = [pair.instructor, pair.student].find((person) => person && person.orgId !== actor.orgId);
      await refuse(
        ctx,
        actor,
        { resource: `student_instructor/${relation.instructor}/${relation.student}`, orgId: outsider ? outsider.orgId : undefined },
        at,
        notFound(messages.linkOutOfReach, { [`${index}`]: 'Choose an instructor and a student you may link' }),
      );
    }
  }
}

// Trips

export const tripNotFound = () => notFound(messages.tripNotFound);

export type TripRights = { canEdit: boolean; canDebrief: boolean; canDelete: boolean; canShare: boolean };

/** `isSharedWithActor` as read with the header (a crew change asks whether the actor would still see it). */
type TripHeader = Omit<facts.TripAccessRow, 'isSharedWithActor' | 'isActorInstructorOfCrew' | 'hasRecording'>;
export type AccessibleTrip = TripHeader & { rights: TripRights; isSharedWithActor: boolean };

/**
 * The trip if the actor may read it (404 otherwise) and do `action` to it (403 otherwise: they can
 * see it, so saying why is no leak). Answers what else they may do, for the screen. Sub-organization
 * admins read none: they get 403 for anything but adding the recording of a new flight of their own.
 */
export async function requireTrip(ctx: AppContext, actor: RequestUser, id: string, action: TripAction, at: AccessContext): Promise<AccessibleTrip> {
  return requireTripRow(ctx, actor, id, await facts.findTripAccess(ctx.db, id, actor.skylogId), action, at);
}

/**
 * requireTrip over the flight as its caller read it, with access.repository.ts `tripAccessColumns` for the actor
 * (undefined: no such flight): the screen that reads the flight for its answer reads it once, not once here and
 * once for itself. Refuses and audits exactly as requireTrip does.
 */
export async function requireTripRow(
  ctx: AppContext,
  actor: RequestUser,
  id: string,
  found: facts.TripAccessRow | undefined,
  action: TripAction,
  at: AccessContext,
): Promise<AccessibleTrip> {
  // Sub-organization admins are refused every existing flight by role (as the API's access table refuses its
  // routes), found or not, so the answer tells nothing of which flights exist; only a new one of theirs takes its recording.
  const isSubOrgAdmin = isSubOrgRole(actor.role);
  const refuseSubOrgAdmin = (orgId?: string) => refuse(ctx, actor, { resource: `trips/${id}`, orgId }, at, forbidden(messages.permissionDenied), 'role');
  if (!found) {
    if (isSubOrgAdmin) return refuseSubOrgAdmin();
    throw tripNotFound();
  }
  const { isActorInstructorOfCrew, hasRecording, ...trip } = { ...found, isSharedWithActor: Boolean(found.isSharedWithActor) };
  const tripFacts = {
    orgId: trip.orgId,
    subOrgId: trip.subOrgId,
    ownerId: trip.skylogId,
    leftSeat: trip.leftSeat,
    rightSeat: trip.rightSeat,
    isSharedWithActor: trip.isSharedWithActor,
    isActorInstructorOfCrew: Boolean(isActorInstructorOfCrew),
    hasRecording: Boolean(hasRecording),
  };
  const may = (what: TripAction) => mayOnTrip(actor, tripFacts, what);
  const refused = { resource: `trips/${id}`, orgId: trip.orgId };
  if (isSubOrgAdmin && !may(action)) return refuseSubOrgAdmin(trip.orgId);
  if (!isSubOrgAdmin && !may('read')) return refuse(ctx, actor, refused, at, tripNotFound());
  if (!may(action)) {
    return refuse(ctx, actor, refused, at, forbidden(action === 'debrief' ? messages.debriefNeedsInstructor : messages.tripReadOnly), 'role');
  }
  return { ...trip, rights: { canEdit: may('edit'), canDebrief: may('debrief'), canDelete: may('delete'), canShare: may('share') } };
}

// A flight's crew

export type SeatChoice = PersonFacts & { name: string | null; email: string };

/** Everyone the actor may put in a seat of a flight of their organization (the crew pickers), by name. */
export async function getSeatChoices(ctx: AppContext, actor: RequestUser): Promise<SeatChoice[]> {
  const scope = seatChoiceScope(actor);
  if ('isEmpty' in scope) return [];
  const [rows, links] = await Promise.all([facts.findSeatCandidates(ctx.db, scope), linksOfActor(ctx, actor)]);
  return rows
    .map((row) => ({ ...toPersonFacts(row, links), name: row.name, email: row.email }))
    .filter((person) => mayPutInSeat(actor, person, scope.orgId));
}

export type Seats = { left_seat?: string | null | undefined; right_seat?: string | null | undefined };

const seatFields = ['left_seat', 'right_seat'] as const;

/** Why a seat was refused, in the words of the actor's own rule. */
function seatRefusal(actor: RequestUser, person: PersonFacts | undefined, tripOrgId: string): string {
  if (!person || person.orgId !== tripOrgId) return messages.personNotInOrganization;
  if (isSubOrgRole(actor.role)) return messages.seatOutsideSubOrg;
  return actor.role === 'instructor' ? messages.seatNotYourStudent : messages.seatNotYourInstructor;
}

/**
 * Every seat named must hold someone the actor may put there (access-rules.ts mayPutInSeat): anyone
 * else is a 400 naming the seat. Returns what was read about each seated person (their organization,
 * sub-organization, role and link to the actor), by id, so the caller need not read them again.
 */
export async function requireSeats(ctx: AppContext, actor: RequestUser, tripOrgId: string, seats: Seats): Promise<Map<string, PersonFacts>> {
  if (seatIdsOf(seats).length === 0) return new Map();
  return checkSeats(ctx, actor, tripOrgId, seats, linksOfActor(ctx, actor));
}

const seatIdsOf = (seats: Seats) => [...new Set(seatFields.map((field) => seats[field]).filter((id): id is string => Boolean(id)))];

/** requireSeats with the actor's links already asked for (a crew change needs them again afterwards). */
async function checkSeats(
  ctx: AppContext,
  actor: RequestUser,
  tripOrgId: string,
  seats: Seats,
  actorLinks: ReturnType<typeof linksOfActor>,
): Promise<Map<string, PersonFacts>> {
  const ids = seatIdsOf(seats);
  if (ids.length === 0) return new Map();
  const [rows, links] = await Promise.all([facts.findUsersByIds(ctx.db, ids), actorLinks]);
  const people = new Map(rows.map((row) => [row.skylogId, toPersonFacts(row, links)]));
  for (const field of seatFields) {
    const id = seats[field];
    if (!id) continue;
    const person = people.get(id);
    if (!person || !mayPutInSeat(actor, person, tripOrgId)) {
      const message = seatRefusal(actor, person, tripOrgId);
      throw badRequest(message, { [field]: message });
    }
  }
  return people;
}

/**
 * A crew change on a flight the actor may edit: only the seats that change are checked (someone
 * already aboard may stay), and a change after which the actor could no longer read the flight is
 * refused, so nobody loses a flight without a word.
 */
export async function requireCrewChange(ctx: AppContext, actor: RequestUser, trip: AccessibleTrip, seats: Seats): Promise<Map<string, PersonFacts>> {
  const current = { left_seat: trip.leftSeat, right_seat: trip.rightSeat };
  const changed = seatFields.filter((field) => seats[field] !== undefined && seats[field] !== current[field]);
  if (changed.length === 0) return new Map();
  const actorLinks = linksOfActor(ctx, actor);
  const people = await checkSeats(ctx, actor, trip.orgId, Object.fromEntries(changed.map((field) => [field, seats[field]])), actorLinks);
  const crew = { ...current, ...Object.fromEntries(changed.map((field) => [field, seats[field] ?? null])) };
  const links = await actorLinks;
  const after = {
    orgId: trip.orgId,
    subOrgId: trip.subOrgId,
    ownerId: trip.skylogId,
    leftSeat: crew.left_seat,
    rightSeat: crew.right_seat,
    isSharedWithActor: trip.isSharedWithActor,
    isActorInstructorOfCrew: [trip.skylogId, crew.left_seat, crew.right_seat].some((id) => id !== null && links.students.has(id)),
    // Reading does not depend on it.
    hasRecording: true,
  };
  if (!mayOnTrip(actor, after, 'read')) {
    const message = actor.role === 'instructor' ? messages.crewChangeHidesTripFromInstructor : messages.crewChangeHidesTrip;
    throw badRequest(message, Object.fromEntries(changed.map((field) => [field, message])));
  }
  return people;
}

/** A manual marker through its trip; out of scope reads as "no such marker", not as a trip the caller never named. */
export async function requireManualMarker(ctx: AppContext, actor: RequestUser, id: string, at: AccessContext): Promise<ManualMarkerRow> {
  const marker = await facts.findManualMarker(ctx.db, id);
  const markerNotFound = () => notFound(messages.manualMarkerNotFound);
  if (!marker) throw markerNotFound();
  try {
    await requireTrip(ctx, actor, marker.tripId, 'edit', at);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') throw markerNotFound();
    throw error;
  }
  return marker;
}

/** Only the person who started an upload sees or continues it, at its flight's address. */
export async function requireOwnUpload(ctx: AppContext, actor: RequestUser, tripId: string, id: string, at: AccessContext): Promise<AudioUploadRow> {
  const row = await facts.findUpload(ctx.db, id);
  const uploadNotFound = () => notFound(messages.uploadNotFound);
  if (!row) throw uploadNotFound();
  if (!mayOnOwnRow(actor, row)) {
    return refuse(ctx, actor, { resource: `trips/${row.tripId}/audio/tus/${id}`, orgId: await orgOfPerson(ctx, row.userId) }, at, uploadNotFound());
  }
  if (row.tripId !== tripId) throw uploadNotFound();
  return row;
}

/** Personal access tokens are their owner's alone. */
export async function requireOwnToken(ctx: AppContext, actor: RequestUser, id: string, at: AccessContext) {
  const row = await facts.findToken(ctx.db, id);
  const tokenNotFound = () => notFound(messages.accessTokenNotFound);
  if (!row || row.revokedAt) throw tokenNotFound();
  if (!mayOnOwnRow(actor, row)) return refuse(ctx, actor, { resource: `access-tokens/${id}`, orgId: await orgOfPerson(ctx, row.userId) }, at, tokenNotFound());
  return row;
}

// Alerts

export async function requireAlert(ctx: AppContext, actor: RequestUser, id: string, at: AccessContext) {
  const alert = await facts.findAlert(ctx.db, id);
  const alertNotFound = () => notFound('Alert not found');
  if (!alert) throw alertNotFound();
  if (!mayOnAuditRecord(actor, alert)) return refuse(ctx, actor, { resource: `alerts/${id}`, orgId: alert.orgId }, at, alertNotFound());
  return alert;
}

// The fleet

/** `fromMemory`: a read may take the aircraft from this instance's cache; a change reads the database. */
export async function requireAircraft(ctx: AppContext, actor: RequestUser, id: string, at: AccessContext, { fromMemory = false } = {}): Promise<AircraftRow> {
  const read = () => facts.findAircraft(ctx.db, id);
  const row = fromMemory ? await readThrough(ctx.aircraft, id, read) : await read();
  const aircraftNotFound = () => notFound(messages.aircraftNotFound);
  if (!row) throw aircraftNotFound();
  if (!mayOnAircraft(actor, row)) return refuse(ctx, actor, { resource: `aircraft/${id}`, orgId: row.orgId }, at, aircraftNotFound());
  return row;
}
