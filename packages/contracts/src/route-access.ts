import { roleGroups, roles, type Role } from './roles.ts';

/** A route rule: a path pattern (`:id` matches one segment) and the roles that may open it. */
export type RouteRule = {
  path: string;
  rbac: readonly Role[];
};

const { specAdmins, flightPageRoles, studentPageRoles, uploadPageRoles, subOrgPageRoles, signInRoles } = roleGroups;

/** Who opens which screen (docs/product.md "Who opens which screen"); RBAC, which the earlier product left open, is the administrators'. */
export const routeRules: readonly RouteRule[] = [
  { path: '/login', rbac: signInRoles },
  { path: '/dashboard/overview', rbac: specAdmins },
  { path: '/dashboard/instructors', rbac: specAdmins },
  { path: '/dashboard/instructors/:id', rbac: specAdmins },
  { path: '/dashboard/aircraft', rbac: specAdmins },
  { path: '/dashboard/aircraft/:id', rbac: specAdmins },
  { path: '/configuration/admin', rbac: specAdmins },
  { path: '/dashboard/flights', rbac: flightPageRoles },
  { path: '/dashboard/flights/:id', rbac: flightPageRoles },
  // Skylog's own: the pilot's logbook (docs/product.md "Logbook"), whoever opens flights; the server decides by the
  // row whose logbook it is. Signing is the instructors' (the operation's own role); the administrators may open the
  // page, as they open the Students pages, and read there that only instructors sign.
  { path: '/dashboard/flights/:id/logbook', rbac: flightPageRoles },
  { path: '/dashboard/logbook', rbac: flightPageRoles },
  { path: '/dashboard/logbook/signing', rbac: studentPageRoles },
  { path: '/dashboard/logbook/entries/:id', rbac: flightPageRoles },
  { path: '/dashboard/logbook/people/:skylog_id', rbac: flightPageRoles },
  // Skylog's own: courses, lessons and grading (docs/product.md "Lessons and grading"). Training opens to whoever opens
  // flights: a student's own courses and lessons, and the school's courses for its administrators and instructors,
  // who alone open a course's syllabus; the server decides by the row whose record it is.
  { path: '/dashboard/training', rbac: flightPageRoles },
  { path: '/dashboard/training/courses/:id', rbac: studentPageRoles },
  { path: '/dashboard/training/lessons/:id', rbac: flightPageRoles },
  // The hand-off brief is read as the student's training is: the student, their instructors, the school's administrators.
  { path: '/dashboard/training/students/:skylog_id/brief', rbac: flightPageRoles },
  { path: '/dashboard/students', rbac: studentPageRoles },
  { path: '/dashboard/students/:id', rbac: studentPageRoles },
  { path: '/configuration/markers', rbac: uploadPageRoles },
  { path: '/dashboard/audio-upload', rbac: uploadPageRoles },
  // Skylog's own: the phone recorder (docs/product.md "Recording on a phone") sends a flight as Audio Upload does, so
  // whoever opens Audio Upload opens it.
  { path: '/record', rbac: uploadPageRoles },
  { path: '/configuration/sub-organization', rbac: subOrgPageRoles },
  { path: '/configuration/sub-organization/:id', rbac: subOrgPageRoles },
  { path: '/configuration/billing', rbac: flightPageRoles },
  { path: '/configuration/cable-collection', rbac: specAdmins },
  { path: '/configuration/rbac', rbac: specAdmins },
  // Decided here: everyone's own account security, opened from the profile (every role, the secondary admins too).
  { path: '/account/security', rbac: roles },
  // Decided here: where a member of a school whose subscription is not active is held
  // (docs/product.md "Billing and the payment hold"), whatever their role, told whom to ask; the school's billing
  // admins are held on Billing instead, where they pay.
  { path: '/account/subscription', rbac: roles },
];

function splitPath(path: string): string[] {
  return path.split('?')[0]!.split('/').filter(Boolean);
}

export function matchRouteRule(path: string): RouteRule | undefined {
  const segments = splitPath(path);
  return routeRules.find((rule) => {
    const pattern = splitPath(rule.path);
    return (
      pattern.length === segments.length &&
      pattern.every((part, index) => part.startsWith(':') || part === segments[index])
    );
  });
}

export type RouteDecision = { isAllowed: boolean; isSelfAccess: boolean; isKnownRoute: boolean };

/**
 * The browser's role gate (docs/product.md "Who opens which screen"): a path is allowed when it matches a known route
 * and either its last segment is the user's own skylog_id or the role is among the route's roles.
 */
export function decideRouteAccess(path: string, role: string, skylogId: string | null | undefined): RouteDecision {
  const rule = matchRouteRule(path);
  if (!rule) return { isAllowed: false, isSelfAccess: false, isKnownRoute: false };
  const lastSegment = splitPath(path).at(-1);
  const isSelfAccess = Boolean(skylogId) && lastSegment === skylogId;
  const isAllowed = isSelfAccess || (rule.rbac as readonly string[]).includes(role);
  return { isAllowed, isSelfAccess, isKnownRoute: true };
}

export type MenuCategory = 'dashboard' | 'configuration';

export type MenuItem = {
  id: string;
  path: string;
  label: string;
  category: MenuCategory;
  rbac: readonly Role[];
};

function menuItem(id: string, label: string, path: string, category: MenuCategory): MenuItem {
  const rule = routeRules.find((candidate) => candidate.path === path);
  if (!rule) throw new Error(`No route rule for menu path ${path}`);
  return { id, path, label, category, rbac: rule.rbac };
}

/**
 * The sidebar menu (docs/product.md "The shell"); each item's roles are its route's roles. Audio Upload, Markers,
 * Logbook and Training are not among the earlier product's ten items: Skylog adds them so the roles that may open
 * those pages reach them from the menu, Audio Upload and Markers at the end of their sections, Logbook and Training
 * after Flights.
 */
export const menuItems: readonly MenuItem[] = [
  menuItem('overview', 'Overview', '/dashboard/overview', 'dashboard'),
  menuItem('flights', 'Flights', '/dashboard/flights', 'dashboard'),
  menuItem('logbook', 'Logbook', '/dashboard/logbook', 'dashboard'),
  menuItem('training', 'Training', '/dashboard/training', 'dashboard'),
  menuItem('instructors', 'Instructors', '/dashboard/instructors', 'dashboard'),
  menuItem('students', 'Students', '/dashboard/students', 'dashboard'),
  menuItem('aircraft', 'Aircraft', '/dashboard/aircraft', 'dashboard'),
  menuItem('audio-upload', 'Audio Upload', '/dashboard/audio-upload', 'dashboard'),
  menuItem('record', 'Record a Flight', '/record', 'dashboard'),
  menuItem('sub-organization', 'Sub Organization', '/configuration/sub-organization', 'configuration'),
  menuItem('admin', 'Admin', '/configuration/admin', 'configuration'),
  menuItem('rbac', 'RBAC', '/configuration/rbac', 'configuration'),
  menuItem('billing', 'Billing', '/configuration/billing', 'configuration'),
  menuItem('cable-collection', 'Cable Collection', '/configuration/cable-collection', 'configuration'),
  menuItem('markers', 'Markers', '/configuration/markers', 'configuration'),
];

export function getMenuItemsForRole(role: string): MenuItem[] {
  return menuItems.filter((item) => (item.rbac as readonly string[]).includes(role));
}

/** Which roles see which buttons within a screen (docs/product.md "Buttons within screens"). */
export const componentPermissions = {
  'instructors.add': specAdmins,
  'instructors.edit': specAdmins,
  'instructors.delete': specAdmins,
  'instructor-detail.link-student': specAdmins,
  'students.add': studentPageRoles,
  'students.edit': studentPageRoles,
  'students.delete': studentPageRoles,
  'students.row-actions': studentPageRoles,
  'student-detail.link-instructor': studentPageRoles,
  'organization.switch': ['super_admin'],
  // Skylog's own: the buttons of screens the earlier product did not describe follow the API's own roles.
  'sub-organizations.create': roleGroups.orgAdmins,
  'sub-organizations.delete': roleGroups.orgAdmins,
  'aircraft.edit': roleGroups.orgAdmins,
  'marker-categories.edit': roleGroups.orgAdmins,
} as const satisfies Record<string, readonly Role[]>;

export type ComponentPermission = keyof typeof componentPermissions;

export function hasComponentPermission(role: string, permission: ComponentPermission): boolean {
  return (componentPermissions[permission] as readonly string[]).includes(role);
}
