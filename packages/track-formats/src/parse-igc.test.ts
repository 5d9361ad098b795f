import { describe, expect, it } from 'vitest';
import { parseIgc } from './parse-igc.ts';

/** An evening flight from a LX Navigation logger: I record with FXA, GSP and TRT, and a landing after midnight UTC. */
const igcOverMidnight = [
  'ALXVK3AFLIGHT:1',
  'HFDTE300624',
  'HFFXA035',
  'HFPLTPILOTINCHARGE:Jane Doe',
  'HFGTYGLIDERTYPE:Cessna 172S',
  'HFGIDGLIDERID:N172SP',
  'I033638FXA3941GSP4244TRT',
  'LLXVOLOGGER STARTED',
  'B2359584728100N00833367EA0043200452009110270',
  'B2359594728150N00833400EV0043300000009110270',
  'B0000004728200N00833433EA0043400456009105271',
  'B0000014728250N00833467EA0043500000009100272',
  'GREJNGJERJKNJKRE31895478537H43982FJN9248F942389T433T',
  '',
].join('\r\n');

describe('parseIgc', () => {
  it('reads B records with the date header, carrying the flight past midnight into the next day', () => {
    const points = parseIgc(igcOverMidnight);
    expect(points.map((point) => new Date(point.timestamp).toISOString())).toEqual([
      '2024-06-30T23:59:58.000Z',
      '2024-07-01T00:00:00.000Z',
      '2024-07-01T00:00:01.000Z',
    ]);
    expect(points[0]).toEqual({
      timestamp: Date.UTC(2024, 5, 30, 23, 59, 58),
      latitude: 47 + 28.1 / 60,
      longitude: 8 + 33.367 / 60,
      altitude: 452,
      accuracy: 9,
      heading: 270,
      speed: 110 / 3.6,
    });
  });

  it('leaves out fixes marked V and takes the pressure altitude where the GNSS altitude is 0', () => {
    const points = parseIgc(igcOverMidnight);
    expect(points.map((point) => point.altitude)).toEqual([452, 456, 435]);
  });

  it('reads the HFDTEDATE:DDMMYY,NN form, southern and western hemispheres, and B records without extensions', () => {
    const igc = ['AXCS123', 'HFDTEDATE:050124,01', 'B1203003352123S07030456WA0100001050', 'B1203013352200S07030500WA-001200000'].join('\n');
    const points = parseIgc(igc);
    expect(points.map((point) => [point.timestamp, point.latitude, point.longitude, point.altitude, point.speed])).toEqual([
      [Date.UTC(2024, 0, 5, 12, 3, 0), -(33 + 52.123 / 60), -(70 + 30.456 / 60), 1050, null],
      [Date.UTC(2024, 0, 5, 12, 3, 1), -(33 + 52.2 / 60), -(70 + 30.5 / 60), -12, null],
    ]);
  });

  it('leaves a small step back in time for validation to report, instead of a day later', () => {
    const igc = ['AXCS123', 'HFDTE050124', 'B1203053352123S07030456WA0100001050', 'B1203033352200S07030500WA0100001050'].join('\n');
    expect(parseIgc(igc).map((point) => point.timestamp)).toEqual([Date.UTC(2024, 0, 5, 12, 3, 5), Date.UTC(2024, 0, 5, 12, 3, 3)]);
  });

  it.each([
    [
      'a file without a date header',
      ['AXCS123', 'B1203003352123S07030456WA0100001050'],
      'This IGC file has no date (HFDTE) header; Skylog needs it to place the fixes in time.',
    ],
    ['an impossible date', ['AXCS123', 'HFDTE310224'], "This IGC file's date header (310224) is not a valid DDMMYY date."],
    ['a file without fixes', ['AXCS123', 'HFDTE050124', 'LXCSNO FIXES'], 'This IGC file has no fixes (B records).'],
    [
      'a file of V fixes only',
      ['AXCS123', 'HFDTE050124', 'B1203003352123S07030456WV0100000000'],
      'This IGC file has no valid GPS fixes: every B record is marked V (no fix).',
    ],
    [
      'a malformed B record',
      ['AXCS123', 'HFDTE050124', 'B1203003352123S07030456WA0100001050', 'B12030X3352123S07030456WA0100001050'],
      'Line 4: the B record "B12030X3352123S07030456WA0100001050" is not a fix the IGC format describes.',
    ],
  ])('rejects %s', (_case, lines, message) => {
    expect(() => parseIgc(lines.join('\n'))).toThrow(message);
  });
});
