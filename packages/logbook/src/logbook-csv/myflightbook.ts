import type { LogbookFields } from '@skylog/contracts';
import { dayOf, joinNotes, signedSentence, type ExportedEntry } from './attestation.ts';
import { myflightbookCategoryClass, readCategoryClass } from './category-class.ts';
import { formatCsv, isBlankRecord, parseCsv, type CsvCell } from './csv-text.ts';
import {
  checkColumns,
  columnKey,
  missingColumns,
  readDay,
  readHeader,
  routePoints,
  splicedRoute,
  rowReader,
  landingsOf,
  validatedEntry,
  type CsvProblem,
  type CsvReadResult,
  type ImportedEntry,
  type RowReader,
} from './table.ts';

/**
 * MyFlightbook's logbook file, as its "Download" (CSV) writes it: one header row, then one row per flight. Its
 * core columns come first and end with "Public"; after Public come the flight properties the pilot used, one
 * column each, titled as MyFlightbook names them ("Solo Time", "Takeoffs - Night"), in alphabetical order. Its
 * import reads the same columns (and From and To, which it splices into the route), and reads a property
 * column by its exact title.
 */

const layoutName = 'MyFlightbook';

/** MyFlightbook's core columns, in the order its download writes them. */
const coreColumns = [
  'Date',
  'Flight ID',
  'Model',
  'ICAO Model',
  'Tail Number',
  'Display Tail',
  'Aircraft ID',
  'Category/Class',
  'Alternate Cat/Class',
  'Approaches',
  'Hold',
  'Landings',
  'FS Night Landings',
  'FS Day Landings',
  'X-Country',
  'Night',
  'IMC',
  'Simulated Instrument',
  'Ground Simulator',
  'Dual Received',
  'CFI',
  'SIC',
  'PIC',
  'Total Flight Time',
  'CFI Time (HH:MM)',
  'SIC Time (HH:MM)',
  'PIC (HH:MM)',
  'Total Flight Time (HH:MM)',
  'Route',
  'Flight Properties',
  'Comments',
  'Hobbs Start',
  'Hobbs End',
  'Engine Start',
  'Engine End',
  'Engine Time',
  'Flight Start',
  'Flight End',
  'Flying Time',
  'Complex',
  'Controllable pitch prop',
  'Flaps',
  'Retract',
  'Tailwheel',
  'High Performance',
  'Turbine',
  'TAA',
  'Signature State',
  'Date of Signature',
  'CFI Comment',
  'CFI Certificate',
  'CFI Name',
  'CFI Email',
  'CFI Expiration',
  'Public',
  'From',
  'To',
];

/** The flight properties Skylog reads and writes, by MyFlightbook's titles, alphabetically as it orders them. */
const properties = {
  approachNames: 'Approach Name(s)',
  flightReview: 'Flight Review',
  ipc: 'Instrument Proficiency Check (IPC) Received',
  courseTracking: 'Intercepting and Tracking Courses',
  safetyPilot: 'Safety-Pilot Name',
  solo: 'Solo Time',
  takeoffs: 'Takeoffs (any)',
  nightTakeoffs: 'Takeoffs - Night',
} as const;
/** Properties read but not written: the older title of the flight review, and the instructor's name. */
const readOnlyProperties = { biennialFlightReview: 'Biennial Flight Review (BFR)', instructorName: 'Instructor Name' } as const;
/** "Checkride - Private Pilot" and the like: MyFlightbook counts each as a flight review (14 CFR 61.56(d)). */
const isCheckrideColumn = (name: string) => /^checkride\s+-\s/i.test(name);
/** MyFlightbook also counts the instrument checkride as an instrument proficiency check (61.57(d)). */
const instrumentCheckride = 'Checkride - Instrument';

const knownKeys = new Set([...coreColumns, ...Object.values(properties), ...Object.values(readOnlyProperties)].map(columnKey));

/** A Category/Class with a type rating reads "AMEL (B737)": the class is before the parenthesis. */
const typeRatingSuffix = /\s*\(.*\)\s*$/;

/** "2026-03-01 14:05:00Z" as MyFlightbook writes a UTC time (also without seconds, or with a T). */
const utcDateTime = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*(?:Z|UTC)?$/i;

function readUtcTime(cells: RowReader, column: string): string | null {
  const value = cells.text(column);
  if (value === null) return null;
  const match = utcDateTime.exec(value);
  if (match === null) {
    cells.problem(column, `${column} must be a UTC date and time like 2026-03-01 14:05:00Z (found "${value}")`);
    return null;
  }
  return `${match[1]}T${match[2]}:${match[3]}:${match[4] ?? '00'}Z`;
}

const writeUtcTime = (value: string | null): CsvCell =>
  value === null
    ? null
    : new Date(value)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, 'Z');

/** MyFlightbook's Hold is yes or no; a count written there by hand is kept. */
function readHolds(cells: RowReader): number {
  const value = cells.text('Hold');
  if (value !== null && /^\d+$/.test(value)) return Number(value);
  return cells.flag('Hold') ? 1 : 0;
}

/** Take-offs come as all of them and the night ones: the day ones are the difference. */
function readTakeoffs(cells: RowReader): { day: number; night: number } {
  const night = cells.count(properties.nightTakeoffs);
  if (cells.text(properties.takeoffs) === null) return { day: 0, night };
  const all = cells.count(properties.takeoffs);
  if (all < night)
    cells.problem(properties.takeoffs, `${properties.takeoffs} (${all}) is fewer than ${properties.nightTakeoffs} (${night})`);
  return { day: Math.max(all - night, 0), night };
}

/** The instructor's signature MyFlightbook recorded (or Skylog wrote), as words, and the CFI comment. */
function readAttestation(cells: RowReader): string | null {
  const name = cells.text('CFI Name');
  const certificate = cells.text('CFI Certificate');
  const state = cells.text('Signature State')?.toLowerCase() ?? null;
  const isSigned = name !== null || certificate !== null || state !== null;
  const instructor = cells.text(readOnlyProperties.instructorName);
  return joinNotes([
    isSigned
      ? signedSentence(
          {
            instructorName: name,
            certificateNumber: certificate,
            certificateExpires: cells.text('CFI Expiration'),
            signedAt: cells.text('Date of Signature'),
            status: state === 'valid' ? 'valid' : state === 'invalid' ? 'invalid' : null,
          },
          null,
        )
      : null,
    !isSigned && instructor !== null ? `Instructor recorded in MyFlightbook: ${instructor}` : null,
    cells.text('CFI Comment'),
  ]);
}

export function readMyFlightbookCsv(text: string): CsvReadResult {
  const records = parseCsv(text).filter((record) => !isBlankRecord(record));
  const [headerRecord, ...rows] = records;
  if (headerRecord === undefined) return { entries: [], problems: [{ row: 1, field: null, message: 'The file is empty' }] };
  const header = readHeader(headerRecord);
  const publicPosition = header.columns.findIndex((column) => column.key === columnKey('Public'));
  const problems: CsvProblem[] = checkColumns(
    header,
    (column, position) =>
      knownKeys.has(column.key) || isCheckrideColumn(column.name) || (publicPosition !== -1 && position > publicPosition),
    layoutName,
  );
  const missing = missingColumns(header, ['Date', 'Total Flight Time', 'Category/Class']);
  problems.push(...missing);
  if (missing.length > 0) return { entries: [], problems };
  const checkrideColumns = header.columns.filter((column) => isCheckrideColumn(column.name)).map((column) => column.name);

  const entries: ImportedEntry[] = [];
  for (const record of rows) {
    const cells = rowReader(header, record);
    const categoryText = cells.text('Category/Class');
    const category = categoryText === null ? { problem: 'it is empty' } : readCategoryClass(categoryText.replace(typeRatingSuffix, ''));
    if ('problem' in category) cells.problem('Category/Class', `Category/Class: ${category.problem}`);
    const tail = cells.text('Tail Number');
    const dayFullStop = cells.count('FS Day Landings');
    const nightFullStop = cells.count('FS Night Landings');
    const takeoffs = readTakeoffs(cells);
    const isCheckride = checkrideColumns.some((column) => cells.flag(column));
    const fields: LogbookFields = {
      date: readDay(cells.text('Date')),
      aircraft_make_model: cells.text('Model'),
      // "#123456" is MyFlightbook's own number for an aircraft logged without its registration.
      aircraft_identification: tail === null || tail.startsWith('#') ? null : tail,
      // A placeholder when the class cannot be read: the row then has a problem and is not imported.
      category_class: 'categoryClass' in category ? category.categoryClass : 'airplane single-engine land',
      tailwheel: cells.flag('Tailwheel'),
      route: routePoints(splicedRoute(cells.text('From'), cells.text('Route'), cells.text('To'))),
      takeoff_at: readUtcTime(cells, 'Flight Start'),
      landing_at: readUtcTime(cells, 'Flight End'),
      block_hours: null,
      total_hours: cells.hours('Total Flight Time', 'Total Flight Time (HH:MM)'),
      pic_hours: cells.hours('PIC', 'PIC (HH:MM)'),
      sic_hours: cells.hours('SIC', 'SIC Time (HH:MM)'),
      solo_hours: cells.hours(properties.solo),
      dual_received_hours: cells.hours('Dual Received'),
      dual_given_hours: cells.hours('CFI', 'CFI Time (HH:MM)'),
      cross_country_hours: cells.hours('X-Country'),
      night_hours: cells.hours('Night'),
      actual_instrument_hours: cells.hours('IMC'),
      simulated_instrument_hours: cells.hours('Simulated Instrument'),
      safety_pilot: cells.text(properties.safetyPilot),
      simulator_hours: cells.hours('Ground Simulator'),
      // Which kind of device the layout does not say: typed in Skylog where 61.65(h), (i) need it.
      training_device: null,
      day_takeoffs: takeoffs.day,
      night_takeoffs: takeoffs.night,
      day_full_stop_landings: dayFullStop,
      night_full_stop_landings: nightFullStop,
      landings: cells.text('Landings') === null ? landingsOf(dayFullStop, nightFullStop) : cells.count('Landings'),
      approaches: cells.count('Approaches'),
      approach_types: cells.text(properties.approachNames),
      holds: readHolds(cells),
      course_tracking: cells.flag(properties.courseTracking),
      ifr_flight_plan: false,
      flight_review: cells.flag(properties.flightReview) || cells.flag(readOnlyProperties.biennialFlightReview) || isCheckride,
      instrument_proficiency_check: cells.flag(properties.ipc) || cells.flag(instrumentCheckride),
      practical_test_preparation: false,
      remarks: cells.text('Comments'),
    };
    const entry = validatedEntry(cells, fields, readAttestation(cells));
    problems.push(...cells.problems);
    if (entry !== null) entries.push(entry);
  }
  return { entries, problems };
}

/** Skylog's signature goes to MyFlightbook's own signature columns, which its import leaves alone; the note to CFI Comment. */
const writtenColumns = [
  'Date',
  'Model',
  'Tail Number',
  'Category/Class',
  'Approaches',
  'Hold',
  'Landings',
  'FS Night Landings',
  'FS Day Landings',
  'X-Country',
  'Night',
  'IMC',
  'Simulated Instrument',
  'Ground Simulator',
  'Dual Received',
  'CFI',
  'SIC',
  'PIC',
  'Total Flight Time',
  'Route',
  'Comments',
  'Flight Start',
  'Flight End',
  'Tailwheel',
  'Signature State',
  'Date of Signature',
  'CFI Comment',
  'CFI Certificate',
  'CFI Name',
  'CFI Expiration',
  'Public',
  ...Object.values(properties),
] as const;

/** MyFlightbook writes an empty cell for a zero and "Yes" for true; it reads them back the same. */
const number = (value: number): CsvCell => (value === 0 ? null : value);
const yes = (value: boolean): CsvCell => (value ? 'Yes' : null);

function flightRow({ fields, attestation, signature }: ExportedEntry): CsvCell[] {
  const values: Record<(typeof writtenColumns)[number], CsvCell> = {
    Date: fields.date,
    Model: fields.aircraft_make_model,
    'Tail Number': fields.aircraft_identification,
    'Category/Class': myflightbookCategoryClass(fields.category_class),
    Approaches: number(fields.approaches),
    Hold: yes(fields.holds > 0),
    Landings: number(fields.landings),
    'FS Night Landings': number(fields.night_full_stop_landings),
    'FS Day Landings': number(fields.day_full_stop_landings),
    'X-Country': number(fields.cross_country_hours),
    Night: number(fields.night_hours),
    IMC: number(fields.actual_instrument_hours),
    'Simulated Instrument': number(fields.simulated_instrument_hours),
    'Ground Simulator': number(fields.simulator_hours),
    'Dual Received': number(fields.dual_received_hours),
    CFI: number(fields.dual_given_hours),
    SIC: number(fields.sic_hours),
    PIC: number(fields.pic_hours),
    'Total Flight Time': number(fields.total_hours),
    Route: fields.route.flatMap((point) => (point.airport === null ? [] : [point.airport])).join(' ') || null,
    Comments: fields.remarks,
    'Flight Start': writeUtcTime(fields.takeoff_at),
    'Flight End': writeUtcTime(fields.landing_at),
    Tailwheel: yes(fields.tailwheel),
    'Signature State': signature === null ? null : signature.status === 'valid' ? 'Valid' : 'Invalid',
    'Date of Signature': signature === null ? null : dayOf(signature.signedAt),
    'CFI Comment': attestation,
    'CFI Certificate': signature?.certificateNumber ?? null,
    'CFI Name': signature?.instructorName ?? null,
    'CFI Expiration': signature === null ? null : dayOf(signature.certificateExpires),
    Public: null,
    [properties.approachNames]: fields.approach_types,
    [properties.flightReview]: yes(fields.flight_review),
    [properties.ipc]: yes(fields.instrument_proficiency_check),
    [properties.courseTracking]: yes(fields.course_tracking),
    [properties.safetyPilot]: fields.safety_pilot,
    [properties.solo]: number(fields.solo_hours),
    [properties.takeoffs]: number(fields.day_takeoffs + fields.night_takeoffs),
    [properties.nightTakeoffs]: number(fields.night_takeoffs),
  };
  return writtenColumns.map((column) => values[column]);
}

/**
 * A MyFlightbook logbook file of the entries, for MyFlightbook's import and Skylog's own. With a byte-order
 * mark, as MyFlightbook's own download has one (it is written by .NET's UTF-8 encoder).
 */
export function writeMyFlightbookCsv(entries: readonly ExportedEntry[]): string {
  return formatCsv([[...writtenColumns], ...entries.map(flightRow)], { byteOrderMark: true });
}
