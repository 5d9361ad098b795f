import { expect, test, type Page } from '@playwright/test';
import { limits } from '@skylog/contracts';
import { signIn } from './fixtures.ts';

const demoTripName = 'Cross-country KPAO – KMRY – KPAO';
/** The first map request starts the server's map data worker (it reads the atlas): room for a busy machine. */
const baseMapTimeout = 30_000;

async function openDemoFlight(page: Page) {
  await signIn(page, 'orgadmin@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  await page.getByLabel('Search flights').fill('Cross-country KPAO');
  await page.getByRole('link', { name: demoTripName }).click();
  await expect(page.getByTestId('trip-name')).toHaveText(demoTripName);
  return page.getByRole('region', { name: 'Flight map' });
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`the flight map at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('without a tile server it draws an offline base map: land and coast, runways, airports; KPAO and KMRY labelled', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const map = await openDemoFlight(page);
      // The e2e server has no MAP_TILE_URL.
      await expect(map.locator('.leaflet-tile')).toHaveCount(0);
      await expect(map.locator('path.skylog-map-land')).toHaveCount(1, { timeout: baseMapTimeout });
      // Palo Alto's and Monterey's runways (and those of the other airfields around), drawn as lines.
      await expect(map.locator('path.skylog-map-runway')).toHaveCount(1);
      expect(await map.locator('path.skylog-map-airport').count()).toBeGreaterThan(10);
      // The trip's origin and destination: always labelled, emphasised.
      await expect(map.locator('[data-testid="airport-label"][data-emphasis="origin"]')).toHaveText('KPAO');
      await expect(map.locator('[data-testid="airport-label"][data-emphasis="destination"]')).toHaveText('KMRY');
      await expect(map.getByTestId('airport-label').filter({ hasText: /^KPAO$/ })).toBeVisible();
      await expect(map.getByTestId('airport-label').filter({ hasText: /^KMRY$/ })).toBeVisible();
      await expect(map.locator('.leaflet-control-attribution')).toContainText('OurAirports (ODbL)');

      // An airport's name shows on hover.
      await map.locator('path.skylog-map-airport[data-ident="KSJC"]').hover();
      await expect(page.locator('.leaflet-tooltip')).toHaveText('KSJC · Norman Y. Mineta San Jose International Airport');
    });

    test('a click on a marker on the map seeks there, as the same marker in the list does', async ({ page }) => {
      test.setTimeout(60_000);
      const map = await openDemoFlight(page);
      const playbackTime = page.getByTestId('playback-time').first();
      const mapMarkers = map.getByRole('button', { name: / at \d/ });
      await expect(mapMarkers).toHaveCount(11);
      const labels = await mapMarkers.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')!));
      // The first marker is at Palo Alto, where the flight also ends: two later markers share its place
      // and the aircraft stands on it. Before, only the last one drawn could be clicked there.
      const departure = labels[0]!;
      const [category, time] = departure.split(' at ');
      await page
        .getByRole('region', { name: 'Markers' })
        .getByRole('button', { name: new RegExp(`^${category} ${time}`) })
        .click();
      await expect(playbackTime).not.toHaveText('0:00');
      const fromList = (await playbackTime.textContent())!;

      // Somewhere else first, then the same marker on the map.
      await map.getByRole('button', { name: labels.at(-1)!, exact: true }).click();
      await expect(playbackTime).not.toHaveText(fromList);
      await map.getByRole('button', { name: departure, exact: true }).click();
      await expect(playbackTime).toHaveText(fromList);

      // Every marker on the map can be reached, each to its own time; Enter on a focused one seeks too.
      const times = new Set<string>();
      for (const label of labels) {
        await map.getByRole('button', { name: label, exact: true }).click();
        await expect(playbackTime).not.toHaveText([...times].at(-1) ?? '');
        times.add((await playbackTime.textContent())!);
      }
      expect(times.size).toBe(labels.length);
      // Each is a target of at least 24 × 24 px, and no two boxes overlap (WCAG 2.5.8, as axe measures it), stacked ones included.
      const boxes = await mapMarkers.evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().toJSON() as DOMRect));
      for (const box of boxes) expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(limits.mapMarkerTargetPx);
      const centres = boxes.map((box) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 }));
      for (const [index, centre] of centres.entries()) {
        for (const other of centres.slice(index + 1)) {
          const gap = Math.max(Math.abs(centre.x - other.x), Math.abs(centre.y - other.y));
          expect(gap, 'two map markers overlap').toBeGreaterThanOrEqual(limits.mapMarkerTargetPx);
        }
      }
      await map.getByRole('button', { name: departure, exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(playbackTime).toHaveText(fromList);
    });
  });
}
