import {
  categoryClasses,
  logbookFieldLabels,
  trainingDeviceLabels,
  trainingDevices,
  type TrainingDevice,
  type CategoryClassName,
  type LogbookField,
  type LogbookFields,
  type LogbookRoutePoint,
} from '@skylog/contracts';
import { canonicalValue } from '@skylog/logbook';
import { formatDateTime } from '../../../lib/format-time.ts';
import type { Timezone } from '../../../lib/settings-store.ts';

/** How each field of an entry is shown and typed. */
export type FieldKind = 'day' | 'instant' | 'hours' | 'optional-hours' | 'count' | 'text' | 'flag' | 'category' | 'device' | 'route';

export const fieldKinds: Record<LogbookField, FieldKind> = {
  date: 'day',
  aircraft_make_model: 'text',
  aircraft_identification: 'text',
  category_class: 'category',
  tailwheel: 'flag',
  route: 'route',
  takeoff_at: 'instant',
  landing_at: 'instant',
  block_hours: 'optional-hours',
  total_hours: 'hours',
  pic_hours: 'hours',
  sic_hours: 'hours',
  solo_hours: 'hours',
  dual_received_hours: 'hours',
  dual_given_hours: 'hours',
  cross_country_hours: 'hours',
  night_hours: 'hours',
  actual_instrument_hours: 'hours',
  simulated_instrument_hours: 'hours',
  safety_pilot: 'text',
  simulator_hours: 'hours',
  training_device: 'device',
  day_takeoffs: 'count',
  night_takeoffs: 'count',
  day_full_stop_landings: 'count',
  night_full_stop_landings: 'count',
  landings: 'count',
  approaches: 'count',
  approach_types: 'text',
  holds: 'count',
  course_tracking: 'flag',
  ifr_flight_plan: 'flag',
  flight_review: 'flag',
  instrument_proficiency_check: 'flag',
  practical_test_preparation: 'flag',
  remarks: 'text',
};

/**
 * An entry's fields in the groups of 14 CFR 61.51(b): the flight, the aircraft, where it went, the time by kind of
 * experience, the take-offs and landings currency counts (61.57), the instrument work, and remarks.
 */
export const entryGroups: ReadonlyArray<{ title: string; fields: readonly LogbookField[] }> = [
  { title: 'Flight', fields: ['date', 'takeoff_at', 'landing_at'] },
  { title: 'Aircraft', fields: ['aircraft_make_model', 'aircraft_identification', 'category_class', 'tailwheel'] },
  { title: 'Route', fields: ['route'] },
  {
    title: 'Times',
    fields: [
      'block_hours',
      'total_hours',
      'pic_hours',
      'sic_hours',
      'solo_hours',
      'dual_received_hours',
      'dual_given_hours',
      'cross_country_hours',
      'night_hours',
      'simulator_hours',
      'training_device',
    ],
  },
  {
    title: 'Take-offs and landings',
    fields: ['day_takeoffs', 'night_takeoffs', 'day_full_stop_landings', 'night_full_stop_landings', 'landings'],
  },
  {
    title: 'Instrument',
    fields: [
      'actual_instrument_hours',
      'simulated_instrument_hours',
      'safety_pilot',
      'approaches',
      'approach_types',
      'holds',
      'course_tracking',
      'ifr_flight_plan',
    ],
  },
  { title: 'Remarks', fields: ['flight_review', 'instrument_proficiency_check', 'practical_test_preparation', 'remarks'] },
];

/** Category and class as pilots abbreviate them in a logbook's column (the full words on hover). */
export const categoryClassShort: Record<CategoryClassName, string> = {
  'airplane single-engine land': 'ASEL',
  'airplane single-engine sea': 'ASES',
  'airplane multiengine land': 'AMEL',
  'airplane multiengine sea': 'AMES',
  'rotorcraft helicopter': 'RH',
  'rotorcraft gyroplane': 'RG',
  glider: 'Glider',
  'lighter-than-air balloon': 'Balloon',
  'lighter-than-air airship': 'Airship',
  'powered-lift': 'PL',
  'powered parachute': 'PPC',
  'weight-shift-control': 'WSC',
};

export const capitalise = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

export const categoryOptions = categoryClasses.map((value) => ({ value, label: capitalise(value) }));
/** The kinds of training device, and none (a flight). */
export const deviceOptions = [
  { value: '', label: 'None' },
  ...trainingDevices.map((value) => ({ value, label: trainingDeviceLabels[value] })),
];

/** Typed numbers as the contracts take them: an empty box is no number (refused), or none where the field may be empty. */
export const asNumber = (value: unknown) => (value === '' || value === null ? Number.NaN : Number(value));
export const asOptionalNumber = (value: unknown) => (value === '' || value === null ? null : Number(value));
/** An empty text box is no text. */
export const asOptionalText = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** Decimal hours to a tenth, as logbooks carry them. */
export const hoursText = (hours: number) => hours.toFixed(1);

/** A day (YYYY-MM-DD) as "4 Mar 2026". */
export const dayText = (day: string) =>
  new Date(`${day.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A paragraph of 14 CFR as a pilot looks it up, whether the server names the title or not. */
export const regulationText = (rule: string) => (/^(14 CFR|FAA|AC )/.test(rule) ? rule : `14 CFR ${rule}`);

const pointText = (point: LogbookRoutePoint) =>
  point.airport ??
  (point.latitude !== null && point.longitude !== null ? `${point.latitude.toFixed(2)}, ${point.longitude.toFixed(2)}` : '?');

/** From – via – to, as a logbook's route column: a touch-and-go is marked, a full stop is not. */
export function routeText(route: readonly LogbookRoutePoint[]): string {
  if (route.length === 0) return '—';
  return route.map((point, index) => (index > 0 && !point.full_stop ? `${pointText(point)} (touch-and-go)` : pointText(point))).join(' – ');
}

/** A signed entry's changed fields by their labels (the server names the fields). */
export const fieldLabel = (name: string) => (Object.hasOwn(logbookFieldLabels, name) ? logbookFieldLabels[name as LogbookField] : name);

/** A field's value in words, for the entry's view and the track's value beside a typed one. */
export function valueText(field: LogbookField, value: LogbookFields[LogbookField] | undefined, timezone: Timezone): string {
  if (value === undefined || value === null || value === '') return '—';
  switch (fieldKinds[field]) {
    case 'instant':
      return formatDateTime(value as string, timezone);
    case 'hours':
    case 'optional-hours':
      return `${hoursText(value as number)} h`;
    case 'flag':
      return value ? 'Yes' : 'No';
    case 'category':
      return capitalise(value as string);
    case 'device':
      return trainingDeviceLabels[value as TrainingDevice];
    case 'route':
      return routeText(value as LogbookRoutePoint[]);
    default:
      return String(value);
  }
}

/** Whether two field values are the same, as the signature compares them (objects by content, whatever their keys' order). */
export const isSameValue = (left: unknown, right: unknown): boolean => canonicalValue(left) === canonicalValue(right);
