import { mapBoundsMaxSpanDegrees } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { getBaseMapBounds, getNextBaseMapBounds, isAirportNamed } from './base-map.ts';

describe('the offline base map: which box to ask for', () => {
  it('covers the view and half of it again on each side, snapped outward to a quarter degree', () => {
    // The cross-country demo's view: Palo Alto down to Monterey.
    const view = { south: 36.55, west: -122.3, north: 37.5, east: -121.6 };
    expect(getBaseMapBounds(view)).toEqual({ south: 36, west: -122.75, north: 38, east: -121.25 });
  });

  it('answers the same box for views that differ a little (one request for nearby flights)', () => {
    expect(getBaseMapBounds({ south: 37.4, west: -122.2, north: 37.5, east: -122.05 })).toEqual(
      getBaseMapBounds({ south: 37.41, west: -122.19, north: 37.49, east: -122.06 }),
    );
  });

  it('never asks for more than the server draws, nor beyond the poles or the antimeridian', () => {
    const wide = getBaseMapBounds({ south: 20, west: -130, north: 50, east: -60 });
    expect(wide.east - wide.west).toBe(mapBoundsMaxSpanDegrees);
    expect(wide.north - wide.south).toBe(mapBoundsMaxSpanDegrees);
    expect(getBaseMapBounds({ south: 85, west: 175, north: 89, east: 179.5 })).toMatchObject({ north: 90, east: 180 });
  });

  it('keeps the box while the map pans or zooms in a little; asks for a new one when the view leaves it or zooms far in', () => {
    const first = getNextBaseMapBounds(null, { south: 36.55, west: -122.3, north: 37.5, east: -121.6 });
    expect(first).toEqual({ south: 36, west: -122.75, north: 38, east: -121.25 });
    // Panned a little, zoomed in one level: the same box (the same object: nothing is asked for).
    expect(getNextBaseMapBounds(first, { south: 36.7, west: -122.4, north: 37.6, east: -121.7 })).toBe(first);
    expect(getNextBaseMapBounds(first, { south: 36.8, west: -122.1, north: 37.3, east: -121.75 })).toBe(first);
    // Panned past its edge.
    expect(getNextBaseMapBounds(first, { south: 37.3, west: -122.3, north: 38.25, east: -121.6 })).toEqual({
      south: 36.75,
      west: -122.75,
      north: 38.75,
      east: -121.25,
    });
    // Zoomed far in, over Palo Alto: a closer box.
    expect(getNextBaseMapBounds(first, { south: 37.44, west: -122.14, north: 37.48, east: -122.09 })).toEqual({
      south: 37.25,
      west: -122.25,
      north: 37.5,
      east: -122,
    });
  });

  it('keeps the box when the view is as close as the grid allows', () => {
    const close = getNextBaseMapBounds(null, { south: 37.45, west: -122.12, north: 37.47, east: -122.1 });
    expect(getNextBaseMapBounds(close, { south: 37.455, west: -122.115, north: 37.465, east: -122.105 })).toBe(close);
  });
});

describe('the trip’s origin and destination as people type them', () => {
  const paloAlto = { ident: 'KPAO', iata: 'PAO' };
  it('names an airport by its ICAO or IATA code, in any case, with words after it', () => {
    for (const text of ['KPAO', 'kpao', ' PAO ', 'KPAO Palo Alto', 'KPAO – Palo Alto', 'PAO (Palo Alto)']) {
      expect(isAirportNamed(paloAlto, text), text).toBe(true);
    }
  });
  it('names no other airport, and nothing when empty', () => {
    for (const text of ['KMRY', 'Palo Alto', 'KPAOX', '', null, undefined])
      expect(isAirportNamed(paloAlto, text), String(text)).toBe(false);
    expect(isAirportNamed({ ident: '1C9', iata: null }, '1c9')).toBe(true);
  });
});
