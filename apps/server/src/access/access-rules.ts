import { canManageRole, getGrantableRoles, isOrgWideRole, isSubOrgRole, roleGroups, type AssignableRole, type Role } from '@skylog/contracts';
import type { RequestUser } from '../lib/request-user.ts';

/**
 * Who may do what to which row: every rule of docs/product.md "Flights and who sees them (tenancy)", as pure decisions over facts
 * the loaders in access.ts read. No other server file decides access (lint keeps the role helpers
 * here); the route-level role check (contracts' apiAccess) runs before any of this.
 */

export type Actor = Pick<RequestUser, 'skylogId' | 'role' | 'orgId' | 'subOrgId'>;

const isSuperAdmin = (actor: Pick<Actor, 'role'>) => actor.role === 'super_admin';
const inOrg = (actor: Actor, orgId: string | null) => actor.orgId !== null && actor.orgId === orgId;
const inSubOrg = (actor: Actor, subOrgId: string | null) => actor.subOrgId !== null && actor.subOrgId === subOrgId;

// People

/** A person as the rules see them, with how they relate to the actor (instructor ↔ student links). */
export type PersonFacts = {
  skylogId: string;
  orgId: string | null;
  subOrgId: string | null;
  userType: string;
  /** The person is a student linked to the actor (an instructor). */
  isActorsStudent: boolean;
  /** The person is an instructor linked to the actor (a student). */
  isActorsInstructor: boolean;
};

export type PersonAction = 'read' | 'edit-profile' | 'administer' | 'delete';

/** Whether the actor's scope holds this person at all. */
function canSeePerson(actor: Actor, target: PersonFacts): boolean {
  if (actor.skylogId === target.skylogId || isSuperAdmin(actor)) return true;
  if (!inOrg(actor, target.orgId)) return false;
  if (isOrgWideRole(actor.role)) return true;
  if (isSubOrgRole(actor.role)) return inSubOrg(actor, target.subOrgId);
  // Instructors see the organization's students (to link them) and fellow instructors.
  if (actor.role === 'instructor') return target.userType === 'student' || target.userType === 'instructor';
  return target.isActorsInstructor;
}

/**
 * One rule for managing a person, used by every route that touches one: an administrator whose
 * scope holds them, and only roles the administrator could grant (a Secondary Admin never manages
 * an Org Admin); an instructor only their own students.
 */
function canManagePerson(actor: Actor, target: PersonFacts, kind: 'profile' | 'account'): boolean {
  if (actor.skylogId === target.skylogId) return false;
  if (isSuperAdmin(actor)) return true;
  if (!inOrg(actor, target.orgId)) return false;
  if (isOrgWideRole(actor.role)) return canManageRole(actor.role, target.userType);
  // Sub-organization admins edit profiles in their sub-organization; accounts (role, organization, status) are the organization's.
  if (isSubOrgRole(actor.role)) return kind === 'profile' && inSubOrg(actor, target.subOrgId) && canManageRole(actor.role, target.userType);
  if (actor.role === 'instructor') return target.userType === 'student' && target.isActorsStudent && kind === 'profile';
  return false;
}

export function mayOnPerson(actor: Actor, target: PersonFacts, action: PersonAction): boolean {
  switch (action) {
    case 'read':
      return canSeePerson(actor, target);
    case 'edit-profile':
      return actor.skylogId === target.skylogId || canManagePerson(actor, target, 'profile');
    case 'administer':
      return canManagePerson(actor, target, 'account');
    case 'delete':
      // docs/product.md "People and who manages them": instructors delete students, and only their own.
      return canManagePerson(actor, target, 'account') || (actor.role === 'instructor' && canManagePerson(actor, target, 'profile'));
  }
}

// Logbooks (docs/product.md "Logbook")

export type LogbookAction = 'read' | 'edit' | 'sign';

/**
 * A pilot's logbook: the pilot reads and edits their own; a student's instructor reads, edits and signs theirs; an
 * organization's admins read their school's (a super admin any). Sub-organization admins open no flights, so no
 * logbooks either. Nobody signs their own entries.
 */
export function mayOnLogbook(actor: Actor, pilot: PersonFacts, action: LogbookAction): boolean {
  const isOwn = actor.skylogId === pilot.skylogId;
  const instructsPilot = actor.role === 'instructor' && pilot.userType === 'student' && pilot.isActorsStudent;
  switch (action) {
    case 'read':
      return isOwn || instructsPilot || isSuperAdmin(actor) || (isOrgWideRole(actor.role) && inOrg(actor, pilot.orgId));
    case 'edit':
      return isOwn || instructsPilot;
    case 'sign':
      return instructsPilot && !isOwn;
  }
}

/**
 * Whether a refusal about a logbook may say so (403) rather than hide it (404): the pilot is someone the actor
 * sees in their organization anyway (an instructor sees its students to link them), so "not yours" tells nothing new.
 */
export const mayKnowOfLogbook = (actor: Actor, pilot: PersonFacts) => mayOnLogbook(actor, pilot, 'read') || canSeePerson(actor, pilot);

// Courses and graded lessons (docs/product.md "Lessons and grading")

/** A school's course: its members read it (students see their syllabus), its organization's admins build it. */
export function mayOnCourse(actor: Actor, course: { orgId: string }, action: 'read' | 'manage'): boolean {
  if (isSuperAdmin(actor)) return true;
  if (!inOrg(actor, course.orgId)) return false;
  return action === 'read' ? !isSubOrgRole(actor.role) : isOrgWideRole(actor.role);
}

export type TrainingAction = 'read' | 'enroll' | 'grade';

/**
 * A student's training record (courses, lessons, scorecard, hand-off brief) is read by the student, any instructor of
 * their school (a check instructor gives stage checks; an instructor taking a student over reads the brief), their
 * school's admins and a super admin. Enrolling is the school's admins' or the student's instructor's; grading is the
 * student's instructor's alone, as signing their logbook is (a stage check is decided by `mayGradeStageCheck`).
 */
export function mayOnTraining(actor: Actor, student: PersonFacts, action: TrainingAction): boolean {
  switch (action) {
    case 'read':
      return mayOnLogbook(actor, student, 'read') || (actor.role === 'instructor' && inOrg(actor, student.orgId) && student.userType === 'student');
    case 'enroll':
      return student.userType === 'student' && (mayOnLogbook(actor, student, 'sign') || (isOrgWideRole(actor.role) && inOrg(actor, student.orgId)) || isSuperAdmin(actor));
    case 'grade':
      return mayOnLogbook(actor, student, 'sign');
  }
}

/**
 * A stage check: an instructor of the school the course names as a check instructor, who did not teach the stage
 * being checked (14 CFR 141.37 and Part 141 appendix B: stage checks by the chief instructor or a check instructor).
 */
export function mayGradeStageCheck(actor: Actor, student: PersonFacts, check: { isCheckInstructor: boolean; taughtTheStage: boolean }): boolean {
  return actor.role === 'instructor' && inOrg(actor, student.orgId) && actor.skylogId !== student.skylogId && check.isCheckInstructor && !check.taughtTheStage;
}

/** Only the owner changes their sign-in e-mail (docs/product.md "Sign-in e-mail and password"): admins resend an invitation or deactivate instead. */
export const mayChangeSignInEmail = (actor: Actor, target: Pick<PersonFacts, 'skylogId'>) => actor.skylogId === target.skylogId;

/** Which roles the actor may give someone (invite as, or change to). */
export const mayGrantRole = (actor: Actor, role: AssignableRole) => getGrantableRoles(actor.role).includes(role);

/** Which people a list may hold: one organization (null: every one, super_admin only), narrowed to a sub-organization or roles. */
export type PeopleScope = { orgId: string | null; subOrgId?: string; roles?: readonly ('student' | 'instructor')[]; isEmpty?: true };

/** `requested`: an organization named by the caller ('all': every one); another organization than one's own is out of reach. */
export function peopleScope(actor: Actor, requested: string | undefined): PeopleScope | 'out-of-reach' {
  if (isSuperAdmin(actor)) return { orgId: requested === 'all' ? null : (requested ?? actor.orgId) };
  if (requested !== undefined && requested !== actor.orgId) return 'out-of-reach';
  if (!actor.orgId) return { orgId: null, isEmpty: true };
  if (isOrgWideRole(actor.role)) return { orgId: actor.orgId };
  if (isSubOrgRole(actor.role)) return actor.subOrgId ? { orgId: actor.orgId, subOrgId: actor.subOrgId } : { orgId: null, isEmpty: true };
  return { orgId: actor.orgId, roles: ['student', 'instructor'] };
}

// Organizations, sub-organizations, invitations

export const maySeeOrg = (actor: Actor, orgId: string) => isSuperAdmin(actor) || inOrg(actor, orgId);

/** The organizations a person sees in lists: super_admin every one (to switch), others their own. */
export const orgListScope = (actor: Actor): 'all' | { orgId: string | null } => (isSuperAdmin(actor) ? 'all' : { orgId: actor.orgId });

/** Moving someone to another organization is super_admin's alone (org admins work inside theirs). */
export const mayMovePersonAcrossOrgs = (actor: Actor) => isSuperAdmin(actor);

export type SubOrgFacts = { id: string; orgId: string };

/** Which sub-organizations a list may hold: super_admin any organization's; org admins their organization's; sub-org admins their own. */
export type SubOrgScope = { orgId: string | null; subOrgId?: string; isEmpty?: true };

export function subOrgScope(actor: Actor, requested: string | undefined): SubOrgScope | 'out-of-reach' {
  if (isSuperAdmin(actor)) return { orgId: requested ?? actor.orgId };
  if (requested !== undefined && requested !== actor.orgId) return 'out-of-reach';
  if (!actor.orgId) return { orgId: null, isEmpty: true };
  if (isOrgWideRole(actor.role)) return { orgId: actor.orgId };
  return actor.subOrgId ? { orgId: actor.orgId, subOrgId: actor.subOrgId } : { orgId: null, isEmpty: true };
}

export function mayOnSubOrg(actor: Actor, subOrg: SubOrgFacts, action: 'read' | 'manage'): boolean {
  if (isSuperAdmin(actor)) return true;
  if (isOrgWideRole(actor.role)) return inOrg(actor, subOrg.orgId);
  if (action === 'manage' && !isSubOrgRole(actor.role)) return false;
  return inOrg(actor, subOrg.orgId) && inSubOrg(actor, subOrg.id);
}

/**
 * The organization a request works in: super_admin any existing one (the current by default);
 * everyone else their own — naming another is refused, never silently replaced.
 */
export function reachOrg(actor: Actor, requested: string | null | undefined): { orgId: string | null; isOutOfReach: boolean } {
  if (isSuperAdmin(actor)) return { orgId: requested ?? actor.orgId, isOutOfReach: false };
  return { orgId: actor.orgId, isOutOfReach: requested !== undefined && requested !== null && requested !== actor.orgId };
}

/**
 * The sub-organization new people join: org admins choose one of the organization's; sub-org
 * admins and instructors their own — naming another is refused.
 */
export function reachSubOrg(actor: Actor, requested: string | null | undefined): { subOrgId: string | null; isChosen: boolean; isOutOfReach: boolean } {
  if (isSubOrgRole(actor.role) || actor.role === 'instructor') {
    const isOutOfReach = requested !== undefined && requested !== null && requested !== actor.subOrgId;
    return { subOrgId: actor.subOrgId, isChosen: false, isOutOfReach };
  }
  return { subOrgId: requested ?? null, isChosen: Boolean(requested), isOutOfReach: false };
}

/** Open invitations the actor sees and resends: their organization (sub-org admins: their sub-organization), roles they could grant. */
export type InvitationScope = { orgId: string | null; subOrgId?: string | null; isEmpty?: true };

export function invitationScope(actor: Actor): InvitationScope {
  if (isSuperAdmin(actor)) return { orgId: actor.orgId };
  if (!actor.orgId) return { orgId: null, isEmpty: true };
  if (isSubOrgRole(actor.role)) return actor.subOrgId ? { orgId: actor.orgId, subOrgId: actor.subOrgId } : { orgId: null, isEmpty: true };
  return { orgId: actor.orgId };
}

export function mayResendInvitation(actor: Actor, invitation: { orgId: string | null; subOrgId: string | null; userType: string }): boolean {
  const scope = invitationScope(actor);
  if (scope.isEmpty) return false;
  const isInScope =
    (!scope.orgId || invitation.orgId === scope.orgId) && (!('subOrgId' in scope) || (scope.subOrgId !== null && invitation.subOrgId === scope.subOrgId));
  return isInScope && canManageRole(actor.role, invitation.userType);
}

// Instructor ↔ student links

export type LinkFacts = { instructor: Omit<PersonFacts, 'isActorsStudent' | 'isActorsInstructor'> | undefined; student: Omit<PersonFacts, 'isActorsStudent' | 'isActorsInstructor'> | undefined };

/**
 * docs/product.md "Instructors and students": admins of the organization (and super_admin) manage any link in it; an instructor
 * only links in which they are the instructor, with students of their own sub-organization (of the
 * organization when they have none).
 */
export function mayManageLink(actor: Actor, { instructor, student }: LinkFacts): boolean {
  if (instructor?.userType !== 'instructor' || student?.userType !== 'student') return false;
  if (instructor.orgId === null || instructor.orgId !== student.orgId) return false;
  if (isSuperAdmin(actor)) return true;
  if (!inOrg(actor, instructor.orgId)) return false;
  if (isOrgWideRole(actor.role)) return true;
  if (actor.role !== 'instructor' || instructor.skylogId !== actor.skylogId) return false;
  return actor.subOrgId === null || student.subOrgId === actor.subOrgId;
}

/** Which links a list may hold: students their own; sub-org admins those touching their sub-organization; others their organization's. */
export type LinkScope = { orgId: string | null; subOrgId?: string; student?: string; isEmpty?: true };

export function linkScope(actor: Actor): LinkScope {
  if (isSuperAdmin(actor)) return { orgId: actor.orgId };
  if (!actor.orgId) return { orgId: null, isEmpty: true };
  if (actor.role === 'student') return { orgId: actor.orgId, student: actor.skylogId };
  if (isSubOrgRole(actor.role)) return actor.subOrgId ? { orgId: actor.orgId, subOrgId: actor.subOrgId } : { orgId: null, isEmpty: true };
  return { orgId: actor.orgId };
}

// Trips

/**
 * Which trips a person reads (docs/product.md "Flights and who sees them (tenancy)"); db/trip-conditions.ts turns it into one SQL condition.
 * Sub-organization admins read none: their pages count flights and hours per member instead.
 */
export type TripScope = { kind: 'org'; orgId: string } | { kind: 'person'; userId: string; withStudents: boolean } | { kind: 'none' };

export function tripScope(actor: Actor): TripScope {
  if (isSuperAdmin(actor) || isOrgWideRole(actor.role)) return actor.orgId ? { kind: 'org', orgId: actor.orgId } : { kind: 'none' };
  if (isSubOrgRole(actor.role)) return { kind: 'none' };
  return { kind: 'person', userId: actor.skylogId, withStudents: actor.role === 'instructor' };
}

export type TripFacts = {
  orgId: string;
  subOrgId: string | null;
  ownerId: string | null;
  leftSeat: string | null;
  rightSeat: string | null;
  /** The trip is shared with the actor. */
  isSharedWithActor: boolean;
  /** The actor is an instructor linked to the owner or a seat. */
  isActorInstructorOfCrew: boolean;
  /** The trip's cockpit audio has been processed (a new flight being sent has none yet). */
  hasRecording: boolean;
};

/** `add-recording`: send the cockpit audio of a flight (Audio Upload sends the track first, then the audio to the new trip). */
export type TripAction = 'read' | 'edit' | 'debrief' | 'delete' | 'share' | 'add-recording';

const isTripAdmin = (actor: Actor, trip: TripFacts) => (isSuperAdmin(actor) || isOrgWideRole(actor.role)) && inOrg(actor, trip.orgId);

const isOnTrip = (actor: Actor, trip: TripFacts) => [trip.ownerId, trip.leftSeat, trip.rightSeat].includes(actor.skylogId);

/**
 * Reading follows tripScope; changing needs the trip's admins, its crew or their instructors (a share only lets one
 * read). Sub-organization admins never open a flight: they only finish sending one of their own, its recording
 * added while it has none (docs/product.md "Flights and who sees them (tenancy)").
 */
export function mayOnTrip(actor: Actor, trip: TripFacts, action: TripAction): boolean {
  if (isSubOrgRole(actor.role)) return action === 'add-recording' && trip.ownerId === actor.skylogId && !trip.hasRecording;
  if (isTripAdmin(actor, trip)) return true;
  const isCrewsInstructor = actor.role === 'instructor' && trip.isActorInstructorOfCrew;
  const canEdit = isOnTrip(actor, trip) || isCrewsInstructor;
  switch (action) {
    case 'read':
      return isOrgWideRole(actor.role) ? false : canEdit || trip.isSharedWithActor;
    case 'edit':
    case 'share':
    case 'add-recording':
      return canEdit;
    case 'debrief':
      return canEdit && actor.role === 'instructor';
    case 'delete':
      return trip.ownerId === actor.skylogId;
  }
}

// A flight's crew

/**
 * Who the actor may put in a seat of a flight of `tripOrgId` (docs/product.md "A flight's crew": the crew is chosen at
 * upload or import and edited by those who may edit the flight), always someone of that organization:
 * admins anyone of it (sub-organization admins: of their sub-organization); an instructor themself and
 * their linked students; a student themself and their linked instructors.
 */
export function mayPutInSeat(actor: Actor, person: PersonFacts, tripOrgId: string): boolean {
  if (person.orgId !== tripOrgId) return false;
  if (isSuperAdmin(actor)) return true;
  if (!inOrg(actor, tripOrgId)) return false;
  if (isOrgWideRole(actor.role)) return true;
  if (isSubOrgRole(actor.role)) return inSubOrg(actor, person.subOrgId);
  if (person.skylogId === actor.skylogId) return true;
  if (actor.role === 'instructor') return person.isActorsStudent;
  if (actor.role === 'student') return person.isActorsInstructor;
  return false;
}

/**
 * Where the people a crew picker offers are looked for (mayPutInSeat decides each): the organization's
 * pilots (students and instructors) and the actor for admins, narrowed to the sub-organization for
 * sub-organization admins; the actor and their linked students or instructors for everyone else.
 */
export type SeatChoiceScope =
  | { orgId: string; subOrgId?: string; roles: readonly ('student' | 'instructor')[]; selfId: string }
  | { orgId: string; linkedTo: { userId: string; as: 'instructor' | 'student' } }
  | { isEmpty: true };

export function seatChoiceScope(actor: Actor): SeatChoiceScope {
  if (!actor.orgId) return { isEmpty: true };
  const pilots = ['student', 'instructor'] as const;
  if (isSuperAdmin(actor) || isOrgWideRole(actor.role)) return { orgId: actor.orgId, roles: pilots, selfId: actor.skylogId };
  if (isSubOrgRole(actor.role)) {
    return actor.subOrgId ? { orgId: actor.orgId, subOrgId: actor.subOrgId, roles: pilots, selfId: actor.skylogId } : { isEmpty: true };
  }
  if (actor.role === 'instructor' || actor.role === 'student') return { orgId: actor.orgId, linkedTo: { userId: actor.skylogId, as: actor.role } };
  return { isEmpty: true };
}

// Billing

/** Whom a school's members ask about paying: its administrators who may pay (not the super admin, who only visits). */
export const billingContactRoles: readonly Role[] = roleGroups.orgAdmins.filter((role) => role !== 'super_admin');

// The audit log and alerts

/** The audit log and alerts an admin reads: super_admin every organization's, org admins their own. */
export function auditScope(actor: Actor): { orgId: string | null; isEmpty?: true } {
  if (isSuperAdmin(actor)) return { orgId: null };
  return actor.orgId ? { orgId: actor.orgId } : { orgId: null, isEmpty: true };
}

export const mayOnAuditRecord = (actor: Actor, record: { orgId: string | null }) => isSuperAdmin(actor) || inOrg(actor, record.orgId);

/**
 * The organization a refusal is filed under: the one whose row it names, when that is the actor's own (or it
 * names no row). A row of another organization is filed under none, which only super admins read: one
 * organization's admins never see another's ids (a super admin visiting, or someone guessing), and the other
 * organization's admins never see who, of another organization, tried.
 */
export const denialFilingOrg = (actor: Pick<Actor, 'orgId'>, rowOrgId: string | null | undefined): string | null =>
  rowOrgId === undefined || rowOrgId === actor.orgId ? actor.orgId : null;

/** A suspicious-activity alert is about the person: their organization's admins watch them; a super admin's, the other super admins. */
export const alertFilingOrg = (actor: Pick<Actor, 'role' | 'orgId'>): string | null => (isSuperAdmin(actor) ? null : actor.orgId);

// Rows owned by one person (audio uploads, access tokens) and the fleet

export const mayOnOwnRow = (actor: Actor, row: { userId: string | null }) => row.userId !== null && row.userId === actor.skylogId;

export const mayOnAircraft = (actor: Actor, plane: { orgId: string }) => inOrg(actor, plane.orgId);

/**
 * docs/product.md "When nothing is configured": a feature without its provider tells administrators which server settings to make; the
 * crew are told whom to ask, never configuration text.
 */
export const mayReadServerSetup = (actor: Pick<Actor, 'role'>) => isOrgWideRole(actor.role);

/**
 * Always for super_admin (docs/product.md "Sign-in and second step"); an organization may require it of its administrators (its
 * setting is read only for them).
 */
export function isTwoFactorRequiredOf(role: Role, doesOrgRequireIt: boolean): boolean {
  if (role === 'super_admin') return true;
  return (roleGroups.allAdmins as readonly Role[]).includes(role) && doesOrgRequireIt;
}
