import { describe, expect, it } from 'vitest';
import { roles, type Role } from './roles.ts';
import {
  componentPermissions,
  decideRouteAccess,
  getMenuItemsForRole,
  hasComponentPermission,
  matchRouteRule,
  menuItems,
} from './route-access.ts';

const me = '3adf4d53-0836-4626-8c3f-18652b91d817';
const someoneElse = 'c0ffee00-0000-4000-8000-000000000001';

/** The route-access table (docs/product.md "Who opens which screen"), written out row by row. */
const admins: Role[] = ['super_admin', 'org_admin', 'admin_secondary'];
const spec: Array<{ paths: string[]; roles: Role[] }> = [
  { paths: ['/login'], roles: ['super_admin', 'admin', 'org_admin', 'sub_org_admin', 'instructor', 'student'] },
  {
    paths: [
      '/dashboard/overview',
      '/dashboard/instructors',
      `/dashboard/instructors/${someoneElse}`,
      '/dashboard/aircraft',
      '/dashboard/aircraft/42',
      '/configuration/admin',
    ],
    roles: admins,
  },
  {
    paths: ['/dashboard/flights', '/dashboard/flights/17'],
    roles: ['super_admin', 'org_admin', 'admin_secondary', 'instructor', 'student'],
  },
  // Skylog's logbook (docs/product.md "Logbook"): where the flights are; signing where the students are.
  {
    paths: [
      '/dashboard/logbook',
      `/dashboard/logbook/people/${someoneElse}`,
      `/dashboard/logbook/entries/${someoneElse}`,
      '/dashboard/flights/17/logbook',
    ],
    roles: ['super_admin', 'org_admin', 'admin_secondary', 'instructor', 'student'],
  },
  // Skylog's training (docs/product.md "Lessons and grading"): one's courses and lessons where the flights are; a
  // course's syllabus where the students are.
  { paths: ['/dashboard/training', `/dashboard/training/lessons/${someoneElse}`], roles: ['super_admin', 'org_admin', 'admin_secondary', 'instructor', 'student'] },
  {
    paths: ['/dashboard/logbook/signing', '/dashboard/students', `/dashboard/students/${someoneElse}`, `/dashboard/training/courses/${someoneElse}`],
    roles: ['super_admin', 'org_admin', 'admin_secondary', 'instructor'],
  },
  {
    paths: ['/configuration/markers', '/dashboard/audio-upload', '/record'],
    roles: ['super_admin', 'admin', 'org_admin', 'sub_org_admin', 'instructor', 'student'],
  },
  {
    paths: ['/configuration/sub-organization', '/configuration/sub-organization/5'],
    roles: ['super_admin', 'org_admin', 'admin_secondary', 'sub_org_admin', 'sub_org_admin_secondary'],
  },
  { paths: ['/configuration/billing'], roles: ['super_admin', 'org_admin', 'admin_secondary', 'instructor', 'student'] },
  { paths: ['/configuration/cable-collection'], roles: admins },
];

describe('decideRouteAccess: the role tables of docs/product-spec.md §6', () => {
  for (const row of spec) {
    for (const path of row.paths) {
      for (const role of roles) {
        const isExpected = row.roles.includes(role);
        it(`${isExpected ? 'allows' : 'refuses'} ${role} on ${path}`, () => {
          expect(decideRouteAccess(path, role, me)).toEqual({ isAllowed: isExpected, isSelfAccess: false, isKnownRoute: true });
        });
      }
    }
  }

  it('gives /configuration/rbac (not shown in the spec) to the organization admins only', () => {
    for (const role of roles) expect(decideRouteAccess('/configuration/rbac', role, me).isAllowed).toBe(admins.includes(role));
  });
});

describe('decideRouteAccess: self-access by the last segment (docs/product-spec.md §4, §6)', () => {
  it('lets anyone reach a known route that ends with their own id', () => {
    for (const role of roles) {
      expect(decideRouteAccess(`/dashboard/students/${me}`, role, me)).toEqual({ isAllowed: true, isSelfAccess: true, isKnownRoute: true });
      expect(decideRouteAccess(`/dashboard/instructors/${me}`, role, me)).toEqual({
        isAllowed: true,
        isSelfAccess: true,
        isKnownRoute: true,
      });
    }
  });

  it("does not let a student reach someone else's detail page", () => {
    expect(decideRouteAccess(`/dashboard/students/${someoneElse}`, 'student', me)).toEqual({
      isAllowed: false,
      isSelfAccess: false,
      isKnownRoute: true,
    });
  });

  it('needs the whole last segment to match', () => {
    expect(decideRouteAccess(`/dashboard/students/${me}x`, 'student', me).isAllowed).toBe(false);
    expect(decideRouteAccess(`/dashboard/students/${me.slice(0, 8)}`, 'student', me).isAllowed).toBe(false);
  });

  it('gives no self-access without an id', () => {
    for (const id of [null, undefined, '']) {
      expect(decideRouteAccess('/dashboard/students/null', 'student', id).isAllowed).toBe(false);
      expect(decideRouteAccess('/dashboard/students/undefined', 'student', id).isAllowed).toBe(false);
    }
  });

  it('ignores the query string and a trailing slash', () => {
    expect(decideRouteAccess('/dashboard/flights?org_switched=abc', 'student', me).isAllowed).toBe(true);
    expect(decideRouteAccess(`/dashboard/students/${me}?tab=trips`, 'student', me)).toMatchObject({ isAllowed: true, isSelfAccess: true });
    expect(decideRouteAccess('/dashboard/overview/', 'org_admin', me).isAllowed).toBe(true);
  });
});

describe('decideRouteAccess: unknown paths', () => {
  it('allows no one on a path that matches no route, even super_admin', () => {
    for (const path of ['/', '/dashboard', '/configuration', '/nowhere', '/dashboard/flights/1/extra', '/unauthorized']) {
      for (const role of roles)
        expect(decideRouteAccess(path, role, me)).toEqual({ isAllowed: false, isSelfAccess: false, isKnownRoute: false });
    }
  });

  it('gives no self-access on an unknown path that ends with the own id', () => {
    expect(decideRouteAccess(`/somewhere/${me}`, 'student', me)).toEqual({ isAllowed: false, isSelfAccess: false, isKnownRoute: false });
  });

  it('matches one segment per :id and nothing more', () => {
    expect(matchRouteRule('/dashboard/flights/42')?.path).toBe('/dashboard/flights/:id');
    expect(matchRouteRule('/dashboard/flights/42/logbook')?.path).toBe('/dashboard/flights/:id/logbook');
    expect(matchRouteRule('/dashboard/flights')?.path).toBe('/dashboard/flights');
    expect(matchRouteRule('/dashboard/flights/42/43')).toBeUndefined();
  });
});

describe('getMenuItemsForRole (docs/product-spec.md §2 sidebar, with Audio Upload, Record a Flight, Markers, Logbook and Training added by Skylog)', () => {
  const all = [
    'Overview',
    'Flights',
    'Logbook',
    'Training',
    'Instructors',
    'Students',
    'Aircraft',
    'Audio Upload',
    'Record a Flight',
    'Sub Organization',
    'Admin',
    'RBAC',
    'Billing',
    'Cable Collection',
    'Markers',
  ];
  // Audio Upload, Record a Flight and Markers follow their routes' roles (docs/product.md "Who opens which screen"),
  // which leave out admin_secondary and sub_org_admin_secondary but include admin and sub_org_admin.
  const uploaders = ['Audio Upload', 'Record a Flight', 'Markers'];
  const expected: Record<string, string[]> = {
    super_admin: all,
    org_admin: all,
    admin_secondary: all.filter((label) => !uploaders.includes(label)),
    admin: uploaders,
    sub_org_admin: ['Audio Upload', 'Record a Flight', 'Sub Organization', 'Markers'],
    sub_org_admin_secondary: ['Sub Organization'],
    instructor: ['Flights', 'Logbook', 'Training', 'Students', 'Audio Upload', 'Record a Flight', 'Billing', 'Markers'],
    student: ['Flights', 'Logbook', 'Training', 'Audio Upload', 'Record a Flight', 'Billing', 'Markers'],
  };

  it('covers every role', () => {
    expect(Object.keys(expected).sort()).toEqual([...roles].sort());
  });

  for (const [role, labels] of Object.entries(expected)) {
    it(`shows ${role}: ${labels.join(', ')}`, () => {
      expect(getMenuItemsForRole(role).map((item) => item.label)).toEqual(labels);
    });
  }

  it('shows nothing to an unknown role', () => {
    expect(getMenuItemsForRole('pilot')).toEqual([]);
    expect(getMenuItemsForRole('')).toEqual([]);
  });

  it('has the paths and categories of the spec table in its order, plus Audio Upload, Record a Flight, Markers, Logbook and Training', () => {
    expect(menuItems.map((item) => [item.label, item.path, item.category])).toEqual([
      ['Overview', '/dashboard/overview', 'dashboard'],
      ['Flights', '/dashboard/flights', 'dashboard'],
      ['Logbook', '/dashboard/logbook', 'dashboard'],
      ['Training', '/dashboard/training', 'dashboard'],
      ['Instructors', '/dashboard/instructors', 'dashboard'],
      ['Students', '/dashboard/students', 'dashboard'],
      ['Aircraft', '/dashboard/aircraft', 'dashboard'],
      ['Audio Upload', '/dashboard/audio-upload', 'dashboard'],
      ['Record a Flight', '/record', 'dashboard'],
      ['Sub Organization', '/configuration/sub-organization', 'configuration'],
      ['Admin', '/configuration/admin', 'configuration'],
      ['RBAC', '/configuration/rbac', 'configuration'],
      ['Billing', '/configuration/billing', 'configuration'],
      ['Cable Collection', '/configuration/cable-collection', 'configuration'],
      ['Markers', '/configuration/markers', 'configuration'],
    ]);
  });

  it('never shows an item whose page the role may not open', () => {
    for (const role of roles) {
      for (const item of getMenuItemsForRole(role)) expect(decideRouteAccess(item.path, role, me).isAllowed).toBe(true);
    }
  });
});

describe('component permissions (docs/product-spec.md §6)', () => {
  it('instructor add / edit / delete and Link Student: super_admin, org_admin, admin_secondary', () => {
    for (const permission of ['instructors.add', 'instructors.edit', 'instructors.delete', 'instructor-detail.link-student'] as const) {
      expect(roles.filter((role) => hasComponentPermission(role, permission))).toEqual(admins);
    }
  });

  it('student add / edit / delete / row actions and Link Instructor: the admins and instructor', () => {
    for (const permission of [
      'students.add',
      'students.edit',
      'students.delete',
      'students.row-actions',
      'student-detail.link-instructor',
    ] as const) {
      expect(roles.filter((role) => hasComponentPermission(role, permission)).sort()).toEqual([...admins, 'instructor'].sort());
    }
  });

  it('organization switching: super_admin only', () => {
    expect(roles.filter((role) => hasComponentPermission(role, 'organization.switch'))).toEqual(['super_admin']);
    expect(Object.keys(componentPermissions)).toContain('organization.switch');
  });
});
