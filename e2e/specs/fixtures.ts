import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { accountMessages } from '@skylog/contracts';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { freshCodes } from '../../apps/server/test/support/totp.ts';
import { demoAuthenticatorKey } from '../demo-authenticator-key.ts';

export const demoPassword = 'e2e-demo-password';

/**
 * Accounts with an authenticator app, by e-mail: the demo super admin's key is set by playwright.config.ts
 * (SKYLOG_DEMO_AUTHENTICATOR_KEY); a spec that sets up an app adds its key.
 */
export const authenticatorKeys = new Map<string, string>([['superadmin@skyline.test', demoAuthenticatorKey]]);


/** The second step in the login screen, with a code of `key` not used before. */
export async function passSecondStep(page: Page, key: string) {
  const code = page.getByLabel('Authenticator code');
  await expect(code).toBeVisible();
  for await (const candidate of freshCodes(key)) {
    await code.fill(candidate);
    await page.getByRole('button', { name: 'Verify' }).click();
    const outcome = await Promise.race([
      page.waitForURL((url) => url.pathname !== '/login').then(() => 'signed-in' as const),
      page.getByText(accountMessages.twoFactorCodeReused).waitFor().then(() => 'reused' as const),
    ]);
    if (outcome === 'signed-in') return;
  }
}

/** The seven demo accounts and where each lands after sign-in (sub-org admins may not open Flights). */
export const roleAccounts = [
  { email: 'superadmin@skyline.test', name: 'Sam Rivera', label: 'Superadmin', landing: '/dashboard/flights' },
  { email: 'orgadmin@skyline.test', name: 'Olivia Grant', label: 'Org Admin', landing: '/dashboard/flights' },
  { email: 'secondary@skyline.test', name: 'Sebastian Hale', label: 'Secondary Admin', landing: '/dashboard/flights' },
  { email: 'suborgadmin@skyline.test', name: 'Nora Lindqvist', label: 'SubOrg Admin', landing: '/configuration/sub-organization' },
  { email: 'suborgsecondary@skyline.test', name: 'Theo Marsh', label: 'SubOrg Secondary Admin', landing: '/configuration/sub-organization' },
  { email: 'instructor@skyline.test', name: 'Iris Calder', label: 'Instructor', landing: '/dashboard/flights' },
  { email: 'student@skyline.test', name: 'Stella Park', label: 'Student', landing: '/dashboard/flights' },
] as const;

/** Logout sits behind the 'Hover Here To Log Out' strip. */
export async function logOut(page: Page) {
  await page.getByTestId('logout-strip').hover();
  await page.getByRole('button', { name: 'Logout' }).click();
}

/** A person's skylog_id, found by e-mail: names are not unique (specs add people with the demo people's names). */
export async function skylogIdOf(api: APIRequestContext, email: string): Promise<string> {
  const response = await api.get(`/api/users?search=${encodeURIComponent(email)}`);
  expect(response.status(), await response.text()).toBe(200);
  const { items } = (await response.json()) as { items: { skylog_id: string; email: string }[] };
  return items.find((person) => person.email === email)!.skylog_id;
}

export async function signIn(page: Page, email: string, password = demoPassword) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const key = authenticatorKeys.get(email.toLowerCase());
  if (key) await passSecondStep(page, key);
}

type OutboxMail = { subject: string; text: string; attachments?: Array<{ filename: string; contentType: string; file: string }> };

/** The newest outbox e-mail to an address (the offline mail provider writes JSON files); an attachment's `file` is its path. */
export async function readLatestEmail(to: string, dataDir = process.env.E2E_DATA_DIR!): Promise<OutboxMail> {
  const outbox = path.join(dataDir, 'outbox');
  let found: OutboxMail | undefined;
  await expect
    .poll(() => {
      const names = (() => {
        try {
          return readdirSync(outbox).filter((name) => name.endsWith('.json')).sort();
        } catch {
          return [];
        }
      })();
      const mails = names.map((name) => JSON.parse(readFileSync(path.join(outbox, name), 'utf8')) as OutboxMail & { to: string });
      found = mails.filter((mail) => mail.to === to).at(-1);
      return Boolean(found);
    })
    .toBe(true);
  return { ...found!, attachments: found!.attachments?.map((attachment) => ({ ...attachment, file: path.join(outbox, attachment.file) })) };
}

/** The codes texted to a number so far, oldest first (the offline SMS provider writes JSON files to outbox/sms). */
export function textedCodes(to: string, dataDir = process.env.E2E_DATA_DIR!): string[] {
  const outbox = path.join(dataDir, 'outbox', 'sms');
  let names: string[];
  try {
    names = readdirSync(outbox).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return names
    .map((name) => JSON.parse(readFileSync(path.join(outbox, name), 'utf8')) as { to: string; text: string })
    .filter((text) => text.to === to)
    .map((text) => /\b(\d{6})\b/.exec(text.text)?.[1] ?? '');
}

/** The code of the next text to a number, once more than `before` have been sent to it. */
export async function nextTextedCode(to: string, before: number): Promise<string> {
  await expect.poll(() => textedCodes(to).length).toBeGreaterThan(before);
  return textedCodes(to).at(-1)!;
}

export function linkFrom(text: string, pathPrefix: string): string {
  const match = text.match(new RegExp(`https?://[^\\s]*${pathPrefix.replace(/[/?]/g, (c) => `\\${c}`)}[^\\s]*`));
  if (!match) throw new Error(`no ${pathPrefix} link in: ${text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}
