import { flightUploadedForMessage, messages } from '@skylog/contracts';
import { expect, test } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { audioInputLabel, flightFixtures, trackInputLabel } from './flight-helpers.ts';

test('a secondary admin, whose menu has no Audio Upload, finds no upload button on Flights either', async ({ page }) => {
  await signIn(page, 'secondary@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  await expect(page.getByTestId('table-total')).toHaveText(/^\d+ in total$/);
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Audio Upload' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Upload flight' })).toHaveCount(0);
});

test('an instructor with several students is asked for the pilot before the files can be chosen', async ({ page }) => {
  await signIn(page, 'instructor@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  await page.getByRole('link', { name: 'Upload flight' }).click();
  await expect(page).toHaveURL(/\/dashboard\/audio-upload$/);

  const pilot = page.getByLabel('Pilot (left seat)');
  const track = page.getByLabel(trackInputLabel);
  const audio = page.getByLabel(audioInputLabel);
  await expect(pilot).toBeVisible();
  await expect(pilot.locator('option:checked')).toHaveText('Nobody');
  // The pilot is asked above the files, which wait for it and say why.
  expect((await pilot.boundingBox())!.y).toBeLessThan((await track.boundingBox())!.y);
  for (const input of [track, audio]) {
    await expect(input).toBeDisabled();
    await expect(input).toHaveAccessibleDescription(messages.uploadPilotFirst);
  }

  await pilot.selectOption({ label: 'Leo Nakamura' });
  await expect(track).toBeEnabled();
  await expect(audio).toBeEnabled();
  await expect(page.getByText(messages.uploadPilotFirst)).toHaveCount(0);
});

test('a sub-organization admin sends a flight for a member: a confirmation, no flight screen, and the API opens none of their flights', async ({ page }) => {
  // Upload and audio processing: about 20 s, with room for a busy machine.
  test.setTimeout(45_000);
  await signIn(page, 'suborgadmin@skyline.test');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Audio Upload' }).click();
  await expect(page).toHaveURL(/\/dashboard\/audio-upload$/);
  await page.getByLabel('Pilot (left seat)').selectOption({ label: 'Leo Nakamura' });
  await page.getByLabel(trackInputLabel).setInputFiles(flightFixtures.patternWork);
  await page.getByLabel(audioInputLabel).setInputFiles(flightFixtures.cockpitAudio);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText(flightUploadedForMessage('Leo Nakamura', true))).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/dashboard\/audio-upload$/);
  await expect(page.getByRole('button', { name: 'Upload another flight' })).toBeVisible();
  // The server refuses them every flight, the one just sent included.
  const list = await page.request.get('/api/trips?page=0');
  expect(list.status()).toBe(403);
});
