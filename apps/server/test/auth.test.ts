import { apiErrorSchema, auditListSchema, limits, rateLimitedMessage, type AuditEntry } from '@skylog/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccount, authSession, authUser, users } from '../src/db/schema/index.ts';
import { appOrigin, createTestApp, demoPassword, nextClientIp, skylogIdOf, tokenFromOutbox, type TestApp } from './helper.ts';

const signInUrl = '/api/auth/sign-in/email';

describe('accounts and sessions', () => {
  let t: TestApp;
  let superadmin: string;

  const signInRequest = (email: string, password: string, remoteAddress = nextClientIp()) =>
    t.request({ method: 'POST', url: signInUrl, payload: { email, password }, remoteAddress });

  async function auditEntries(query: string): Promise<AuditEntry[]> {
    const response = await t.request({ method: 'GET', url: `/api/audit-log?${query}`, cookie: superadmin });
    expect(response.statusCode).toBe(200);
    return auditListSchema.parse(response.json()).items;
  }

  beforeAll(async () => {
    t = await createTestApp();
    superadmin = await t.signIn('superadmin@skyline.test');
  });
  afterAll(async () => t.close());

  describe('sign-in', () => {
    it('sets an httpOnly, SameSite=Lax session cookie named skylog.session_token that opens /api/me', async () => {
      const response = await signInRequest('student@skyline.test', demoPassword);
      expect(response.statusCode).toBe(200);

      const sessionCookie = response.cookies.find((cookie) => cookie.name === 'skylog.session_token');
      expect(sessionCookie).toBeDefined();
      expect(sessionCookie!.httpOnly).toBe(true);
      expect(sessionCookie!.sameSite).toBe('Lax');
      expect(sessionCookie!.path).toBe('/');
      expect(sessionCookie!.value).not.toBe('');

      const me = await t.request({ method: 'GET', url: '/api/me', cookie: `skylog.session_token=${sessionCookie!.value}` });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ email: 'student@skyline.test', user_type: 'student' });
    });

    it('accepts the e-mail address in any letter case', async () => {
      const response = await signInRequest('Student@Skyline.TEST', demoPassword);
      expect(response.statusCode).toBe(200);
    });

    it('answers a wrong password with 401 and the one sign-in failure message', async () => {
      const response = await signInRequest('student@skyline.test', 'not-the-password');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 401, code: 'unauthenticated', message: 'Invalid e-mail or password.' });
      expect(response.cookies.find((cookie) => cookie.name === 'skylog.session_token')).toBeUndefined();
    });

    it('answers an unknown e-mail address exactly like a wrong password', async () => {
      const response = await signInRequest('nobody@skyline.test', 'not-the-password');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 401, code: 'unauthenticated', message: 'Invalid e-mail or password.' });
    });

    it('audits sign-in successes and failures with the account they concern', async () => {
      const instructorId = await skylogIdOf(t, 'instructor@skyline.test');
      await t.signIn('instructor@skyline.test');
      expect((await signInRequest('instructor@skyline.test', 'wrong-password-1')).statusCode).toBe(401);

      const successes = await auditEntries(`action=auth.sign-in&status=success&user_id=${instructorId}`);
      expect(successes.length).toBeGreaterThanOrEqual(1);
      expect(successes[0]).toMatchObject({
        userId: instructorId,
        userRole: 'instructor',
        action: 'auth.sign-in',
        resource: 'session',
        status: 'success',
        details: { email: 'instructor@skyline.test', httpStatus: 200 },
      });

      const failures = await auditEntries(`action=auth.sign-in&status=failure&user_id=${instructorId}`);
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ status: 'failure', details: { email: 'instructor@skyline.test', httpStatus: 401 } });

      // A failure for an address nobody has is still recorded, without an account.
      const anonymous = (await auditEntries('action=auth.sign-in&status=failure')).filter(
        (entry) => entry.details.email === 'nobody@skyline.test',
      );
      expect(anonymous.length).toBeGreaterThanOrEqual(1);
      expect(anonymous[0]!.userId).toBeNull();
    });
  });

  describe('sign-out', () => {
    it('revokes the session on the server: the same cookie is refused afterwards', async () => {
      const cookie = await t.signIn('leo.nakamura@skyline.test');
      expect((await t.request({ method: 'GET', url: '/api/me', cookie })).statusCode).toBe(200);
      const token = decodeURIComponent(cookie.split('=')[1]!.split(';')[0]!).split('.')[0]!;
      expect(await t.ctx.db.select().from(authSession).where(eq(authSession.token, token))).toHaveLength(1);

      const signOut = await t.request({ method: 'POST', url: '/api/auth/sign-out', cookie, headers: { origin: appOrigin }, payload: {} });
      expect(signOut.statusCode).toBe(200);
      const cleared = signOut.cookies.find((item) => item.name === 'skylog.session_token');
      expect(cleared?.value).toBe('');
      expect(cleared?.maxAge).toBe(0);

      // The browser would drop the cookie; replaying it must not work either.
      const me = await t.request({ method: 'GET', url: '/api/me', cookie });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toMatchObject({ status: 401, code: 'unauthenticated' });
      expect(await t.ctx.db.select().from(authSession).where(eq(authSession.token, token))).toHaveLength(0);
    });

    it('leaves the account’s other sessions signed in', async () => {
      const first = await t.signIn('priya.shah@skyline.test');
      const second = await t.signIn('priya.shah@skyline.test');
      await t.request({ method: 'POST', url: '/api/auth/sign-out', cookie: first, headers: { origin: appOrigin }, payload: {} });
      expect((await t.request({ method: 'GET', url: '/api/me', cookie: first })).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url: '/api/me', cookie: second })).statusCode).toBe(200);
    });
  });

  describe('origin (CSRF) check', () => {
    const signOut = (cookie: string, headers: Record<string, string | undefined>) =>
      t.request({ method: 'POST', url: '/api/auth/sign-out', cookie, headers, payload: {} });

    it('refuses a cookie-bearing sign-out from another origin with 403 and keeps the session', async () => {
      const cookie = await t.signIn('secondary@skyline.test');
      const response = await signOut(cookie, { origin: 'https://evil.example' });
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 403, code: 'forbidden' });
      expect(response.cookies.find((item) => item.name === 'skylog.session_token')).toBeUndefined();
      expect((await t.request({ method: 'GET', url: '/api/me', cookie })).statusCode).toBe(200);
    });

    it('refuses a cookie-bearing sign-out without an origin with 403 and keeps the session', async () => {
      const cookie = await t.signIn('secondary@skyline.test');
      const response = await signOut(cookie, { origin: undefined });
      expect(response.statusCode).toBe(403);
      expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 403, code: 'forbidden' });
      expect((await t.request({ method: 'GET', url: '/api/me', cookie })).statusCode).toBe(200);
    });

    it('accepts the sign-out from the app origin', async () => {
      const cookie = await t.signIn('secondary@skyline.test');
      expect((await signOut(cookie, { origin: 'https://evil.example' })).statusCode).toBe(403);
      expect((await signOut(cookie, { origin: appOrigin })).statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: '/api/me', cookie })).statusCode).toBe(401);
    });

    it('refuses a sign-in with a callbackURL on another origin with 403 in the one error shape, and sets no cookie', async () => {
      const response = await t.request({
        method: 'POST',
        url: signInUrl,
        payload: { email: 'suborgadmin@skyline.test', password: demoPassword, callbackURL: 'https://evil.example/' },
        remoteAddress: nextClientIp(),
      });
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json();
      expect(apiErrorSchema.parse(body)).toEqual(body);
      expect(body).toEqual({ status: 403, code: 'forbidden', message: 'Invalid callbackURL' });
      expect(response.cookies.find((cookie) => cookie.name === 'skylog.session_token')).toBeUndefined();
    });

    it('accepts a sign-in with a callbackURL on the app origin', async () => {
      const response = await t.request({
        method: 'POST',
        url: signInUrl,
        payload: { email: 'suborgadmin@skyline.test', password: demoPassword, callbackURL: `${appOrigin}/dashboard` },
        remoteAddress: nextClientIp(),
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('better-auth endpoints the app does not use', () => {
    const notFound = { status: 404, code: 'not_found', message: 'Not found' };
    const email = 'pilot@harbor.test';
    let cookie: string;

    const post = (url: string, payload: object) => t.request({ method: 'POST', url, cookie, headers: { origin: appOrigin }, payload });

    function expectNotFound(response: Awaited<ReturnType<TestApp['request']>>) {
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json();
      expect(apiErrorSchema.parse(body)).toEqual(body);
      expect(body).toEqual(notFound);
    }

    beforeAll(async () => {
      cookie = await t.signIn(email);
    });

    for (const method of ['GET', 'POST'] as const) {
      it(`${method} /api/auth/nope answers 404 not_found in the one error shape`, async () => {
        expectNotFound(await t.request({ method, url: '/api/auth/nope', ...(method === 'POST' ? { payload: {} } : {}) }));
        expectNotFound(await t.request({ method, url: '/api/auth/nope', cookie, headers: { origin: appOrigin } }));
      });
    }

    it('update-user answers 404 and the name stays', async () => {
      expectNotFound(await post('/api/auth/update-user', { name: 'Hijacked Through Better Auth' }));
      const me = await t.request({ method: 'GET', url: '/api/me', cookie });
      expect(me.statusCode).toBe(200);
      expect(me.json().name).toBe('Pia Lund');
      const [stored] = await t.ctx.db.select({ name: authUser.name }).from(authUser).where(eq(authUser.email, email));
      expect(stored?.name).toBe('Pia Lund');
    });

    it('change-email answers 404 and the address stays', async () => {
      expectNotFound(await post('/api/auth/change-email', { newEmail: 'pia.elsewhere@harbor.test', callbackURL: `${appOrigin}/` }));
      expect((await t.request({ method: 'GET', url: '/api/me', cookie })).json()).toMatchObject({ email, email_verified: true });
    });

    it('delete-user answers 404 and the account and session stay', async () => {
      expectNotFound(await post('/api/auth/delete-user', { password: demoPassword }));
      expect((await t.request({ method: 'GET', url: '/api/me', cookie })).statusCode).toBe(200);
      expect(await skylogIdOf(t, email)).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('sign-up/email answers 404 and creates no account', async () => {
      const newcomer = 'walk-in@skyline.test';
      expectNotFound(await post('/api/auth/sign-up/email', { email: newcomer, password: 'walk-in-password-1', name: 'Walk In' }));
      expectNotFound(
        await t.request({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          payload: { email: newcomer, password: 'walk-in-password-1', name: 'Walk In' },
        }),
      );
      expect(await t.ctx.db.select().from(authUser).where(eq(authUser.email, newcomer))).toHaveLength(0);
      await expect(skylogIdOf(t, newcomer)).rejects.toThrow();
    });
  });

  describe('sign-in rate limit', () => {
    it('refuses the 6th attempt from one address within 60 s with 429 rate_limited, even with the right password', async () => {
      const address = nextClientIp();
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const response = await signInRequest('jonas.berg@skyline.test', `wrong-password-${attempt}`, address);
        expect(response.statusCode, `attempt ${attempt}`).toBe(401);
      }

      const sixth = await signInRequest('jonas.berg@skyline.test', 'wrong-password-6', address);
      expect(sixth.statusCode).toBe(429);
      const body = apiErrorSchema.parse(sixth.json());
      expect(body.status).toBe(429);
      expect(body.code).toBe('rate_limited');
      expect(body.message.startsWith('Too many sign-in attempts')).toBe(true);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);

      const rightPassword = await signInRequest('jonas.berg@skyline.test', demoPassword, address);
      expect(rightPassword.statusCode).toBe(429);
      expect(rightPassword.cookies.find((cookie) => cookie.name === 'skylog.session_token')).toBeUndefined();
    });

    it('audits the refused attempt with status 429', async () => {
      const jonasId = await skylogIdOf(t, 'jonas.berg@skyline.test');
      const failures = await auditEntries(`action=auth.sign-in&status=failure&user_id=${jonasId}`);
      expect(failures.filter((entry) => entry.details.httpStatus === 429)).toHaveLength(2);
      expect(failures.filter((entry) => entry.details.httpStatus === 401)).toHaveLength(5);
    });

    it('cannot be escaped with client-supplied address headers', async () => {
      const address = nextClientIp();
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        const response = await t.request({
          method: 'POST',
          url: signInUrl,
          payload: { email: 'marcus.webb@skyline.test', password: `wrong-password-${attempt}` },
          remoteAddress: address,
          headers: { 'x-forwarded-for': `203.0.113.${attempt}`, 'x-skylog-client-ip': `198.51.100.${attempt}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it('lets at most 5 of 20 simultaneous wrong passwords for one account through; the rest answer 429', async () => {
      const email = 'suborgsecondary@skyline.test';
      const address = nextClientIp();
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) => signInRequest(email, `wrong-password-${index + 1}`, address)),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(15);
      for (const response of responses.filter((item) => item.statusCode === 429)) {
        expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 429, code: 'rate_limited' });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }

      // The right password from that address is refused too; another address is not affected.
      expect((await signInRequest(email, demoPassword, address)).statusCode).toBe(429);
      expect((await signInRequest(email, demoPassword)).statusCode).toBe(200);
    });

    it('also limits one address trying many accounts (60 failures per 60 s)', async () => {
      const address = nextClientIp();
      for (let attempt = 1; attempt <= limits.signInAttemptsPerAddress; attempt += 1) {
        const response = await signInRequest(`guess-${attempt}@skyline.test`, 'wrong-password', address);
        expect(response.statusCode, `attempt ${attempt}`).toBe(401);
      }
      const next = await signInRequest('orgadmin@skyline.test', demoPassword, address);
      expect(next.statusCode).toBe(429);
      expect(next.json().code).toBe('rate_limited');
    });

    it('does not count successful sign-ins', async () => {
      const address = nextClientIp();
      for (let attempt = 1; attempt <= 8; attempt += 1) {
        const response = await signInRequest('ana.costa@skyline.test', demoPassword, address);
        expect(response.statusCode, `sign-in ${attempt}`).toBe(200);
      }
    });

    it('does not count successful sign-ins of a class signing in at once from one address', async () => {
      const address = nextClientIp();
      const classmates = [
        'orgadmin@skyline.test',
        'secondary@skyline.test',
        'suborgadmin@skyline.test',
        'instructor@skyline.test',
        'student@skyline.test',
        'marcus.webb@skyline.test',
        'ana.costa@skyline.test',
        'leo.nakamura@skyline.test',
        'priya.shah@skyline.test',
        'admin@harbor.test',
        'pilot@harbor.test',
        'superadmin@skyline.test',
      ];
      const responses = await Promise.all(classmates.map((email) => signInRequest(email, demoPassword, address)));
      expect(responses.map((response) => response.statusCode)).toEqual(classmates.map(() => 200));

      // Their places were given back: the address still has all its failures of the window.
      for (let attempt = 1; attempt <= limits.signInAttemptsPerAddress; attempt += 1) {
        const response = await signInRequest(`class-guess-${attempt}@skyline.test`, 'wrong-password', address);
        expect(response.statusCode, `failure ${attempt}`).toBe(401);
      }
      expect((await signInRequest('class-guess-last@skyline.test', 'wrong-password', address)).statusCode).toBe(429);
    });

    it("one person's typing locks only their own account: another account signs in from the same address", async () => {
      const address = nextClientIp();
      for (let attempt = 1; attempt <= 25; attempt += 1) {
        const response = await signInRequest('priya.shah@skyline.test', `wrong-password-${attempt}`, address);
        expect(response.statusCode, `attempt ${attempt}`).toBe(attempt <= limits.signInAttemptsPerWindow ? 401 : 429);
      }
      const classmate = await signInRequest('leo.nakamura@skyline.test', demoPassword, address);
      expect(classmate.statusCode, classmate.body).toBe(200);
      expect((await signInRequest('priya.shah@skyline.test', demoPassword, address)).statusCode).toBe(429);

      // However long they keep typing: refused attempts do not count against the address.
      for (let attempt = 1; attempt <= limits.signInAttemptsPerAddress; attempt += 1) {
        expect((await signInRequest('priya.shah@skyline.test', `still-wrong-${attempt}`, address)).statusCode).toBe(429);
      }
      expect((await signInRequest('marcus.webb@skyline.test', demoPassword, address)).statusCode).toBe(200);

      // Only the attempts whose password was checked count against the address.
      const left = limits.signInAttemptsPerAddress - limits.signInAttemptsPerWindow;
      for (let attempt = 1; attempt <= left; attempt += 1) {
        const response = await signInRequest(`typo-${attempt}@skyline.test`, 'wrong-password', address);
        expect(response.statusCode, `failure ${attempt}`).toBe(401);
      }
      expect((await signInRequest('typo-last@skyline.test', 'wrong-password', address)).statusCode).toBe(429);
    });

    it('counts per client address: another address still signs in', async () => {
      const response = await signInRequest('jonas.berg@skyline.test', demoPassword, nextClientIp());
      expect(response.statusCode).toBe(200);
    });
  });

  describe('password storage', () => {
    it('stores every password as an Argon2id hash', async () => {
      const rows = await t.ctx.db
        .select({ password: authAccount.password })
        .from(authAccount)
        .where(eq(authAccount.providerId, 'credential'));
      expect(rows.length).toBeGreaterThanOrEqual(9);
      for (const row of rows) {
        expect(row.password?.startsWith('$argon2id$')).toBe(true);
        expect(row.password).not.toContain(demoPassword);
      }
    });
  });

  describe('password reset', () => {
    const email = 'emma.okafor@skyline.test';
    const newPassword = 'a-brand-new-password-42';
    let token: string;
    let sessionBeforeReset: string;

    it('e-mails a /auth/reset-password link', async () => {
      sessionBeforeReset = await t.signIn(email);
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email, redirectTo: `${appOrigin}/auth/reset-password` },
        remoteAddress: nextClientIp(),
      });
      expect(response.statusCode).toBe(200);
      const mail = (await t.outbox()).filter((entry) => entry.to === email).at(-1);
      expect(mail?.text).toContain(`${appOrigin}/auth/reset-password?token=`);
      token = await tokenFromOutbox(t, email, '/auth/reset-password');
      expect(token).not.toBe('');
    });

    it('answers an unknown address the same way without sending mail', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: 'ghost@skyline.test' },
        remoteAddress: nextClientIp(),
      });
      expect(response.statusCode).toBe(200);
      expect((await t.outbox()).filter((entry) => entry.to === 'ghost@skyline.test')).toHaveLength(0);
    });

    it('sets the new password: the old one fails, the new one works, earlier sessions end', async () => {
      const reset = await t.request({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { newPassword, token },
        remoteAddress: nextClientIp(),
      });
      expect(reset.statusCode).toBe(200);

      const old = await signInRequest(email, demoPassword);
      expect(old.statusCode).toBe(401);
      expect(old.json()).toEqual({ status: 401, code: 'unauthenticated', message: 'Invalid e-mail or password.' });
      expect((await signInRequest(email, newPassword)).statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: '/api/me', cookie: sessionBeforeReset })).statusCode).toBe(401);

      const [stored] = await t.ctx.db
        .select({ password: authAccount.password })
        .from(authAccount)
        .innerJoin(users, eq(users.authId, authAccount.userId))
        .where(eq(users.email, email));
      expect(stored?.password?.startsWith('$argon2id$')).toBe(true);
    });

    it('does not accept the same reset link twice', async () => {
      const again = await t.request({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { newPassword: 'yet-another-password-7', token },
        remoteAddress: nextClientIp(),
      });
      expect(again.statusCode).toBeGreaterThanOrEqual(400);
      expect(again.statusCode).toBeLessThan(500);
      expect(apiErrorSchema.safeParse(again.json()).success).toBe(true);
      expect((await signInRequest(email, newPassword)).statusCode).toBe(200);
    });
  });

  describe('reset-link guessing', () => {
    const resetRequest = (token: string, remoteAddress: string) =>
      t.request({ method: 'POST', url: '/api/auth/reset-password', payload: { newPassword: 'guessed-password-123', token }, remoteAddress });

    it('refuses made-up reset tokens from one address with 429 once the limit is spent, even a real one; another address still resets', async () => {
      const address = nextClientIp();
      for (let attempt = 1; attempt <= limits.passwordResetAttemptsPerWindow; attempt += 1) {
        const response = await resetRequest(`made-up-token-${attempt}`, address);
        expect(response.statusCode, `guess ${attempt}`).toBe(400);
      }
      const refused = await resetRequest('made-up-token-last', address);
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(limits.passwordResetWindowSeconds);
      expect(apiErrorSchema.parse(refused.json())).toEqual({ status: 429, code: 'rate_limited', message: rateLimitedMessage(retryAfter) });

      const email = 'priya.shah@skyline.test';
      const asked = await t.request({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email }, remoteAddress: nextClientIp() });
      expect(asked.statusCode).toBe(200);
      const token = await tokenFromOutbox(t, email, '/auth/reset-password');
      expect((await resetRequest(token, address)).statusCode).toBe(429);
      expect((await resetRequest(token, nextClientIp())).statusCode).toBe(200);
    });

    it('does not count a reset that worked', async () => {
      const address = nextClientIp();
      const email = 'ana.costa@skyline.test';
      for (let reset = 1; reset <= limits.passwordResetAttemptsPerWindow + 1; reset += 1) {
        await t.request({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email }, remoteAddress: nextClientIp() });
        const token = await tokenFromOutbox(t, email, '/auth/reset-password');
        const response = await t.request({ method: 'POST', url: '/api/auth/reset-password', payload: { newPassword: demoPassword, token }, remoteAddress: address });
        expect(response.statusCode, `reset ${reset}`).toBe(200);
      }
    });
  });

  describe('e-mail verification', () => {
    const email = 'founder@cirrus-school.test';
    const password = 'founder-password-1';

    it('refuses sign-in until the address is confirmed', async () => {
      const registered = await t.request({
        method: 'POST',
        url: '/api/registration/school',
        payload: { school_name: 'Cirrus School', name: 'Fay Founder', email, password },
      });
      expect(registered.statusCode).toBe(202);

      const response = await signInRequest(email, password);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        status: 403,
        code: 'forbidden',
        message: 'Please verify your e-mail address first: we sent you a link.',
      });
      expect(response.cookies.find((cookie) => cookie.name === 'skylog.session_token')).toBeUndefined();
    });

    it('rejects a forged verification token', async () => {
      const response = await t.request({ method: 'GET', url: '/api/auth/verify-email?token=not-a-real-token' });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect((await signInRequest(email, password)).statusCode).toBe(403);
    });

    it('confirms the address from the /auth/confirm link, after which sign-in works', async () => {
      const mail = (await t.outbox()).filter((entry) => entry.to === email).at(-1);
      expect(mail?.text).toContain(`${appOrigin}/auth/confirm?token=`);
      const token = await tokenFromOutbox(t, email, '/auth/confirm');

      const verify = await t.request({ method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });
      expect(verify.statusCode).toBe(200);

      const cookie = await t.signIn(email, password);
      const me = await t.request({ method: 'GET', url: '/api/me', cookie });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ email, email_verified: true, user_type: 'org_admin' });
    });
  });
});
