import type { AssignableRole } from '@skylog/contracts';
import { expect } from 'vitest';
import { tokenFromOutbox, type TestApp } from './helper.ts';

/** The one body every route-level role denial answers. */
export const permissionDenied = { status: 403, code: 'forbidden', message: "You don't have permission to access this page" };

export const ownAccountRefused = {
  status: 400,
  code: 'validation_error',
  message: 'You cannot change your own role, organization or status.',
};

export const missingId = '00000000-0000-4000-8000-000000000000';

/** A password every person made by `addPerson` signs in with. */
export const personPassword = 'person-password-1';

/**
 * Sessions signed in once per account and file, and requests made as them. `forget` drops a session
 * the server revoked, so the next call signs in afresh.
 */
export function sessions(getApp: () => TestApp) {
  const cookies = new Map<string, string>();
  const passwords = new Map<string, string>();

  async function as(email: string): Promise<string> {
    if (!cookies.has(email)) cookies.set(email, await getApp().signIn(email, passwords.get(email)));
    return cookies.get(email)!;
  }

  async function call(email: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
    return getApp().request({ method, url, cookie: await as(email), ...(payload === undefined ? {} : { payload: payload as object }) });
  }

  /**
   * A new person, invited by `inviter` and registered through the real invitation link, so
   * destructive tests never touch the demo accounts other tests read.
   */
  async function addPerson(
    inviter: string,
    person: { email: string; name: string; user_type: AssignableRole; sub_org_id?: string | null; org_id?: string | null },
  ): Promise<string> {
    const { name, ...invitation } = person;
    const invited = await call(inviter, 'POST', '/api/invitations', invitation);
    expect(invited.statusCode, invited.body).toBe(201);
    const token = await tokenFromOutbox(getApp(), person.email, '/auth/user-registration');
    const accepted = await getApp().request({
      method: 'POST',
      url: '/api/registration/accept',
      payload: { token, name, password: personPassword },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    passwords.set(person.email, personPassword);
    return accepted.json().skylog_id as string;
  }

  return {
    as,
    call,
    addPerson,
    /** The password an account signs in with (the demo one unless made by addPerson). */
    passwordOf: (email: string) => passwords.get(email),
    /** An account made another way (a school's registration): its password, for signing in. */
    remember: (email: string, password: string) => passwords.set(email, password),
    forget: (email: string) => cookies.delete(email),
  };
}
