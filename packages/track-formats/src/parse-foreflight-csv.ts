import { type TrackPoint, units } from '@skylog/contracts';
import { readRows } from './parse-csv.ts';
import { parseDecimal } from './parse-values.ts';
import { TrackFileError } from './track-file-error.ts';

/** A ForeFlight track log CSV opens with a row naming the flight's details (pilot, tail number, derived origin, …). */
export const isForeFlightTrackLog = (text: string) => /^\uFEFF?Pilot,Tail Number,/.test(text.trimStart());

const columns = ['Timestamp', 'Latitude', 'Longitude', 'Altitude', 'Course', 'Speed', 'Bank', 'Pitch'] as const;
type Column = (typeof columns)[number];

/**
 * Points of a ForeFlight track log exported as CSV: a row of the flight's details and its values, then the
 * track's own column row (Timestamp, Latitude, Longitude, Altitude, Course, Speed, Bank, Pitch, Horizontal
 * Error, Vertical Error) and one row a fix. Timestamps are epoch seconds (UTC), altitude feet above mean sea
 * level, speed knots; ForeFlight writes -1 for the course and speed of a stopped aircraft. Bank and pitch are
 * the attitude ForeFlight had (an AHRS such as a Stratux or Sentry, or the device's own): kept as roll and pitch.
 */
export const parseForeFlightCsv = (text: string): TrackPoint[] => {
  const rows = readRows(text, ',');
  const headerIndex = rows.findIndex((row) => row.fields[0]?.trim() === 'Timestamp');
  const header = rows[headerIndex];
  if (header === undefined) throw new TrackFileError('This ForeFlight track log has no track column row (Timestamp, Latitude, Longitude, …).');
  const names = header.fields.map((field) => field.trim());
  const indexOf = Object.fromEntries(columns.map((column) => [column, names.indexOf(column)])) as Record<Column, number>;
  for (const column of ['Timestamp', 'Latitude', 'Longitude'] as const) {
    if (indexOf[column] === -1) throw new TrackFileError(`This ForeFlight track log has no ${column} column.`);
  }
  return rows.slice(headerIndex + 1).map(({ line, fields }) => {
    const read = (column: Column): number | null => {
      const value = indexOf[column] === -1 ? '' : (fields[indexOf[column]] ?? '').trim();
      if (value === '') return null;
      const number = parseDecimal(value);
      if (number === undefined) throw new TrackFileError(`Line ${line}: ${column} "${value}" is not a number.`);
      return number;
    };
    const required = (column: 'Timestamp' | 'Latitude' | 'Longitude') => {
      const value = read(column);
      if (value === null) throw new TrackFileError(`Line ${line}: ${column} is empty.`);
      return value;
    };
    const altitudeFt = read('Altitude');
    const speedKt = read('Speed');
    const course = read('Course');
    const bank = read('Bank');
    const pitch = read('Pitch');
    return {
      timestamp: Math.round(required('Timestamp') * 1000),
      latitude: required('Latitude'),
      longitude: required('Longitude'),
      altitude: altitudeFt === null ? null : altitudeFt / units.feetPerMetre,
      accuracy: null,
      heading: course === null || course < 0 ? null : course,
      speed: speedKt === null || speedKt < 0 ? null : speedKt / units.knotsPerMetrePerSecond,
      ...(bank === null ? {} : { roll_deg: bank }),
      ...(pitch === null ? {} : { pitch_deg: pitch }),
    };
  });
};
