/** Every role the system knows (spec §6). `admin` appears only in some access rules. */
export const roles = [
  'super_admin',
  'admin',
  'org_admin',
  'admin_secondary',
  'sub_org_admin',
  'sub_org_admin_secondary',
  'instructor',
  'student',
] as const;

export type Role = (typeof roles)[number];

/** The seven roles a person is given; `admin` is only matched by access rules. */
export const assignableRoles = [
  'super_admin',
  'org_admin',
  'admin_secondary',
  'sub_org_admin',
  'sub_org_admin_secondary',
  'instructor',
  'student',
] as const satisfies readonly Role[];

export type AssignableRole = (typeof assignableRoles)[number];

const roleLabels: Partial<Record<string, string>> = {
  super_admin: 'Superadmin',
  org_admin: 'Org Admin',
  admin_secondary: 'Secondary Admin',
  sub_org_admin: 'SubOrg Admin',
  sub_org_admin_secondary: 'SubOrg Secondary Admin',
  instructor: 'Instructor',
  student: 'Student',
};

/** The badge text of spec §3; any other value (including `admin`) has an empty label. */
export function getRoleLabel(userType: string | null | undefined): string {
  if (!userType) return '';
  return Object.hasOwn(roleLabels, userType) ? (roleLabels[userType] ?? '') : '';
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

/** Roles that see everything in their organization (decisions.md, tenancy). */
export const orgWideRoles = ['super_admin', 'admin', 'org_admin', 'admin_secondary'] as const satisfies readonly Role[];

/** Roles scoped to one sub-organization. */
export const subOrgRoles = ['sub_org_admin', 'sub_org_admin_secondary'] as const satisfies readonly Role[];

export function isOrgWideRole(role: string): boolean {
  return (orgWideRoles as readonly string[]).includes(role);
}

export function isSubOrgRole(role: string): boolean {
  return (subOrgRoles as readonly string[]).includes(role);
}

/** Which roles a person may grant (invite as, or change to) and administer: never above their own reach. */
export function getGrantableRoles(role: string): readonly AssignableRole[] {
  if (role === 'super_admin') return assignableRoles;
  // A secondary admin works beside the org admin, never above: they cannot make (or manage) one.
  if (role === 'admin_secondary') return ['admin_secondary', 'sub_org_admin', 'sub_org_admin_secondary', 'instructor', 'student'];
  if (isOrgWideRole(role)) return assignableRoles.filter((candidate) => candidate !== 'super_admin');
  if (isSubOrgRole(role)) return ['sub_org_admin_secondary', 'instructor', 'student'];
  // Spec §6: instructors add students.
  if (role === 'instructor') return ['student'];
  return [];
}
