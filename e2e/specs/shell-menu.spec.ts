import { getMenuItemsForRole, menuItems, type MenuCategory } from '@skylog/contracts';
import { expect, test, type Page } from '@playwright/test';
import { roleAccounts, signIn } from './fixtures.ts';
import {
  adminApi,
  createInvitedAccount,
  enrolAuthenticatorThroughApi,
  demoRoles,
  demoSchoolName,
  getMe,
  otherSchoolName,
  recordTimeline,
  readTimeline,
  sendFromApp,
  sidebar,
  timeOf,
  topBarAvatar,
} from './shell-helpers.ts';

const noOrganizationNote =
  'Please be advise to ask your administrator to assign you an organization. Otherwise, you will not be able to assign a student if you are an instructor.';
const switchNote = 'Organization switching is only available for super admins';

function mainMenu(page: Page) {
  return sidebar(page).getByRole('navigation', { name: 'Main menu' });
}

const everyItem = [
  'Overview',
  'Flights',
  'Logbook',
  'Training',
  'Instructors',
  'Students',
  'Aircraft',
  'Audio Upload',
  'Record a Flight',
  'Sub Organization',
  'Admin',
  'RBAC',
  'Billing',
  'Cable Collection',
  'Markers',
];
/** What each demo role sees in the menu: the items its role may open (docs/product.md "The shell"). */
const menuLabels: Record<string, string[]> = {
  super_admin: everyItem,
  org_admin: everyItem,
  admin_secondary: everyItem.filter((label) => label !== 'Audio Upload' && label !== 'Record a Flight' && label !== 'Markers'),
  sub_org_admin: ['Audio Upload', 'Record a Flight', 'Sub Organization', 'Markers'],
  sub_org_admin_secondary: ['Sub Organization'],
  instructor: ['Flights', 'Logbook', 'Training', 'Students', 'Audio Upload', 'Record a Flight', 'Billing', 'Markers'],
  student: ['Flights', 'Logbook', 'Training', 'Audio Upload', 'Record a Flight', 'Billing', 'Markers'],
};

test.describe('sidebar menu', () => {
  for (const account of roleAccounts) {
    test(`${account.label}: the menu is getMenuItemsForRole in its two sections; the top bar shows badge, name and avatar`, async ({
      page,
    }) => {
      const role = demoRoles[account.email]!;
      const expected = getMenuItemsForRole(role);
      expect(expected.map((item) => item.label)).toEqual(menuLabels[role]);
      await signIn(page, account.email);
      await expect(page).toHaveURL(new RegExp(`${account.landing}$`));
      await expect(page.getByTestId('role-badge')).toHaveText(account.label);
      await expect(page.getByTestId('user-name')).toHaveText(account.name);
      const avatar = topBarAvatar(page);
      await expect(avatar).toHaveAttribute('aria-hidden', 'true');
      await expect(avatar).toHaveText(account.name.slice(0, 2).toUpperCase());
      await expect(avatar).toHaveAttribute('width', '32');
      // A complete demo profile shows no red dot and no modal.
      await expect(page.getByTestId('profile-incomplete-dot')).toHaveCount(0);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(sidebar(page).getByTestId('organization-name')).toHaveText(demoSchoolName);

      const sections = mainMenu(page).locator(':scope > div');
      const expectedSections = (['dashboard', 'configuration'] as const satisfies readonly MenuCategory[]).filter((category) =>
        expected.some((item) => item.category === category),
      );
      await expect(sections).toHaveCount(expectedSections.length);
      for (const [index, category] of expectedSections.entries()) {
        const section = sections.nth(index);
        const items = expected.filter((item) => item.category === category);
        await expect(section.locator(':scope > p')).toHaveText(category);
        await expect(section.getByRole('link')).toHaveText(items.map((item) => item.label));
        expect(await section.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
          items.map((item) => item.path),
        );
      }
      // Nothing else: every item the role may not open is absent.
      for (const hidden of menuItems.filter((item) => !expected.includes(item))) {
        await expect(mainMenu(page).getByRole('link', { name: hidden.label, exact: true })).toHaveCount(0);
      }
    });
  }

  test('clicking each menu item of an org admin opens its screen inside the shell', async ({ page }) => {
    await signIn(page, 'orgadmin@skyline.test');
    await expect(page).toHaveURL(/\/dashboard\/flights$/);
    for (const item of getMenuItemsForRole('org_admin')) {
      await mainMenu(page).getByRole('link', { name: item.label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${item.path}$`));
      if (item.path === '/record') {
        // The phone recorder is full screen, outside the shell (docs/product.md "Recording on a phone"), with a way back.
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.label);
        await page.getByRole('link', { name: 'Flights' }).click();
        continue;
      }
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(item.label);
      await expect(sidebar(page)).toBeVisible();
    }
  });
});

test.describe('organization panel', () => {
  test('shows the organization name; people other than super admins cannot switch organization', async ({ page }) => {
    await signIn(page, 'instructor@skyline.test');
    const panel = sidebar(page).getByTestId('organization-panel');
    await expect(panel.getByTestId('organization-name')).toHaveText(demoSchoolName);
    await expect(panel.getByText(noOrganizationNote)).toHaveCount(0);
    await expect(panel.getByLabel('Switch Organization')).toHaveCount(0);
    await expect(panel.getByText(switchNote)).toHaveCount(0);
  });

  test('a super admin sees Switch Organization with the current organization disabled and the note', async ({ page }) => {
    await signIn(page, 'superadmin@skyline.test');
    const panel = sidebar(page).getByTestId('organization-panel');
    await expect(panel.getByTestId('organization-name')).toHaveText(demoSchoolName);
    const select = panel.getByLabel('Switch Organization');
    await expect(select).toBeVisible();
    await expect(select.getByRole('option', { name: demoSchoolName })).toBeDisabled();
    await expect(select.getByRole('option', { name: otherSchoolName })).toBeEnabled();
    await expect(panel.getByText(switchNote, { exact: true })).toBeVisible();
  });

  test('an account without organization sees NOT AVAILABLE and the note; a super admin switches to Harbor Aviation', async ({ page }) => {
    // Only super admins can exist without an organization: the demo super admin invites a fresh one,
    // so the demo super admin's own organization never changes.
    const account = await createInvitedAccount('superadmin@skyline.test', 'super_admin', 'Orla Nobody', 'orgless');
    // Super admins sign in with a second step (docs/product.md "Sign-in and second step"): give Orla her app first.
    const own = await adminApi(account.email, account.password);
    await enrolAuthenticatorThroughApi(own, account.email, account.password);
    await own.dispose();
    const api = await adminApi('superadmin@skyline.test');
    const orgs = (await (await api.get('/api/orgs')).json()) as { items: Array<{ id: string; name: string }> };
    await api.dispose();
    const harbor = orgs.items.find((org) => org.name === otherSchoolName)!;
    expect(harbor).toBeTruthy();

    await recordTimeline(page);
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard\/flights$/);
    const panel = sidebar(page).getByTestId('organization-panel');
    await expect(panel.getByTestId('organization-name')).toHaveText('NOT AVAILABLE');
    await expect(panel.getByText(noOrganizationNote, { exact: true })).toBeVisible();

    // The new account's profile is incomplete, so the Update Profile modal covers the page: complete
    // it through the API (the modal has its own spec) and reload.
    const me = await getMe(page);
    expect(me.org_id).toBeNull();
    const patch = await sendFromApp(page.request, `/api/users/${me.skylog_id}`, {
      method: 'PATCH',
      data: { name: 'Orla Nobody', phone: '+14155550177', program: '141' },
    });
    expect(patch.status()).toBe(204);
    await page.reload();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(panel.getByTestId('organization-name')).toHaveText('NOT AVAILABLE');

    const select = panel.getByLabel('Switch Organization');
    await expect(select.getByRole('option', { name: otherSchoolName })).toBeEnabled();
    await select.selectOption({ label: otherSchoolName });
    const notice = panel.getByRole('status');
    await expect(notice).toHaveText('Organization switched!');
    await expect(page).toHaveURL(new RegExp(`/dashboard/flights\\?org_switched=${harbor.id}$`));
    await expect(notice).toHaveCount(0);
    await expect(panel.getByTestId('organization-name')).toHaveText(otherSchoolName);
    await expect(panel.getByText(noOrganizationNote)).toHaveCount(0);
    await expect(select.getByRole('option', { name: otherSchoolName })).toBeDisabled();
    await expect(select.getByRole('option', { name: demoSchoolName })).toBeEnabled();

    // The notice stays for about 700 ms before the flights of the new organization open.
    const timeline = await readTimeline(page);
    const shownAt = timeOf(timeline, 'shown', 'Organization switched!');
    const navigatedAt = timeOf(timeline, 'nav', `org_switched=${harbor.id}`);
    expect(navigatedAt - shownAt).toBeGreaterThanOrEqual(650);
    expect(navigatedAt - shownAt).toBeLessThan(1200);
  });
});

test.describe('sidebar size and breakpoint', () => {
  test('the sidebar is 240 px wide when open and hidden when closed by the toggle', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'orgadmin@skyline.test');
    const aside = sidebar(page);
    await expect(aside).toBeVisible();
    expect((await aside.boundingBox())?.width).toBe(240);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(aside).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(aside).toBeVisible();
    expect((await aside.boundingBox())?.width).toBe(240);
  });

  test('the sidebar is open above 1024 px, closes at 1024 px and reopens above it', async ({ page }) => {
    await page.setViewportSize({ width: 1025, height: 800 });
    await signIn(page, 'orgadmin@skyline.test');
    const aside = sidebar(page);
    await expect(aside).toBeVisible();
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(aside).toBeHidden();
    // At 1024 px the toggle still opens and closes it.
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(aside).toBeVisible();
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(aside).toBeHidden();
    await page.setViewportSize({ width: 1025, height: 800 });
    await expect(aside).toBeVisible();
  });

  test('closing for a narrow window is not saved: the next wide visit shows the sidebar again', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const narrow = await context.newPage();
    await signIn(narrow, 'secondary@skyline.test');
    await expect(narrow.getByTestId('role-badge')).toHaveText('Secondary Admin');
    await expect(sidebar(narrow)).toBeHidden();
    await narrow.close();
    const wide = await context.newPage();
    await wide.setViewportSize({ width: 1280, height: 800 });
    await wide.goto('/dashboard/overview');
    await expect(wide.getByTestId('role-badge')).toHaveText('Secondary Admin');
    await expect(sidebar(wide)).toBeVisible();
    await context.close();
  });

  test('a page opened at 1024 px starts with the sidebar closed', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await signIn(page, 'student@skyline.test');
    await expect(page.getByTestId('role-badge')).toHaveText('Student');
    await expect(sidebar(page)).toBeHidden();
  });
});
