import { describe, expect, it } from 'vitest';
import { readLogbookCsv, writeLogbookCsv, type ExportedEntry } from './index.ts';
import { routePoints } from './table.ts';
import { csvLine, fieldsOf } from './test-csv.ts';

/** MyFlightbook's download: its core columns in its order up to Public, then the pilot's flight properties. */
const coreHeader =
  'Date,Flight ID,Model,ICAO Model,Tail Number,Display Tail,Aircraft ID,Category/Class,Approaches,Hold,Landings,FS Night Landings,FS Day Landings,X-Country,Night,IMC,Simulated Instrument,Ground Simulator,Dual Received,CFI,SIC,PIC,Total Flight Time,CFI Time (HH:MM),SIC Time (HH:MM),PIC (HH:MM),Total Flight Time (HH:MM),Route,Flight Properties,Comments,Hobbs Start,Hobbs End,Engine Start,Engine End,Engine Time,Flight Start,Flight End,Flying Time,Complex,Controllable pitch prop,Flaps,Retract,Tailwheel,High Performance,Turbine,TAA,Signature State,Date of Signature,CFI Comment,CFI Certificate,CFI Name,CFI Email,CFI Expiration,Public'.split(
    ',',
  );
const propertyHeader = [
  'Approach Name(s)',
  'Checkride - Instrument',
  'Go-arounds',
  'Instructor Name',
  'Landings - Touch and Go',
  'Safety-Pilot Name',
  'Solo Time',
  'Takeoffs - Night',
  'Takeoffs (any)',
];
const header = [...coreHeader, ...propertyHeader];

const myflightbookFile = (flights: readonly Record<string, string>[], columns: readonly string[] = header) =>
  `\uFEFF${[columns.join(','), ...flights.map((flight) => csvLine(columns, flight))].join('\r\n')}\r\n`;

const signedCrossCountry = {
  Date: '2024-05-18',
  'Flight ID': '1287734',
  Model: 'C-172 N',
  'ICAO Model': 'C172',
  'Tail Number': 'N52731',
  'Display Tail': 'N52731',
  'Aircraft ID': '44122',
  'Category/Class': 'ASEL',
  Approaches: '3',
  Hold: 'Yes',
  Landings: '3',
  'FS Day Landings': '2',
  'X-Country': '2.3',
  'Simulated Instrument': '0.5',
  'Dual Received': '2.3',
  'Total Flight Time': '2.3',
  'Total Flight Time (HH:MM)': '2:18',
  Route: 'KPAE KBVS KPAE',
  'Flight Properties': 'Approach Name(s): 1-ILS-RWY16R@KPAE 2-RNAV-RWY34@KBVS; Go-arounds: 1; Takeoffs (any): 3',
  Comments: 'XC to Skagit, "hood" on the way back',
  'Engine Start': '2024-05-18 15:02:00Z',
  'Engine End': '2024-05-18 17:31:00Z',
  'Engine Time': '2:29',
  'Flight Start': '2024-05-18 15:10:00Z',
  'Flight End': '2024-05-18 17:22:00Z',
  'Signature State': 'Valid',
  'Date of Signature': '2024-05-19',
  'CFI Comment': 'Good crosswind work',
  'CFI Certificate': '1234567CFI',
  'CFI Name': 'Jane Doe',
  'CFI Email': 'jane@example.com',
  'CFI Expiration': '2025-12-31',
  'Approach Name(s)': '1-ILS-RWY16R@KPAE 2-RNAV-RWY34@KBVS',
  'Go-arounds': '1',
  'Takeoffs (any)': '3',
};

describe('reading a MyFlightbook logbook', () => {
  it('reads its download: core columns, the flight properties Skylog carries, and the signature as a note', () => {
    const { entries, problems } = readLogbookCsv(
      'myflightbook',
      myflightbookFile([
        signedCrossCountry,
        {
          Date: '5/25/2024',
          Model: '7ECA',
          'Tail Number': 'N3223C',
          'Category/Class': 'ASEL',
          Landings: '5',
          'FS Day Landings': '5',
          PIC: '1',
          'Total Flight Time': '1',
          Route: 'KPAE',
          Tailwheel: 'Yes',
          'Solo Time': '1',
          'Landings - Touch and Go': '0',
          'Takeoffs (any)': '5',
        },
        {
          Date: '2024-06-02',
          Model: 'B737-800',
          'Tail Number': '#000123',
          'Category/Class': 'AMEL (B737)',
          Approaches: '2',
          Hold: 'Yes',
          IMC: '0.8',
          'Simulated Instrument': '0.4',
          PIC: '1.5',
          'Total Flight Time': '',
          'Total Flight Time (HH:MM)': '1:30',
          Route: 'KBFI-KPAE',
          'Checkride - Instrument': 'Yes',
          'Instructor Name': 'Ana Costa',
          'Safety-Pilot Name': 'Sam Lee',
          'Takeoffs - Night': '1',
          'Takeoffs (any)': '2',
        },
      ]),
    );
    expect(problems).toEqual([]);
    expect(entries.map((entry) => entry.row)).toEqual([2, 3, 4]);
    expect(entries[0]).toEqual({
      row: 2,
      fields: fieldsOf({
        date: '2024-05-18',
        aircraft_make_model: 'C-172 N',
        aircraft_identification: 'N52731',
        category_class: 'airplane single-engine land',
        route: [
          { airport: 'KPAE', latitude: null, longitude: null, full_stop: false, towered: false },
          { airport: 'KBVS', latitude: null, longitude: null, full_stop: false, towered: false },
          { airport: 'KPAE', latitude: null, longitude: null, full_stop: true, towered: false },
        ],
        takeoff_at: '2024-05-18T15:10:00Z',
        landing_at: '2024-05-18T17:22:00Z',
        total_hours: 2.3,
        dual_received_hours: 2.3,
        cross_country_hours: 2.3,
        simulated_instrument_hours: 0.5,
        day_takeoffs: 3,
        day_full_stop_landings: 2,
        landings: 3,
        approaches: 3,
        approach_types: '1-ILS-RWY16R@KPAE 2-RNAV-RWY34@KBVS',
        holds: 1,
        remarks: 'XC to Skagit, "hood" on the way back',
      }),
      attestation: 'Signed by Jane Doe, CFI 1234567CFI exp 2025-12-31 on 2024-05-19 — valid; Good crosswind work',
    });
    expect(entries[1]?.fields).toMatchObject({
      date: '2024-05-25',
      tailwheel: true,
      solo_hours: 1,
      day_takeoffs: 5,
      landings: 5,
      route: routePoints(['KPAE']),
    });
    expect(entries[2]?.fields).toMatchObject({
      // "#000123" is MyFlightbook's number for an aircraft without its registration.
      aircraft_identification: null,
      category_class: 'airplane multiengine land',
      total_hours: 1.5,
      actual_instrument_hours: 0.8,
      safety_pilot: 'Sam Lee',
      day_takeoffs: 1,
      night_takeoffs: 1,
      // The instrument checkride is a flight review (61.56(d)) and an instrument proficiency check (61.57(d)).
      flight_review: true,
      instrument_proficiency_check: true,
      route: routePoints(['KBFI', 'KPAE']),
    });
    expect(entries[2]?.attestation).toBe('Instructor recorded in MyFlightbook: Ana Costa');
  });

  it('reads a file made for its import: From and To spliced into the route, a count of holds, no properties', () => {
    const columns = ['Date', 'Tail Number', 'Category/Class', 'From', 'To', 'Route', 'Hold', 'Total Flight Time', 'Comments'];
    const { entries, problems } = readLogbookCsv(
      'myflightbook',
      myflightbookFile(
        [
          {
            Date: '2024-03-01',
            'Tail Number': 'N1',
            'Category/Class': 'Glider',
            From: 'S43',
            To: 'S43',
            Hold: '2',
            'Total Flight Time': '0.6',
          },
          {
            Date: '2024-03-02',
            'Tail Number': 'N1',
            'Category/Class': 'Glider',
            From: 'S43',
            To: 'S43',
            Route: 'S43 WN53',
            'Total Flight Time': '2.1',
          },
        ],
        columns,
      ),
    );
    expect(problems).toEqual([]);
    expect(entries[0]?.fields).toMatchObject({ category_class: 'glider', route: routePoints(['S43', 'S43']), holds: 2, total_hours: 0.6 });
    expect(entries[1]?.fields.route).toEqual(routePoints(['S43', 'WN53', 'S43']));
  });
});

describe('the problems of a MyFlightbook logbook, row by row', () => {
  const good = { Date: '2024-03-01', 'Tail Number': 'N1', 'Category/Class': 'ASEL', 'Total Flight Time': '1.2' };

  it('names a column that is neither MyFlightbook’s nor a flight property after Public', () => {
    const columns = [...coreHeader.slice(0, 8), 'Remarks2', ...coreHeader.slice(8), 'Go-arounds'];
    const { entries, problems } = readLogbookCsv('myflightbook', myflightbookFile([good], columns));
    expect(problems).toEqual([{ row: 1, field: 'Remarks2', message: expect.stringContaining('Unknown column "Remarks2"') }]);
    expect(entries).toHaveLength(1);
    const withoutPublic = ['Date', 'Tail Number', 'Category/Class', 'Total Flight Time', 'Go-arounds'];
    expect(readLogbookCsv('myflightbook', myflightbookFile([good], withoutPublic)).problems).toEqual([
      { row: 1, field: 'Go-arounds', message: expect.stringContaining('Unknown column "Go-arounds"') },
    ]);
  });

  it('names bad dates, negative times and unreadable cells on their lines, and leaves those rows out', () => {
    const { entries, problems } = readLogbookCsv(
      'myflightbook',
      myflightbookFile([
        { ...good, Date: '2024-13-45' },
        { ...good, Date: 'yesterday' },
        { ...good, 'Total Flight Time': '-1.2', Night: '-0.5' },
        { ...good, 'Category/Class': 'Unmanned Aerial System' },
        { ...good, 'Takeoffs - Night': '2', 'Takeoffs (any)': '1', 'Flight Start': 'morning' },
        good,
      ]),
    );
    expect(problems).toEqual([
      { row: 2, field: 'date', message: 'Date must be a day like 2026-01-31' },
      { row: 3, field: 'date', message: 'Date must be a day like 2026-01-31' },
      { row: 4, field: 'total_hours', message: 'Total time cannot be negative' },
      { row: 4, field: 'night_hours', message: 'Night cannot be negative' },
      {
        row: 5,
        field: 'Category/Class',
        message: expect.stringContaining('"Unmanned Aerial System" is not a category and class Skylog knows'),
      },
      { row: 6, field: 'Takeoffs (any)', message: 'Takeoffs (any) (1) is fewer than Takeoffs - Night (2)' },
      { row: 6, field: 'Flight Start', message: 'Flight Start must be a UTC date and time like 2026-03-01 14:05:00Z (found "morning")' },
    ]);
    expect(entries.map((entry) => entry.row)).toEqual([7]);
  });

  it('refuses a file without the columns every flight needs', () => {
    expect(readLogbookCsv('myflightbook', 'Date,Tail Number,Total Time\n2024-03-01,N1,1.2\n')).toEqual({
      entries: [],
      problems: [
        { row: 1, field: 'Total Time', message: expect.stringContaining('Unknown column "Total Time"') },
        { row: 1, field: 'Total Flight Time', message: 'The file has no "Total Flight Time" column' },
        { row: 1, field: 'Category/Class', message: 'The file has no "Category/Class" column' },
      ],
    });
    expect(readLogbookCsv('myflightbook', '\uFEFF\r\n')).toEqual({
      entries: [],
      problems: [{ row: 1, field: null, message: 'The file is empty' }],
    });
  });
});

describe('writing a MyFlightbook logbook', () => {
  const exported: ExportedEntry[] = [
    {
      fields: fieldsOf({
        date: '2026-11-01',
        aircraft_make_model: 'Cessna 172S',
        aircraft_identification: 'N5262R',
        route: routePoints(['KPAE', 'KBVS', 'KAWO', 'KPAE']),
        takeoff_at: '2026-11-01T17:05:00Z',
        landing_at: '2026-11-01T19:29:00Z',
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
        course_tracking: true,
        remarks: '=SUM(A1) is not a formula, "quoted", with a comma\nand a second line',
      }),
      attestation: null,
      signature: {
        instructorName: 'Ana Costa',
        certificateNumber: '1234567',
        certificateExpires: '2027-06-30',
        signedAt: '2026-11-02T18:20:00.000Z',
        status: 'invalid',
      },
    },
    {
      fields: fieldsOf({
        date: '2026-11-05',
        aircraft_make_model: 'Bellanca 7ECA',
        aircraft_identification: 'N3223C',
        category_class: 'airplane single-engine sea',
        tailwheel: true,
        route: routePoints(['W36']),
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
      signature: null,
    },
    {
      fields: fieldsOf({ date: '2026-11-06', category_class: 'lighter-than-air balloon', total_hours: 0.7 }),
      attestation: null,
      signature: null,
    },
  ];

  it('reads back the same fields, for everything the layout carries', () => {
    const { entries, problems } = readLogbookCsv('myflightbook', writeLogbookCsv('myflightbook', exported));
    expect(problems).toEqual([]);
    expect(entries.map((entry) => entry.fields)).toEqual(exported.map((entry) => entry.fields));
  });

  it('writes the signature in MyFlightbook’s signature columns and the imported note as its CFI comment', () => {
    const text = writeLogbookCsv('myflightbook', exported);
    expect(text.startsWith('\uFEFFDate,Model,Tail Number,Category/Class,')).toBe(true);
    expect(text).toContain(',Invalid,2026-11-02,,1234567,Ana Costa,2027-06-30,');
    const { entries } = readLogbookCsv('myflightbook', text);
    expect(entries.map((entry) => entry.attestation)).toEqual([
      'Signed by Ana Costa, CFI 1234567 exp 2027-06-30 on 2026-11-02 — signature no longer valid',
      'Paper logbook, signed by J. Doe, CFI 7654321 exp 2025-01-31',
      null,
    ]);
  });

  it('keeps holds as yes or no, and leaves out block time and test preparation, which it has no column for', () => {
    const fields = fieldsOf({ holds: 3, block_hours: 1.3, total_hours: 1.1, practical_test_preparation: true });
    const { entries } = readLogbookCsv('myflightbook', writeLogbookCsv('myflightbook', [{ fields, attestation: null, signature: null }]));
    expect(entries[0]?.fields).toMatchObject({ holds: 1, block_hours: null, practical_test_preparation: false });
  });
});
