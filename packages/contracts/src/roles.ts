/** Every role the system knows (docs/product-spec.md §6). `admin` appears only in some access rules. */
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

/** The badge text of docs/product-spec.md §3; any other value (including `admin`) has an empty label. */
export function getRoleLabel(userType: string | null | undefined): string {
  if (!userType) return '';
  return Object.hasOwn(roleLabels, userType) ? (roleLabels[userType] ?? '') : '';
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

/**
 * The role groups, named once: the API access table, the route rules, the component permissions
 * and the server's access rules are all built from these.
 *
 * Two families on purpose. The server's tenancy follows docs/product-decisions.md, where the legacy `admin`
 * works like an org admin (`orgAdmins`). docs/product-spec.md §6's page tables are requirements word for word and
 * name their own lists, without `admin` on most rows (`specAdmins` and the groups built from it).
 */
const orgAdmins = ['super_admin', 'admin', 'org_admin', 'admin_secondary'] as const satisfies readonly Role[];
const subOrgAdmins = ['sub_org_admin', 'sub_org_admin_secondary'] as const satisfies readonly Role[];
const specAdmins = ['super_admin', 'org_admin', 'admin_secondary'] as const satisfies readonly Role[];

export const roleGroups = {
  /** Everything in their organization, its sub-organizations included (docs/product-decisions.md tenancy). */
  orgAdmins,
  /** Their sub-organization's people and settings, and its flight counts and hours per member. */
  subOrgAdmins,
  /** Every administrator, of an organization or of a sub-organization. */
  allAdmins: [...orgAdmins, ...subOrgAdmins],
  /**
   * Who opens flights (their rows, tracks, audio, transcripts, markers): everyone but the sub-organization
   * admins, whose pages show flight counts and hours per member instead (docs/product-decisions.md tenancy).
   */
  flightRoles: [...orgAdmins, 'instructor', 'student'],
  /** docs/product-spec.md §6: Overview, Instructors, Aircraft, Admin, Cable Collection, and the instructor buttons. */
  specAdmins,
  /** docs/product-spec.md §6: the Flights pages and Billing. */
  flightPageRoles: [...specAdmins, 'instructor', 'student'],
  /** docs/product-spec.md §6: the Students pages and buttons. */
  studentPageRoles: [...specAdmins, 'instructor'],
  /** docs/product-spec.md §6: Markers and Audio Upload. */
  uploadPageRoles: ['super_admin', 'admin', 'org_admin', 'sub_org_admin', 'instructor', 'student'],
  /** docs/product-spec.md §6: the Sub Organization pages. */
  subOrgPageRoles: [...specAdmins, ...subOrgAdmins],
  /** docs/product-spec.md §6: /login. */
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
  // docs/product-spec.md §6: instructors add students.
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
