import { limits } from '@skylog/contracts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { roleAccounts, signIn } from './fixtures.ts';
import { tableRow, uniqueSuffix } from './people-helpers.ts';
import { adminApi, answerConfirmDialog, breadcrumbs, createInvitedAccount, sendFromApp, sidebar, toast } from './shell-helpers.ts';

const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };
/** At 390 px no screen's content may be squeezed much below the phone's own width. */
const minimumContentWidth = 300;

function toggle(page: Page) {
  return page.getByRole('button', { name: 'Toggle sidebar' });
}

function backdrop(page: Page) {
  return page.getByTestId('sidebar-backdrop');
}

function mainMenu(page: Page) {
  return sidebar(page).getByRole('navigation', { name: 'Main menu' });
}

/** The width of the main content box (inside its padding), and how far the page scrolls sideways. */
async function measureMain(page: Page): Promise<{ contentWidth: number; sidewaysScroll: number }> {
  return page.evaluate(() => {
    const main = document.querySelector('main')!;
    const style = getComputedStyle(main);
    return {
      contentWidth: main.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
      sidewaysScroll: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
}

/** Opens `path`, waits for its heading and data, and checks that nothing squeezes or overflows it. */
async function expectRoomyScreen(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page, path).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
  await expect(page.getByRole('heading', { level: 1 }).first(), path).toHaveText(heading);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('main').getByText('Loading...', { exact: true }), path).toHaveCount(0);
  const { contentWidth, sidewaysScroll } = await measureMain(page);
  expect(contentWidth, `${path}: content width`).toBeGreaterThanOrEqual(minimumContentWidth);
  expect(sidewaysScroll, `${path}: the page scrolls sideways`).toBeLessThanOrEqual(0);
}

async function firstId(api: APIRequestContext, url: string, field: string): Promise<string> {
  const response = await api.get(url);
  expect(response.status(), url).toBe(200);
  const body = (await response.json()) as { items: Array<Record<string, string>> };
  expect(body.items.length, url).toBeGreaterThan(0);
  return body.items[0]![field]!;
}

async function findPersonId(api: APIRequestContext, email: string): Promise<string> {
  return firstId(api, `/api/users?search=${encodeURIComponent(email)}`, 'skylog_id');
}

/** Signs in and waits for the landing screen (a `goto` straight after `signIn` would cut the sign-in short). */
async function signInAndLand(page: Page, email: string) {
  const account = roleAccounts.find((candidate) => candidate.email === email)!;
  await signIn(page, email);
  await expect(page).toHaveURL(new RegExp(`${account.landing}$`));
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
}

/** Fails the test if the page ever raises a native dialog (window.confirm, alert, prompt). */
function refuseNativeDialogs(page: Page) {
  page.on('dialog', async (dialog) => {
    await dialog.dismiss();
    throw new Error(`native ${dialog.type()} dialog: ${dialog.message()}`);
  });
}

test.describe('the sidebar on a phone (390 × 844): an overlay', () => {
  test.use({ viewport: phone });

  test('starts closed; the toggle opens it over the content with a backdrop; a menu item navigates and closes it', async ({ page }) => {
    await signInAndLand(page, 'orgadmin@skyline.test');
    await expect(sidebar(page)).toBeHidden();
    await expect(backdrop(page)).toHaveCount(0);
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');

    await toggle(page).click();
    await expect(sidebar(page)).toBeVisible();
    await expect(backdrop(page)).toBeVisible();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
    // 240 px wide, over the content below the top bar: the content keeps the whole width of the phone.
    const topBarHeight = (await page.getByRole('banner').boundingBox())!.height;
    const box = (await sidebar(page).boundingBox())!;
    expect(box.width).toBe(limits.sidebarWidthPx);
    expect(box).toMatchObject({ x: 0, y: topBarHeight, height: phone.height - topBarHeight });
    expect((await measureMain(page)).contentWidth).toBeGreaterThanOrEqual(minimumContentWidth);
    expect((await page.getByRole('main').boundingBox())!.width).toBe(phone.width);

    await mainMenu(page).getByRole('link', { name: 'Aircraft', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/aircraft$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Aircraft');
    await expect(sidebar(page)).toBeHidden();
    await expect(backdrop(page)).toHaveCount(0);
  });

  test('closes on Escape, on a backdrop click and with the toggle', async ({ page }) => {
    await signInAndLand(page, 'student@skyline.test');

    await toggle(page).click();
    await expect(sidebar(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sidebar(page)).toBeHidden();
    await expect(backdrop(page)).toHaveCount(0);

    await toggle(page).click();
    await expect(sidebar(page)).toBeVisible();
    // A click beside the sidebar lands on the backdrop, not on the page under it.
    await backdrop(page).click({ position: { x: phone.width - 40, y: phone.height / 2 } });
    await expect(sidebar(page)).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/flights$/);

    // The top bar stays above the overlay, so its toggle closes it as well.
    await toggle(page).click();
    await expect(sidebar(page)).toBeVisible();
    await toggle(page).click();
    await expect(sidebar(page)).toBeHidden();
    await expect(backdrop(page)).toHaveCount(0);
  });

  test('at 1024 px the toggle also opens it as the overlay; above 1024 px it sits beside the content', async ({ page }) => {
    await page.setViewportSize({ width: limits.sidebarBreakpointPx, height: 800 });
    await signInAndLand(page, 'orgadmin@skyline.test');
    await expect(sidebar(page)).toBeHidden();
    await toggle(page).click();
    await expect(backdrop(page)).toBeVisible();
    expect((await page.getByRole('main').boundingBox())!.x).toBe(0);

    // Wider again: the sidebar is open beside the content, with no backdrop, and Escape leaves it.
    await page.setViewportSize({ width: limits.sidebarBreakpointPx + 1, height: 800 });
    await expect(sidebar(page)).toBeVisible();
    await expect(backdrop(page)).toHaveCount(0);
    expect((await page.getByRole('main').boundingBox())!.x).toBe(limits.sidebarWidthPx);
    await page.keyboard.press('Escape');
    await expect(sidebar(page)).toBeVisible();
  });
});

test.describe('the sidebar on a desktop (1440 px)', () => {
  test.use({ viewport: desktop });

  test('is open beside the content, without backdrop; navigation and Escape leave it open', async ({ page }) => {
    await signInAndLand(page, 'orgadmin@skyline.test');
    await expect(sidebar(page)).toBeVisible();
    await expect(backdrop(page)).toHaveCount(0);
    expect((await page.getByRole('main').boundingBox())!.x).toBe(limits.sidebarWidthPx);
    await mainMenu(page).getByRole('link', { name: 'Markers', exact: true }).click();
    await expect(page).toHaveURL(/\/configuration\/markers$/);
    await page.keyboard.press('Escape');
    await expect(sidebar(page)).toBeVisible();
    await toggle(page).click();
    await expect(sidebar(page)).toBeHidden();
    expect((await page.getByRole('main').boundingBox())!.x).toBe(0);
  });
});

test.describe('no screen squeezes its content on a phone (390 × 844)', () => {
  test.use({ viewport: phone });

  test('the public screens', async ({ page }) => {
    const screens: Array<[string, string]> = [
      ['/login', 'Sign in'],
      ['/auth/confirm', 'Confirm your e-mail address'],
      ['/auth/user-registration', 'Register your school'],
      ['/auth/reset-password', 'Choose a new password'],
      ['/unauthorized', 'Access denied'],
      ['/payment-preparing?price_id=price_e2e&org_id=00000000-0000-4000-8000-000000000001&cable_price=10', 'Billing is off'],
      ['/payment-cancel', 'Billing is off'],
      ['/payment-success', 'Billing is off'],
    ];
    for (const [path, heading] of screens) await expectRoomyScreen(page, path, heading);
  });

  test('every protected screen, as a super admin', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAndLand(page, 'superadmin@skyline.test');
    const api = page.request;
    const aircraftId = await firstId(api, '/api/aircraft?page_size=1', 'id');
    const tripId = await firstId(api, '/api/trips?page_size=1', 'trip_id');
    const instructorId = await findPersonId(api, 'instructor@skyline.test');
    const studentId = await findPersonId(api, 'student@skyline.test');
    const subOrgId = await firstId(api, '/api/sub-orgs?page_size=1', 'id');
    const screens: Array<[string, string]> = [
      ['/dashboard/overview', 'Overview'],
      ['/dashboard/flights', 'Flights'],
      [`/dashboard/flights/${tripId}`, 'Flight review'],
      ['/dashboard/instructors', 'Instructors'],
      [`/dashboard/instructors/${instructorId}`, 'Instructor'],
      ['/dashboard/students', 'Students'],
      [`/dashboard/students/${studentId}`, 'Student'],
      ['/dashboard/aircraft', 'Aircraft'],
      [`/dashboard/aircraft/${aircraftId}`, 'Aircraft'],
      ['/dashboard/audio-upload', 'Audio Upload'],
      ['/configuration/sub-organization', 'Sub Organization'],
      [`/configuration/sub-organization/${subOrgId}`, 'Sub Organization'],
      ['/configuration/admin', 'Admin'],
      ['/configuration/rbac', 'RBAC'],
      ['/configuration/billing', 'Billing'],
      ['/configuration/cable-collection', 'Cable Collection'],
      ['/configuration/markers', 'Markers'],
    ];
    for (const [path, heading] of screens) await expectRoomyScreen(page, path, heading);
  });

  test('the screens of an instructor, a student and a sub-org admin', async ({ browser }) => {
    test.setTimeout(90_000);
    const visits: Array<{ email: string; screens: (api: APIRequestContext) => Promise<Array<[string, string]>> }> = [
      {
        email: 'instructor@skyline.test',
        screens: async (api) => [
          ['/dashboard/flights', 'Flights'],
          ['/dashboard/students', 'Students'],
          [`/dashboard/students/${await firstId(api, '/api/users?role=student&page_size=1', 'skylog_id')}`, 'Student'],
          ['/dashboard/audio-upload', 'Audio Upload'],
          ['/configuration/billing', 'Billing'],
          ['/configuration/markers', 'Markers'],
        ],
      },
      {
        email: 'student@skyline.test',
        screens: async (api) => [
          ['/dashboard/flights', 'Flights'],
          [`/dashboard/flights/${await firstId(api, '/api/trips?page_size=1', 'trip_id')}`, 'Flight review'],
          [`/dashboard/students/${((await (await api.get('/api/me')).json()) as { skylog_id: string }).skylog_id}`, 'Student'],
          ['/dashboard/audio-upload', 'Audio Upload'],
          ['/configuration/markers', 'Markers'],
        ],
      },
      {
        email: 'suborgadmin@skyline.test',
        screens: async (api) => [
          ['/configuration/sub-organization', 'Sub Organization'],
          [`/configuration/sub-organization/${await firstId(api, '/api/sub-orgs?page_size=1', 'id')}`, 'Sub Organization'],
          ['/dashboard/audio-upload', 'Audio Upload'],
          ['/configuration/markers', 'Markers'],
        ],
      },
    ];
    for (const visit of visits) {
      const context = await browser.newContext({ viewport: phone });
      const page = await context.newPage();
      await signInAndLand(page, visit.email);
      for (const [path, heading] of await visit.screens(page.request)) await expectRoomyScreen(page, path, heading);
      await context.close();
    }
  });

  test("a long e-mail address widens nothing: the person's page and their own Update Profile modal", async ({ page, browser }) => {
    const person = await createInvitedAccount(
      'orgadmin@skyline.test',
      'student',
      `Lorelei Longaddress ${uniqueSuffix()}`,
      'a.rather.long.address.for.phones',
    );
    const api = await adminApi('orgadmin@skyline.test');
    const personId = await findPersonId(api, person.email);
    await api.dispose();
    await signInAndLand(page, 'orgadmin@skyline.test');
    await expectRoomyScreen(page, `/dashboard/students/${personId}`, 'Student');
    await expect(page.getByRole('region', { name: 'Profile' }).getByText(person.email)).toBeVisible();

    // Their profile is incomplete, so their first sign-in opens the Update Profile modal.
    const context = await browser.newContext({ viewport: phone });
    const own = await context.newPage();
    await signIn(own, person.email, person.password);
    const dialog = own.getByRole('dialog', { name: 'Update Profile' });
    await expect(dialog.getByTestId('profile-email')).toHaveText(person.email);
    expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    const box = (await dialog.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    await context.close();
  });

  test('a table keeps one line per row and scrolls sideways inside its card', async ({ page }) => {
    await signInAndLand(page, 'orgadmin@skyline.test');
    await page.goto('/dashboard/students');
    const table = page.getByRole('table', { name: 'Students', exact: true });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const scroller = table.locator('xpath=..');
    const sizes = await scroller.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    expect(sizes.scrollWidth).toBeGreaterThan(sizes.clientWidth);
    expect(await scroller.evaluate((element) => getComputedStyle(element).overflowX)).toBe('auto');
    const card = (await scroller.locator('xpath=..').boundingBox())!;
    expect(card.x + card.width).toBeLessThanOrEqual(phone.width);
    // A name sits on one line: its cell is as tall as the e-mail's.
    const firstRow = table.locator('tbody tr').first();
    const nameHeight = (await firstRow.locator('td').first().locator('a').boundingBox())!.height;
    expect(nameHeight).toBeLessThan(30);
  });
});

test.describe('Markers and Audio Upload in the menu', () => {
  test.use({ viewport: phone });

  for (const account of [
    { email: 'student@skyline.test', isShown: true },
    { email: 'instructor@skyline.test', isShown: true },
    { email: 'suborgadmin@skyline.test', isShown: true },
    { email: 'secondary@skyline.test', isShown: false },
    { email: 'suborgsecondary@skyline.test', isShown: false },
  ]) {
    test(`${account.email} ${account.isShown ? 'reaches both from the menu' : 'sees neither, as the page is not theirs'}`, async ({
      page,
    }) => {
      await signInAndLand(page, account.email);
      await toggle(page).click();
      await expect(mainMenu(page)).toBeVisible();
      const audioUpload = mainMenu(page).getByRole('link', { name: 'Audio Upload', exact: true });
      const markers = mainMenu(page).getByRole('link', { name: 'Markers', exact: true });
      if (!account.isShown) {
        await expect(audioUpload).toHaveCount(0);
        await expect(markers).toHaveCount(0);
        return;
      }
      // Audio Upload and Record a Flight end the dashboard section, Markers the configuration section.
      await expect(mainMenu(page).locator(':scope > div').filter({ hasText: 'dashboard' }).getByRole('link').nth(-2)).toHaveText(
        'Audio Upload',
      );
      await expect(mainMenu(page).locator(':scope > div').filter({ hasText: 'dashboard' }).getByRole('link').last()).toHaveText(
        'Record a Flight',
      );
      await expect(mainMenu(page).locator(':scope > div').filter({ hasText: 'configuration' }).getByRole('link').last()).toHaveText(
        'Markers',
      );
      await audioUpload.click();
      await expect(page).toHaveURL(/\/dashboard\/audio-upload$/);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Audio Upload');
      await expect(sidebar(page)).toBeHidden();
      await toggle(page).click();
      await markers.click();
      await expect(page).toHaveURL(/\/configuration\/markers$/);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Markers');
      await expect(sidebar(page)).toBeHidden();
    });
  }
});

test.describe('payment screens while billing is off', () => {
  test('the server says billing is off', async ({ request }) => {
    const response = await request.get('/api/client-config');
    expect(response.status()).toBe(200);
    expect(((await response.json()) as { billing_enabled: boolean }).billing_enabled).toBe(false);
  });

  test('/payment-success, /payment-preparing and /payment-cancel claim no payment, show no checkout ids, and lead back to Flights', async ({ page }) => {
    const orgId = '00000000-0000-4000-8000-000000000042';
    await signInAndLand(page, 'orgadmin@skyline.test');
    for (const path of ['/payment-success', `/payment-preparing?price_id=price_e2e_monthly&org_id=${orgId}&cable_price=25&coupon=SPRING`, '/payment-cancel']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Billing is off');
      await expect(page.getByText('every organization is treated as paid')).toBeVisible();
      const text = await page.locator('body').innerText();
      for (const absent of [
        'Payment received',
        'subscription is being activated',
        'price_e2e_monthly',
        orgId,
        'SPRING',
        'Preparing your checkout',
      ])
        expect(text, `${path} shows ${absent}`).not.toContain(absent);
      await page.getByRole('link', { name: 'Back to the Flights list' }).click();
      await expect(page).toHaveURL(/\/dashboard\/flights$/);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Flights');
    }
  });

  test('signed out, the way back leads to sign in first', async ({ page }) => {
    await page.goto('/payment-success');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Billing is off');
    await page.getByRole('link', { name: 'Back to the Flights list' }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fflights$/);
  });
});

test.describe("delete and unlink ask in the app's own dialog", () => {
  test('removing an aircraft (on a phone): Cancel keeps it, Remove removes it', async ({ page }) => {
    await page.setViewportSize(phone);
    refuseNativeDialogs(page);
    const tail = `N${Math.floor(Math.random() * 900 + 100)}SS`;
    const api = await adminApi('orgadmin@skyline.test');
    const created = await sendFromApp(api, '/api/aircraft', { method: 'POST', data: { tail_number: tail, type: 'Cessna 150' } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await api.dispose();

    await signInAndLand(page, 'orgadmin@skyline.test');
    await page.goto(`/dashboard/aircraft/${id}`);
    await expect(page.getByTestId('tail-number')).toHaveText(tail);
    await page.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: `Remove ${tail} from the fleet?` });
    await expect(dialog).toBeVisible();
    const dialogBox = (await dialog.boundingBox())!;
    expect(dialogBox.x).toBeGreaterThanOrEqual(0);
    expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(phone.width);
    await answerConfirmDialog(page, `Remove ${tail} from the fleet?`, 'Cancel');
    await page.reload();
    await expect(page.getByTestId('tail-number')).toHaveText(tail);

    await page.getByRole('button', { name: 'Remove' }).click();
    await answerConfirmDialog(page, `Remove ${tail} from the fleet?`, 'Remove');
    await expect(toast(page, `${tail} removed`)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/aircraft$/);
    await page.getByLabel('Search aircraft').fill(tail);
    await expect(page.getByTestId('table-total')).toHaveText('0 in total');
  });

  test('deleting a person: Escape and Cancel keep them, Delete deletes them', async ({ page }) => {
    await page.setViewportSize(desktop);
    refuseNativeDialogs(page);
    const person = await createInvitedAccount('orgadmin@skyline.test', 'student', `Dina Dialog ${uniqueSuffix()}`, 'confirm.delete');
    const api = await adminApi('orgadmin@skyline.test');
    const personId = await findPersonId(api, person.email);
    await api.dispose();

    await signInAndLand(page, 'orgadmin@skyline.test');
    await page.goto('/dashboard/students');
    await page.getByLabel('Search students').fill(person.email);
    await expect(page.getByTestId('table-total')).toHaveText('1 in total');
    const deleteButton = tableRow(page, 'Students', person.email).getByRole('button', { name: `Delete ${person.name}` });
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: `Delete ${person.name}?` });
    await expect(dialog.getByText('Their account is removed and they can no longer sign in.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await deleteButton.click();
    await answerConfirmDialog(page, `Delete ${person.name}?`, 'Cancel');
    await page.reload();
    await page.getByLabel('Search students').fill(person.email);
    await expect(page.getByTestId('table-total')).toHaveText('1 in total');

    // From the person's own page this time.
    await page.goto(`/dashboard/students/${personId}`);
    await page
      .getByRole('region', { name: 'Profile' })
      .getByRole('button', { name: `Delete ${person.name}` })
      .click();
    await answerConfirmDialog(page, `Delete ${person.name}?`, 'Delete');
    await expect(toast(page, `${person.name} was deleted`)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/students$/);
    await page.getByLabel('Search students').fill(person.email);
    await expect(page.getByTestId('table-total')).toHaveText('0 in total');
  });

  test('unlinking an instructor and a student: Cancel keeps the link, Unlink removes it', async ({ page }) => {
    await page.setViewportSize(desktop);
    refuseNativeDialogs(page);
    const suffix = uniqueSuffix();
    const instructor = await createInvitedAccount('orgadmin@skyline.test', 'instructor', `Ulla Unlink ${suffix}`, 'confirm.instructor');
    const student = await createInvitedAccount('orgadmin@skyline.test', 'student', `Udo Unlink ${suffix}`, 'confirm.student');
    const api = await adminApi('orgadmin@skyline.test');
    const instructorId = await findPersonId(api, instructor.email);
    const studentId = await findPersonId(api, student.email);
    const linked = await sendFromApp(api, '/api/student-instructor', {
      method: 'POST',
      data: [{ instructor: instructorId, student: studentId }],
    });
    expect(linked.status()).toBe(204);
    await api.dispose();

    await signInAndLand(page, 'orgadmin@skyline.test');
    await page.goto(`/dashboard/instructors/${instructorId}`);
    const links = page.getByRole('region', { name: 'Students' }).getByTestId('linked-people');
    await expect(links.getByRole('link', { name: student.name })).toBeVisible();
    await links.getByRole('button', { name: `Unlink ${student.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Unlink ${student.name}?` });
    await expect(dialog.getByText(`${instructor.name} will no longer be ${student.name}'s instructor`)).toBeVisible();
    await answerConfirmDialog(page, `Unlink ${student.name}?`, 'Cancel');
    await page.reload();
    await expect(links.getByRole('link', { name: student.name })).toBeVisible();

    // From the student's side.
    await page.goto(`/dashboard/students/${studentId}`);
    const instructors = page.getByRole('region', { name: 'Instructors' }).getByTestId('linked-people');
    await instructors.getByRole('button', { name: `Unlink ${instructor.name}` }).click();
    await answerConfirmDialog(page, `Unlink ${instructor.name}?`, 'Unlink');
    await expect(toast(page, `${instructor.name} unlinked`)).toBeVisible();
    await expect(instructors).toHaveText('No instructors linked yet.');
    await page.goto(`/dashboard/instructors/${instructorId}`);
    await expect(links).toHaveText('No students linked yet.');
  });

  test('deleting a sub-organization: Cancel keeps it, Delete deletes it', async ({ page }) => {
    await page.setViewportSize(desktop);
    refuseNativeDialogs(page);
    const name = `Dialog Field ${uniqueSuffix()}`;
    const api = await adminApi('orgadmin@skyline.test');
    const created = await sendFromApp(api, '/api/sub-orgs', { method: 'POST', data: { name } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await api.dispose();

    await signInAndLand(page, 'orgadmin@skyline.test');
    await page.goto(`/configuration/sub-organization/${id}`);
    await expect(page.getByTestId('sub-org-name')).toHaveText(name);
    const deleteButton = page.getByRole('region', { name: 'Sub-organization' }).getByRole('button', { name: 'Delete' });
    await deleteButton.click();
    await answerConfirmDialog(page, `Delete ${name}?`, 'Cancel');
    await page.reload();
    await expect(page.getByTestId('sub-org-name')).toHaveText(name);
    await deleteButton.click();
    await answerConfirmDialog(page, `Delete ${name}?`, 'Delete');
    await expect(toast(page, `${name} deleted`)).toBeVisible();
    await expect(page).toHaveURL(/\/configuration\/sub-organization$/);
    await expect(page.getByRole('table', { name: 'Sub-organizations' }).getByText(name)).toHaveCount(0);
  });
});

test.describe('breadcrumbs use the menu labels', () => {
  test.use({ viewport: desktop });

  test('RBAC, Audio Upload, Sub Organization and Cable Collection read as in the menu; other crumbs stay capitalised', async ({ page }) => {
    await signInAndLand(page, 'superadmin@skyline.test');
    const trail = breadcrumbs(page).getByRole('listitem');
    for (const [path, crumbs] of [
      ['/configuration/rbac', ['Configuration', 'RBAC']],
      ['/dashboard/audio-upload', ['Dashboard', 'Audio Upload']],
      ['/configuration/cable-collection', ['Configuration', 'Cable Collection']],
      ['/configuration/markers', ['Configuration', 'Markers']],
      ['/configuration/sub-organization', ['Configuration', 'Sub Organization']],
    ] as const) {
      await page.goto(path);
      await expect(trail, path).toHaveText([...crumbs]);
      // The menu item and the last crumb say the same.
      await expect(mainMenu(page).getByRole('link', { name: crumbs[1], exact: true })).toHaveAttribute('aria-current', 'page');
    }
    const subOrgId = await firstId(page.request, '/api/sub-orgs?search=North', 'id');
    await page.goto(`/configuration/sub-organization/${subOrgId}`);
    await expect(trail).toHaveText(['Configuration', 'Sub Organization', 'North Field']);
    await breadcrumbs(page).getByRole('link', { name: 'Sub Organization' }).click();
    await expect(page).toHaveURL(/\/configuration\/sub-organization$/);
  });

  test('are hidden on a phone', async ({ page }) => {
    await page.setViewportSize(phone);
    await signInAndLand(page, 'orgadmin@skyline.test');
    await page.goto('/configuration/rbac');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('RBAC');
    await expect(breadcrumbs(page)).toBeHidden();
  });
});
