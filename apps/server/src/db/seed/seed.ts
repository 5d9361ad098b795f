import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AssignableRole } from '@skylog/contracts';
import { symmetricEncrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../lib/app-context.ts';
import { hashPassword } from '../../lib/password.ts';
import { countAccounts, insertAccount, isEmailTaken } from '../../modules/accounts/accounts.repository.ts';
import type { Database, Executor } from '../client.ts';
import { aircraft, authTwoFactor, authUser, orgs, studentInstructor, subOrgs } from '../schema/index.ts';
import { seedDemoLogbook } from './seed-demo-logbook.ts';
import { seedDemoTraining } from './seed-demo-training.ts';
import { seedDemoTrips } from './seed-demo-trips.ts';
import { demoLinks, demoPeople, demoRoleAccounts, demoSchool, otherSchool, type DemoPerson } from './demo-school.ts';

export type SeedResult =
  | { seeded: false }
  | { seeded: true; password: string; isPasswordGenerated: boolean; emails: string[]; hasAuthenticator: boolean };

export type SeedOptions = {
  /** Also the demo school's three flights, in the same transaction (they need the app's storage and job queue). */
  flights?: AppContext;
  /** Where a generated password is saved. */
  credentialsFile?: string;
  /**
   * The demo super admin's authenticator key (base32), set up as if they had scanned it; without it they set one up at
   * their first sign-in, as every super admin must (docs/product.md "Sign-in and second step").
   */
  authenticator?: { key: string; authSecret: string } | undefined;
};

/**
 * Seeds the demo school on an empty database; does nothing when accounts exist. One transaction: a first
 * start stopped while seeding leaves no accounts, so the next start seeds again, and the generated
 * password is saved before the commit, so a seeded school always has its password on disk.
 */
export async function seedDemoSchool(db: Database, password: string | undefined, options: SeedOptions = {}): Promise<SeedResult> {
  if ((await countAccounts(db)) > 0) return { seeded: false };
  const isPasswordGenerated = !password;
  const demoPassword = password ?? generatePassword();
  const passwordHash = await hashPassword(demoPassword);
  const emails = demoRoleAccounts.map((person) => person.email);
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
      const { skylogId, authId } = await insertAccount(tx, toNewAccount(person, passwordHash, orgId, person.subOrg ? subOrgIds.get(person.subOrg)! : null));
      ids.set(person.email, skylogId);
      if (person.role === 'super_admin' && options.authenticator) await insertAuthenticator(tx, authId, options.authenticator);
    };
    for (const person of [...demoRoleAccounts, ...demoPeople]) await add(person, school!.id);
    for (const person of otherSchool.people) await add(person, other!.id);
    await linkInstructors(tx, ids);
    if (options.flights) await seedDemoTrips(options.flights, tx);
    await seedDemoLogbook(tx);
    await seedDemoTraining(tx);
    if (isPasswordGenerated && options.credentialsFile) writeCredentials(options.credentialsFile, credentialLines(emails, demoPassword, true, Boolean(options.authenticator)));
  });
  options.flights?.jobs.wake();
  return { seeded: true, password: demoPassword, isPasswordGenerated, emails, hasAuthenticator: Boolean(options.authenticator) };
}

/** As better-auth's two-factor plugin stores a key from elsewhere: `base32:<key>`, encrypted with the auth secret. */
async function insertAuthenticator(tx: Executor, authId: string, { key, authSecret }: { key: string; authSecret: string }) {
  const secret = await symmetricEncrypt({ key: authSecret, data: `base32:${key}` });
  await tx.insert(authTwoFactor).values({ id: randomUUID(), userId: authId, secret, backupCodes: '[]', verified: true, friendlyName: 'Demo authenticator' });
  await tx.update(authUser).set({ twoFactorEnabled: true }).where(eq(authUser.id, authId));
}

/** What the first start prints and saves: the demo accounts and their password. */
export function credentialLines(emails: string[], password: string, isPasswordGenerated: boolean, hasAuthenticator: boolean): string[] {
  return [
    'Demo school "Skyline Flight Academy": sign in with any of these accounts',
    ...emails.map((email) => `  ${email}`),
    `Password for all of them: ${password}${isPasswordGenerated ? ' (generated; set SKYLOG_DEMO_PASSWORD to choose one)' : ''}`,
    hasAuthenticator
      ? 'The Superadmin signs in with a second step: a code of the key in SKYLOG_DEMO_AUTHENTICATOR_KEY.'
      : 'Super admins sign in with a second step: at the first sign-in, scan the QR code Skylog shows with an authenticator app.',
  ];
}

function writeCredentials(file: string, lines: string[]): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
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
