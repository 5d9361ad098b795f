import { limits } from '@skylog/contracts';
import { createAnnouncedCache, type AnnouncedCache } from '../../lib/announced-cache.ts';
import type { AircraftRow } from './aircraft.repository.ts';

export type AircraftCache = AnnouncedCache<AircraftRow>;

/**
 * Recently read aircraft, for GET /api/aircraft/{id}: the database announces each change or removal of
 * one (`aircraft:<id>`, migration 0016) and it is forgotten. Changes read the database itself.
 */
export function createAircraftCache(): AircraftCache {
  return createAnnouncedCache<AircraftRow>({
    maxEntries: limits.aircraftCacheEntries,
    maxAgeMs: limits.aircraftCacheMaxAgeSeconds * 1000,
    // Kept under the aircraft's id.
    forgets: (payload) => (payload.startsWith('aircraft:') ? { key: payload.slice('aircraft:'.length) } : null),
  });
}
