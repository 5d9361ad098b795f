import type { TrackPoint } from '@skylog/contracts';
import { TrackFileError } from './track-file-error.ts';

const dayMs = 86_400_000;
const kilometresPerHourPerMetrePerSecond = 3.6;

/** B record, fixed width: time HHMMSS, latitude DDMMmmm N/S, longitude DDDMMmmm E/W, validity A/V, pressure and GNSS altitude (m). */
const fixPattern = /^B\d{6}\d{7}[NS]\d{8}[EW][AV][-\d]\d{4}[-\d]\d{4}/;
const datePattern = /^H[FOP]DTE(?:DATE:)?(\d{6})/;
/** I record: extra B-record columns as start and end column (1-based, inclusive) and a three-letter code. */
const extensionPattern = /(\d{2})(\d{2})([A-Z]{3})/g;

/**
 * Points of an IGC flight log (FAI format). Fixes marked V (no 3D fix) are left out; the GNSS altitude is
 * used unless the logger wrote 0 for it, then the pressure altitude. Fix accuracy (FXA), ground speed (GSP)
 * and true track (TRT) are read when the I record declares them.
 */
export const parseIgc = (text: string): TrackPoint[] => {
  const lines = text.split(/\r\n|\n|\r/);
  const dateMs = findDate(lines);
  const extensions = findExtensions(lines);
  const points: TrackPoint[] = [];
  let dayOffsetMs = 0;
  let previousTimeOfDayMs = -1;
  let hasFixes = false;

  lines.forEach((line, index) => {
    if (!line.startsWith('B')) return;
    if (!fixPattern.test(line)) {
      throw new TrackFileError(`Line ${index + 1}: the B record "${line.trim()}" is not a fix the IGC format describes.`);
    }
    hasFixes = true;
    // The IGC specification numbers columns from 1, inclusive at both ends.
    const column = (start: number, end: number) => line.slice(start - 1, end);
    const timeOfDayMs = ((Number(column(2, 3)) * 60 + Number(column(4, 5))) * 60 + Number(column(6, 7))) * 1000;
    // A flight past midnight UTC goes on into the next day; small steps back are left for validation to report.
    if (timeOfDayMs < previousTimeOfDayMs - dayMs / 2) dayOffsetMs += dayMs;
    previousTimeOfDayMs = timeOfDayMs;
    if (column(25, 25) === 'V') return;

    const extra = (code: string) => {
      const range = extensions.get(code);
      const value = range === undefined ? '' : column(range.start, range.end).trim();
      return /^\d+$/.test(value) ? Number(value) : null;
    };
    const gnssAltitude = Number(column(31, 35));
    const groundSpeed = extra('GSP');
    points.push({
      timestamp: dateMs + dayOffsetMs + timeOfDayMs,
      latitude: toDegrees(column(8, 9), column(10, 14), column(15, 15) === 'S'),
      longitude: toDegrees(column(16, 18), column(19, 23), column(24, 24) === 'W'),
      altitude: gnssAltitude === 0 ? Number(column(26, 30)) : gnssAltitude,
      accuracy: extra('FXA'),
      heading: extra('TRT'),
      speed: groundSpeed === null ? null : groundSpeed / kilometresPerHourPerMetrePerSecond,
    });
  });

  if (!hasFixes) throw new TrackFileError('This IGC file has no fixes (B records).');
  if (points.length === 0) throw new TrackFileError('This IGC file has no valid GPS fixes: every B record is marked V (no fix).');
  return points;
};

/** The glider type an IGC header names (HFGTYGLIDERTYPE:ASW 19), or null when the pilot left it empty. */
export const readIgcGliderType = (text: string): string | null =>
  /^H[FOP]GTY(?:GLIDERTYPE)?:?(.*)$/im.exec(text.slice(0, 8192))?.[1]?.trim() || null;

const findDate = (lines: string[]): number => {
  const digits = lines.map((line) => datePattern.exec(line)?.[1]).find((value) => value !== undefined);
  if (digits === undefined) {
    throw new TrackFileError('This IGC file has no date (HFDTE) header; Skylog needs it to place the fixes in time.');
  }
  const [day, month, year] = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 6)].map(Number) as [number, number, number];
  // Two-digit years: IGC files began in the 1990s.
  const dateMs = Date.UTC(year < 80 ? 2000 + year : 1900 + year, month - 1, day);
  const check = new Date(dateMs);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new TrackFileError(`This IGC file's date header (${digits}) is not a valid DDMMYY date.`);
  }
  return dateMs;
};

const findExtensions = (lines: string[]): Map<string, { start: number; end: number }> => {
  const declaration = lines.find((line) => line.startsWith('I'))?.slice(3) ?? '';
  return new Map(
    [...declaration.matchAll(extensionPattern)].map(([, start, end, code = '']) => [code, { start: Number(start), end: Number(end) }]),
  );
};

const toDegrees = (degrees: string, thousandthsOfMinutes: string, isNegative: boolean) => {
  const value = Number(degrees) + Number(thousandthsOfMinutes) / 1000 / 60;
  return isNegative ? -value : value;
};
