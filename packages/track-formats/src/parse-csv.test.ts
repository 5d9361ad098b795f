import { units } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './parse-csv.ts';

/** As a flight-tracking app exports: feet and knots, ISO times, a quoted remark holding the separator. */
const feetAndKnotsCsv = `Timestamp,Latitude,Longitude,Altitude (ft),Speed_kts,Course,Remarks
2024-05-01T16:02:10Z,37.461233,-122.114987,11,0,312,"Runway 31, holding short"
2024-05-01T16:02:15Z,37.462104,-122.116249,42,61,316,
2024-05-01T16:02:20.250Z,37.463010,-122.117401,350,"72",316,"said ""climbing"""
`;

/** As a European spreadsheet saves it: semicolons, decimal commas, epoch seconds, Windows line ends. */
const semicolonCsv =
  'time;lat;lon;alt;speed;hdg;accuracy\r\n' +
  '1714579330;47,458611;8,548056;432,5;0;;4,8\r\n' +
  '1714579331;47,458700;8,548100;433;2,5;28;\r\n';

describe('parseCsv', () => {
  it('reads feet and knots into metres and metres per second, names in any case', () => {
    const points = parseCsv(feetAndKnotsCsv);
    expect(points).toHaveLength(3);
    expect(points[0]).toEqual({
      timestamp: Date.UTC(2024, 4, 1, 16, 2, 10),
      latitude: 37.461233,
      longitude: -122.114987,
      altitude: 11 / units.feetPerMetre,
      accuracy: null,
      heading: 312,
      speed: 0,
    });
    expect(points[1]?.speed).toBeCloseTo(61 / units.knotsPerMetrePerSecond, 9);
    expect(points[2]?.timestamp).toBe(Date.UTC(2024, 4, 1, 16, 2, 20, 250));
    expect(points[2]?.altitude).toBeCloseTo(106.68, 2);
    expect(points[2]?.speed).toBeCloseTo(37.04, 2);
    expect(points[1]?.heading).toBe(316);
  });

  it('reads a semicolon file with decimal commas and epoch seconds; empty cells are unknown', () => {
    expect(parseCsv(semicolonCsv)).toEqual([
      { timestamp: 1_714_579_330_000, latitude: 47.458611, longitude: 8.548056, altitude: 432.5, accuracy: 4.8, heading: null, speed: 0 },
      { timestamp: 1_714_579_331_000, latitude: 47.4587, longitude: 8.5481, altitude: 433, accuracy: null, heading: 28, speed: 2.5 },
    ]);
  });

  it('reads a tab-separated file with epoch milliseconds and skips blank rows', () => {
    const csv = 'utc\tlatitude\tlng\talt_m\tspeed_kt\n1714579330500\t47.5\t8.5\t430\t10\n\n\t\t\t\t\n1714579331500\t47.6\t8.6\t431\t11\n';
    const points = parseCsv(csv);
    expect(points.map((point) => point.timestamp)).toEqual([1_714_579_330_500, 1_714_579_331_500]);
    expect(points[0]?.speed).toBeCloseTo(10 / units.knotsPerMetrePerSecond, 9);
  });

  it('reads times without an offset as UTC, with a space or a T', () => {
    const points = parseCsv('datetime,lat,lon\n2024-05-01 16:02:10,1,2\n 2024-05-01T16:02:11 , 1 ,2\n');
    expect(points.map((point) => point.timestamp)).toEqual([Date.UTC(2024, 4, 1, 16, 2, 10), Date.UTC(2024, 4, 1, 16, 2, 11)]);
  });

  it('prefers metres and metres per second when both units are given', () => {
    const [point] = parseCsv('time,lat,lon,alt_ft,alt_m,speed_kt,speed_mps\n1714579330,1,2,1000,300,100,50\n');
    expect(point).toMatchObject({ altitude: 300, speed: 50 });
  });

  it.each([
    ['latitude', 'time,lon,alt\n1714579330,8.5,430\n', 'The CSV file has no latitude column (expected lat or latitude).'],
    ['longitude', 'time,lat\n1714579330,47.5\n', 'The CSV file has no longitude column (expected lon, lng, long or longitude).'],
    ['time', 'lat,lon\n47.5,8.5\n', 'The CSV file has no time column (expected time, timestamp, datetime or utc).'],
    ['a header row', '1714579330,47.5,8.5\n1714579331,47.6,8.6\n', 'The CSV file has no latitude column (expected lat or latitude).'],
  ])('names the missing %s column', (_column, csv, message) => {
    expect(() => parseCsv(csv)).toThrow(message);
  });

  it.each([
    ['time,lat,lon\n1714579330,47.5,8.5\n1714579331,abc,8.6\n', 'Line 3: latitude "abc" is not a number.'],
    ['time,lat,lon\n1714579330,47.5,8.5\n1714579331, ,8.6\n', 'Line 3: latitude is empty.'],
    ['time,lat,lon\n1714579330,47.5\n', 'Line 2: longitude is empty.'],
    ['time,lat,lon,speed\n1714579330,47.5,8.5,12 kt\n', 'Line 2: speed "12 kt" is not a number.'],
    ['time,lat,lon\nyesterday,47.5,8.5\n', 'Line 2: time "yesterday" is not an ISO 8601 time or epoch seconds.'],
    ['time,lat,lon\n2024-02-30T10:00:00Z,47.5,8.5\n', 'Line 2: time "2024-02-30T10:00:00Z" is not an ISO 8601 time or epoch seconds.'],
    ['time,lat,lon\n,47.5,8.5\n', 'Line 2: time is empty.'],
    ['time,lat,lon\n1714579330,0x2F,8.5\n', 'Line 2: latitude "0x2F" is not a number.'],
  ])('rejects a bad value: %s', (csv, message) => {
    expect(() => parseCsv(csv)).toThrow(message);
  });

  it('counts the lines inside quoted fields when naming a line', () => {
    const csv = 'time,lat,lon,remark\n1714579330,47.5,8.5,"first line\nsecond line"\n1714579331,north,8.6,\n';
    expect(() => parseCsv(csv)).toThrow('Line 4: latitude "north" is not a number.');
  });
});
