import type { LogbookFields } from '@skylog/contracts';
import { formatCsv, type CsvCell } from './csv-text.ts';

/** Test helper: one CSV line with the values under their columns of `header`, the other cells empty. */
export function csvLine(header: readonly string[], values: Readonly<Record<string, CsvCell>>): string {
  const unknown = Object.keys(values).filter((column) => !header.includes(column));
  if (unknown.length > 0) throw new Error(`Not in the header: ${unknown.join(', ')}`);
  return formatCsv([header.map((column) => values[column] ?? null)], { byteOrderMark: false }).replace(/\r\n$/, '');
}

/** Test helper: an entry's fields, all empty or zero but what is given. */
export const fieldsOf = (fields: Partial<LogbookFields>): LogbookFields => ({
  date: '2024-03-01',
  aircraft_make_model: null,
  aircraft_identification: null,
  category_class: 'airplane single-engine land',
  tailwheel: false,
  route: [],
  takeoff_at: null,
  landing_at: null,
  block_hours: null,
  total_hours: 0,
  pic_hours: 0,
  sic_hours: 0,
  solo_hours: 0,
  dual_received_hours: 0,
  dual_given_hours: 0,
  cross_country_hours: 0,
  night_hours: 0,
  actual_instrument_hours: 0,
  simulated_instrument_hours: 0,
  safety_pilot: null,
  simulator_hours: 0,
  day_takeoffs: 0,
  night_takeoffs: 0,
  day_full_stop_landings: 0,
  night_full_stop_landings: 0,
  landings: 0,
  approaches: 0,
  approach_types: null,
  holds: 0,
  course_tracking: false,
  flight_review: false,
  instrument_proficiency_check: false,
  practical_test_preparation: false,
  remarks: null,
  ...fields,
});
