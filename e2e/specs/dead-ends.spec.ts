import { routeRules, type Role } from '@skylog/contracts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn, skylogIdOf } from './fixtures.ts';
import { uniqueTripName } from './flight-helpers.ts';
import { uniqueSuffix } from './people-helpers.ts';
import { adminApi, getMe, sendFromApp } from './shell-helpers.ts';

/**
 * Screens that left people stuck. A failed load offers a retry, a wrong flight address says
 * so, a role's screens ask only for what the role may read (each 403 counts toward a suspicious-activity
 * alert), sub-organization admins get figures instead of flights they cannot open, the audit log names
 * people, and a list's filters survive a reload and a copied link.
 */

/** A flight entered by `api`'s account: three fixes over `minutes` (the fewest a track may have), so its flight time is known. */
async function createFlight(api: APIRequestContext, name: string, minutes: number, crew: { left_seat?: string } = {}) {
  const start = Date.parse('2024-06-03T15:00:00Z');
  const response = await sendFromApp(api, '/api/trips', {
    method: 'POST',
    data: {
      trip_name: name,
      ...crew,
      points: [
        { timestamp: start, latitude: 37.46, longitude: -122.11 },
        { timestamp: start + minutes * 30_000, latitude: 37.48, longitude: -122.11 },
        { timestamp: start + minutes * 60_000, latitude: 37.5, longitude: -122.11 },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { trip_id: string };
}

/** Every 403 any response of the page answers, with the screen it came from. */
function recordForbidden(page: Page): string[] {
  const forbidden: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) forbidden.push(`${new URL(page.url()).pathname}: ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return forbidden;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the Flights list after a failed load shows the failure and a retry that works; nothing stays "Loading..."', async ({ page }) => {
      let isFailing = true;
      await page.route(
        (url) => url.pathname === '/api/trips',
        (route) =>
          isFailing
            ? route.fulfill({ status: 500, json: { status: 500, code: 'internal_error', message: 'Internal Server Error' } })
            : route.fallback(),
      );
      await signIn(page, 'instructor@skyline.test');
      await expect(page).toHaveURL(/\/dashboard\/flights$/);
      const failure = page.getByRole('main').getByRole('alert').filter({ hasText: 'Failed to fetch trips: Internal Server Error' });
      await expect(failure).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText('Loading...')).toHaveCount(0);
      await expect(page.getByRole('table', { name: 'Flights' })).toHaveCount(0);

      isFailing = false;
      await failure.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByTestId('table-total')).toHaveText(/^\d+ in total$/);
      await expect(page.getByRole('table', { name: 'Flights' }).locator('tbody a').first()).toBeVisible();
      await expect(failure).toHaveCount(0);
      await expect(page.getByText('Loading...')).toHaveCount(0);
    });

    test('a flight address that is no flight says "Trip not found" with a way back, not "Try again"', async ({ page }) => {
      await signIn(page, 'orgadmin@skyline.test');
      await expect(page.getByTestId('role-badge')).toHaveText('Org Admin');
      for (const id of ['not-a-flight', '00000000-0000-4000-8000-000000000000']) {
        await page.goto(`/dashboard/flights/${id}`);
        const notFound = page.getByRole('main').getByRole('alert');
        await expect(notFound.getByRole('heading', { name: 'Trip not found' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
        await expect(page.getByText('Loading...')).toHaveCount(0);
      }
      await page.getByRole('link', { name: 'Back to Flights' }).click();
      await expect(page).toHaveURL(/\/dashboard\/flights$/);
      await expect(page.getByTestId('table-total')).toHaveText(/^\d+ in total$/);
    });

    for (const { email, role } of [
      { email: 'instructor@skyline.test', role: 'instructor' },
      { email: 'student@skyline.test', role: 'student' },
    ] as const satisfies readonly { email: string; role: Role }[]) {
      test(`${role}: no screen of theirs asks for anything their role may not read (no 403)`, async ({ page }) => {
        test.setTimeout(90_000);
        const forbidden = recordForbidden(page);
        await signIn(page, email);
        await expect(page.getByTestId('role-badge')).toBeVisible();
        const screens = routeRules.filter((rule) => !rule.path.includes(':') && rule.path !== '/login' && (rule.rbac as readonly Role[]).includes(role));
        expect(screens.map((rule) => rule.path)).toContain('/dashboard/flights');
        for (const { path } of screens) {
          await page.goto(path);
          await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
          await page.waitForLoadState('networkidle');
          // One detail screen of each list, where the list has rows (a logbook's entries are one folder deeper, a student's hand-off brief two).
          const detail = page.getByRole('main').locator(`a[href^="${path}/"]`).first();
          if ((await detail.count()) > 0) {
            await detail.click();
            await expect(page).toHaveURL(new RegExp(`${path}(/[^/]+){1,3}$`));
            await page.waitForLoadState('networkidle');
          }
        }
        if (role === 'instructor') {
          // Inviting a student: the dialog offers no sub-organization list the instructor may not read.
          await page.goto('/dashboard/students');
          await page.getByRole('button', { name: 'Add student' }).click();
          await expect(page.getByRole('dialog', { name: 'Add student' })).toBeVisible();
          await page.waitForLoadState('networkidle');
        }
        expect(forbidden).toEqual([]);
      });
    }

    test("a sub-org admin's sub-organization page gives flights and hours per member, with no link to a flight", async ({ page, browser }) => {
      const admin = await adminApi('orgadmin@skyline.test');
      const stella = await skylogIdOf(admin, 'student@skyline.test');
      // A North Field flight (Stella, in the left seat, is of North Field) of 36 minutes.
      await createFlight(admin, uniqueTripName('Dead ends North'), 36, { left_seat: stella });
      await admin.dispose();

      const forbidden = recordForbidden(page);
      await signIn(page, 'suborgadmin@skyline.test');
      await expect(page.getByTestId('role-badge')).toHaveText('SubOrg Admin');
      await page.getByRole('table', { name: 'Sub-organizations' }).getByRole('link', { name: 'North Field' }).click();
      await expect(page.getByTestId('sub-org-name')).toHaveText('North Field');
      const subOrgId = new URL(page.url()).pathname.split('/').at(-1)!;

      const stats = (await (await page.request.get(`/api/sub-orgs/${subOrgId}/flight-stats`)).json()) as {
        items: { skylog_id: string; flights: number; flight_time_ms: number }[];
      };
      const stellaStats = stats.items.find((member) => member.skylog_id === stella)!;
      expect(stellaStats.flights).toBeGreaterThan(0);
      const perMember = page.getByRole('table', { name: 'Flights per member' });
      await expect(perMember.getByRole('row').filter({ hasText: 'Stella Park' }).getByRole('cell')).toHaveText([
        'Student',
        String(stellaStats.flights),
        `${(stellaStats.flight_time_ms / 3_600_000).toFixed(1)} h`,
      ]);
      await expect(perMember.getByRole('row').filter({ hasText: 'Iris Calder' }).getByRole('cell').first()).toHaveText('Instructor');
      // No flight rows, and nothing on the page leads to a flight.
      await expect(page.getByRole('table', { name: 'Flights', exact: true })).toHaveCount(0);
      await expect(page.getByRole('main').locator('a[href^="/dashboard/flights"]')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      expect(forbidden).toEqual([]);

      // An org admin, who may open flights, has both: the figures and the flights.
      const context = await browser.newContext({ viewport });
      const orgAdminPage = await context.newPage();
      await signIn(orgAdminPage, 'orgadmin@skyline.test');
      await expect(orgAdminPage.getByTestId('role-badge')).toHaveText('Org Admin');
      await orgAdminPage.goto(`/configuration/sub-organization/${subOrgId}`);
      await expect(orgAdminPage.getByRole('table', { name: 'Flights per member' }).getByRole('row').filter({ hasText: 'Stella Park' })).toBeVisible();
      await expect(orgAdminPage.getByRole('table', { name: 'Flights', exact: true }).locator('a[href^="/dashboard/flights/"]').first()).toBeVisible();
      await context.close();
    });

    test('the RBAC audit log names people with their role, reads its details, and is filtered by a typed name that survives a reload', async ({
      page,
      browser,
    }) => {
      test.setTimeout(60_000);
      // Iris Calder opens a page her role may not: a denial under her name.
      const instructorContext = await browser.newContext({ viewport });
      const instructorPage = await instructorContext.newPage();
      await signIn(instructorPage, 'instructor@skyline.test');
      await expect(instructorPage.getByTestId('role-badge')).toHaveText('Instructor');
      await instructorPage.goto('/dashboard/aircraft');
      await expect(instructorPage).toHaveURL(/\/unauthorized$/);
      const iris = (await getMe(instructorPage)).skylog_id;
      await instructorContext.close();

      await signIn(page, 'orgadmin@skyline.test');
      await expect(page.getByTestId('role-badge')).toHaveText('Org Admin');
      await page.goto('/configuration/rbac');
      const log = page.getByRole('table', { name: 'Audit log' });
      await expect(log.getByRole('columnheader')).toHaveText(['Time (UTC)', 'Person', 'Action', 'Resource', 'Status', 'Details']);
      await expect(log.locator('tbody tr').first()).toBeVisible();
      // People by name, never by id.
      await expect(log.locator('tbody td:nth-child(2)').filter({ hasText: iris })).toHaveCount(0);

      await page.getByRole('searchbox', { name: 'Search people' }).fill('iris cal');
      await page.getByRole('combobox', { name: 'Status' }).selectOption('denied');
      await expect(page).toHaveURL(/[?&]person=iris\+cal(&|$)/);
      await expect(page).toHaveURL(/[?&]status=denied(&|$)/);
      const rows = log.locator('tbody tr');
      const denial = rows.filter({ hasText: '/dashboard/aircraft' }).first();
      await expect(denial.locator('td').nth(1)).toHaveText('Iris CalderInstructor');
      // Every row shown is hers, and denied.
      await expect(rows.locator('td:nth-child(2)').filter({ hasNotText: 'Iris CalderInstructor' })).toHaveCount(0);
      await expect(rows.locator('td:nth-child(5)').filter({ hasNotText: 'denied' })).toHaveCount(0);
      await expect(denial.locator('td').nth(2)).toHaveText('route.access');
      // Details as "key: value" lines, the path as a path.
      const details = denial.locator('td').nth(5);
      const line = (label: string) => details.locator('div').filter({ has: page.locator('dt', { hasText: label }) }).locator('dd');
      await expect(line('Path')).toHaveText('/dashboard/aircraft');
      await expect(line('Own page')).toHaveText('no');
      await expect(line('Reason')).toHaveText('role');
      await expect(line('Timestamp')).toHaveText(/^\d{2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} UTC$/);
      await expect(details).not.toContainText('{');
      const shown = await rows.count();

      // A reload, and the copied link opened by a colleague, show the same filtered log.
      await page.reload();
      await expect(page.getByRole('searchbox', { name: 'Search people' })).toHaveValue('iris cal');
      await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('denied');
      await expect(rows).toHaveCount(shown);
      const link = page.url();
      const colleagueContext = await browser.newContext({ viewport });
      const colleague = await colleagueContext.newPage();
      await signIn(colleague, 'secondary@skyline.test');
      await expect(colleague.getByTestId('role-badge')).toHaveText('Secondary Admin');
      await colleague.goto(link);
      await expect(colleague.getByRole('searchbox', { name: 'Search people' })).toHaveValue('iris cal');
      await expect(colleague.getByRole('table', { name: 'Audit log' }).locator('tbody tr td:nth-child(2)')).toHaveText(
        Array(shown).fill('Iris CalderInstructor'),
      );
      await colleagueContext.close();
    });

    test('the Flights list keeps its search, filters, sort and page in the address: a reload and a copied link show the same page', async ({
      page,
      browser,
    }) => {
      test.setTimeout(60_000);
      const prefix = `Dead end ${uniqueSuffix()}`;
      const admin = await adminApi('orgadmin@skyline.test');
      // Eleven flights: two pages of ten. Named 01…11, so sorting by name puts 11 alone on page 2.
      for (let index = 1; index <= 11; index += 1) await createFlight(admin, `${prefix} ${String(index).padStart(2, '0')}`, 10 + index);
      await admin.dispose();

      await signIn(page, 'orgadmin@skyline.test');
      await expect(page).toHaveURL(/\/dashboard\/flights$/);
      await page.getByLabel('Search flights').fill(prefix);
      await expect(page.getByTestId('table-total')).toHaveText('11 in total');
      await page.getByLabel('Status').selectOption({ label: 'Awaiting debrief' });
      await page.getByRole('columnheader', { name: 'Trip' }).getByRole('button').click();
      await expect(page.getByRole('columnheader', { name: 'Trip' })).toHaveAttribute('aria-sort', 'ascending');
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect(page.getByText('Page 2 of 2')).toBeVisible();
      const table = page.getByRole('table', { name: 'Flights' });
      await expect(table.locator('tbody tr')).toHaveCount(1);
      await expect(table.locator('tbody tr a')).toHaveText(`${prefix} 11`);
      const address = new URL(page.url());
      expect(Object.fromEntries(address.searchParams)).toEqual({
        search: prefix,
        status: 'awaiting_debrief',
        sort: 'trip_name',
        order: 'asc',
        page: '2',
      });

      const expectSamePage = async (screen: Page) => {
        await expect(screen.getByLabel('Search flights')).toHaveValue(prefix);
        await expect(screen.getByLabel('Status')).toHaveValue('awaiting_debrief');
        await expect(screen.getByRole('columnheader', { name: 'Trip' })).toHaveAttribute('aria-sort', 'ascending');
        await expect(screen.getByText('Page 2 of 2')).toBeVisible();
        await expect(screen.getByTestId('table-total')).toHaveText('11 in total');
        await expect(screen.getByRole('table', { name: 'Flights' }).locator('tbody tr a')).toHaveText([`${prefix} 11`]);
      };
      await page.reload();
      await expectSamePage(page);

      const colleagueContext = await browser.newContext({ viewport });
      const colleague = await colleagueContext.newPage();
      await signIn(colleague, 'secondary@skyline.test');
      await expect(colleague.getByTestId('role-badge')).toHaveText('Secondary Admin');
      await colleague.goto(address.pathname + address.search);
      await expectSamePage(colleague);
      await colleagueContext.close();

      // Back to the first page, then Back in the browser returns to page 2; a new filter starts from page 1.
      await page.getByRole('button', { name: 'Previous page' }).click();
      await expect(page.getByText('Page 1 of 2')).toBeVisible();
      await page.goBack();
      await expectSamePage(page);
      await page.getByLabel('Status').selectOption({ label: 'Debriefed' });
      await expect(page.getByTestId('table-total')).toHaveText('0 in total');
      expect(new URL(page.url()).searchParams.has('page')).toBe(false);
    });
  });
}
