import { readFile } from 'node:fs/promises';
import { dayRangeMessage } from '@skylog/contracts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { csvRecords } from '../../apps/server/test/support/csv.ts';
import { signIn } from './fixtures.ts';

/** Clicks a download link and reads the file the browser saved. */
async function downloadFrom(page: Page, link: Locator): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
}

test("a student opens their own training record from Flights and downloads it; the file's rows are the record's flights", async ({ page }) => {
  await signIn(page, 'student@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  await page.getByRole('link', { name: 'Your training record' }).click();
  await expect(page).toHaveURL(/\/dashboard\/students\/[0-9a-f-]{36}$/);
  const record = page.getByRole('region', { name: 'Training record' });
  await expect(record.getByRole('table', { name: 'Flights of the training record' })).toBeVisible();
  const flights = Number(await record.locator('dt', { hasText: /^Flights$/ }).locator('xpath=following-sibling::dd[1]').textContent());
  expect(flights).toBeGreaterThan(0);
  const names = await record.getByRole('table', { name: 'Flights of the training record' }).locator('tbody tr td:nth-child(2)').allTextContents();

  const file = await downloadFrom(page, record.getByRole('link', { name: 'Download CSV' }));
  expect(file.name).toMatch(/^training-record-Stella-Park\.csv$/);
  const rows = csvRecords(file.text);
  expect(rows).toHaveLength(flights);
  // The file is oldest first, the screen newest first.
  expect(rows.map((row) => row.Flight)).toEqual([...names].reverse());
  expect(rows.every((row) => /^\d{4}-\d{2}-\d{2}$/.test(row['Date (UTC)']!) && /^\d+(\.\d+)?$/.test(row['Flight hours']!))).toBe(true);
});

test('a range that ends before it starts is told beside the days, and nothing downloads', async ({ page }) => {
  await signIn(page, 'orgadmin@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  await page.goto('/dashboard/overview');
  const exporter = page.getByRole('region', { name: 'Training records' });
  await exporter.getByLabel('From').fill('2026-03-10');
  await exporter.getByLabel('To').fill('2026-03-01');
  await expect(exporter.getByRole('alert')).toHaveText(dayRangeMessage);
  await expect(exporter.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);
  await exporter.getByLabel('To').fill('2026-03-31');
  await expect(exporter.getByRole('alert')).toHaveCount(0);
  await expect(exporter.getByRole('link', { name: 'Download CSV' })).toBeVisible();
});

test("the organization's export holds a row per flight and student, each naming a flight of the school", async ({ page }) => {
  await signIn(page, 'orgadmin@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  await page.goto('/dashboard/overview');
  const file = await downloadFrom(page, page.getByRole('region', { name: 'Training records' }).getByRole('link', { name: 'Download CSV' }));
  expect(file.name).toBe('training-record-organization.csv');
  const rows = csvRecords(file.text);
  expect(rows.length).toBeGreaterThan(0);
  const trips = (await (await page.request.get('/api/trips?page_size=100')).json()) as { items: Array<{ trip_id: string; trip_name: string }> };
  const names = new Map(trips.items.map((trip) => [trip.trip_id, trip.trip_name]));
  for (const row of rows) expect(names.get(row['Flight id']!), row['Flight id']).toBe(row.Flight);
  expect(new Set(rows.map((row) => `${row['Flight id']} ${row['Student e-mail']}`)).size).toBe(rows.length);
});

test("an instructor's page shows their students' training, each leading to the student's record", async ({ page }) => {
  await signIn(page, 'orgadmin@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  await page.goto('/dashboard/instructors');
  await page.getByRole('link', { name: 'Iris Calder' }).click();
  const table = page.getByRole('table', { name: "Students' training" });
  const stella = table.getByRole('row').filter({ hasText: 'Stella Park' });
  await expect(stella).toBeVisible();
  const flights = Number(await stella.getByRole('cell').nth(1).textContent());
  await stella.getByRole('link', { name: 'Stella Park', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/students\/[0-9a-f-]{36}$/);
  const record = page.getByRole('region', { name: 'Training record' });
  await expect(record.locator('dt', { hasText: /^Flights$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText(String(flights));
});
