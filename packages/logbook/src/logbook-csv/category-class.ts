import type { CategoryClassName } from '@skylog/contracts';

/**
 * Category and class (14 CFR 61.5) as each product spells them. ForeFlight's template takes a Category
 * ("Airplane") and a Class code ("ASEL", "RH", "LB"), and its exports write the class as
 * "airplane_single_engine_land"; MyFlightbook writes one Category/Class ("ASEL", "Helicopter",
 * "Hot Air Balloon", "Weight-shift Control - Land"). Land and sea are one class for powered parachutes and
 * weight-shift-control in 61.5, so both read as one.
 */
const spellings: Record<CategoryClassName, { foreflight: { category: string; class: string }; myflightbook: string; read: string[] }> = {
  'airplane single-engine land': {
    foreflight: { category: 'Airplane', class: 'ASEL' },
    myflightbook: 'ASEL',
    read: ['asel', 'airplane_single_engine_land'],
  },
  'airplane single-engine sea': {
    foreflight: { category: 'Airplane', class: 'ASES' },
    myflightbook: 'ASES',
    read: ['ases', 'airplane_single_engine_sea'],
  },
  'airplane multiengine land': {
    foreflight: { category: 'Airplane', class: 'AMEL' },
    myflightbook: 'AMEL',
    read: ['amel', 'airplane_multi_engine_land'],
  },
  'airplane multiengine sea': {
    foreflight: { category: 'Airplane', class: 'AMES' },
    myflightbook: 'AMES',
    read: ['ames', 'airplane_multi_engine_sea'],
  },
  'rotorcraft helicopter': {
    foreflight: { category: 'Rotorcraft', class: 'RH' },
    myflightbook: 'Helicopter',
    read: ['rh', 'rotorcraft_helicopter', 'helicopter'],
  },
  'rotorcraft gyroplane': {
    foreflight: { category: 'Rotorcraft', class: 'RG' },
    myflightbook: 'Gyroplane',
    read: ['rg', 'rotorcraft_gyroplane', 'gyroplane'],
  },
  glider: { foreflight: { category: 'Glider', class: 'Glider' }, myflightbook: 'Glider', read: ['glider'] },
  'lighter-than-air balloon': {
    foreflight: { category: 'Lighter Than Air', class: 'LB' },
    myflightbook: 'Hot Air Balloon',
    read: ['lb', 'lighter_than_air_balloon', 'hot_air_balloon', 'gas_balloon'],
  },
  'lighter-than-air airship': {
    foreflight: { category: 'Lighter Than Air', class: 'LA' },
    myflightbook: 'Airship',
    read: ['la', 'lighter_than_air_airship', 'airship'],
  },
  'powered-lift': { foreflight: { category: 'Powered Lift', class: 'Powered Lift' }, myflightbook: 'Powered Lift', read: ['powered_lift'] },
  'powered parachute': {
    foreflight: { category: 'Powered Parachute', class: 'PL' },
    myflightbook: 'Powered Parachute - Land',
    read: ['pl', 'ps', 'powered_parachute', 'powered_parachute_land', 'powered_parachute_sea'],
  },
  'weight-shift-control': {
    foreflight: { category: 'Weight-Shift-Control', class: 'WL' },
    myflightbook: 'Weight-shift Control - Land',
    read: ['wl', 'ws', 'weight_shift_control', 'weight_shift_control_land', 'weight_shift_control_sea'],
  },
};

/** ForeFlight's classes of simulators and training devices: they say what the device is, not what it stands for. */
const trainingDevices = new Set(['ffs', 'ftd', 'atd', 'aatd', 'batd', 'simulator']);

const spellingKey = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');

const byReadSpelling = new Map(
  (Object.entries(spellings) as [CategoryClassName, (typeof spellings)[CategoryClassName]][]).flatMap(([name, spelling]) =>
    spelling.read.map((read) => [read, name] as const),
  ),
);

export type CategoryClassReading = { categoryClass: CategoryClassName } | { problem: string };

/** The category and class a product's text names, or why it names none. */
export function readCategoryClass(value: string): CategoryClassReading {
  const key = spellingKey(value);
  const categoryClass = byReadSpelling.get(key);
  if (categoryClass !== undefined) return { categoryClass };
  if (trainingDevices.has(key)) {
    return {
      problem: `"${value}" names a simulator or training device, not the category and class it stands for: give the aircraft the class it simulates (e.g. ASEL)`,
    };
  }
  return { problem: `"${value}" is not a category and class Skylog knows (e.g. ASEL, AMEL, ASES, Glider, Helicopter)` };
}

export const foreflightCategoryClass = (name: CategoryClassName) => spellings[name].foreflight;
export const myflightbookCategoryClass = (name: CategoryClassName) => spellings[name].myflightbook;
