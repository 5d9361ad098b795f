import { expect, test } from '@playwright/test';
import type { CrewChoices, Me, TripDetail } from '@skylog/contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoPassword, logOut, signIn } from './fixtures.ts';
import { uniqueTripName } from './flight-helpers.ts';
import { sendFromApp } from './shell-helpers.ts';

/**
 * The demo school's pattern work at Palo Alto (apps/server/src/db/seed/demo-trips), flown a week ago at 10 in the
 * morning local time, as a GPX file. A fixed daytime hour, not "now minus a week": flown after sunset, the whole
 * flight is night time, and the student's shorter total below would then be refused as less than the night time.
 */
function lessonGpx(): string {
  const demo = JSON.parse(
    readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/src/db/seed/demo-trips/pattern-work-kpao.json'), 'utf8'),
  ) as { points: [number, number, number, number][] };
  const weekAgo = new Date(Date.now() - 7 * 86_400_000);
  // 18:00 UTC is 10:00 in Palo Alto in winter (PST) and 11:00 in summer (PDT): daylight all year.
  const start = Date.UTC(weekAgo.getUTCFullYear(), weekAgo.getUTCMonth(), weekAgo.getUTCDate(), 18);
  const points = demo.points
    .map(([seconds, latitude, longitude, altitude]) => `<trkpt lat="${latitude}" lon="${longitude}"><ele>${altitude}</ele><time>${new Date(start + seconds * 1000).toISOString()}</time></trkpt>`)
    .join('');
  return `<?xml version="1.0"?><gpx version="1.1" creator="Skylog e2e" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>${points}</trkseg></trk></gpx>`;
}

/**
 * The pilot's logbook from a flight (docs/product.md "Logbook"): the instructor debriefs a lesson flown with
 * their student, opens its logbook entry from the flight screen, signs it with their password; the student sees
 * it signed, changes the total time, and sees "Signature no longer valid".
 */
test('an instructor signs the logbook entry of a debriefed flight, and the student’s later edit voids the signature', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'instructor@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);

  // A lesson of the demo instructor with the demo student in the left seat: the demo school's hour of pattern work.
  const me = (await (await page.request.get('/api/me')).json()) as Me;
  const choices = (await (await page.request.get('/api/trips/crew-choices')).json()) as CrewChoices;
  const student = choices.people.find((person) => person.name === 'Stella Park')!;
  const name = uniqueTripName('E2E logbook');
  const query = new URLSearchParams({ filename: 'lesson.gpx', trip_name: name, left_seat: student.skylog_id, right_seat: me.skylog_id });
  const imported = await sendFromApp(page.request, `/api/trips/import?${query}`, {
    method: 'POST',
    data: lessonGpx(),
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  const trip = (await imported.json()) as TripDetail;

  // The debrief first, as after any lesson.
  await page.goto(`/dashboard/flights/${trip.trip_id}`);
  const notes = page.getByRole('region', { name: 'Debrief notes' });
  await notes.getByLabel('What went well').fill('Consistent pattern altitudes; good radio calls.');
  await notes.getByLabel('What to improve').fill('Flare height on the second landing.');
  await notes.getByRole('button', { name: 'Save' }).click();
  await expect(notes.getByRole('button', { name: 'Save' })).toBeDisabled();

  // Beside the debrief: the flight's logbook entries, one per pilot aboard, filled from the track.
  await page.getByRole('link', { name: 'Logbook entry' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/flights/${trip.trip_id}/logbook$`));
  const entry = page.getByRole('article', { name: 'Stella Park' });
  await expect(entry).toContainText('From the track');
  await expect(entry.getByRole('region', { name: 'Signature' })).toContainText('Not signed');
  await entry.getByRole('button', { name: 'Sign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign the entry' });
  // The certificate number comes from the instructor's own profile; its expiry is given at each signature.
  await expect(dialog.getByLabel('Certificate number')).toHaveValue('CFI 3920115');
  await dialog.getByLabel('Certificate expiry').fill('2099-12-31');
  await dialog.getByLabel('Your password').fill(demoPassword);
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(dialog).toBeHidden();
  const signature = entry.getByRole('region', { name: 'Signature' });
  await expect(signature).toContainText('Iris Calder');
  await expect(signature).toContainText('CFI 3920115');
  await expect(signature).not.toContainText('Signature no longer valid');

  // The student's page shows their instructor the currency and the progress toward the certificate.
  await page.goto(`/dashboard/students/${student.skylog_id}`);
  await expect(page.getByRole('region', { name: 'Currency' })).toContainText('14 CFR 61.57(a)');
  await expect(page.getByRole('region', { name: 'Currency' })).toContainText(/Solo endorsement/i);
  await expect(page.getByRole('region', { name: 'Progress toward the certificate' })).toContainText('14 CFR 61.109(a)');

  // The student sees it signed, then changes the total time.
  await logOut(page);
  await signIn(page, 'student@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  await page.goto(`/dashboard/flights/${trip.trip_id}/logbook`);
  const own = page.getByRole('article', { name: 'Stella Park' });
  await expect(own.getByRole('region', { name: 'Signature' })).toContainText('Iris Calder');
  await expect(own.getByRole('region', { name: 'Signature' })).not.toContainText('Signature no longer valid');
  await own.getByRole('button', { name: 'Edit entry' }).click();
  const total = own.getByLabel('Total time (hours)');
  const flown = Number(await total.inputValue());
  expect(flown).toBeGreaterThan(0.2);
  // Dual received was the whole flight: it cannot be more than the total, so both go down.
  await total.fill((flown - 0.1).toFixed(1));
  await own.getByLabel('Dual received (hours)').fill((flown - 0.1).toFixed(1));
  await own.getByRole('button', { name: 'Save' }).click();
  await expect(own.getByRole('region', { name: 'Signature' })).toContainText('Signature no longer valid');
  await expect(own.getByRole('region', { name: 'Signature' })).toContainText('Total time, Dual received');

  // The logbook's own list says so too.
  await page.goto('/dashboard/logbook');
  await expect(page.getByRole('table')).toContainText('Signature no longer valid');
});
