import { expect, test, type Page } from '@playwright/test';
import { demoPassword, signIn } from './fixtures.ts';
import { adminApi, getMe } from './shell-helpers.ts';

const permissionDenied = "You don't have permission to access this page";
const checkoutKeys = ['temporaryPriceId', 'temporaryOrgId', 'temporaryCablePrice', 'temporaryCoupon'] as const;

type LocalAuditEntry = {
  timestamp: string;
  userId: string;
  userRole: string;
  action: string;
  resource: string;
  status: string;
  details: { path: string; isSelfAccess: boolean; timestamp: string };
};

async function readAuditLogs(page: Page): Promise<LocalAuditEntry[] | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('audit_logs');
    return raw === null ? null : (JSON.parse(raw) as LocalAuditEntry[]);
  });
}

async function readAlert(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('alert');
    return raw === null ? null : (JSON.parse(raw) as Record<string, unknown>);
  });
}

test.describe('login gate', () => {
  test('a signed-out person on a protected route goes to /login keeping the location, and returns there after signing in', async ({
    page,
  }) => {
    await page.goto('/dashboard/flights/trip-42?tab=transcript');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fflights%2Ftrip-42%3Ftab%3Dtranscript$/);
    await page.getByLabel('E-mail').fill('student@skyline.test');
    await page.getByLabel('Password').fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/flights\/trip-42\?tab=transcript$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Flight review');
  });

  test('a signed-in person opening /login goes to /dashboard/flights', async ({ page }) => {
    await signIn(page, 'orgadmin@skyline.test');
    await expect(page.getByTestId('role-badge')).toHaveText('Org Admin');
    await page.goto('/dashboard/overview');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Overview');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard\/flights$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Flights');
    // Even with a return address: it only applies to someone who signs in there.
    await page.goto('/login?redirectTo=%2Fdashboard%2Foverview');
    await expect(page).toHaveURL(/\/dashboard\/flights$/);
  });
});

test.describe('paid gate', () => {
  test('a paid account forgets the four temporary checkout values stored before sign-in and stays in the app', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate((keys) => {
      localStorage.setItem(keys[0], 'price_e2e_monthly');
      localStorage.setItem(keys[1], '00000000-0000-4000-8000-000000000001');
      localStorage.setItem(keys[2], '25');
      localStorage.setItem(keys[3], 'SPRING');
    }, checkoutKeys);
    await page.getByLabel('E-mail').fill('orgadmin@skyline.test');
    await page.getByLabel('Password').fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/flights$/);
    await expect(page.getByTestId('role-badge')).toHaveText('Org Admin');
    await expect
      .poll(() => page.evaluate((keys) => keys.map((key) => localStorage.getItem(key)), checkoutKeys))
      .toEqual([null, null, null, null]);
    await expect(page).toHaveURL(/\/dashboard\/flights$/);
  });
});

test.describe('role gate', () => {
  test('a student opening /dashboard/aircraft lands on /unauthorized with the message and the origin path, logged as denied', async ({
    page,
  }) => {
    await signIn(page, 'student@skyline.test');
    await expect(page.getByTestId('role-badge')).toHaveText('Student');
    const me = await getMe(page);
    const reported = page.waitForResponse((response) => response.url().endsWith('/api/access-denials'));
    await page.goto('/dashboard/aircraft');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByText(permissionDenied, { exact: true })).toBeVisible();
    await expect(page.getByTestId('unauthorized-origin')).toHaveText('/dashboard/aircraft');
    // The screen itself was never shown.
    await expect(page.getByRole('heading', { name: 'Aircraft' })).toHaveCount(0);
    expect((await reported).status()).toBe(200);

    const entries = await readAuditLogs(page);
    expect(entries).toHaveLength(1);
    expect(entries![0]).toMatchObject({
      userId: me.skylog_id,
      userRole: 'student',
      resource: '/dashboard/aircraft',
      status: 'denied',
      details: { path: '/dashboard/aircraft', isSelfAccess: false },
    });
    expect(Number.isNaN(Date.parse(entries![0]!.timestamp))).toBe(false);
    expect(await readAlert(page)).toBeNull();
  });

  test("a student may open the student page ending with their own skylog_id, but not another student's", async ({ page, browser }) => {
    // Another student's id, read with that student's own session.
    const otherContext = await browser.newContext();
    const otherPage = await otherContext.newPage();
    await signIn(otherPage, 'leo.nakamura@skyline.test');
    await expect(otherPage.getByTestId('role-badge')).toHaveText('Student');
    const other = await getMe(otherPage);
    await otherContext.close();

    await signIn(page, 'student@skyline.test');
    await expect(page.getByTestId('role-badge')).toHaveText('Student');
    const me = await getMe(page);
    await page.goto(`/dashboard/students/${me.skylog_id}`);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Student');
    await expect(page).toHaveURL(new RegExp(`/dashboard/students/${me.skylog_id}$`));
    expect(await readAuditLogs(page)).toBeNull();

    await page.goto(`/dashboard/students/${other.skylog_id}`);
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByTestId('unauthorized-origin')).toHaveText(`/dashboard/students/${other.skylog_id}`);
  });

  for (const account of [
    { email: 'suborgadmin@skyline.test', label: 'SubOrg Admin' },
    { email: 'suborgsecondary@skyline.test', label: 'SubOrg Secondary Admin' },
  ]) {
    test(`a ${account.label} opening /dashboard/aircraft goes to /configuration/sub-organization`, async ({ page }) => {
      await signIn(page, account.email);
      await expect(page.getByTestId('role-badge')).toHaveText(account.label);
      await page.goto('/dashboard/aircraft');
      await expect(page).toHaveURL(/\/configuration\/sub-organization$/);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Sub Organization');
      await expect(page.getByText(permissionDenied)).toHaveCount(0);
    });
  }

  test('5 denials within 300000 ms store a local alert and raise a suspicious_activity alert on the server', async ({ page }) => {
    test.setTimeout(60_000);
    const studentEmail = 'emma.okafor@skyline.test';
    await signIn(page, studentEmail);
    await expect(page.getByTestId('role-badge')).toHaveText('Student');
    const me = await getMe(page);
    const deniedPaths = [
      '/dashboard/aircraft',
      '/dashboard/overview',
      '/dashboard/instructors',
      '/configuration/admin',
      '/configuration/cable-collection',
    ];
    for (const [index, path] of deniedPaths.entries()) {
      const reported = page.waitForResponse((response) => response.url().endsWith('/api/access-denials'));
      await page.goto(path);
      await expect(page).toHaveURL(/\/unauthorized$/);
      await expect(page.getByTestId('unauthorized-origin')).toHaveText(path);
      expect((await reported).status()).toBe(200);
      const entries = await readAuditLogs(page);
      expect(entries?.map((entry) => entry.details.path)).toEqual(deniedPaths.slice(0, index + 1));
      expect(entries?.every((entry) => entry.status === 'denied' && entry.userId === me.skylog_id)).toBe(true);
      if (index < 4) expect(await readAlert(page), `no alert after ${index + 1} denials`).toBeNull();
    }
    expect(await readAlert(page)).toMatchObject({ userId: me.skylog_id, userRole: 'student' });

    // The school's administrators see it on the server.
    const api = await adminApi('superadmin@skyline.test');
    try {
      await expect
        .poll(async () => {
          const alerts = (await (await api.get('/api/alerts')).json()) as { items: Array<{ user_id: string; kind: string }> };
          return alerts.items.filter((alert) => alert.user_id === me.skylog_id).map((alert) => alert.kind);
        })
        .toEqual(['suspicious_activity']);
    } finally {
      await api.dispose();
    }
  });
});
