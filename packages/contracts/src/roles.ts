/** Every role the system knows (docs/product.md "Roles"). `admin` is never given to anyone; some access rules name it. */
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

/** The role badge's text (docs/product.md "Roles"); any other value (including `admin`) has an empty label. */
export function getRoleLabel(userType: string | null | undefined): string {
  if (!userType) return '';
  return Object.hasOwn(roleLabels, userType) ? (roleLabels[userType] ?? '') : '';
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

/**
 * The role groups, named once: the API access table, the route rules, the component permissions and the server's access
 * rules are all built from these.
 *
 * Two families on purpose (docs/product.md "Role groups"). How far a person reaches on the server: there the legacy
 * `admin` works like an org admin (`orgAdmins`). Which screen a person opens: the earlier product's page table, kept
 * row for row, names its own lists, without `admin` on most rows (`specAdmins` and the groups built from it).
 */
const orgAdmins = ['super_admin', 'admin', 'org_admin', 'admin_secondary'] as const satisfies readonly Role[];
const subOrgAdmins = ['sub_org_admin', 'sub_org_admin_secondary'] as const satisfies readonly Role[];
const specAdmins = ['super_admin', 'org_admin', 'admin_secondary'] as const satisfies readonly Role[];

export const roleGroups = {
  /** Everything in their organization, its sub-organizations included (docs/product.md "Roles"). */
  orgAdmins,
  /** Their sub-organization's people and settings, and its flight counts and hours per member. */
  subOrgAdmins,
  /** Every administrator, of an organization or of a sub-organization. */
  allAdmins: [...orgAdmins, ...subOrgAdmins],
  /**
   * Who opens flights (their rows, tracks, audio, transcripts, markers): everyone but the sub-organization admins,
   * whose pages show flight counts and hours per member instead
   * (docs/product.md "Flights and who sees them (tenancy)").
   */
  flightRoles: [...orgAdmins, 'instructor', 'student'],
  /** The administrators' screens: Overview, Instructors, Aircraft, Admin, Cable Collection, RBAC, and the instructor buttons. */
  specAdmins,
  /** The Flights pages and Billing (docs/product.md "Who opens which screen"). */
  flightPageRoles: [...specAdmins, 'instructor', 'student'],
  /** The Students pages and buttons. */
  studentPageRoles: [...specAdmins, 'instructor'],
  /** Markers and Audio Upload: the earlier product's row, without either secondary admin. */
  uploadPageRoles: ['super_admin', 'admin', 'org_admin', 'sub_org_admin', 'instructor', 'student'],
  /** The Sub Organization pages. */
  subOrgPageRoles: [...specAdmins, ...subOrgAdmins],
  /** The sign-in page. */
  signInRoles: ['super_admin', 'admin', 'org_admin', 'sub_org_admin', 'instructor', 'student'],
} as const satisfies Record<string, readonly Role[]>;

export function isOrgWideRole(role: string): boolean {
  return (orgAdmins as readonly string[]).includes(role);
}

export function isSubOrgRole(role: string): boolean {
  return (subOrgAdmins as readonly string[]).includes(role);
}

/** Which roles a person may grant (invite as, or change to) and administer: never above their own reach. */
export function getGrantableRoles(role: string): readonly AssignableRole[] {
  if (role === 'super_admin') return assignableRoles;
  // A secondary admin works beside the org admin, never above: they cannot make (or manage) one.
  if (role === 'admin_secondary') return ['admin_secondary', 'sub_org_admin', 'sub_org_admin_secondary', 'instructor', 'student'];
  if (isOrgWideRole(role)) return assignableRoles.filter((candidate) => candidate !== 'super_admin');
  if (isSubOrgRole(role)) return ['sub_org_admin_secondary', 'instructor', 'student'];
  // Instructors add students (docs/product.md "Roles").
  if (role === 'instructor') return ['student'];
  return [];
}

/**
 * Whether someone of `actorRole` may manage a person holding `targetRole`: only roles they could
 * grant. super_admin manages everyone; the legacy `admin` ranks as an org admin.
 */
export function canManageRole(actorRole: string, targetRole: string): boolean {
  if (actorRole === 'super_admin') return true;
  const target = targetRole === 'admin' ? 'org_admin' : targetRole;
  return (getGrantableRoles(actorRole) as readonly string[]).includes(target);
}
