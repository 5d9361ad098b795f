import { units } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { isGarminDataLog, parseGarminCsv } from './parse-garmin-csv.ts';

/** The opening of a G1000 data log as the SD card holds it: airframe line, units row, padded column names. */
const g1000 = (rows: string[]) =>
  [
    '#airframe_info, log_version="1.00", airframe_name="Cessna 172S", unit_software_part_number="006-B0319-DE", system_id="256EB5967", mode=NORMAL, ',
    '#yyy-mm-dd, hh:mm:ss,   hh:mm,  ident,      degrees,      degrees, ft Baro,  inch,  ft msl, deg C,     kt,     kt,     fpm,    deg,    deg,      G,      G,   deg,   deg',
    '  Lcl Date, Lcl Time, UTCOfst, AtvWpt,     Latitude,    Longitude,    AltB, BaroA,  AltMSL,   OAT,    IAS, GndSpd,    VSpd,  Pitch,   Roll,  LatAc, NormAc,   HDG,   TRK',
    ...rows,
  ].join('\r\n');

const row = (date: string, time: string, offset: string, position: string) =>
  `${date}, ${time},  ${offset},       ,${position},  1440.7, 29.97,  1414.3,  31.8,  62.00,  58.10,    0.00,   4.79,  -2.49,  -0.01,   0.00, 325.5, 267.9`;

describe('parseGarminCsv', () => {
  it('recognises a data log by its first line', () => {
    expect(isGarminDataLog(g1000([]))).toBe(true);
    expect(isGarminDataLog('time,lat,lon\n')).toBe(false);
  });

  it('turns the local date, time and UTC offset into UTC', () => {
    const { points } = parseGarminCsv(g1000([row('2024-03-27', '15:28:21', '-07:00', '   37.7335452,  -122.2154133')]));
    expect(points[0]?.timestamp).toBe(Date.parse('2024-03-27T22:28:21Z'));
  });

  it('reads the day-first dates of Perspective+ logs', () => {
    const { points } = parseGarminCsv(g1000([row('23/06/2021', '14:13:51', '+02:00', '   51.89,  -2.16')]));
    expect(points[0]?.timestamp).toBe(Date.parse('2021-06-23T12:13:51Z'));
  });

  it('keeps GPS altitude, ground speed, track, IAS, pitch and roll, and names the airframe', () => {
    const log = parseGarminCsv(g1000([row('2022-08-25', '14:28:31', '+00:00', '   46.9718628,    8.4011717')]));
    expect(log.aircraftType).toBe('Cessna 172S');
    const point = log.points[0]!;
    expect(point.altitude! * units.feetPerMetre).toBeCloseTo(1414.3, 6);
    expect(point.speed! * units.knotsPerMetrePerSecond).toBeCloseTo(58.1, 6);
    expect(point).toMatchObject({ heading: 267.9, ias_kt: 62, pitch_deg: 4.79, roll_deg: -2.49 });
  });

  it('leaves out the rows written before the GPS had a fix', () => {
    const empty = '          ,         ,        ,       ,             ,             ,        , 30.33,        ,      ,   0.00';
    const { points } = parseGarminCsv(
      g1000([empty, row('2022-08-25', '14:28:30', '+00:00', '             ,             '), row('2022-08-25', '14:28:31', '+00:00', ' 46.97, 8.40')]),
    );
    expect(points).toHaveLength(1);
  });

  it.each([
    ['no column row', '#airframe_info, airframe_name="C172"\n#units\n', 'This Garmin data log has no column row (Lcl Date, Lcl Time, UTCOfst, Latitude, …).'],
    ['no position at all', g1000([row('2022-08-25', '14:28:30', '+00:00', ' , ')]), 'This Garmin data log has no rows with a GPS position.'],
    [
      'a time it cannot read',
      g1000([row('2022-08-25', '2:28 PM', '+00:00', ' 46.97, 8.40')]),
      'Line 4: date "2022-08-25", time "2:28 PM" and UTC offset "+00:00" are not a local time Skylog can read.',
    ],
    ['a latitude that is not a number', g1000([row('2022-08-25', '14:28:30', '+00:00', ' N46.97, 8.40')]), 'Line 4: Latitude "N46.97" is not a number.'],
  ])('refuses %s, saying where', (_case, text, message) => {
    expect(() => parseGarminCsv(text)).toThrow(message);
  });
});
