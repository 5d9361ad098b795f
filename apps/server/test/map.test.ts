import { mapFeaturesSchema, type MapBounds, type MapFeatures } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';

/** Around the demo flights: Palo Alto (KPAO) down to Monterey (KMRY), the bay and the Pacific coast. */
const bayArea: MapBounds = { south: 36.25, west: -122.75, north: 37.75, east: -121.5 };

const urlOf = (bounds: Record<string, number | string>) =>
  `/api/map/features?${new URLSearchParams(Object.fromEntries(Object.entries(bounds).map(([key, value]) => [key, String(value)])))}`;

/** Every [lat, lng] the answer draws, airports and runway ends included. */
const pointsOf = (features: MapFeatures): [number, number][] => [
  ...[features.land, features.country_borders, features.state_borders].flat(2),
  ...features.airports.flatMap((airport) => [airport.position, ...airport.runways.flat()]),
];

describe('map: the offline base map of the flight screen', () => {
  let t: TestApp;
  const s = sessions(() => t);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const features = async (bounds: Record<string, number | string>, email = 'student@skyline.test') => {
    const response = await s.call(email, 'GET', urlOf(bounds));
    expect(response.statusCode, response.body).toBe(200);
    return mapFeaturesSchema.parse(response.json());
  };

  it('needs a session', async () => {
    const response = await t.request({ method: 'GET', url: urlOf(bayArea) });
    expect(response.statusCode).toBe(401);
  });

  it('answers the land and the airports of the box, with runways, and nothing outside it', async () => {
    const answer = await features(bayArea);
    // The coast and the bay: land runs from the box's west edge to the shore and round the bay.
    expect(answer.land.length).toBeGreaterThan(0);
    expect(answer.land.flat().some(([, lng]) => lng > bayArea.west + 0.2 && lng < bayArea.east - 0.2)).toBe(true);
    // No country or state border crosses the bay area.
    expect(answer.country_borders).toEqual([]);
    expect(answer.state_borders).toEqual([]);
    const paloAlto = answer.airports.find((airport) => airport.ident === 'KPAO');
    expect(paloAlto).toMatchObject({ iata: 'PAO', name: 'Palo Alto Airport', kind: 'medium' });
    expect(paloAlto!.position[0]).toBeCloseTo(37.461, 2);
    expect(paloAlto!.position[1]).toBeCloseTo(-122.115, 2);
    // Runway 13/31: two thresholds some 750 m apart.
    expect(paloAlto!.runways).toHaveLength(1);
    expect(answer.airports.find((airport) => airport.ident === 'KMRY')?.runways).toHaveLength(2);
    expect(answer.airports.some((airport) => airport.ident === 'KSFO' && airport.kind === 'large')).toBe(true);
    // The biggest first.
    expect(answer.airports[0]!.kind).toBe('large');
    expect(answer.attribution).toContain('OurAirports');

    for (const [lat, lng] of answer.airports.map((airport) => airport.position)) {
      expect(lat).toBeGreaterThanOrEqual(bayArea.south);
      expect(lat).toBeLessThanOrEqual(bayArea.north);
      expect(lng).toBeGreaterThanOrEqual(bayArea.west);
      expect(lng).toBeLessThanOrEqual(bayArea.east);
    }
    // Geometry is clipped to the box (coordinates are rounded to 1e-4 degrees); runways may reach out of it.
    const slack = 0.06;
    for (const [lat, lng] of pointsOf(answer)) {
      expect(lat).toBeGreaterThanOrEqual(bayArea.south - slack);
      expect(lat).toBeLessThanOrEqual(bayArea.north + slack);
      expect(lng).toBeGreaterThanOrEqual(bayArea.west - slack);
      expect(lng).toBeLessThanOrEqual(bayArea.east + slack);
    }
    for (const [lat, lng] of answer.land.flat()) {
      expect(lat).toBeGreaterThanOrEqual(bayArea.south - 1e-4);
      expect(lat).toBeLessThanOrEqual(bayArea.north + 1e-4);
      expect(lng).toBeGreaterThanOrEqual(bayArea.west - 1e-4);
      expect(lng).toBeLessThanOrEqual(bayArea.east + 1e-4);
    }

    // A box north of Monterey holds Palo Alto and not Monterey.
    const north = await features({ ...bayArea, south: 37 });
    expect(north.airports.map((airport) => airport.ident)).toContain('KPAO');
    expect(north.airports.map((airport) => airport.ident)).not.toContain('KMRY');
  });

  it('draws borders where they are: between countries, and between US states', async () => {
    // Lake Tahoe, on the California–Nevada line.
    const tahoe = await features({ south: 38.5, west: -120.5, north: 39.5, east: -119.5 });
    expect(tahoe.state_borders.length).toBeGreaterThan(0);
    expect(tahoe.country_borders).toEqual([]);
    // Lake Constance: Germany, Switzerland and Austria.
    const constance = await features({ south: 47.3, west: 9, north: 47.9, east: 9.9 });
    expect(constance.country_borders.length).toBeGreaterThan(0);
    expect(constance.state_borders).toEqual([]);
  });

  it('answers an empty map far out at sea', async () => {
    const pacific = await features({ south: 30, west: -150, north: 31, east: -149 });
    expect(pacific).toMatchObject({ land: [], country_borders: [], state_borders: [], airports: [] });
  });

  it('refuses a box it cannot draw (400), naming the fields at fault', async () => {
    const refused = async (bounds: Record<string, number | string>, fields: string[]) => {
      const response = await s.call('student@skyline.test', 'GET', urlOf(bounds));
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().fields ?? {}).sort()).toEqual(fields.sort());
    };
    await refused({ ...bayArea, south: 'Palo Alto' }, ['south']);
    // An empty value reads as 0: from the equator to the bay is too tall a box.
    await refused({ ...bayArea, south: '' }, ['south', 'north']);
    await refused({ ...bayArea, west: -181 }, ['west']);
    await refused({ south: bayArea.south, west: bayArea.west, north: bayArea.north }, ['east']);
    // Upside down, or back to front: both sides are named.
    await refused({ ...bayArea, north: 36 }, ['south', 'north']);
    await refused({ ...bayArea, east: -123 }, ['west', 'east']);
    // At most 30 degrees across.
    await refused({ ...bayArea, west: -160 }, ['west', 'east']);
    await refused({ ...bayArea, south: -10 }, ['south', 'north']);
  });
});
