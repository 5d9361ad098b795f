import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { adminApi, otherSchoolName, sendFromApp, sidebar } from './shell-helpers.ts';

/** A figure's link is named "<label>: <value>"; the value as the card shows it. */
async function figureValue(page: Page, label: string): Promise<string> {
  const link = page.getByRole('link', { name: new RegExp(`^${label}: `) });
  await expect(link).toBeVisible();
  return (await link.getAttribute('aria-label'))!.slice(label.length + 2);
}

/** Signs in and waits for the landing page, so the next address is asked for with the session. */
async function signInAndLand(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
}

async function openOverview(page: Page, query = '') {
  await page.goto(`/dashboard/overview${query}`);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
}

test('every figure of the Overview opens the list it counts, and the list shows the same number', async ({ page }) => {
  await signInAndLand(page, 'orgadmin@skyline.test');
  await sidebar(page).getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await expect(page.getByRole('img', { name: 'Flights and flight hours per week' })).toBeVisible();

  const lists = [
    { label: 'Flights this week', address: /\/dashboard\/flights\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/ },
    { label: 'Flights this month', address: /\/dashboard\/flights\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/ },
    { label: 'Awaiting debrief', address: /\/dashboard\/flights\?status=awaiting_debrief$/ },
    { label: 'Active students', address: /\/dashboard\/students\?status=active$/ },
    { label: 'Active instructors', address: /\/dashboard\/instructors\?status=active$/ },
    { label: 'Aircraft', address: /\/dashboard\/aircraft$/ },
    { label: 'Cables not collected', address: /\/configuration\/cable-collection\?cable=not_collected$/ },
  ];
  for (const { label, address } of lists) {
    await openOverview(page);
    const value = await figureValue(page, label);
    await page.getByRole('link', { name: `${label}: ${value}` }).click();
    await expect(page, label).toHaveURL(address);
    await expect(page.getByTestId('table-total'), label).toHaveText(`${value} in total`);
  }

  // The hours lead to the same flights, and the list sums their flight time to the same figure.
  for (const label of ['Flight hours this week', 'Flight hours this month']) {
    await openOverview(page);
    const hours = await figureValue(page, label);
    await page.getByRole('link', { name: `${label}: ${hours}` }).click();
    await expect(page, label).toHaveURL(/\/dashboard\/flights\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByTestId('flights-flight-time'), label).toHaveText(`Flight time of these flights: ${hours}`);
  }

  // The flights list shows the filters the figure chose.
  await openOverview(page);
  await page.getByRole('link', { name: /^Awaiting debrief: / }).click();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('awaiting_debrief');
});

test("a marker category's flights this month open the flights list filtered by that marker", async ({ page }) => {
  await signInAndLand(page, 'orgadmin@skyline.test');
  await openOverview(page);
  const link = page.getByRole('link', { name: /^Overloaded: \d+ flights? this month$/ });
  const flights = (await link.getAttribute('aria-label'))!.match(/(\d+) flight/)![1];
  await link.click();
  await expect(page).toHaveURL(/\/dashboard\/flights\?marker=4&from=\d{4}-\d{2}-01&to=/);
  await expect(page.getByLabel('Marker', { exact: true })).toHaveValue('4');
  await expect(page.getByTestId('table-total')).toHaveText(`${flights} in total`);
});

test('a sub-organization narrows the figures, and its links keep it', async ({ page }) => {
  await signInAndLand(page, 'orgadmin@skyline.test');
  await openOverview(page);
  const wholeSchool = await figureValue(page, 'Active students');
  const choice = page.getByLabel('Sub-organization', { exact: true });
  const subOrg = (await choice.locator('option').nth(1).textContent())!;
  await choice.selectOption({ label: subOrg });
  await expect(page).toHaveURL(/\/dashboard\/overview\?sub_org_id=[0-9a-f-]{36}$/);
  const subOrgId = new URL(page.url()).searchParams.get('sub_org_id')!;
  await expect.poll(() => figureValue(page, 'Active students')).not.toBe(wholeSchool);
  const students = await figureValue(page, 'Active students');

  await page.getByRole('link', { name: `Active students: ${students}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/students\\?status=active&sub_org_id=${subOrgId}$`));
  await expect(page.getByLabel('Sub-organization', { exact: true })).toHaveValue(subOrgId);
  await expect(page.getByTestId('table-total')).toHaveText(`${students} in total`);
});

test("a super admin sees the organization they switched to; a school without flights shows zeros and the way to upload one", async ({ page }) => {
  const api = await adminApi('superadmin@skyline.test');
  const { items } = (await (await api.get('/api/orgs')).json()) as { items: Array<{ id: string; name: string }> };
  const me = (await (await api.get('/api/me')).json()) as { org_id: string };
  const harbor = items.find((org) => org.name === otherSchoolName)!;
  try {
    expect((await sendFromApp(api, '/api/me/org', { method: 'POST', data: { org_id: harbor.id } })).status()).toBe(204);
    await signInAndLand(page, 'superadmin@skyline.test');
    await openOverview(page);
    await expect(sidebar(page).getByTestId('organization-name')).toHaveText(otherSchoolName);
    expect(await figureValue(page, 'Flights this month')).toBe('0');
    expect(await figureValue(page, 'Awaiting debrief')).toBe('0');
    await page.getByRole('link', { name: 'Upload your first flight' }).click();
    await expect(page).toHaveURL(/\/dashboard\/audio-upload$/);
  } finally {
    await sendFromApp(api, '/api/me/org', { method: 'POST', data: { org_id: me.org_id } });
    await api.dispose();
  }
});

test('instructors and students do not get the Overview (docs/product-spec.md §6)', async ({ page }) => {
  await signInAndLand(page, 'instructor@skyline.test');
  await expect(sidebar(page).getByRole('link', { name: 'Overview' })).toHaveCount(0);
  await page.goto('/dashboard/overview');
  await expect(page).toHaveURL(/\/unauthorized/);
});
