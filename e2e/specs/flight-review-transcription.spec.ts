import { messages, type ClientConfig } from '@skylog/contracts';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { findTripByName } from './flight-helpers.ts';

/** The demo pattern work: Stella Park (student@) flies it with Iris Calder (instructor@); it ships with a transcript. */
const demoTripName = 'Pattern work at KPAO';
/** Anything that tells how to set up the server: a variable, a provider's name, a restart. */
const configurationText = /DEEPGRAM|WHISPER|restart|not configured/i;

/**
 * `npm start` with no transcription provider: these servers speak to a local Deepgram, so the page is told
 * what a server without one says (its public configuration), and nothing else changes.
 */
async function withoutTranscriptionProvider(page: Page) {
  await page.route('**/api/client-config', async (route) => {
    const config = (await (await route.fetch()).json()) as ClientConfig;
    await route.fulfill({ json: { ...config, transcription_provider: 'none' } satisfies ClientConfig });
  });
}

async function openDemoFlight(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  const trip = await findTripByName(page.request, demoTripName);
  await page.goto(`/dashboard/flights/${trip.trip_id}`);
  await expect(page.getByTestId('trip-name')).toHaveText(demoTripName, { timeout: 30_000 });
  const transcript = page.getByRole('region', { name: 'Transcript' });
  // The recording greets the student who flew it.
  await expect(transcript.getByText('Stella,', { exact: true })).toBeVisible({ timeout: 30_000 });
  return transcript;
}

// The first test of a run may wait for the demo audio to be processed.
test.describe.configure({ timeout: 90_000 });

test('with no transcription provider, a student on the demo flight sees its transcript and nothing about configuration', async ({ page }) => {
  await withoutTranscriptionProvider(page);
  const transcript = await openDemoFlight(page, 'student@skyline.test');
  await expect(transcript.getByRole('button', { name: /transcript/ })).toHaveCount(0);
  await expect(transcript).not.toContainText(configurationText);
  await expect(transcript).not.toContainText(messages.transcriptNotSetUp);
});

test('with no transcription provider, the org admin reads what to configure under a Regenerate button that is off', async ({ page }) => {
  await withoutTranscriptionProvider(page);
  const transcript = await openDemoFlight(page, 'orgadmin@skyline.test');
  await expect(transcript.getByRole('button', { name: 'Regenerate transcript' })).toBeDisabled();
  await expect(transcript).toContainText(messages.transcriptNotConfigured);
});

test('with a provider, regenerating the demo transcript asks first and says what it replaces; cancelling keeps it', async ({ page }) => {
  const transcript = await openDemoFlight(page, 'instructor@skyline.test');
  await transcript.getByRole('button', { name: 'Regenerate transcript' }).click();
  const dialog = page.getByRole('dialog', { name: 'Regenerate transcript?' });
  await expect(dialog).toContainText(messages.transcriptRegenerateConfirm);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(transcript.getByRole('status')).toHaveCount(0);
  await expect(transcript.getByText('Stella,', { exact: true })).toBeVisible();
});
