import { randomBytes } from 'node:crypto';
import type { AssignableRole } from '@skylog/contracts';
import { hashPassword } from '../../lib/password.ts';
import { countAccounts, insertAccount, isEmailTaken } from '../../modules/accounts/accounts.repository.ts';
import type { Database, Executor } from '../client.ts';
import { aircraft, orgs, studentInstructor, subOrgs } from '../schema/index.ts';
import { demoLinks, demoPeople, demoRoleAccounts, demoSchool, otherSchool, type DemoPerson } from './demo-school.ts';

export type SeedResult = { seeded: false } | { seeded: true; password: string; isPasswordGenerated: boolean; emails: string[] };

/** Seeds the demo school on an empty database, in one transaction; does nothing when accounts exist. */
export async function seedDemoSchool(db: Database, password: string | undefined): Promise<SeedResult> {
  if ((await countAccounts(db)) > 0) return { seeded: false };
  const isPasswordGenerated = !password;
  const demoPassword = password ?? generatePassword();
  const passwordHash = await hashPassword(demoPassword);
  await db.transaction(async (tx) => {
    const [school] = await tx.insert(orgs).values({ name: demoSchool.name }).returning();
    const [other] = await tx.insert(orgs).values({ name: otherSchool.name }).returning();
    const subOrgIds = new Map<string, string>();
    for (const subOrg of demoSchool.subOrgs) {
      const [row] = await tx.insert(subOrgs).values({ orgId: school!.id, name: subOrg.name, description: subOrg.description }).returning();
      subOrgIds.set(subOrg.key, row!.id);
    }
    await tx.insert(aircraft).values(demoSchool.aircraft.map((plane) => ({ ...plane, orgId: school!.id })));
    const ids = new Map<string, string>();
    const add = async (person: DemoPerson, orgId: string) => {
      const { skylogId } = await insertAccount(tx, toNewAccount(person, passwordHash, orgId, person.subOrg ? subOrgIds.get(person.subOrg)! : null));
      ids.set(person.email, skylogId);
    };
    for (const person of [...demoRoleAccounts, ...demoPeople]) await add(person, school!.id);
    for (const person of otherSchool.people) await add(person, other!.id);
    await linkInstructors(tx, ids);
  });
  return { seeded: true, password: demoPassword, isPasswordGenerated, emails: demoRoleAccounts.map((person) => person.email) };
}

/** ADMIN_EMAIL + ADMIN_PASSWORD: a super_admin for a real installation; kept as is when it exists. */
export async function ensureAdmin(db: Database, email: string, password: string): Promise<boolean> {
  if (await isEmailTaken(db, email)) return false;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await insertAccount(tx, {
      email,
      name: 'Administrator',
      passwordHash,
      isEmailVerified: true,
      userType: 'super_admin',
      orgId: null,
      subOrgId: null,
      isPaid: true,
    });
  });
  return true;
}

function toNewAccount(person: DemoPerson, passwordHash: string, orgId: string, subOrgId: string | null) {
  return {
    email: person.email,
    name: person.name,
    passwordHash,
    isEmailVerified: true,
    userType: person.role as AssignableRole,
    orgId,
    subOrgId,
    isPaid: true,
    profile: {
      phone: person.phone,
      program: person.program,
      fulltime: person.fulltime,
      licenseNumber: person.licenseNumber ?? null,
      certifications: person.certifications ?? [],
    },
  };
}

async function linkInstructors(tx: Executor, ids: Map<string, string>) {
  const rows = demoLinks.flatMap(([instructor, students]) =>
    students.map((student) => ({ instructor: ids.get(instructor)!, student: ids.get(student)! })),
  );
  await tx.insert(studentInstructor).values(rows);
}

function generatePassword(): string {
  return `Skylog-${randomBytes(9).toString('base64url')}`;
}
