import { describe, expect, it } from 'vitest';
import { crossCountry, distanceNm } from './cross-country.ts';

// Spirit of St. Louis (KSUS), Columbia (KCOU) 78 nm west, Washington (KFYG) 17 nm south-west.
const ksus = { latitude: 38.6621, longitude: -90.652 };
const kcou = { latitude: 38.8181, longitude: -92.2196 };
const kfyg = { latitude: 38.5876, longitude: -90.9938 };

describe('crossCountry (14 CFR 61.1(b)(3)(ii))', () => {
  it('is cross-country with a landing more than 50 nm in a straight line from the departure', () => {
    expect(distanceNm(ksus, kcou)).toBeGreaterThan(70);
    expect(crossCountry(ksus, [kcou, ksus])).toEqual({ isCrossCountry: true, farthestLandingNm: distanceNm(ksus, kcou) });
  });

  it('counts a touch-and-go far away as the landing it is', () => {
    expect(crossCountry(ksus, [kcou]).isCrossCountry).toBe(true);
  });

  it('is not cross-country for a 60-nm flight back to its departure without landing elsewhere', () => {
    expect(crossCountry(ksus, [ksus])).toEqual({ isCrossCountry: false, farthestLandingNm: 0 });
  });

  it('is not cross-country when every landing is 50 nm or closer', () => {
    expect(crossCountry(ksus, [kfyg, ksus]).isCrossCountry).toBe(false);
    // Exactly 50 nm due north (one minute of latitude is a nautical mile on the sphere, within 0.1 %) is not more than 50.
    const north = { latitude: ksus.latitude + 49.9 / 60, longitude: ksus.longitude };
    expect(crossCountry(ksus, [north]).isCrossCountry).toBe(false);
    const further = { latitude: ksus.latitude + 50.2 / 60, longitude: ksus.longitude };
    expect(crossCountry(ksus, [further]).isCrossCountry).toBe(true);
  });

  it('is not cross-country with no landing at all', () => {
    expect(crossCountry(ksus, []).isCrossCountry).toBe(false);
  });
});
