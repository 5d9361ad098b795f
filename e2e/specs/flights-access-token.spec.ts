import { messages } from '@skylog/contracts';
import { expect, test } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { searchFlights, uniqueTripName } from './flight-helpers.ts';
import { toast } from './shell-helpers.ts';

/** A short recorder flight: three fixes on the KPAO runway 31 climb-out. */
function recorderFlight(tripName: string) {
  const start = Date.now() - 10 * 60_000;
  return {
    trip_name: tripName,
    origin: 'kpao',
    points: [
      { timestamp: start, latitude: 37.45843, longitude: -122.11247, altitude: 2, speed: 30 },
      { timestamp: start + 1000, latitude: 37.45865, longitude: -122.11268, altitude: 4, speed: 31 },
      { timestamp: start + 2000, latitude: 37.45887, longitude: -122.11289, altitude: 7, speed: 32 },
    ],
    markers: [
      { markerID: 3, timestamp: start + 1000, coords: { latitude: 37.45865, longitude: -122.11268 }, notes: { text: 'Tower handoff' } },
    ],
  };
}

test('a personal access token sends a flight for its owner until it is revoked', async ({ page, request }) => {
  await signIn(page, 'emma.okafor@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  const profile = page.getByRole('dialog', { name: 'Update Profile' });
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(profile).toBeVisible();

  await profile.getByLabel('Token name').fill('e2e recorder');
  await profile.getByRole('button', { name: 'Create token' }).click();
  const shown = profile.getByTestId('new-access-token');
  await expect(shown).toBeVisible();
  await expect(profile.getByText('Copy this token now: it will not be shown again.')).toBeVisible();
  const token = (await shown.textContent())!.trim();
  expect(token.length).toBeGreaterThan(20);
  const listed = profile
    .getByRole('list', { name: 'Access tokens' })
    .getByRole('listitem')
    .filter({ hasText: `${token.slice(0, 10)}…` });
  await expect(listed).toContainText('e2e recorder');
  await expect(listed).toContainText('Never used');

  const tripName = uniqueTripName('E2E recorder flight');
  const send = () => request.post('/api/trips', { data: recorderFlight(tripName), headers: { authorization: `Bearer ${token}` } });
  const created = await send();
  expect(created.status(), await created.text()).toBe(201);
  expect(await created.json()).toMatchObject({ trip_name: tripName, origin: 'KPAO', point_count: 3, marker_count: 1 });

  // Shown once: after closing and opening again, only its prefix is listed.
  await profile.getByRole('button', { name: 'Close' }).click();
  await expect(profile).toBeHidden();
  await searchFlights(page, tripName, 1);
  await expect(page.getByRole('row').filter({ hasText: tripName })).toContainText('KPAO');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(profile).toBeVisible();
  await expect(profile.getByTestId('new-access-token')).toHaveCount(0);
  const tokens = await page.request.get('/api/access-tokens');
  const used = ((await tokens.json()) as { items: { prefix: string; last_used_at: string | null }[] }).items.find((item) =>
    token.startsWith(item.prefix),
  );
  expect(used?.last_used_at).not.toBeNull();
  // The panel asks again when it opens, so the person sees the recorder's use too.
  await expect(listed).toContainText('Last used');

  // Revoking asks first: the recorder using it stops at once.
  await listed.getByRole('button', { name: 'Revoke' }).click();
  await listed.getByRole('button', { name: 'Keep' }).click();
  await expect(listed).toHaveCount(1);
  await listed.getByRole('button', { name: 'Revoke' }).click();
  await listed.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(toast(page, 'e2e recorder revoked')).toBeVisible();
  await expect(listed).toHaveCount(0);

  const refused = await send();
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ message: messages.accessTokenInvalid });
  await profile.getByRole('button', { name: 'Close' }).click();
  await searchFlights(page, tripName, 1);
});
