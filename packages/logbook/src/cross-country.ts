import { haversineMetres } from '@skylog/track-formats';

export type Place = { latitude: number; longitude: number };

const metresPerNauticalMile = 1852;
/** 14 CFR 61.1(b)(3)(ii): a landing more than this far from the departure point, in a straight line. */
export const crossCountryMinNm = 50;

/** Great-circle distance between two places in nautical miles. */
export const distanceNm = (a: Place, b: Place): number => haversineMetres(a, b) / metresPerNauticalMile;

export type CrossCountry = { isCrossCountry: boolean; farthestLandingNm: number };

/**
 * Cross-country for a private pilot's aeronautical experience, 14 CFR 61.1(b)(3)(ii): the flight includes a
 * landing (a touch-and-go is a landing) at a point more than 50 nm in a straight line from the departure point.
 * Distance flown does not count: a 60-nm flight back to its departure without landing elsewhere is not
 * cross-country.
 */
export function crossCountry(departure: Place, landings: Place[]): CrossCountry {
  const farthestLandingNm = landings.reduce((farthest, landing) => Math.max(farthest, distanceNm(departure, landing)), 0);
  return { isCrossCountry: farthestLandingNm > crossCountryMinNm, farthestLandingNm };
}
