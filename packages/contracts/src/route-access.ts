import type { Role } from './roles.ts';

/** A route rule of spec §6: a path pattern (`:id` matches one segment) and the roles allowed. */
export type RouteRule = {
  path: string;
  rbac: readonly Role[];
};

const adminsOnly = ['super_admin', 'org_admin', 'admin_secondary'] as const satisfies readonly Role[];
const flightRoles = ['super_admin', 'org_admin', 'admin_secondary', 'instructor', 'student'] as const satisfies readonly Role[];
const studentRoles = ['super_admin', 'org_admin', 'admin_secondary', 'instructor'] as const satisfies readonly Role[];
const uploadRoles = ['super_admin', 'admin', 'org_admin', 'sub_org_admin', 'instructor', 'student'] as const satisfies readonly Role[];
const subOrgPageRoles = [
  'super_admin',
  'org_admin',
  'admin_secondary',
  'sub_org_admin',
  'sub_org_admin_secondary',
] as const satisfies readonly Role[];
const billingRoles = ['super_admin', 'org_admin', 'admin_secondary', 'instructor', 'student'] as const satisfies readonly Role[];

/** The route-access table of spec §6. /configuration/rbac is decided in issue 4: the organization admins. */
export const routeRules: readonly RouteRule[] = [
  { path: '/login', rbac: ['super_admin', 'admin', 'org_admin', 'sub_org_admin', 'instructor', 'student'] },
  { path: '/dashboard/overview', rbac: adminsOnly },
  { path: '/dashboard/instructors', rbac: adminsOnly },
  { path: '/dashboard/instructors/:id', rbac: adminsOnly },
  { path: '/dashboard/aircraft', rbac: adminsOnly },
  { path: '/dashboard/aircraft/:id', rbac: adminsOnly },
  { path: '/configuration/admin', rbac: adminsOnly },
  { path: '/dashboard/flights', rbac: flightRoles },
  { path: '/dashboard/flights/:id', rbac: flightRoles },
  { path: '/dashboard/students', rbac: studentRoles },
  { path: '/dashboard/students/:id', rbac: studentRoles },
  { path: '/configuration/markers', rbac: uploadRoles },
  { path: '/dashboard/audio-upload', rbac: uploadRoles },
  { path: '/configuration/sub-organization', rbac: subOrgPageRoles },
  { path: '/configuration/sub-organization/:id', rbac: subOrgPageRoles },
  { path: '/configuration/billing', rbac: billingRoles },
  { path: '/configuration/cable-collection', rbac: adminsOnly },
  { path: '/configuration/rbac', rbac: adminsOnly },
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
 * The role gate of spec §4: a path is allowed when it matches a known route and either its last
 * segment is the user's own skylog_id or the role is among the route's roles.
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

/** The sidebar menu of spec §2; each item's roles are its route's roles. */
export const menuItems: readonly MenuItem[] = [
  menuItem('overview', 'Overview', '/dashboard/overview', 'dashboard'),
  menuItem('flights', 'Flights', '/dashboard/flights', 'dashboard'),
  menuItem('instructors', 'Instructors', '/dashboard/instructors', 'dashboard'),
  menuItem('students', 'Students', '/dashboard/students', 'dashboard'),
  menuItem('aircraft', 'Aircraft', '/dashboard/aircraft', 'dashboard'),
  menuItem('sub-organization', 'Sub Organization', '/configuration/sub-organization', 'configuration'),
  menuItem('admin', 'Admin', '/configuration/admin', 'configuration'),
  menuItem('rbac', 'RBAC', '/configuration/rbac', 'configuration'),
  menuItem('billing', 'Billing', '/configuration/billing', 'configuration'),
  menuItem('cable-collection', 'Cable Collection', '/configuration/cable-collection', 'configuration'),
];

export function getMenuItemsForRole(role: string): MenuItem[] {
  return menuItems.filter((item) => (item.rbac as readonly string[]).includes(role));
}

/** Component-level permissions of spec §6. */
export const componentPermissions = {
  'instructors.add': adminsOnly,
  'instructors.edit': adminsOnly,
  'instructors.delete': adminsOnly,
  'instructor-detail.link-student': adminsOnly,
  'students.add': studentRoles,
  'students.edit': studentRoles,
  'students.delete': studentRoles,
  'students.row-actions': studentRoles,
  'student-detail.link-instructor': studentRoles,
  'organization.switch': ['super_admin'],
} as const satisfies Record<string, readonly Role[]>;

export type ComponentPermission = keyof typeof componentPermissions;

export function hasComponentPermission(role: string, permission: ComponentPermission): boolean {
  return (componentPermissions[permission] as readonly string[]).includes(role);
}
