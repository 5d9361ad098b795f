import { describe, expect, it } from 'vitest';
import { assignableRoles, getRoleLabel, isOrgWideRole, isRole, isSubOrgRole, roles } from './roles.ts';

describe('getRoleLabel (docs/product-spec.md §3 role labels)', () => {
  const labels = {
    super_admin: 'Superadmin',
    org_admin: 'Org Admin',
    admin_secondary: 'Secondary Admin',
    sub_org_admin: 'SubOrg Admin',
    sub_org_admin_secondary: 'SubOrg Secondary Admin',
    instructor: 'Instructor',
    student: 'Student',
  } as const;

  for (const [role, label] of Object.entries(labels)) {
    it(`labels ${role} '${label}'`, () => {
      expect(getRoleLabel(role)).toBe(label);
    });
  }

  it("gives 'admin' an empty label", () => {
    expect(getRoleLabel('admin')).toBe('');
  });

  it('gives any other value an empty label', () => {
    for (const value of ['pilot', 'Student', 'SUPER_ADMIN', ' student', '', null, undefined]) {
      expect(getRoleLabel(value)).toBe('');
    }
  });

  it('does not read labels off the object prototype', () => {
    for (const value of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
      expect(getRoleLabel(value)).toBe('');
    }
  });

  it('labels every assignable role', () => {
    for (const role of assignableRoles) expect(getRoleLabel(role)).not.toBe('');
  });
});

describe('role lists', () => {
  it('knows the eight roles of docs/product-spec.md §6, and assigns all but admin', () => {
    expect([...roles].sort()).toEqual(
      ['super_admin', 'admin', 'org_admin', 'admin_secondary', 'sub_org_admin', 'sub_org_admin_secondary', 'instructor', 'student'].sort(),
    );
    expect([...assignableRoles].sort()).toEqual(roles.filter((role) => role !== 'admin').sort());
  });

  it('isRole accepts only the known roles', () => {
    for (const role of roles) expect(isRole(role)).toBe(true);
    for (const value of ['pilot', '', 'Admin', null, undefined, 42, {}]) expect(isRole(value)).toBe(false);
  });

  it('sorts roles into organization-wide and sub-organization scopes (docs/product.md "Role groups")', () => {
    expect(roles.filter(isOrgWideRole).sort()).toEqual(['admin', 'admin_secondary', 'org_admin', 'super_admin']);
    expect(roles.filter(isSubOrgRole).sort()).toEqual(['sub_org_admin', 'sub_org_admin_secondary']);
    for (const role of ['instructor', 'student']) {
      expect(isOrgWideRole(role)).toBe(false);
      expect(isSubOrgRole(role)).toBe(false);
    }
  });
});
