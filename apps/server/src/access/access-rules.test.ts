import { assignableRoles, type AssignableRole } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import {
  alertFilingOrg,
  denialFilingOrg,
  mayGradeStageCheck,
  mayManageLink,
  mayOnCourse,
  mayOnPerson,
  mayOnSubOrg,
  mayOnTraining,
  mayOnTrip,
  mayPutInSeat,
  mayReadServerSetup,
  peopleScope,
  reachOrg,
  reachSubOrg,
  seatChoiceScope,
  tripScope,
  type Actor,
  type PersonAction,
  type PersonFacts,
  type TrainingAction,
  type TripAction,
  type TripFacts,
} from './access-rules.ts';

/**
 * Role × resource × relation, written out as tables (docs/product.md "Flights and who sees them (tenancy)"
 * and "People and who manages them": a Secondary Admin never manages an Org Admin; instructors manage only
 * their own links). Every
 * actor works in organization A; those with a sub-organization are in North.
 */
const orgA = 'org-a';
const orgB = 'org-b';
const north = 'north';
const lake = 'lake';

const actorOf = (role: AssignableRole): Actor => ({
  skylogId: 'actor',
  role,
  orgId: orgA,
  subOrgId: ['sub_org_admin', 'sub_org_admin_secondary', 'instructor', 'student'].includes(role) ? north : null,
});

const person = (facts: Partial<PersonFacts> & Pick<PersonFacts, 'userType'>): PersonFacts => ({
  skylogId: 'target',
  orgId: orgA,
  subOrgId: north,
  isActorsStudent: false,
  isActorsInstructor: false,
  ...facts,
});

const people = {
  self: (role: AssignableRole) => person({ skylogId: 'actor', userType: role, subOrgId: actorOf(role).subOrgId }),
  studentSameSubOrg: () => person({ userType: 'student' }),
  ownStudent: () => person({ userType: 'student', isActorsStudent: true }),
  studentOtherSubOrg: () => person({ userType: 'student', subOrgId: lake }),
  instructorSameSubOrg: () => person({ userType: 'instructor' }),
  ownInstructor: () => person({ userType: 'instructor', isActorsInstructor: true }),
  orgAdmin: () => person({ userType: 'org_admin', subOrgId: null }),
  secondaryAdmin: () => person({ userType: 'admin_secondary', subOrgId: null }),
  subOrgSecondary: () => person({ userType: 'sub_org_admin_secondary' }),
  superAdmin: () => person({ userType: 'super_admin', subOrgId: null }),
  otherOrgStudent: () => person({ userType: 'student', orgId: orgB, subOrgId: null }),
} as const;

type PersonRelation = keyof typeof people;

/** R read, E edit the profile, A administer (role, organization, status, cable), D delete. */
const personTable: Record<AssignableRole, Record<PersonRelation, string>> = {
  super_admin: {
    self: 'RE', studentSameSubOrg: 'READ', ownStudent: 'READ', studentOtherSubOrg: 'READ', instructorSameSubOrg: 'READ', ownInstructor: 'READ',
    orgAdmin: 'READ', secondaryAdmin: 'READ', subOrgSecondary: 'READ', superAdmin: 'READ', otherOrgStudent: 'READ',
  },
  org_admin: {
    self: 'RE', studentSameSubOrg: 'READ', ownStudent: 'READ', studentOtherSubOrg: 'READ', instructorSameSubOrg: 'READ', ownInstructor: 'READ',
    orgAdmin: 'READ', secondaryAdmin: 'READ', subOrgSecondary: 'READ', superAdmin: 'R', otherOrgStudent: '',
  },
  admin_secondary: {
    self: 'RE', studentSameSubOrg: 'READ', ownStudent: 'READ', studentOtherSubOrg: 'READ', instructorSameSubOrg: 'READ', ownInstructor: 'READ',
    orgAdmin: 'R', secondaryAdmin: 'READ', subOrgSecondary: 'READ', superAdmin: 'R', otherOrgStudent: '',
  },
  sub_org_admin: {
    self: 'RE', studentSameSubOrg: 'RE', ownStudent: 'RE', studentOtherSubOrg: '', instructorSameSubOrg: 'RE', ownInstructor: 'RE',
    orgAdmin: '', secondaryAdmin: '', subOrgSecondary: 'RE', superAdmin: '', otherOrgStudent: '',
  },
  sub_org_admin_secondary: {
    self: 'RE', studentSameSubOrg: 'RE', ownStudent: 'RE', studentOtherSubOrg: '', instructorSameSubOrg: 'RE', ownInstructor: 'RE',
    orgAdmin: '', secondaryAdmin: '', subOrgSecondary: 'RE', superAdmin: '', otherOrgStudent: '',
  },
  instructor: {
    self: 'RE', studentSameSubOrg: 'R', ownStudent: 'RED', studentOtherSubOrg: 'R', instructorSameSubOrg: 'R', ownInstructor: 'R',
    orgAdmin: '', secondaryAdmin: '', subOrgSecondary: '', superAdmin: '', otherOrgStudent: '',
  },
  student: {
    self: 'RE', studentSameSubOrg: '', ownStudent: '', studentOtherSubOrg: '', instructorSameSubOrg: '', ownInstructor: 'R',
    orgAdmin: '', secondaryAdmin: '', subOrgSecondary: '', superAdmin: '', otherOrgStudent: '',
  },
};

const personLetters: Record<PersonAction, string> = { read: 'R', 'edit-profile': 'E', administer: 'A', delete: 'D' };

describe('people: role × relation', () => {
  for (const role of assignableRoles) {
    for (const relation of Object.keys(people) as PersonRelation[]) {
      it(`${role} → ${relation}: ${personTable[role][relation] || 'nothing'}`, () => {
        const target = relation === 'self' ? people.self(role) : people[relation]();
        const granted = (Object.keys(personLetters) as PersonAction[])
          .filter((action) => mayOnPerson(actorOf(role), target, action))
          .map((action) => personLetters[action])
          .join('');
        expect(granted).toBe(personTable[role][relation]);
      });
    }
  }
});

/**
 * R read the training record, N enrol, G grade (docs/product.md "Lessons and grading"): the school's instructors read a
 * student's record, only the student's own instructor grades; admins read and enrol; sub-organization admins nothing.
 */
const trainingTargets = {
  self: (role: AssignableRole) => people.self(role),
  ownStudent: () => people.ownStudent(),
  studentSameSubOrg: () => people.studentSameSubOrg(),
  studentOtherSubOrg: () => people.studentOtherSubOrg(),
  otherOrgStudent: () => people.otherOrgStudent(),
} as const;
type TrainingRelation = keyof typeof trainingTargets;
const trainingTable: Record<AssignableRole, Record<TrainingRelation, string>> = {
  super_admin: { self: 'R', ownStudent: 'RN', studentSameSubOrg: 'RN', studentOtherSubOrg: 'RN', otherOrgStudent: 'RN' },
  org_admin: { self: 'R', ownStudent: 'RN', studentSameSubOrg: 'RN', studentOtherSubOrg: 'RN', otherOrgStudent: '' },
  admin_secondary: { self: 'R', ownStudent: 'RN', studentSameSubOrg: 'RN', studentOtherSubOrg: 'RN', otherOrgStudent: '' },
  sub_org_admin: { self: 'R', ownStudent: '', studentSameSubOrg: '', studentOtherSubOrg: '', otherOrgStudent: '' },
  sub_org_admin_secondary: { self: 'R', ownStudent: '', studentSameSubOrg: '', studentOtherSubOrg: '', otherOrgStudent: '' },
  instructor: { self: 'R', ownStudent: 'RNG', studentSameSubOrg: 'R', studentOtherSubOrg: 'R', otherOrgStudent: '' },
  student: { self: 'R', ownStudent: '', studentSameSubOrg: '', studentOtherSubOrg: '', otherOrgStudent: '' },
};
const trainingLetters: Record<TrainingAction, string> = { read: 'R', enroll: 'N', grade: 'G' };

describe('training records: role × relation', () => {
  for (const role of assignableRoles) {
    for (const relation of Object.keys(trainingTargets) as TrainingRelation[]) {
      it(`${role} → ${relation}: ${trainingTable[role][relation] || 'nothing'}`, () => {
        const target = relation === 'self' ? trainingTargets.self(role) : trainingTargets[relation]();
        const granted = (Object.keys(trainingLetters) as TrainingAction[])
          .filter((action) => mayOnTraining(actorOf(role), target, action))
          .map((action) => trainingLetters[action])
          .join('');
        expect(granted).toBe(trainingTable[role][relation]);
      });
    }
  }

  it('gives a stage check to a named check instructor of the school who did not teach the stage, never to the student', () => {
    const instructor = actorOf('instructor');
    const student = people.studentSameSubOrg();
    expect(mayGradeStageCheck(instructor, student, { isCheckInstructor: true, taughtTheStage: false })).toBe(true);
    expect(mayGradeStageCheck(instructor, student, { isCheckInstructor: true, taughtTheStage: true })).toBe(false);
    expect(mayGradeStageCheck(instructor, student, { isCheckInstructor: false, taughtTheStage: false })).toBe(false);
    expect(mayGradeStageCheck(instructor, people.otherOrgStudent(), { isCheckInstructor: true, taughtTheStage: false })).toBe(false);
    expect(mayGradeStageCheck(actorOf('org_admin'), student, { isCheckInstructor: true, taughtTheStage: false })).toBe(false);
  });

  it('lets a school’s members read its courses and only its organization’s admins build them', () => {
    const own = { orgId: orgA };
    const built = assignableRoles.filter((role) => mayOnCourse(actorOf(role), own, 'manage'));
    const read = assignableRoles.filter((role) => mayOnCourse(actorOf(role), own, 'read'));
    expect(built).toEqual(['super_admin', 'org_admin', 'admin_secondary']);
    expect(read).toEqual(['super_admin', 'org_admin', 'admin_secondary', 'instructor', 'student']);
    expect(assignableRoles.filter((role) => mayOnCourse(actorOf(role), { orgId: orgB }, 'read'))).toEqual(['super_admin']);
  });
});

const trip = (facts: Partial<TripFacts>): TripFacts => ({
  orgId: orgA,
  subOrgId: north,
  ownerId: 'someone',
  leftSeat: null,
  rightSeat: null,
  isSharedWithActor: false,
  isActorInstructorOfCrew: false,
  hasRecording: true,
  ...facts,
});

const trips = {
  own: trip({ ownerId: 'actor' }),
  ownBeingSent: trip({ ownerId: 'actor', hasRecording: false }),
  inASeat: trip({ leftSeat: 'actor' }),
  crewIsOwnStudents: trip({ isActorInstructorOfCrew: true }),
  sharedWithActor: trip({ isSharedWithActor: true }),
  sameSubOrg: trip({}),
  otherSubOrg: trip({ subOrgId: lake }),
  otherOrg: trip({ orgId: orgB, subOrgId: null }),
} as const;

type TripRelation = keyof typeof trips;

/**
 * R read, E edit, B debrief, D delete, S share, A add the recording. Sub-organization admins open no flight
 * (docs/product.md "Flights and who sees them (tenancy)"): they only add the recording of a new flight they are sending.
 */
const tripTable: Record<AssignableRole, Record<TripRelation, string>> = {
  super_admin: { own: 'REBDSA', ownBeingSent: 'REBDSA', inASeat: 'REBDSA', crewIsOwnStudents: 'REBDSA', sharedWithActor: 'REBDSA', sameSubOrg: 'REBDSA', otherSubOrg: 'REBDSA', otherOrg: '' },
  org_admin: { own: 'REBDSA', ownBeingSent: 'REBDSA', inASeat: 'REBDSA', crewIsOwnStudents: 'REBDSA', sharedWithActor: 'REBDSA', sameSubOrg: 'REBDSA', otherSubOrg: 'REBDSA', otherOrg: '' },
  admin_secondary: { own: 'REBDSA', ownBeingSent: 'REBDSA', inASeat: 'REBDSA', crewIsOwnStudents: 'REBDSA', sharedWithActor: 'REBDSA', sameSubOrg: 'REBDSA', otherSubOrg: 'REBDSA', otherOrg: '' },
  sub_org_admin: { own: '', ownBeingSent: 'A', inASeat: '', crewIsOwnStudents: '', sharedWithActor: '', sameSubOrg: '', otherSubOrg: '', otherOrg: '' },
  sub_org_admin_secondary: { own: '', ownBeingSent: 'A', inASeat: '', crewIsOwnStudents: '', sharedWithActor: '', sameSubOrg: '', otherSubOrg: '', otherOrg: '' },
  instructor: { own: 'REBDSA', ownBeingSent: 'REBDSA', inASeat: 'REBSA', crewIsOwnStudents: 'REBSA', sharedWithActor: 'R', sameSubOrg: '', otherSubOrg: '', otherOrg: '' },
  student: { own: 'REDSA', ownBeingSent: 'REDSA', inASeat: 'RESA', crewIsOwnStudents: '', sharedWithActor: 'R', sameSubOrg: '', otherSubOrg: '', otherOrg: '' },
};

const tripLetters: Record<TripAction, string> = { read: 'R', edit: 'E', debrief: 'B', delete: 'D', share: 'S', 'add-recording': 'A' };

describe('trips: role × relation', () => {
  for (const role of assignableRoles) {
    for (const relation of Object.keys(trips) as TripRelation[]) {
      it(`${role} → ${relation}: ${tripTable[role][relation] || 'nothing'}`, () => {
        const granted = (Object.keys(tripLetters) as TripAction[])
          .filter((action) => mayOnTrip(actorOf(role), trips[relation], action))
          .map((action) => tripLetters[action])
          .join('');
        expect(granted).toBe(tripTable[role][relation]);
      });
    }
  }

  it('the list scope of each role is the read rule: the organization, the person, or none for sub-organization admins', () => {
    expect(tripScope(actorOf('org_admin'))).toEqual({ kind: 'org', orgId: orgA });
    expect(tripScope(actorOf('sub_org_admin'))).toEqual({ kind: 'none' });
    expect(tripScope(actorOf('sub_org_admin_secondary'))).toEqual({ kind: 'none' });
    expect(tripScope(actorOf('instructor'))).toEqual({ kind: 'person', userId: 'actor', withStudents: true });
    expect(tripScope(actorOf('student'))).toEqual({ kind: 'person', userId: 'actor', withStudents: false });
    expect(tripScope({ ...actorOf('sub_org_admin'), subOrgId: null })).toEqual({ kind: 'none' });
  });
});

describe('a flight’s crew: whom each role may put in a seat of a flight of organization A', () => {
  const seatRelations = [
    'self',
    'ownStudent',
    'studentSameSubOrg',
    'studentOtherSubOrg',
    'ownInstructor',
    'instructorSameSubOrg',
    'orgAdmin',
    'otherOrgStudent',
  ] as const satisfies readonly PersonRelation[];
  const everyoneOfTheOrganization = seatRelations.filter((relation) => relation !== 'otherOrgStudent');
  const subOrgPeople = ['self', 'ownStudent', 'studentSameSubOrg', 'ownInstructor', 'instructorSameSubOrg'];
  const table: Record<AssignableRole, readonly string[]> = {
    super_admin: everyoneOfTheOrganization,
    org_admin: everyoneOfTheOrganization,
    admin_secondary: everyoneOfTheOrganization,
    sub_org_admin: subOrgPeople,
    sub_org_admin_secondary: subOrgPeople,
    instructor: ['self', 'ownStudent'],
    student: ['self', 'ownInstructor'],
  };
  for (const role of assignableRoles) {
    it(`${role}: ${table[role].join(', ')}`, () => {
      const allowed = seatRelations.filter((relation) =>
        mayPutInSeat(actorOf(role), relation === 'self' ? people.self(role) : people[relation](), orgA),
      );
      expect(allowed).toEqual(table[role]);
    });
  }

  it('a seat always holds someone of the flight’s organization; only the super admin works in another one', () => {
    const harborPilot = people.otherOrgStudent();
    expect(mayPutInSeat(actorOf('super_admin'), harborPilot, orgB)).toBe(true);
    expect(mayPutInSeat(actorOf('org_admin'), harborPilot, orgB)).toBe(false);
    expect(mayPutInSeat(actorOf('super_admin'), people.ownStudent(), orgB)).toBe(false);
    expect(mayPutInSeat(actorOf('instructor'), { ...people.ownStudent(), orgId: orgB }, orgB)).toBe(false);
  });

  it('the pickers look among the pilots of the organization (sub-organization), or the actor and their links', () => {
    expect(seatChoiceScope(actorOf('org_admin'))).toEqual({ orgId: orgA, roles: ['student', 'instructor'], selfId: 'actor' });
    expect(seatChoiceScope(actorOf('sub_org_admin'))).toEqual({ orgId: orgA, subOrgId: north, roles: ['student', 'instructor'], selfId: 'actor' });
    expect(seatChoiceScope(actorOf('instructor'))).toEqual({ orgId: orgA, linkedTo: { userId: 'actor', as: 'instructor' } });
    expect(seatChoiceScope(actorOf('student'))).toEqual({ orgId: orgA, linkedTo: { userId: 'actor', as: 'student' } });
    expect(seatChoiceScope({ ...actorOf('sub_org_admin'), subOrgId: null })).toEqual({ isEmpty: true });
    expect(seatChoiceScope({ ...actorOf('student'), orgId: null })).toEqual({ isEmpty: true });
  });
});

describe('sub-organizations: role × relation', () => {
  const subOrgs = { own: { id: north, orgId: orgA }, otherInOrg: { id: lake, orgId: orgA }, otherOrg: { id: 'far', orgId: orgB } };
  /** R read, M manage (rename, delete). */
  const table: Record<AssignableRole, Record<keyof typeof subOrgs, string>> = {
    super_admin: { own: 'RM', otherInOrg: 'RM', otherOrg: 'RM' },
    org_admin: { own: 'RM', otherInOrg: 'RM', otherOrg: '' },
    admin_secondary: { own: 'RM', otherInOrg: 'RM', otherOrg: '' },
    sub_org_admin: { own: 'RM', otherInOrg: '', otherOrg: '' },
    sub_org_admin_secondary: { own: 'RM', otherInOrg: '', otherOrg: '' },
    instructor: { own: 'R', otherInOrg: '', otherOrg: '' },
    student: { own: 'R', otherInOrg: '', otherOrg: '' },
  };
  for (const role of assignableRoles) {
    for (const relation of Object.keys(subOrgs) as (keyof typeof subOrgs)[]) {
      it(`${role} → ${relation}: ${table[role][relation] || 'nothing'}`, () => {
        const subOrg = subOrgs[relation];
        const granted = `${mayOnSubOrg(actorOf(role), subOrg, 'read') ? 'R' : ''}${mayOnSubOrg(actorOf(role), subOrg, 'manage') ? 'M' : ''}`;
        expect(granted).toBe(table[role][relation]);
      });
    }
  }
});

describe('instructor ↔ student links: who manages which', () => {
  const member = (skylogId: string, userType: string, orgId: string, subOrgId: string | null) => ({ skylogId, userType, orgId, subOrgId });
  const pairs = {
    selfWithStudentOfOwnSubOrg: { instructor: member('actor', 'instructor', orgA, north), student: member('s1', 'student', orgA, north) },
    selfWithStudentOfOtherSubOrg: { instructor: member('actor', 'instructor', orgA, north), student: member('s2', 'student', orgA, lake) },
    otherInstructorWithStudent: { instructor: member('i2', 'instructor', orgA, north), student: member('s1', 'student', orgA, north) },
    acrossOrganizations: { instructor: member('i3', 'instructor', orgA, north), student: member('s3', 'student', orgB, null) },
    notInstructorAndStudent: { instructor: member('s1', 'student', orgA, north), student: member('i2', 'instructor', orgA, north) },
  };
  const table: Record<AssignableRole, string[]> = {
    super_admin: ['selfWithStudentOfOwnSubOrg', 'selfWithStudentOfOtherSubOrg', 'otherInstructorWithStudent'],
    org_admin: ['selfWithStudentOfOwnSubOrg', 'selfWithStudentOfOtherSubOrg', 'otherInstructorWithStudent'],
    admin_secondary: ['selfWithStudentOfOwnSubOrg', 'selfWithStudentOfOtherSubOrg', 'otherInstructorWithStudent'],
    sub_org_admin: [],
    sub_org_admin_secondary: [],
    instructor: ['selfWithStudentOfOwnSubOrg'],
    student: [],
  };
  for (const role of assignableRoles) {
    it(`${role}: ${table[role].join(', ') || 'none'}`, () => {
      const allowed = Object.entries(pairs)
        .filter(([, pair]) => mayManageLink(actorOf(role), pair))
        .map(([name]) => name);
      expect(allowed).toEqual(table[role]);
    });
  }

  it('an instructor without a sub-organization links students of the whole organization', () => {
    const actor = { ...actorOf('instructor'), subOrgId: null };
    expect(mayManageLink(actor, { ...pairs.selfWithStudentOfOtherSubOrg, instructor: { ...pairs.selfWithStudentOfOtherSubOrg.instructor, subOrgId: null } })).toBe(true);
  });
});

describe('ids out of reach are refused, never silently replaced', () => {
  it('an organization other than one’s own', () => {
    expect(reachOrg(actorOf('org_admin'), orgB)).toEqual({ orgId: orgA, isOutOfReach: true });
    expect(reachOrg(actorOf('org_admin'), orgA)).toEqual({ orgId: orgA, isOutOfReach: false });
    expect(reachOrg(actorOf('org_admin'), undefined)).toEqual({ orgId: orgA, isOutOfReach: false });
    expect(reachOrg(actorOf('super_admin'), orgB)).toEqual({ orgId: orgB, isOutOfReach: false });
    expect(peopleScope(actorOf('org_admin'), orgB)).toBe('out-of-reach');
    expect(peopleScope(actorOf('org_admin'), 'all')).toBe('out-of-reach');
    expect(peopleScope(actorOf('super_admin'), 'all')).toEqual({ orgId: null });
  });

  it('a sub-organization other than one’s own, for sub-organization admins and instructors', () => {
    expect(reachSubOrg(actorOf('instructor'), lake)).toMatchObject({ subOrgId: north, isOutOfReach: true });
    expect(reachSubOrg(actorOf('sub_org_admin'), north)).toMatchObject({ subOrgId: north, isOutOfReach: false });
    expect(reachSubOrg(actorOf('org_admin'), lake)).toMatchObject({ subOrgId: lake, isOutOfReach: false });
  });
});

describe('server setup text (a provider to configure) goes to administrators only', () => {
  it('the organization admins and the super admin read it; sub-organization admins and the crew do not', () => {
    expect(assignableRoles.filter((role) => mayReadServerSetup(actorOf(role)))).toEqual(['super_admin', 'org_admin', 'admin_secondary']);
  });
});

describe('where a refusal and an alert are filed', () => {
  it('a refusal under the organization of the row it names when that is the actor’s own, another organization’s under none', () => {
    for (const role of assignableRoles) {
      expect(denialFilingOrg(actorOf(role), orgA)).toBe(orgA);
      expect(denialFilingOrg(actorOf(role), undefined)).toBe(orgA);
      expect(denialFilingOrg(actorOf(role), orgB)).toBeNull();
      expect(denialFilingOrg(actorOf(role), null)).toBeNull();
    }
  });

  it('an alert under the person’s organization; a super admin’s under none', () => {
    expect(alertFilingOrg(actorOf('org_admin'))).toBe(orgA);
    expect(alertFilingOrg(actorOf('student'))).toBe(orgA);
    expect(alertFilingOrg(actorOf('super_admin'))).toBeNull();
  });
});
