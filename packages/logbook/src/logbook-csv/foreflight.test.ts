import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv-text.ts';
import { readLogbookCsv, writeLogbookCsv, type ExportedEntry } from './index.ts';
import { routePoints } from './table.ts';
import { csvLine, fieldsOf } from './test-csv.ts';

/** The aircraft and flight columns of a ForeFlight export of the years before 2026, as its users publish them. */
const aircraftHeader = [
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
  'TAA',
  'HighPerformance',
  'Pressurized',
];
const flightHeader =
  'Date,AircraftID,From,To,Route,TimeOut,TimeOff,TimeOn,TimeIn,OnDuty,OffDuty,TotalTime,PIC,SIC,Night,Solo,CrossCountry,NVG,NVG Ops,Distance,DayTakeoffs,DayLandingsFullStop,NightTakeoffs,NightLandingsFullStop,AllLandings,ActualInstrument,SimulatedInstrument,HobbsStart,HobbsEnd,TachStart,TachEnd,Holds,Approach1,Approach2,Approach3,Approach4,Approach5,Approach6,DualGiven,DualReceived,SimulatedFlight,GroundTraining,InstructorName,InstructorComments,Person1,Person2,Person3,Person4,Person5,Person6,FlightReview,Checkride,IPC,NVG Proficiency,FAA6158,PilotComments'.split(
    ',',
  );

const aircraft = [
  csvLine(aircraftHeader, {
    AircraftID: 'N52731',
    EquipmentType: 'aircraft',
    TypeCode: 'C172',
    Year: '1979',
    Make: 'Cessna',
    Model: '172N Skyhawk',
    Category: 'airplane',
    Class: 'airplane_single_engine_land',
    GearType: 'fixed_tricycle',
    EngineType: 'Piston',
    Complex: 'FALSE',
  }),
  csvLine(aircraftHeader, {
    AircraftID: 'N3223C',
    TypeCode: 'CH7A',
    Make: 'Bellanca',
    Model: '7ECA',
    Category: 'airplane',
    Class: 'airplane_single_engine_land',
    GearType: 'fixed_tailwheel',
  }),
  // As ForeFlight's template asks for it: Category "Airplane", Class "AMEL", gear "RT".
  csvLine(aircraftHeader, {
    AircraftID: 'N24HF',
    TypeCode: 'PA44',
    Make: 'Piper',
    Model: 'PA-44-180 Seminole',
    Category: 'Airplane',
    Class: 'AMEL',
    GearType: 'RT',
  }),
  csvLine(aircraftHeader, {
    AircraftID: 'REDBIRD',
    EquipmentType: 'aatd',
    Make: 'Redbird',
    Model: 'FMX',
    Category: 'Simulator',
    Class: 'ATD',
  }),
];

/** A ForeFlight export: the title is line 1, the aircraft lines 5 to 8, the flights header line 11, its flights from line 12. */
const foreflightFile = (flights: readonly Record<string, string>[], header: readonly string[] = flightHeader) =>
  [
    'ForeFlight Logbook Import,This row is required for importing into ForeFlight. Do not delete or modify.',
    '',
    'Aircraft Table',
    aircraftHeader.join(','),
    ...aircraft,
    '',
    'Flights Table,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,#;type;runway;airport;comments',
    header.join(','),
    ...flights.map((flight) => csvLine(header, flight)),
  ].join('\r\n');

const dualCrossCountry = {
  Date: '2024-05-18',
  AircraftID: 'N52731',
  From: 'KPAE',
  To: 'KPAE',
  Route: 'KBVS',
  TimeOut: '15:02',
  TimeIn: '17:31',
  TotalTime: '2.3',
  Night: '0.0',
  CrossCountry: '2.3',
  Distance: '62.4',
  DayTakeoffs: '3',
  DayLandingsFullStop: '2',
  AllLandings: '3',
  SimulatedInstrument: '0.5',
  Holds: '1',
  Approach1: '1;ILS;16R;KPAE;',
  Approach2: '2;RNAV (GPS);34;KBVS;practice',
  DualReceived: '2.3',
  InstructorName: 'Jane Doe',
  InstructorComments: 'Good crosswind work',
  Person1: 'Jane Doe;Instructor;jane@example.com;',
  PilotComments: 'XC to Skagit, "hood" on the way back\nILS at Paine',
};

describe('reading a ForeFlight logbook', () => {
  it('reads an export: its aircraft give category, class, make, model and gear; its cells give the rest', () => {
    const { entries, problems } = readLogbookCsv(
      'foreflight',
      foreflightFile([
        dualCrossCountry,
        {
          Date: '2024-05-25',
          AircraftID: 'N3223C',
          From: 'KPAE',
          To: 'KPAE',
          TotalTime: '1.0',
          PIC: '1.0',
          Solo: '1.0',
          DayTakeoffs: '5',
          DayLandingsFullStop: '5',
          AllLandings: '5',
        },
        {
          Date: '2024-06-02',
          AircraftID: 'n24hf',
          From: 'KBFI',
          To: 'KBFI',
          TotalTime: '1:30',
          PIC: '1:30',
          ActualInstrument: '0.8',
          SimulatedInstrument: '0.4',
          Approach1: '3;RNAV (GPS);14R;KBFI;',
          Holds: '1',
          DayLandingsFullStop: '1',
          Person1: 'Sam Lee;Safety Pilot;;',
          FlightReview: 'TRUE',
          IPC: 'x',
        },
      ]),
    );
    expect(problems).toEqual([]);
    // The first flight's comments take two lines.
    expect(entries.map((entry) => entry.row)).toEqual([12, 14, 15]);
    expect(entries[0]).toEqual({
      row: 12,
      fields: fieldsOf({
        date: '2024-05-18',
        aircraft_make_model: 'Cessna 172N Skyhawk',
        aircraft_identification: 'N52731',
        category_class: 'airplane single-engine land',
        route: [
          { airport: 'KPAE', latitude: null, longitude: null, full_stop: false, towered: false },
          { airport: 'KBVS', latitude: null, longitude: null, full_stop: false, towered: false },
          { airport: 'KPAE', latitude: null, longitude: null, full_stop: true, towered: false },
        ],
        total_hours: 2.3,
        dual_received_hours: 2.3,
        cross_country_hours: 2.3,
        simulated_instrument_hours: 0.5,
        day_takeoffs: 3,
        day_full_stop_landings: 2,
        landings: 3,
        approaches: 3,
        approach_types: 'ILS RWY 16R at KPAE, RNAV (GPS) RWY 34 at KBVS',
        holds: 1,
        remarks: 'XC to Skagit, "hood" on the way back\nILS at Paine',
      }),
      attestation: 'Instructor recorded in ForeFlight: Jane Doe; instructor comments: Good crosswind work',
    });
    expect(entries[1]?.fields).toMatchObject({
      tailwheel: true,
      solo_hours: 1,
      pic_hours: 1,
      landings: 5,
      route: routePoints(['KPAE', 'KPAE']),
    });
    expect(entries[1]?.attestation).toBeNull();
    expect(entries[2]?.fields).toMatchObject({
      category_class: 'airplane multiengine land',
      aircraft_identification: 'n24hf',
      total_hours: 1.5,
      approaches: 3,
      safety_pilot: 'Sam Lee',
      flight_review: true,
      instrument_proficiency_check: true,
      // No AllLandings: the full-stop landings are all there are.
      landings: 1,
    });
  });

  it('counts a checkride as a flight review (14 CFR 61.56(d)) and a simulated flight as simulator time', () => {
    const { entries } = readLogbookCsv(
      'foreflight',
      foreflightFile([
        { Date: '2024-07-01', AircraftID: 'N52731', TotalTime: '1.4', PIC: '1.4', SimulatedFlight: '0.0', Checkride: 'TRUE' },
      ]),
    );
    expect(entries[0]?.fields).toMatchObject({ flight_review: true, instrument_proficiency_check: false, simulator_hours: 0 });
  });

  it('reads the 2026 template with its value-type rows and newer columns, and a flight written in them', () => {
    const template = readFileSync(new URL('./fixtures/foreflight-template-2026.csv', import.meta.url), 'utf8');
    expect(readLogbookCsv('foreflight', template)).toEqual({ entries: [], problems: [] });

    const lines = template.split('\n');
    const records = parseCsv(template);
    const aircraftColumns = records[4]?.cells ?? [];
    const flightColumns = records[14]?.cells ?? [];
    expect(aircraftColumns[0]).toBe('AircraftID');
    expect(flightColumns.slice(0, 2)).toEqual(['Date', 'AircraftID']);
    const withFlight = [
      ...lines.slice(0, 5),
      csvLine(aircraftColumns, { AircraftID: 'N3223C', Make: 'Bellanca', Model: '7ECA', GearType: 'FC', 'Category/Class': 'ASEL' }),
      ...lines.slice(5).filter((line) => line !== ''),
      csvLine(flightColumns, {
        Date: '2026-04-20',
        AircraftID: 'N3223C',
        From: 'KPAE',
        To: 'KAWO',
        TotalTime: '0.9',
        PIC: '0.9',
        'Takeoff Day': '2',
        'Landing Full-Stop Day': '1',
        'Landing Touch-and-Go Day': '1',
        'Landing Full-Stop Day Towered': '1',
        'Flight Review': 'x',
        '[Text]CustomFieldName': 'kept by ForeFlight only',
      }),
    ].join('\n');
    const { entries, problems } = readLogbookCsv('foreflight', withFlight);
    expect(problems).toEqual([]);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.row).toBe(17);
    expect(entries[0]?.fields).toMatchObject({
      category_class: 'airplane single-engine land',
      aircraft_make_model: 'Bellanca 7ECA',
      tailwheel: true,
      day_takeoffs: 2,
      day_full_stop_landings: 1,
      // The towered landing is one of the landings counted already, not one more.
      landings: 2,
      flight_review: true,
      route: routePoints(['KPAE', 'KAWO']),
    });
  });
});

describe('the problems of a ForeFlight logbook, row by row', () => {
  const good = { Date: '2024-05-25', AircraftID: 'N3223C', TotalTime: '1.0' };

  it('names each unknown column once, on the header line, and still reads the rows', () => {
    const { entries, problems } = readLogbookCsv('foreflight', foreflightFile([good], [...flightHeader, 'Tail Number', 'Remarks2']));
    expect(problems).toEqual([
      { row: 11, field: 'Tail Number', message: expect.stringContaining('Unknown column "Tail Number"') },
      { row: 11, field: 'Remarks2', message: expect.stringContaining('Unknown column "Remarks2"') },
    ]);
    expect(entries).toHaveLength(1);
  });

  it('names a bad date, a negative time and an unreadable number on their lines, and leaves those rows out', () => {
    const { entries, problems } = readLogbookCsv(
      'foreflight',
      foreflightFile([
        { ...good, Date: '2024-13-45' },
        { ...good, Date: 'yesterday' },
        good,
        { ...good, TotalTime: '-1.2' },
        { ...good, TotalTime: 'one hour', DayLandingsFullStop: '-2' },
        { ...good, Date: '5/25/2024' },
      ]),
    );
    expect(problems).toEqual([
      { row: 12, field: 'date', message: 'Date must be a day like 2026-01-31' },
      { row: 13, field: 'date', message: 'Date must be a day like 2026-01-31' },
      { row: 15, field: 'total_hours', message: 'Total time cannot be negative' },
      { row: 16, field: 'TotalTime', message: 'TotalTime must be hours, like 1.5 or 1:30 (found "one hour")' },
      { row: 16, field: 'day_full_stop_landings', message: 'Day full-stop landings cannot be negative' },
    ]);
    // A spreadsheet's US short date reads as the day it is.
    expect(entries.map((entry) => [entry.row, entry.fields.date])).toEqual([
      [14, '2024-05-25'],
      [17, '2024-05-25'],
    ]);
  });

  it('refuses a flight whose aircraft is missing, or is a training device, or whose approach cannot be read', () => {
    const { entries, problems } = readLogbookCsv(
      'foreflight',
      foreflightFile([
        { ...good, AircraftID: 'N999ZZ' },
        { ...good, AircraftID: 'REDBIRD', SimulatedFlight: '1.0' },
        { ...good, AircraftID: '' },
        { ...good, Approach1: 'ILS RWY 23' },
      ]),
    );
    expect(problems).toEqual([
      {
        row: 12,
        field: 'AircraftID',
        message: 'Aircraft "N999ZZ" is not in the Aircraft Table, which gives each flight its category and class',
      },
      {
        row: 13,
        field: 'category_class',
        message: expect.stringMatching(/^Aircraft "REDBIRD" \(Aircraft Table, line 8\): "ATD" names a simulator or training device/),
      },
      { row: 14, field: 'AircraftID', message: expect.stringContaining('AircraftID is empty') },
      {
        row: 15,
        field: 'Approach1',
        message: 'Approach1 must read count;type;runway;airport;comments, like 1;ILS;23;KPAE; (found "ILS RWY 23")',
      },
    ]);
    expect(entries).toEqual([]);
  });

  it('refuses a file that is not ForeFlight’s, or lacks a column every flight needs', () => {
    expect(readLogbookCsv('foreflight', 'Date,Total Flight Time\n2024-03-01,1.2\n').problems).toEqual([
      { row: 1, field: null, message: 'This is not a ForeFlight logbook file: its first line must read "ForeFlight Logbook Import"' },
    ]);
    const withoutTotal = readLogbookCsv(
      'foreflight',
      foreflightFile(
        [{ Date: '2024-05-25', AircraftID: 'N3223C' }],
        flightHeader.filter((column) => column !== 'TotalTime'),
      ),
    );
    expect(withoutTotal).toEqual({
      entries: [],
      problems: [{ row: 11, field: 'TotalTime', message: 'The file has no "TotalTime" column' }],
    });
  });
});

const signedBy = (status: 'valid' | 'invalid') => ({
  instructorName: 'Ana Costa',
  certificateNumber: '1234567',
  certificateExpires: '2027-06-30',
  signedAt: '2026-11-02T18:20:00.000Z',
  status,
});

describe('writing a ForeFlight logbook', () => {
  const exported: ExportedEntry[] = [
    {
      fields: fieldsOf({
        date: '2026-11-01',
        aircraft_make_model: 'Cessna 172S',
        aircraft_identification: 'N5262R',
        route: routePoints(['KPAE', 'KBVS', 'KAWO', 'KPAE']),
        total_hours: 2.4,
        dual_received_hours: 2.4,
        cross_country_hours: 2.4,
        night_hours: 0.3,
        simulated_instrument_hours: 0.6,
        day_takeoffs: 3,
        night_takeoffs: 1,
        day_full_stop_landings: 1,
        night_full_stop_landings: 1,
        landings: 4,
        approaches: 2,
        approach_types: 'ILS RWY 16R at KPAE; RNAV (GPS) RWY 34',
        holds: 1,
        remarks: '- Steep turns, "slow flight"\n=then home',
      }),
      attestation: null,
      signature: signedBy('valid'),
    },
    {
      fields: fieldsOf({
        date: '2026-11-05',
        aircraft_make_model: 'Bellanca 7ECA',
        aircraft_identification: 'N3223C',
        tailwheel: true,
        route: routePoints(['2S1']),
        total_hours: 1.1,
        pic_hours: 1.1,
        sic_hours: 0.2,
        solo_hours: 1.1,
        dual_given_hours: 0.1,
        actual_instrument_hours: 0.2,
        simulator_hours: 0.5,
        safety_pilot: 'Sam Lee',
        flight_review: true,
        instrument_proficiency_check: true,
      }),
      attestation: 'Paper logbook, signed by J. Doe, CFI 7654321 exp 2025-01-31',
      signature: signedBy('invalid'),
    },
    {
      fields: fieldsOf({
        date: '2026-11-06',
        aircraft_identification: 'N3223C',
        aircraft_make_model: 'Bellanca 7ECA',
        category_class: 'glider',
        total_hours: 0.7,
      }),
      attestation: null,
      signature: null,
    },
  ];

  it('reads back the same fields, for everything the layout carries', () => {
    const text = writeLogbookCsv('foreflight', exported);
    const { entries, problems } = readLogbookCsv('foreflight', text);
    expect(problems).toEqual([]);
    const asCarried = exported.map(({ fields }, index) =>
      index === 0
        ? { ...fields, approach_types: 'ILS RWY 16R at KPAE, RNAV (GPS) RWY 34' }
        : index === 2
          ? { ...fields, aircraft_identification: 'N3223C-2' }
          : fields,
    );
    expect(entries.map((entry) => entry.fields)).toEqual(asCarried);
  });

  it('writes the signature as a note that ForeFlight keeps in a custom field, and Skylog reads back as a note', () => {
    const text = writeLogbookCsv('foreflight', exported);
    // No byte-order mark: ForeFlight looks for this text in the first cell.
    expect(text).toMatch(/^ForeFlight Logbook Import,*\r\n/);
    expect(text).toContain('[Text]Signature Note');
    const { entries } = readLogbookCsv('foreflight', text);
    expect(entries.map((entry) => entry.attestation)).toEqual([
      'Signed in Skylog by Ana Costa, CFI 1234567 exp 2027-06-30 on 2026-11-02 — valid',
      'Signed in Skylog by Ana Costa, CFI 1234567 exp 2027-06-30 on 2026-11-02 — signature no longer valid; Paper logbook, signed by J. Doe, CFI 7654321 exp 2025-01-31',
      null,
    ]);
  });

  it('leaves out what ForeFlight has no column for: clock times, block time, course tracking, test preparation', () => {
    const fields = fieldsOf({
      aircraft_identification: 'N5262R',
      takeoff_at: '2024-03-01T17:05:00Z',
      landing_at: '2024-03-01T18:10:00Z',
      block_hours: 1.3,
      total_hours: 1.1,
      course_tracking: true,
      practical_test_preparation: true,
    });
    const { entries } = readLogbookCsv('foreflight', writeLogbookCsv('foreflight', [{ fields, attestation: null, signature: null }]));
    expect(entries[0]?.fields).toMatchObject({
      takeoff_at: null,
      landing_at: null,
      block_hours: null,
      course_tracking: false,
      practical_test_preparation: false,
    });
  });
});
