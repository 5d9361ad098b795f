import type { LogbookFields } from '@skylog/contracts';
import { joinNotes, signedSentence, type ExportedEntry } from './attestation.ts';
import { foreflightCategoryClass, readCategoryClass, type CategoryClassReading } from './category-class.ts';
import { formatCsv, isBlankRecord, parseCsv, type CsvCell, type CsvRecord } from './csv-text.ts';
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
  type Header,
  type ImportedEntry,
  type RowReader,
} from './table.ts';

/**
 * ForeFlight's logbook file, as its template ("Download ForeFlight Template" in ForeFlight on the Web) and its
 * exports lay it out: a first line "ForeFlight Logbook Import", an "Aircraft Table" section (one row per
 * aircraft, which gives each flight its category and class), then a "Flights Table" section. Each section's
 * header row may follow a row of value types ("Text", "Decimal or HH:MM") in the template. ForeFlight renamed
 * columns between versions ("FlightReview", "Flight Review", "Flight Review (FAA)"; "DayTakeoffs" and the
 * newer "Takeoff Day"); all of them are read.
 */

const layoutName = 'ForeFlight';
const fileTitle = 'ForeFlight Logbook Import';

/**
 * The ForeFlight custom text field that carries signatures out of Skylog and back. ForeFlight keeps a
 * "[Text]Name" column as a custom text field of its own (its template's "[Text]CustomFieldName"), so the pilot
 * still reads the signature there; Skylog reads it back as the entry's note, never as a signature. Instructor
 * comments stay ForeFlight's own, and the signing instructor's name also goes to InstructorName.
 */
const signatureNoteColumn = '[Text]Signature Note';

const aircraftColumns = [
  'AircraftID',
  'EquipmentType',
  'TypeCode',
  'Year',
  'Make',
  'Model',
  'Category',
  'Class',
  'GearType',
  'EngineType',
  'Complex',
  'HighPerformance',
  'Pressurized',
  'TAA',
] as const;
/** Aircraft columns of other template versions: "Category/Class" and "equipType" of 2025, the "(EASA)" ones of 2026. */
const otherAircraftColumns = [
  'equipType',
  'Category/Class',
  'aircraftClass',
  'complexAircraft',
  'equipType (EASA)',
  'Category/Class (EASA)',
  'complexAircraft (EASA)',
  'multiPilot (EASA)',
  'sphp (EASA)',
];

const approachColumns = ['Approach1', 'Approach2', 'Approach3', 'Approach4', 'Approach5', 'Approach6'] as const;
const personColumns = ['Person1', 'Person2', 'Person3', 'Person4', 'Person5', 'Person6'] as const;

/** The flight columns written, in the template's order (the layout ForeFlight has read for years). */
const flightColumns = [
  'Date',
  'AircraftID',
  'From',
  'To',
  'Route',
  'TimeOut',
  'TimeOff',
  'TimeOn',
  'TimeIn',
  'OnDuty',
  'OffDuty',
  'TotalTime',
  'PIC',
  'SIC',
  'Night',
  'Solo',
  'CrossCountry',
  'NVG',
  'NVGOps',
  'Distance',
  'DayTakeoffs',
  'DayLandingsFullStop',
  'NightTakeoffs',
  'NightLandingsFullStop',
  'AllLandings',
  'ActualInstrument',
  'SimulatedInstrument',
  'HobbsStart',
  'HobbsEnd',
  'TachStart',
  'TachEnd',
  'Holds',
  ...approachColumns,
  'DualGiven',
  'DualReceived',
  'SimulatedFlight',
  'GroundTraining',
  'InstructorName',
  'InstructorComments',
  ...personColumns,
  'FlightReview',
  'Checkride',
  'IPC',
  'NVGProficiency',
  'FAA6158',
  'PilotComments',
  signatureNoteColumn,
] as const;
/** Flight columns of other template versions (2025: PICUS…; 2026: take-offs and landings by day, night and tower). */
const otherFlightColumns = [
  'PICUS',
  'MultiPilot',
  'IFR',
  'Examiner',
  'GroundTrainingGiven',
  'Takeoff Day',
  'Takeoff Night',
  'Landing Full-Stop Day',
  'Landing Full-Stop Night',
  'Landing Touch-and-Go Day',
  'Landing Touch-and-Go Night',
  'Takeoff Day Towered',
  'Takeoff Night Towered',
  'Landing Full-Stop Day Towered',
  'Landing Full-Stop Night Towered',
  'Landing Touch-and-Go Day Towered',
  'Landing Touch-and-Go Night Towered',
  'Initial Check (EASA)',
  'Proficiency Check (EASA)',
  'IR Proficiency Check (EASA)',
  'Refresher Training (EASA)',
];

/** ForeFlight's custom fields, "[Text]Name" and the like: the pilot's own, kept by ForeFlight and not by Skylog. */
const customField = /^\[(text|numeric|hours|counter|date|datetime|toggle)\]./i;

const knownKeys = (names: readonly string[]) => new Set(names.map(columnKey));
const knownAircraftKeys = knownKeys([...aircraftColumns, ...otherAircraftColumns]);
const knownFlightKeys = knownKeys([...flightColumns, ...otherFlightColumns]);

/** The template's row of value types above a header row. */
const valueTypes = new Set([
  'text',
  'date',
  'yyyy',
  'boolean',
  'number',
  'decimal',
  'hh:mm',
  'hhmm',
  'decimal or hh:mm',
  'packed detail',
  'datetime',
]);
const isValueTypeRow = (record: CsvRecord) => record.cells.every((cell) => cell.trim() === '' || valueTypes.has(cell.trim().toLowerCase()));

const isTitle = (record: CsvRecord, title: RegExp) => title.test(record.cells[0]?.trim() ?? '');

/** A section's header row (after its title, past blank and value-type rows) and its non-blank rows up to `endIndex`. */
function readSection(records: readonly CsvRecord[], titleIndex: number, endIndex: number): { header: Header | null; rows: CsvRecord[] } {
  const body = records.slice(titleIndex + 1, endIndex);
  const headerIndex = body.findIndex((record) => !isBlankRecord(record) && !isValueTypeRow(record));
  if (headerIndex === -1) return { header: null, rows: [] };
  const header = body[headerIndex];
  return {
    header: header === undefined ? null : readHeader(header),
    rows: body.slice(headerIndex + 1).filter((record) => !isBlankRecord(record)),
  };
}

type Aircraft = { line: number; makeModel: string | null; categoryClass: CategoryClassReading; tailwheel: boolean };

const aircraftKey = (id: string) => id.toUpperCase();

/** The aircraft of the Aircraft Table by AircraftID; a category and class that cannot be read is kept as its reason. */
function readAircraft(header: Header, rows: readonly CsvRecord[]): Map<string, Aircraft> {
  const aircraft = new Map<string, Aircraft>();
  for (const record of rows) {
    const cells = rowReader(header, record);
    const id = cells.text('AircraftID');
    if (id === null || aircraft.has(aircraftKey(id))) continue;
    const makeModel = [cells.text('Make'), cells.text('Model')].filter((part) => part !== null).join(' ');
    const classText = cells.firstText(['Class', 'Category/Class', 'aircraftClass', 'Category']);
    const reading: CategoryClassReading = classText === null ? { problem: 'it has no Class' } : readCategoryClass(classText.value);
    const gear = cells.text('GearType') ?? '';
    aircraft.set(aircraftKey(id), {
      line: record.line,
      makeModel: makeModel === '' ? cells.text('TypeCode') : makeModel,
      categoryClass: reading,
      // ForeFlight's gear codes FC and RC, and "fixed_tailwheel" in its exports, are tailwheel (conventional) gear.
      tailwheel: /tailwheel|conventional/i.test(gear) || /^(fc|rc)$/i.test(gear),
    });
  }
  return aircraft;
}

/**
 * ForeFlight's ApproachN cells read "count;type;runway;airport;comments" ("1;ILS;23;KPAE;"): the approaches are
 * the sum of the counts, their types a short text ("ILS RWY 23 at KPAE, RNAV (GPS) RWY 16R at KSEA").
 */
function readApproaches(cells: RowReader): { approaches: number; approachTypes: string | null } {
  let approaches = 0;
  const types: string[] = [];
  for (const column of approachColumns) {
    const value = cells.text(column);
    if (value === null) continue;
    const [count = '', type = '', runway = '', airport = ''] = value.split(';').map((part) => part.trim());
    if (!/^\d+$/.test(count)) {
      cells.problem(column, `${column} must read count;type;runway;airport;comments, like 1;ILS;23;KPAE; (found "${value}")`);
      continue;
    }
    approaches += Number(count);
    const description = [type, runway === '' ? '' : `RWY ${runway}`, airport === '' ? '' : `at ${airport}`]
      .filter((part) => part !== '')
      .join(' ');
    if (description !== '') types.push(description);
  }
  return { approaches, approachTypes: types.length === 0 ? null : types.join(', ') };
}

/** PersonN cells read "name;role;email;phone"; the safety pilot is the person whose role says so. */
function readSafetyPilot(cells: RowReader): string | null {
  for (const column of personColumns) {
    const [name = '', role = ''] = (cells.text(column) ?? '').split(';').map((part) => part.trim());
    if (role.toLowerCase() === 'safety pilot' && name !== '') return name;
  }
  return null;
}

/**
 * The entry's note: the signature Skylog wrote, or else the instructor ForeFlight recorded, in words (a name and
 * comments in a file are not a signature).
 */
function readAttestation(cells: RowReader): string | null {
  const note = cells.text(signatureNoteColumn);
  if (note !== null) return note;
  const instructor = cells.text('InstructorName');
  const comments = cells.text('InstructorComments');
  return joinNotes([
    instructor === null ? null : `Instructor recorded in ForeFlight: ${instructor}`,
    comments === null ? null : `instructor comments: ${comments}`,
  ]);
}

function readFlight(
  header: Header,
  record: CsvRecord,
  aircraft: ReadonlyMap<string, Aircraft>,
): { entry: ImportedEntry | null; problems: CsvProblem[] } {
  const cells = rowReader(header, record);
  const id = cells.text('AircraftID');
  const plane = id === null ? undefined : aircraft.get(aircraftKey(id));
  if (id === null) {
    cells.problem('AircraftID', 'AircraftID is empty: the flight takes its category and class from its aircraft in the Aircraft Table');
  } else if (plane === undefined) {
    cells.problem('AircraftID', `Aircraft "${id}" is not in the Aircraft Table, which gives each flight its category and class`);
  } else if ('problem' in plane.categoryClass) {
    cells.problem('category_class', `Aircraft "${id}" (Aircraft Table, line ${plane.line}): ${plane.categoryClass.problem}`);
  }
  const dayFullStop = cells.count('DayLandingsFullStop', 'Landing Full-Stop Day');
  const nightFullStop = cells.count('NightLandingsFullStop', 'Landing Full-Stop Night');
  const touchAndGoes = cells.count('Landing Touch-and-Go Day') + cells.count('Landing Touch-and-Go Night');
  const { approaches, approachTypes } = readApproaches(cells);
  const fields: LogbookFields = {
    date: readDay(cells.text('Date')),
    aircraft_make_model: plane?.makeModel ?? null,
    aircraft_identification: id !== null && isNoIdentification(id) ? null : id,
    // A placeholder when the aircraft gives none: the row then has a problem and is not imported.
    category_class:
      plane !== undefined && 'categoryClass' in plane.categoryClass ? plane.categoryClass.categoryClass : 'airplane single-engine land',
    tailwheel: plane?.tailwheel ?? false,
    route: routePoints(splicedRoute(cells.text('From'), cells.text('Route'), cells.text('To'))),
    takeoff_at: null,
    landing_at: null,
    block_hours: null,
    total_hours: cells.hours('TotalTime'),
    pic_hours: cells.hours('PIC'),
    sic_hours: cells.hours('SIC'),
    solo_hours: cells.hours('Solo'),
    dual_received_hours: cells.hours('DualReceived'),
    dual_given_hours: cells.hours('DualGiven'),
    cross_country_hours: cells.hours('CrossCountry'),
    night_hours: cells.hours('Night'),
    actual_instrument_hours: cells.hours('ActualInstrument'),
    simulated_instrument_hours: cells.hours('SimulatedInstrument'),
    safety_pilot: readSafetyPilot(cells),
    simulator_hours: cells.hours('SimulatedFlight'),
    // Which kind of device the layout does not say: typed in Skylog where 61.65(h), (i) need it.
    training_device: null,
    day_takeoffs: cells.count('DayTakeoffs', 'Takeoff Day'),
    night_takeoffs: cells.count('NightTakeoffs', 'Takeoff Night'),
    day_full_stop_landings: dayFullStop,
    night_full_stop_landings: nightFullStop,
    landings: cells.text('AllLandings') === null ? landingsOf(dayFullStop, nightFullStop, touchAndGoes) : cells.count('AllLandings'),
    approaches,
    approach_types: approachTypes,
    holds: cells.count('Holds'),
    course_tracking: false,
    ifr_flight_plan: false,
    // A practical test counts as a flight review (14 CFR 61.56(d)).
    flight_review: cells.flag('FlightReview') || cells.flag('Checkride'),
    instrument_proficiency_check: cells.flag('IPC'),
    practical_test_preparation: false,
    remarks: cells.text('PilotComments'),
  };
  return { entry: validatedEntry(cells, fields, readAttestation(cells)), problems: cells.problems };
}

export function readForeFlightCsv(text: string): CsvReadResult {
  const records = parseCsv(text);
  const first = records.find((record) => !isBlankRecord(record));
  if (first === undefined || !isTitle(first, /^foreflight logbook import$/i)) {
    return {
      entries: [],
      problems: [
        { row: first?.line ?? 1, field: null, message: `This is not a ForeFlight logbook file: its first line must read "${fileTitle}"` },
      ],
    };
  }
  const flightsTitle = records.findIndex((record) => isTitle(record, /^flights table$/i));
  if (flightsTitle === -1)
    return { entries: [], problems: [{ row: first.line, field: null, message: 'The file has no "Flights Table" section' }] };
  const aircraftTitle = records.findIndex((record) => isTitle(record, /^aircraft table$/i));
  const aircraftSection = aircraftTitle === -1 || aircraftTitle > flightsTitle ? null : readSection(records, aircraftTitle, flightsTitle);
  const flightSection = readSection(records, flightsTitle, records.length);
  const flightsHeader = flightSection.header;
  if (flightsHeader === null) {
    return {
      entries: [],
      problems: [{ row: records[flightsTitle]?.line ?? 1, field: null, message: 'The "Flights Table" section has no header row' }],
    };
  }

  const problems: CsvProblem[] = [];
  const aircraftHeader = aircraftSection?.header ?? null;
  if (aircraftHeader !== null) {
    problems.push(...checkColumns(aircraftHeader, (column) => knownAircraftKeys.has(column.key), `${layoutName} Aircraft Table`));
    problems.push(...missingColumns(aircraftHeader, ['AircraftID']));
  }
  problems.push(
    ...checkColumns(
      flightsHeader,
      (column) => knownFlightKeys.has(column.key) || customField.test(column.name),
      `${layoutName} Flights Table`,
    ),
  );
  const missing = missingColumns(flightsHeader, ['Date', 'AircraftID', 'TotalTime']);
  problems.push(...missing);
  if (missing.length > 0) return { entries: [], problems };

  const aircraft = aircraftHeader === null ? new Map<string, Aircraft>() : readAircraft(aircraftHeader, aircraftSection?.rows ?? []);
  const entries: ImportedEntry[] = [];
  for (const record of flightSection.rows) {
    const { entry, problems: rowProblems } = readFlight(flightsHeader, record, aircraft);
    problems.push(...rowProblems);
    if (entry !== null) entries.push(entry);
  }
  return { entries, problems };
}

/** One Aircraft Table row per aircraft as Skylog knows it: identification, make and model, category and class, gear. */
type AircraftRow = { id: string; fields: LogbookFields };

/**
 * ForeFlight keeps make, model, category and class on the aircraft, not the flight: entries that share an
 * identification but not these get an AircraftID of their own ("N12345-2"), and an entry without an
 * identification one named after nothing ("NO-ID-1"), since every flight needs an aircraft.
 */
/** The AircraftID written for an entry without an identification, read back as none. */
const noIdentification = 'NO-ID';
const isNoIdentification = (id: string) => new RegExp(`^${noIdentification}(-\\d+)?$`, 'i').test(id);

function aircraftRows(entries: readonly ExportedEntry[]): { rows: AircraftRow[]; idOf: (fields: LogbookFields) => string } {
  const rows: AircraftRow[] = [];
  const byDescription = new Map<string, string>();
  const describe = (fields: LogbookFields) =>
    JSON.stringify([fields.aircraft_identification, fields.aircraft_make_model, fields.category_class, fields.tailwheel]);
  for (const { fields } of entries) {
    const description = describe(fields);
    if (byDescription.has(description)) continue;
    const base = fields.aircraft_identification ?? noIdentification;
    const taken = new Set(rows.map((row) => row.id.toUpperCase()));
    let id = fields.aircraft_identification ?? `${noIdentification}-1`;
    for (let n = 2; taken.has(id.toUpperCase()); n += 1) id = `${base}-${n}`;
    byDescription.set(description, id);
    rows.push({ id, fields });
  }
  return { rows, idOf: (fields) => byDescription.get(describe(fields)) ?? '' };
}

const hours = (value: number): CsvCell => value;
const flag = (value: boolean): CsvCell => (value ? 'x' : null);
/** ForeFlight's packed cells separate their parts with semicolons: a semicolon inside a part becomes a comma. */
const packedPart = (value: string | null) => (value ?? '').replaceAll(';', ',');

function flightRow(entry: ExportedEntry, aircraftId: string): CsvCell[] {
  const { fields, signature } = entry;
  const airports = fields.route.map((point) => point.airport).filter((airport): airport is string => airport !== null);
  const hasApproaches = fields.approaches > 0 || fields.approach_types !== null;
  const note = joinNotes([signature === null ? null : signedSentence(signature, 'Skylog'), entry.attestation]);
  const values: Record<(typeof flightColumns)[number], CsvCell> = {
    Date: fields.date,
    AircraftID: aircraftId,
    From: airports[0] ?? null,
    To: airports.length > 1 ? (airports.at(-1) ?? null) : null,
    Route: airports.slice(1, -1).join(' ') || null,
    TimeOut: null,
    TimeOff: null,
    TimeOn: null,
    TimeIn: null,
    OnDuty: null,
    OffDuty: null,
    TotalTime: hours(fields.total_hours),
    PIC: hours(fields.pic_hours),
    SIC: hours(fields.sic_hours),
    Night: hours(fields.night_hours),
    Solo: hours(fields.solo_hours),
    CrossCountry: hours(fields.cross_country_hours),
    NVG: null,
    NVGOps: null,
    Distance: null,
    DayTakeoffs: fields.day_takeoffs,
    DayLandingsFullStop: fields.day_full_stop_landings,
    NightTakeoffs: fields.night_takeoffs,
    NightLandingsFullStop: fields.night_full_stop_landings,
    AllLandings: fields.landings,
    ActualInstrument: hours(fields.actual_instrument_hours),
    SimulatedInstrument: hours(fields.simulated_instrument_hours),
    HobbsStart: null,
    HobbsEnd: null,
    TachStart: null,
    TachEnd: null,
    Holds: fields.holds,
    // All approaches in one cell: Skylog keeps their count and a text, not one line per approach.
    Approach1: hasApproaches ? `${fields.approaches};${packedPart(fields.approach_types)};;;` : null,
    Approach2: null,
    Approach3: null,
    Approach4: null,
    Approach5: null,
    Approach6: null,
    DualGiven: hours(fields.dual_given_hours),
    DualReceived: hours(fields.dual_received_hours),
    SimulatedFlight: hours(fields.simulator_hours),
    GroundTraining: null,
    InstructorName: signature?.instructorName ?? null,
    InstructorComments: null,
    Person1: fields.safety_pilot === null ? null : `${packedPart(fields.safety_pilot)};Safety Pilot;;`,
    Person2: null,
    Person3: null,
    Person4: null,
    Person5: null,
    Person6: null,
    FlightReview: flag(fields.flight_review),
    Checkride: null,
    IPC: flag(fields.instrument_proficiency_check),
    NVGProficiency: null,
    FAA6158: null,
    PilotComments: fields.remarks,
    [signatureNoteColumn]: note,
  };
  return flightColumns.map((column) => values[column]);
}

function aircraftRow({ id, fields }: AircraftRow): CsvCell[] {
  const { category, class: className } = foreflightCategoryClass(fields.category_class);
  const values: Record<(typeof aircraftColumns)[number], CsvCell> = {
    AircraftID: id,
    EquipmentType: 'aircraft',
    TypeCode: null,
    Year: null,
    // The make and model are one text in Skylog: all of it goes to Model, which reads back the same.
    Make: null,
    Model: fields.aircraft_make_model,
    Category: category,
    Class: className,
    // Fixed tailwheel (FC): Skylog knows tailwheel or not, not fixed or retractable gear.
    GearType: fields.tailwheel ? 'FC' : null,
    EngineType: null,
    Complex: null,
    HighPerformance: null,
    Pressurized: null,
    TAA: null,
  };
  return aircraftColumns.map((column) => values[column]);
}

/**
 * A ForeFlight logbook file of the entries, for ForeFlight's import and Skylog's own. No byte-order mark: the
 * first cell must read exactly "ForeFlight Logbook Import".
 */
export function writeForeFlightCsv(entries: readonly ExportedEntry[]): string {
  const { rows, idOf } = aircraftRows(entries);
  return formatCsv(
    [
      [fileTitle],
      [],
      ['Aircraft Table'],
      [...aircraftColumns],
      ...rows.map(aircraftRow),
      [],
      ['Flights Table'],
      [...flightColumns],
      ...entries.map((entry) => flightRow(entry, idOf(entry.fields))),
    ],
    { byteOrderMark: false },
  );
}
