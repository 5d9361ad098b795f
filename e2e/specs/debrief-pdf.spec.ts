import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { readPdf } from '../../apps/server/test/support/pdf.ts';
import { readLatestEmail, signIn } from './fixtures.ts';
import { toast } from './shell-helpers.ts';

const demoTrip = 'Pattern work at KPAO';

test('the flight screen downloads the one-page PDF debrief; "Send debrief" e-mails it to the student', async ({ page }) => {
  await signIn(page, 'instructor@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  await page.getByRole('link', { name: demoTrip }).first().click();
  const summary = page.getByRole('region', { name: 'Flight summary' });
  await expect(summary.getByTestId('trip-name')).toHaveText(demoTrip);

  const [download] = await Promise.all([page.waitForEvent('download'), summary.getByRole('link', { name: 'Debrief PDF' }).click()]);
  expect(download.suggestedFilename()).toBe('debrief-Pattern-work-at-KPAO.pdf');
  const pdf = await readPdf(await readFile((await download.path())!));
  expect(pdf.pages).toBe(1);
  expect(pdf.text).toContain(demoTrip);
  expect(pdf.text).toContain('Instructor: Iris Calder');
  expect(pdf.text).toContain('Key moments');

  await summary.getByRole('button', { name: 'Send debrief' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send the debrief?' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, 'Debrief sent to Stella Park')).toBeVisible();
  const mail = await readLatestEmail('student@skyline.test');
  expect(mail.subject).toBe(`Your debrief: ${demoTrip}`);
  const attached = await readPdf(await readFile(mail.attachments![0]!.file));
  expect(attached.text).toContain(demoTrip);
});

test('a student downloads the debrief of their flight but may not send it', async ({ page }) => {
  await signIn(page, 'student@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  await page.getByRole('link', { name: demoTrip }).first().click();
  const summary = page.getByRole('region', { name: 'Flight summary' });
  await expect(summary.getByRole('link', { name: 'Debrief PDF' })).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Send debrief' })).toHaveCount(0);
});
