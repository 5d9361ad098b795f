import { describe, expect, it } from 'vitest';
import { bearingDegrees, earthRadiusMetres, haversineMetres, trackDistanceNm } from './geo.ts';

const oneDegreeOfArcMetres = (earthRadiusMetres * Math.PI) / 180;

describe('geo', () => {
  it('measures great-circle distances', () => {
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(oneDegreeOfArcMetres, 6);
    expect(haversineMetres({ latitude: 60, longitude: 0 }, { latitude: 60, longitude: 1 })).toBeCloseTo(55_597, 0);
    expect(haversineMetres({ latitude: 47, longitude: 8 }, { latitude: 47, longitude: 8 })).toBe(0);
    // KSFO to KJFK, about 2,240 nm.
    const sfoToJfk = haversineMetres({ latitude: 37.619, longitude: -122.375 }, { latitude: 40.64, longitude: -73.779 }) / 1852;
    expect(sfoToJfk).toBeGreaterThan(2230);
    expect(sfoToJfk).toBeLessThan(2250);
  });

  it('adds up a track in nautical miles', () => {
    const legs = [0, 0.5, 1].map((latitude) => ({ latitude, longitude: 0 }));
    expect(trackDistanceNm(legs)).toBeCloseTo(oneDegreeOfArcMetres / 1852, 9);
    expect(trackDistanceNm(legs.slice(0, 1))).toBe(0);
    expect(trackDistanceNm([])).toBe(0);
  });

  it.each([
    [{ latitude: 1, longitude: 0 }, 0],
    [{ latitude: 0, longitude: 1 }, 90],
    [{ latitude: -1, longitude: 0 }, 180],
    [{ latitude: 0, longitude: -1 }, 270],
  ])('gives the initial bearing towards %o in degrees true', (to, bearing) => {
    expect(bearingDegrees({ latitude: 0, longitude: 0 }, to)).toBeCloseTo(bearing, 9);
  });

  it('follows the great circle, not the rhumb line', () => {
    // Eastbound from 60°N the great circle starts north of east.
    expect(bearingDegrees({ latitude: 60, longitude: 0 }, { latitude: 60, longitude: 10 })).toBeCloseTo(85.67, 1);
  });
});
