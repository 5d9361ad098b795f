import type { LogbookEntry, LogbookSignature, LogbookTotals } from '@skylog/contracts';
import { emptyLogbookFields } from '@skylog/logbook';

/** The people and rows the logbook's component tests share. */
export const ids = {
  pilot: '5f0f0f0f-0000-4000-8000-000000000002',
  instructor: '5f0f0f0f-0000-4000-8000-000000000001',
  entry: '7a000000-0000-4000-8000-000000000001',
  trip: '7b000000-0000-4000-8000-000000000001',
  signature: '7c000000-0000-4000-8000-000000000001',
};

/** A dual lesson from Palo Alto to San Carlos and back, filled from its track, not signed. */
export function entryOf(changes: Partial<LogbookEntry> = {}): LogbookEntry {
  return {
    id: ids.entry,
    ...emptyLogbookFields('2026-03-04', 'airplane single-engine land'),
    aircraft_make_model: 'Cessna 172S',
    aircraft_identification: 'N172SP',
    route: [
      { airport: 'KPAO', latitude: 37.461, longitude: -122.115, full_stop: true, towered: true },
      { airport: 'KSQL', latitude: 37.512, longitude: -122.25, full_stop: false, towered: true },
      { airport: 'KPAO', latitude: 37.461, longitude: -122.115, full_stop: true, towered: true },
    ],
    takeoff_at: '2026-03-04T17:05:00Z',
    landing_at: '2026-03-04T18:23:00Z',
    block_hours: 1.5,
    total_hours: 1.3,
    dual_received_hours: 1.3,
    simulated_instrument_hours: 0.4,
    day_takeoffs: 2,
    day_full_stop_landings: 1,
    landings: 2,
    pilot: { skylog_id: ids.pilot, name: 'Priya Shah', user_type: 'student' },
    trip_id: ids.trip,
    source: 'flight',
    from_track: ['date', 'route', 'takeoff_at', 'landing_at', 'total_hours', 'dual_received_hours', 'day_takeoffs', 'landings'],
    track_values: {
      date: '2026-03-04',
      total_hours: 1.3,
      dual_received_hours: 1.3,
      day_takeoffs: 2,
      landings: 2,
      takeoff_at: '2026-03-04T17:05:00Z',
      landing_at: '2026-03-04T18:23:00Z',
    },
    imported_attestation: null,
    signature: null,
    can_edit: true,
    can_sign: false,
    created_at: '2026-03-04T19:00:00Z',
    updated_at: '2026-03-04T19:00:00Z',
    ...changes,
  };
}

/** Ana Costa's signature of the entry, still matching it unless said otherwise. */
export function signatureOf(changes: Partial<LogbookSignature> = {}): LogbookSignature {
  return {
    id: ids.signature,
    instructor_id: ids.instructor,
    instructor_name: 'Ana Costa',
    certificate_number: '3344556CFI',
    certificate_expires: '2027-05-31',
    signed_at: '2026-03-05T09:30:00Z',
    method: 'password',
    hash: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    status: 'valid',
    changed_fields: [],
    ...changes,
  };
}

export function totalsOf(changes: Partial<LogbookTotals> = {}): LogbookTotals {
  return {
    entries: 0,
    total_hours: 0,
    simulator_hours: 0,
    pic_hours: 0,
    sic_hours: 0,
    solo_hours: 0,
    dual_received_hours: 0,
    dual_given_hours: 0,
    cross_country_hours: 0,
    night_hours: 0,
    actual_instrument_hours: 0,
    simulated_instrument_hours: 0,
    day_takeoffs: 0,
    night_takeoffs: 0,
    day_full_stop_landings: 0,
    night_full_stop_landings: 0,
    landings: 0,
    approaches: 0,
    holds: 0,
    ...changes,
  };
}
