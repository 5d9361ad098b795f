import { expect, test } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { breadcrumbs, sidebar } from './shell-helpers.ts';

/**
 * Every protected screen (docs/product.md "Who opens which screen") with the heading it shows and the crumbs its path
 * gives (a menu page's crumb is its menu label).
 */
const protectedScreens = [
  { path: '/dashboard/overview', heading: 'Overview', crumbs: ['Dashboard', 'Overview'] },
  { path: '/dashboard/aircraft', heading: 'Aircraft', crumbs: ['Dashboard', 'Aircraft'] },
  { path: '/dashboard/aircraft/n172sp', heading: 'Aircraft', crumbs: ['Dashboard', 'Aircraft', 'N172sp'] },
  { path: '/dashboard/flights', heading: 'Flights', crumbs: ['Dashboard', 'Flights'] },
  { path: '/dashboard/flights/trip-1', heading: 'Flight review', crumbs: ['Dashboard', 'Flights', 'Trip-1'] },
  {
    path: '/dashboard/flights/trip-1/logbook',
    heading: 'Logbook entries of the flight',
    crumbs: ['Dashboard', 'Flights', 'Trip-1', 'Logbook'],
  },
  { path: '/dashboard/logbook', heading: 'Logbook', crumbs: ['Dashboard', 'Logbook'] },
  { path: '/dashboard/logbook/signing', heading: 'Signing queue', crumbs: ['Dashboard', 'Logbook', 'Signing'] },
  { path: '/dashboard/logbook/entries/entry-1', heading: 'Logbook entry', crumbs: ['Dashboard', 'Logbook', 'Entries', 'Entry-1'] },
  { path: '/dashboard/logbook/people/stella', heading: 'Logbook', crumbs: ['Dashboard', 'Logbook', 'People', 'Stella'] },
  { path: '/dashboard/training', heading: 'Training', crumbs: ['Dashboard', 'Training'] },
  { path: '/dashboard/training/courses/course-1', heading: 'Course', crumbs: ['Dashboard', 'Training', 'Courses', 'Course-1'] },
  { path: '/dashboard/training/lessons/lesson-1', heading: 'Lesson', crumbs: ['Dashboard', 'Training', 'Lessons', 'Lesson-1'] },
  { path: '/dashboard/instructors', heading: 'Instructors', crumbs: ['Dashboard', 'Instructors'] },
  { path: '/dashboard/instructors/iris', heading: 'Instructor', crumbs: ['Dashboard', 'Instructors', 'Iris'] },
  { path: '/dashboard/students', heading: 'Students', crumbs: ['Dashboard', 'Students'] },
  { path: '/dashboard/students/stella', heading: 'Student', crumbs: ['Dashboard', 'Students', 'Stella'] },
  { path: '/dashboard/audio-upload', heading: 'Audio Upload', crumbs: ['Dashboard', 'Audio Upload'] },
  { path: '/configuration/sub-organization', heading: 'Sub Organization', crumbs: ['Configuration', 'Sub Organization'] },
  { path: '/configuration/sub-organization/north', heading: 'Sub Organization', crumbs: ['Configuration', 'Sub Organization', 'North'] },
  { path: '/configuration/admin', heading: 'Admin', crumbs: ['Configuration', 'Admin'] },
  { path: '/configuration/rbac', heading: 'RBAC', crumbs: ['Configuration', 'RBAC'] },
  { path: '/configuration/billing', heading: 'Billing', crumbs: ['Configuration', 'Billing'] },
  { path: '/configuration/cable-collection', heading: 'Cable Collection', crumbs: ['Configuration', 'Cable Collection'] },
  { path: '/configuration/markers', heading: 'Markers', crumbs: ['Configuration', 'Markers'] },
] as const;

test('the root address redirects to /login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
});

test('every protected screen opens inside the shell: sidebar, top bar, breadcrumbs and the screen', async ({ page }) => {
  test.setTimeout(60_000);
  // The super admin may open every screen, so none is redirected.
  await signIn(page, 'superadmin@skyline.test');
  await expect(page.getByTestId('role-badge')).toHaveText('Superadmin');
  for (const screen of protectedScreens) {
    await page.goto(screen.path);
    await expect(page, screen.path).toHaveURL(new RegExp(`${screen.path}$`));
    await expect(page.getByRole('main').getByRole('heading', { level: 1 }), screen.path).toHaveText(screen.heading);
    await expect(sidebar(page), screen.path).toBeVisible();
    await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toBeVisible();
    await expect(sidebar(page).getByText('Hover Here To Log Out')).toBeVisible();
    await expect(sidebar(page).getByTestId('organization-name')).toHaveText('Skyline Flight Academy');
    await expect(page.getByTestId('role-badge')).toHaveText('Superadmin');
    await expect(page.getByTestId('user-name')).toHaveText('Sam Rivera');
    await expect(breadcrumbs(page).getByRole('listitem'), screen.path).toHaveText([...screen.crumbs]);
  }
});

test('unknown paths of a signed-in person go to /dashboard/flights', async ({ page }) => {
  await signIn(page, 'orgadmin@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  for (const unknown of ['/no-such-page', '/dashboard/no-such-screen', '/configuration/sub-organization/north/extra', '/auth/unknown']) {
    await page.goto(unknown);
    await expect(page, unknown).toHaveURL(/\/dashboard\/flights$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Flights');
  }
});

test('an unknown path while signed out goes to /dashboard/flights, which asks to sign in first', async ({ page }) => {
  await page.goto('/somewhere/else');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fflights$/);
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
});
