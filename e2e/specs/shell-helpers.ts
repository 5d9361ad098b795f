import { accountMessages, type Role } from '@skylog/contracts';
import { expect, request as playwrightRequest, type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';
import { freshCodes } from '../../apps/server/test/support/totp.ts';
import { authenticatorKeys, demoPassword, linkFrom, readLatestEmail } from './fixtures.ts';

/** The role (user_type) behind each of the seven demo accounts of fixtures.ts. */
export const demoRoles: Record<string, Role> = {
  'superadmin@skyline.test': 'super_admin',
  'orgadmin@skyline.test': 'org_admin',
  'secondary@skyline.test': 'admin_secondary',
  'suborgadmin@skyline.test': 'sub_org_admin',
  'suborgsecondary@skyline.test': 'sub_org_admin_secondary',
  'instructor@skyline.test': 'instructor',
  'student@skyline.test': 'student',
};

export const demoSchoolName = 'Skyline Flight Academy';
export const otherSchoolName = 'Harbor Aviation';

function baseUrl(): string {
  return process.env.E2E_APP_URL!;
}

type SendOptions = {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  data?: NonNullable<Parameters<APIRequestContext['fetch']>[1]>['data'];
  headers?: Record<string, string>;
};

/**
 * A state-changing API call for a spec's set-up, sent as the app's own pages send it: the server
 * refuses a POST, PUT, PATCH or DELETE whose Origin is missing or foreign (cross-site check), and
 * Playwright's request contexts send no Origin by themselves. Every such call in the specs goes here.
 */
export function sendFromApp(request: APIRequestContext, url: string, { headers, ...options }: SendOptions): Promise<APIResponse> {
  return request.fetch(url, { ...options, headers: { ...headers, origin: baseUrl() } });
}

/** Signs in through the auth API: the session cookie lands in whatever context owns `request`. */
export async function signInThroughApi(request: APIRequestContext, email: string, password = demoPassword): Promise<void> {
  const response = await sendFromApp(request, `${baseUrl()}/api/auth/sign-in/email`, { method: 'POST', data: { email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  if (!(await response.json()).twoFactorRedirect) return;
  const key = authenticatorKeys.get(email.toLowerCase());
  if (!key) throw new Error(`sign-in of ${email} asks for a second step: add its key to authenticatorKeys`);
  for await (const code of freshCodes(key)) {
    const step = await sendFromApp(request, `${baseUrl()}/api/auth/two-factor/verify-totp`, { method: 'POST', data: { code } });
    if (step.ok()) return;
    const body = await step.json();
    if (body.message !== accountMessages.twoFactorCodeReused) throw new Error(`second step of ${email}: ${step.status()} ${JSON.stringify(body)}`);
  }
}

/** A separate API session (its own cookies) for an administrator's side actions, or any account's. */
export async function adminApi(email: string, password = demoPassword): Promise<APIRequestContext> {
  const saved = savedSessions.get(email.toLowerCase());
  if (saved) {
    const api = await playwrightRequest.newContext({ baseURL: baseUrl(), storageState: saved });
    if ((await api.get('/api/me')).ok()) return api;
    await api.dispose();
  }
  const api = await playwrightRequest.newContext({ baseURL: baseUrl() });
  await signInThroughApi(api, email, password);
  if (authenticatorKeys.has(email.toLowerCase())) savedSessions.set(email.toLowerCase(), await api.storageState());
  return api;
}

/**
 * Sessions of accounts with an authenticator app, kept for this worker's later set-ups: each code is taken
 * once and only three are valid at a time, so signing in again for every set-up call would wait for new codes.
 */
const savedSessions = new Map<string, Awaited<ReturnType<APIRequestContext['storageState']>>>();

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@skyline.test`;
}

/** Invites `email` as `userType` with the inviter's session and returns the registration link. */
export async function invite(inviterEmail: string, email: string, userType: Role): Promise<string> {
  const api = await adminApi(inviterEmail);
  try {
    const response = await sendFromApp(api, '/api/invitations', { method: 'POST', data: { email, user_type: userType } });
    expect(response.status(), await response.text()).toBe(201);
  } finally {
    await api.dispose();
  }
  const mail = await readLatestEmail(email);
  return linkFrom(mail.text, '/auth/user-registration?token=');
}

/** Invitation accepted through the registration API (no UI): the account exists, its profile is incomplete. */
export async function createInvitedAccount(inviterEmail: string, userType: Role, name: string, prefix = 'invited') {
  const email = uniqueEmail(prefix);
  const password = 'fresh-password-1';
  const link = await invite(inviterEmail, email, userType);
  const token = new URL(link, baseUrl()).searchParams.get('token')!;
  const api = await playwrightRequest.newContext({ baseURL: baseUrl() });
  try {
    const response = await sendFromApp(api, '/api/registration/accept', { method: 'POST', data: { token, name, password } });
    expect(response.ok(), await response.text()).toBe(true);
  } finally {
    await api.dispose();
  }
  return { email, password, name };
}

/**
 * Sets up an authenticator app for the account signed in on `api` (as Account security does) and
 * remembers its key, so `signIn` and `signInThroughApi` pass its second step.
 */
export async function enrolAuthenticatorThroughApi(api: APIRequestContext, email: string, password: string): Promise<string> {
  const created = await sendFromApp(api, '/api/factors', {
    method: 'POST',
    data: { friendly_name: 'Test phone', factor_type: 'totp', password },
  });
  expect(created.status(), await created.text()).toBe(201);
  const factor = (await created.json()) as { id: string; secret: string };
  authenticatorKeys.set(email.toLowerCase(), factor.secret);
  for await (const code of freshCodes(factor.secret)) {
    const verified = await sendFromApp(api, `/api/factors/${factor.id}/verify`, { method: 'POST', data: { code } });
    if (verified.ok()) return factor.secret;
    if ((await verified.json()).message !== accountMessages.twoFactorCodeReused)
      throw new Error(`confirming the app of ${email}: ${await verified.text()}`);
  }
  return factor.secret;
}

export async function getMe(page: Page): Promise<{ skylog_id: string; org_id: string | null; name: string | null; phone: string | null }> {
  const response = await page.request.get('/api/me');
  expect(response.status()).toBe(200);
  return response.json();
}

/** A toast as people see it (react-toastify renders each one as an alert). */
export function toast(page: Page, text: string): Locator {
  return page.locator('.Toastify__toast').filter({ hasText: text });
}

export function sidebar(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Sidebar', includeHidden: true });
}

/** The top bar's avatar (the initials): decoration inside the button that names itself Update Profile. */
export function topBarAvatar(page: Page): Locator {
  return page.getByRole('button', { name: 'Update Profile', exact: true }).locator('svg');
}

export function breadcrumbs(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Breadcrumb', includeHidden: true });
}

/**
 * Records, with page timestamps, every toast or status notice that appears or disappears and every
 * client-side navigation: what contracts' limits time (the organization-switch notice, logout retries, toasts).
 */
export async function recordTimeline(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Entry = { kind: 'shown' | 'gone' | 'nav'; value: string; t: number };
    const timeline: Entry[] = [];
    (window as unknown as { __timeline: Entry[] }).__timeline = timeline;
    const push = (kind: Entry['kind'], value: string) => timeline.push({ kind, value, t: performance.now() });
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method];
      history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
        const result = original.apply(this, args);
        push('nav', `${location.pathname}${location.search}`);
        return result;
      };
    }
    const selector = '.Toastify__toast, [role="status"]';
    const matching = (node: Node): Element[] => {
      if (!(node instanceof Element)) return [];
      return [...(node.matches(selector) ? [node] : []), ...node.querySelectorAll(selector)];
    };
    new MutationObserver((records) => {
      for (const record of records) {
        record.addedNodes.forEach((node) => matching(node).forEach((element) => push('shown', element.textContent ?? '')));
        record.removedNodes.forEach((node) => matching(node).forEach((element) => push('gone', element.textContent ?? '')));
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

export type TimelineEntry = { kind: 'shown' | 'gone' | 'nav'; value: string; t: number };

export async function readTimeline(page: Page): Promise<TimelineEntry[]> {
  return page.evaluate(() => (window as unknown as { __timeline: TimelineEntry[] }).__timeline);
}

/** The first time an entry of `kind` whose text includes `text` was recorded. */
export function timeOf(timeline: TimelineEntry[], kind: TimelineEntry['kind'], text: string): number {
  const entry = timeline.find((candidate) => candidate.kind === kind && candidate.value.includes(text));
  if (!entry) throw new Error(`no ${kind} entry with "${text}" in ${JSON.stringify(timeline)}`);
  return entry.t;
}

/** The client settings as stored in IndexedDB: database 'skylog', store 'keyvaluepairs', key 'root'. */
export async function readStoredSettings(page: Page): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('skylog');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyvaluepairs')) {
            db.close();
            resolve(null);
            return;
          }
          const get = db.transaction('keyvaluepairs', 'readonly').objectStore('keyvaluepairs').get('root');
          get.onsuccess = () => {
            db.close();
            resolve(get.result ?? null);
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

export async function writeStoredSettings(page: Page, value: unknown): Promise<void> {
  await page.evaluate(
    (stored) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('skylog');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const transaction = db.transaction('keyvaluepairs', 'readwrite');
          transaction.objectStore('keyvaluepairs').put(stored, 'root');
          transaction.oncomplete = () => {
            db.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    value,
  );
}

/**
 * Answers the app's own confirm dialog (never window.confirm) titled `title`: `button` is its confirm
 * button ("Delete", "Unlink") or Cancel. The dialog is gone afterwards.
 */
export async function answerConfirmDialog(page: Page, title: string, button: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}
