import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { aircraftCategoryNeededMessage } from '@skylog/contracts';
import { expect, test } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { fillNewFlight, tripIdOf, uniqueTripName } from './flight-helpers.ts';
import { toast } from './shell-helpers.ts';

/** A real glider flight of the track corpus (bench/corpus/tracks/README.md): an aerotow, a thermal flight, one landing. */
const gliderIgc = {
  name: 'olsztyn.igc',
  mimeType: 'application/octet-stream',
  buffer: gunzipSync(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../bench/corpus/tracks/xiadz-igc-lib/olsztyn.igc.gz'))),
};

test('a glider flight imported on an aircraft without a category asks for it, and shows one launch and one landing, none mid-flight', async ({
  page,
}) => {
  test.setTimeout(45_000);
  await signIn(page, 'orgadmin@skyline.test');
  await expect(page.getByTestId('role-badge')).toHaveText('Org Admin');
  await page.goto('/dashboard/aircraft');
  const tail = `SP${Math.floor(Math.random() * 9000 + 1000)}`;
  await page.getByRole('button', { name: 'Add aircraft' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add aircraft' });
  await dialog.getByLabel('Tail number').fill(tail);
  await dialog.getByLabel('Type').fill('ASW 28');
  await expect(dialog.getByLabel('Category')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `${tail} added`)).toBeVisible();

  await page.goto('/dashboard/audio-upload');
  await page.getByLabel('Pilot (left seat)').selectOption({ label: 'Stella Park' });
  await fillNewFlight(page, { name: uniqueTripName('E2E glider'), aircraft: tail });
  await page.getByLabel('Track file (GPX, KML, CSV or IGC)').setInputFiles(gliderIgc);
  // The aircraft has no category: the upload asks for it before the track goes up.
  const category = page.getByLabel(`Category of ${tail}`);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText(aircraftCategoryNeededMessage(tail))).toBeVisible();
  await category.selectOption({ label: 'Glider' });
  await page.getByRole('button', { name: 'Upload' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Flight uploaded.' });
  await expect(done).toBeVisible({ timeout: 15_000 });
  const tripId = tripIdOf((await done.getByRole('link', { name: 'Open the flight' }).getAttribute('href'))!);

  await page.goto(`/dashboard/flights/${tripId}`);
  const analysis = page.getByRole('region', { name: 'Flight analysis' });
  const phases = analysis.getByRole('list', { name: 'Flight phases' });
  await expect(phases).toBeVisible({ timeout: 20_000 });
  // Thermals and the final glide are flying: one take-off roll (the tow) at the start, one landing at the end.
  const phaseNames = (await phases.getByRole('button').allTextContents()).map((text) => text.replace(/\s*\d{1,2}:\d{2}.*$/, ''));
  expect(phaseNames.filter((name) => name === 'Landing' || name === 'Touch-and-go')).toEqual(['Landing']);
  expect(phaseNames.filter((name) => name === 'Take-off roll')).toEqual(['Take-off roll']);
  expect(phaseNames.indexOf('Take-off roll')).toBeLessThan(phaseNames.indexOf('Climb'));
  expect(phaseNames.indexOf('Landing')).toBeGreaterThan(phaseNames.lastIndexOf('Climb'));
  const landings = analysis.getByRole('table');
  await expect(landings.getByRole('row')).toHaveCount(2);
  await expect(landings.getByRole('row').nth(1)).toContainText('Full stop');

  await page.goto('/dashboard/aircraft');
  await expect(page.getByRole('row').filter({ hasText: tail })).toContainText('Glider');
});
