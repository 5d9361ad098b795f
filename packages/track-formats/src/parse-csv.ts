import { type TrackPoint, units } from '@skylog/contracts';
import { parseDecimal, parseIsoTime } from './parse-values.ts';
import { TrackFileError } from './track-file-error.ts';

/** Header names per value (compared lower-case, with spaces and brackets as '_': "Altitude (ft)" is altitude_ft). */
const columnNames = {
  time: ['time', 'timestamp', 'datetime', 'utc'],
  latitude: ['lat', 'latitude'],
  longitude: ['lon', 'lng', 'long', 'longitude'],
  altitudeMetres: ['alt', 'altitude', 'alt_m', 'altitude_m'],
  altitudeFeet: ['alt_ft', 'altitude_ft'],
  speedMetresPerSecond: ['speed', 'speed_ms', 'speed_mps'],
  speedKnots: ['speed_kt', 'groundspeed', 'gs', 'speed_kts'],
  heading: ['heading', 'course', 'track', 'hdg', 'heading_deg'],
  accuracy: ['accuracy', 'accuracy_m'],
} as const;

/**
 * SensorLog's names (an iPhone app pilots record with; it writes -1 for an unknown speed or course), read
 * as well but not listed in messages: a person writing a CSV by hand uses the plain names.
 */
const sensorLogNames: Partial<Record<keyof typeof columnNames, string>> = {
  time: 'locationtimestamp_since1970_s',
  latitude: 'locationlatitude_wgs84',
  longitude: 'locationlongitude_wgs84',
  altitudeMetres: 'locationaltitude_m',
  speedMetresPerSecond: 'locationspeed_m_s',
  heading: 'locationcourse',
  accuracy: 'locationhorizontalaccuracy_m',
};

type Column = keyof typeof columnNames;
type RequiredColumn = 'time' | 'latitude' | 'longitude';
type Columns = Partial<Record<Column, number>> & Record<RequiredColumn, number>;
export type Row = { line: number; fields: string[] };

const separators = [',', ';', '\t'] as const;
type Separator = (typeof separators)[number];

/** Points of a CSV file with a header row; `,`, `;` or tab separated, as the header shows. */
export const parseCsv = (text: string): TrackPoint[] => {
  const separator = detectSeparator(text);
  const [header, ...rows] = readRows(text, separator);
  if (header === undefined) throw new TrackFileError('The CSV file has no header row.');
  const columns = findColumns(header.fields);
  // A file separated by ';' or tabs usually comes from a locale that writes decimal commas.
  const hasDecimalCommas = separator !== ',';

  return rows.map(({ line, fields }) => {
    const readNumber = (column: Column, name: string): number | null => {
      const index = columns[column];
      const value = index === undefined ? '' : (fields[index] ?? '').trim();
      if (value === '') return null;
      const number = parseDecimal(hasDecimalCommas ? value.replace(',', '.') : value);
      if (number === undefined) throw new TrackFileError(`Line ${line}: ${name} "${value}" is not a number.`);
      return number;
    };
    const readRequired = (column: 'latitude' | 'longitude') => {
      const number = readNumber(column, column);
      if (number === null) throw new TrackFileError(`Line ${line}: ${column} is empty.`);
      return number;
    };
    return {
      timestamp: readTime((fields[columns.time] ?? '').trim(), line),
      latitude: readRequired('latitude'),
      longitude: readRequired('longitude'),
      altitude:
        columns.altitudeMetres === undefined
          ? dividedBy(readNumber('altitudeFeet', 'altitude'), units.feetPerMetre)
          : readNumber('altitudeMetres', 'altitude'),
      accuracy: unlessNegative(readNumber('accuracy', 'accuracy')),
      heading: unlessNegative(readNumber('heading', 'heading')),
      speed: unlessNegative(
        columns.speedMetresPerSecond === undefined
          ? dividedBy(readNumber('speedKnots', 'speed'), units.knotsPerMetrePerSecond)
          : readNumber('speedMetresPerSecond', 'speed'),
      ),
    };
  });
};

/** No speed, course or accuracy is below zero: recorders write -1 for "unknown". */
const unlessNegative = (value: number | null) => (value !== null && value < 0 ? null : value);

const dividedBy = (value: number | null, divisor: number) => (value === null ? null : value / divisor);

const detectSeparator = (text: string): Separator => {
  const headerLine = text.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  const counts = separators.map((separator) => headerLine.split(separator).length);
  return separators[counts.indexOf(Math.max(...counts))] ?? ',';
};

/** Rows of RFC 4180 fields (quoted fields may hold separators, "" and line breaks), each with its first line number. */
export const readRows = (text: string, separator: Separator): Row[] => {
  const fieldPattern = new RegExp(`(?:"([^"]*(?:""[^"]*)*)"|([^${separator}\\r\\n]*))(${separator}|\\r\\n|\\n|\\r|$)`, 'y');
  const rows: Row[] = [];
  let fields: string[] = [];
  let line = 1;
  let rowLine = 1;
  for (;;) {
    const match = fieldPattern.exec(text);
    if (match === null) throw new TrackFileError(`Line ${line}: the CSV row cannot be read.`);
    const [, quoted, plain = '', end] = match;
    fields.push(quoted === undefined ? plain : quoted.replaceAll('""', '"'));
    line += quoted?.match(/\r\n|\n|\r/g)?.length ?? 0;
    if (end === separator) continue;
    // Rows of nothing but separators are the blank lines of spreadsheet exports.
    if (fields.some((value) => value.trim() !== '')) rows.push({ line: rowLine, fields });
    if (end === '') return rows;
    fields = [];
    line += 1;
    rowLine = line;
  }
};

const normalizeName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

const findColumns = (header: string[]): Columns => {
  const names = header.map(normalizeName);
  const found: Partial<Record<Column, number>> = {};
  for (const [column, aliases] of Object.entries(columnNames) as [Column, readonly string[]][]) {
    const index = names.findIndex((name) => aliases.includes(name) || name === sensorLogNames[column]);
    if (index !== -1) found[column] = index;
  }
  const required = (column: RequiredColumn): number => {
    const index = found[column];
    if (index === undefined) throw new TrackFileError(`The CSV file has no ${column} column (expected ${listNames(columnNames[column])}).`);
    return index;
  };
  return { ...found, latitude: required('latitude'), longitude: required('longitude'), time: required('time') };
};

const listNames = (names: readonly string[]) => `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;

/** ISO 8601, or epoch seconds or milliseconds (told apart by size: 1e11 s is in the year 5138, 1e11 ms in 1973). */
const readTime = (value: string, line: number): number => {
  if (value === '') throw new TrackFileError(`Line ${line}: time is empty.`);
  const epoch = parseDecimal(value);
  const timestamp = epoch === undefined ? parseIsoTime(value) : Math.round(epoch >= 1e11 ? epoch : epoch * 1000);
  if (timestamp === undefined) throw new TrackFileError(`Line ${line}: time "${value}" is not an ISO 8601 time or epoch seconds.`);
  return timestamp;
};
