import type { AssignableRole, ChosenPlan } from '@skylog/contracts';
import { expect } from 'vitest';
import { hashPassword } from '../src/lib/password.ts';
import { insertAccount } from '../src/modules/accounts/accounts.repository.ts';
import { nextClientIp, tokenFromOutbox, type TestApp } from './helper.ts';
import { personPassword, type sessions } from './people-helper.ts';

type Sessions = ReturnType<typeof sessions>;

export type School = {
  orgId: string;
  /** The org_admin who registered the school. */
  owner: string;
  /** A new person of this school, invited by `inviter` (the owner by default); answers their e-mail and skylog_id. */
  addPerson: (role: AssignableRole, options?: { subOrgId?: string | null; inviter?: string }) => Promise<{ email: string; id: string }>;
  /**
   * A member written straight into the database, as an operator would: with billing on, an unpaid school's admins
   * invite nobody (402) until it pays, yet a school that stops paying has members who were there before.
   */
  addMemberBeforePaying: (role: AssignableRole) => Promise<{ email: string; id: string }>;
  addSubOrg: (name: string) => Promise<string>;
};

let counter = 0;

/**
 * A flight school of the test's own, registered through the public registration and confirmed from
 * the outbox, so a test never leans on demo accounts other tests read.
 */
export async function createSchool(t: TestApp, s: Sessions, name: string, { plan }: { plan?: ChosenPlan } = {}): Promise<School> {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${(counter += 1)}`;
  const owner = `owner@${slug}.test`;
  const registered = await t.request({
    method: 'POST',
    url: '/api/registration/school',
    payload: { school_name: name, name: `Owner of ${name}`, email: owner, password: personPassword, ...(plan ? { plan } : {}) },
    remoteAddress: nextClientIp(),
  });
  expect(registered.statusCode, registered.body).toBe(202);
  const token = await tokenFromOutbox(t, owner, '/auth/confirm');
  expect((await t.request({ method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` })).statusCode).toBe(200);
  s.remember(owner, personPassword);
  const me = await s.call(owner, 'GET', '/api/me');
  const orgId = me.json().org_id as string;
  let people = 0;
  return {
    orgId,
    owner,
    async addPerson(role, { subOrgId = null, inviter = owner } = {}) {
      const email = `${role.replaceAll('_', '-')}.${(people += 1)}@${slug}.test`;
      const id = await s.addPerson(inviter, { email, name: `${role} ${people} of ${name}`, user_type: role, sub_org_id: subOrgId });
      return { email, id };
    },
    async addMemberBeforePaying(role) {
      const email = `${role.replaceAll('_', '-')}.${(people += 1)}@${slug}.test`;
      const passwordHash = await hashPassword(personPassword);
      const { skylogId } = await t.ctx.db.transaction((tx) =>
        insertAccount(tx, { email, name: `${role} ${people} of ${name}`, passwordHash, isEmailVerified: true, userType: role, orgId, subOrgId: null, isPaid: false }),
      );
      s.remember(email, personPassword);
      return { email, id: skylogId };
    },
    async addSubOrg(subOrgName) {
      const response = await s.call(owner, 'POST', '/api/sub-orgs', { name: subOrgName });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    },
  };
}
