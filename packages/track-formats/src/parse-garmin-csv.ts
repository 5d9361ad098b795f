import { type TrackPoint, units } from '@skylog/contracts';
import { readRows, type Row } from './parse-csv.ts';
import { parseDecimal } from './parse-values.ts';
import { TrackFileError } from './track-file-error.ts';

/** What a data log says beyond its points: the aircraft type its avionics were configured for. */
export type GarminLog = { points: TrackPoint[]; aircraftType: string | null };

/** A Garmin data log opens with this line (G1000, G1000 NXi, Perspective+, G3X Touch). */
export const isGarminDataLog = (text: string) => text.trimStart().startsWith('#airframe_info');

/**
 * The short column names of Garmin's data logs, the same on the G1000 family and the G3X Touch. Altitude
 * prefers AltMSL (GPS altitude above mean sea level) over AltGPS (above the WGS-84 ellipsoid, some 30 m off
 * in places), and never the barometric AltInd / AltB, which reads low on the ground roll.
 */
const columnNames = {
  date: 'Lcl Date',
  time: 'Lcl Time',
  offset: 'UTCOfst',
  latitude: 'Latitude',
  longitude: 'Longitude',
  altitudeMsl: 'AltMSL',
  altitudeGps: 'AltGPS',
  groundSpeed: 'GndSpd',
  track: 'TRK',
  ias: 'IAS',
  pitch: 'Pitch',
  roll: 'Roll',
} as const;
type Column = keyof typeof columnNames;

/**
 * Points of a Garmin data log (the SD card's CSV): an `#airframe_info` line, a units row (G1000) or a row of
 * long names (G3X), then the row of short column names and one row a second. Times are the local date and
 * time with their UTC offset; rows written before the GPS had a fix have no position and are left out.
 */
export const parseGarminCsv = (text: string): GarminLog => {
  const rows = readRows(text, ',');
  const headerIndex = rows.findIndex((row) => row.fields.some((field) => field.trim() === columnNames.date));
  const header = rows[headerIndex];
  if (header === undefined) throw new TrackFileError('This Garmin data log has no column row (Lcl Date, Lcl Time, UTCOfst, Latitude, …).');
  const columns = findColumns(header.fields);
  const points = rows
    .slice(headerIndex + 1)
    .filter((row) => !row.fields[0]?.trim().startsWith('#'))
    .flatMap((row) => readPoint(row, columns));
  if (points.length === 0) throw new TrackFileError('This Garmin data log has no rows with a GPS position.');
  return { points, aircraftType: /airframe_name="+([^"]+)"/.exec(text.slice(0, 2000))?.[1]?.trim() || null };
};

type Columns = Partial<Record<Column, number>> & Record<'date' | 'time' | 'offset' | 'latitude' | 'longitude', number>;

const findColumns = (header: string[]): Columns => {
  const names = header.map((name) => name.trim());
  const found: Partial<Record<Column, number>> = {};
  for (const [column, name] of Object.entries(columnNames) as [Column, string][]) {
    const index = names.indexOf(name);
    if (index !== -1) found[column] = index;
  }
  const required = (column: 'date' | 'time' | 'offset' | 'latitude' | 'longitude'): number => {
    const index = found[column];
    if (index === undefined) throw new TrackFileError(`This Garmin data log has no ${columnNames[column]} column.`);
    return index;
  };
  return { ...found, date: required('date'), time: required('time'), offset: required('offset'), latitude: required('latitude'), longitude: required('longitude') };
};

const readPoint = ({ line, fields }: Row, columns: Columns): TrackPoint[] => {
  const field = (column: Column) => {
    const index = columns[column];
    return index === undefined ? '' : (fields[index] ?? '').trim();
  };
  const readNumber = (column: Column): number | null => {
    const value = field(column);
    if (value === '') return null;
    const number = parseDecimal(value);
    if (number === undefined) throw new TrackFileError(`Line ${line}: ${columnNames[column]} "${value}" is not a number.`);
    return number;
  };
  const latitude = readNumber('latitude');
  const longitude = readNumber('longitude');
  // Before the first fix (and while the GPS has none) the log goes on writing engine and air data without a position.
  if (latitude === null || longitude === null || field('date') === '') return [];
  const altitudeFt = readNumber('altitudeMsl') ?? readNumber('altitudeGps');
  const groundSpeedKt = readNumber('groundSpeed');
  const measured = { ias_kt: readNumber('ias'), pitch_deg: readNumber('pitch'), roll_deg: readNumber('roll') };
  return [
    {
      timestamp: readTime(field('date'), field('time'), field('offset'), line),
      latitude,
      longitude,
      altitude: altitudeFt === null ? null : altitudeFt / units.feetPerMetre,
      accuracy: null,
      heading: readNumber('track'),
      speed: groundSpeedKt === null ? null : groundSpeedKt / units.knotsPerMetrePerSecond,
      ...Object.fromEntries(Object.entries(measured).filter(([, value]) => value !== null)),
    },
  ];
};

/**
 * Epoch ms of a local date (yyyy-mm-dd, or dd/mm/yyyy as Perspective+ writes it in Europe), a local time and
 * the offset from UTC (-07:00).
 */
const readTime = (date: string, time: string, offset: string, line: number): number => {
  const dayFirst = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(date);
  const yearFirst = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(date);
  const [year, month, day] = yearFirst ? [yearFirst[1], yearFirst[2], yearFirst[3]] : [dayFirst?.[3], dayFirst?.[2], dayFirst?.[1]];
  const clock = /^(\d{1,2}):(\d{2}):(\d{2})$/.exec(time);
  const zone = /^([+-])(\d{1,2}):(\d{2})$/.exec(offset);
  if (year === undefined || month === undefined || day === undefined || !clock || !zone) {
    throw new TrackFileError(`Line ${line}: date "${date}", time "${time}" and UTC offset "${offset}" are not a local time Skylog can read.`);
  }
  const local = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(clock[1]), Number(clock[2]), Number(clock[3]));
  const check = new Date(local);
  if (check.getUTCDate() !== Number(day) || check.getUTCMonth() !== Number(month) - 1 || Number(clock[1]) > 23 || Number(clock[2]) > 59) {
    throw new TrackFileError(`Line ${line}: date "${date}" time "${time}" is not a valid date and time.`);
  }
  const offsetMinutes = (zone[1] === '-' ? -1 : 1) * (Number(zone[2]) * 60 + Number(zone[3]));
  return local - offsetMinutes * 60_000;
};
