import type { TrackPoint } from '@skylog/contracts';

type Position = Pick<TrackPoint, 'latitude' | 'longitude'>;

/** Mean Earth radius (IUGG); a sphere is within 0.5 % of the ellipsoid, plenty for a debrief. */
export const earthRadiusMetres = 6_371_008.8;
const metresPerNauticalMile = 1852;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres. */
export const haversineMetres = (a: Position, b: Position): number => {
  const dLatitude = toRadians(b.latitude - a.latitude);
  const dLongitude = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLatitude / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLongitude / 2) ** 2;
  return 2 * earthRadiusMetres * Math.asin(Math.min(1, Math.sqrt(h)));
};

/** Length of the track along its points, in nautical miles. */
export const trackDistanceNm = (points: Position[]): number => {
  let metres = 0;
  for (let index = 1; index < points.length; index++) {
    const previous = points[index - 1];
    const current = points[index];
    if (previous && current) metres += haversineMetres(previous, current);
  }
  return metres / metresPerNauticalMile;
};

/** Initial great-circle bearing from a to b, in degrees true from 0 up to 360. */
export const bearingDegrees = (a: Position, b: Position): number => {
  const latitudeA = toRadians(a.latitude);
  const latitudeB = toRadians(b.latitude);
  const dLongitude = toRadians(b.longitude - a.longitude);
  const y = Math.sin(dLongitude) * Math.cos(latitudeB);
  const x = Math.cos(latitudeA) * Math.sin(latitudeB) - Math.sin(latitudeA) * Math.cos(latitudeB) * Math.cos(dLongitude);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
};
