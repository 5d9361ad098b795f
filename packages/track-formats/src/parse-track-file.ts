import { messages, type TrackFormat, trackFormats, trackImportNotices, type TrackPoint } from '@skylog/contracts';
import { parseCsv } from './parse-csv.ts';
import { isForeFlightTrackLog, parseForeFlightCsv } from './parse-foreflight-csv.ts';
import { isGarminDataLog, parseGarminCsv } from './parse-garmin-csv.ts';
import { parseGpx } from './parse-gpx.ts';
import { parseIgc, readIgcGliderType } from './parse-igc.ts';
import { parseKml } from './parse-kml.ts';
import { spreadTimes } from './spread-times.ts';
import { TrackFileError, UntimedTrackError } from './track-file-error.ts';
import { validateTrack } from './validate-track.ts';

type ParsedFile = { points: TrackPoint[]; aircraftType: string | null };

const withoutType = (points: TrackPoint[]): ParsedFile => ({ points, aircraftType: null });

const parsers: Record<TrackFormat, (text: string) => ParsedFile> = {
  gpx: (text) => withoutType(parseGpx(text)),
  kml: (text) => withoutType(parseKml(text)),
  csv: (text) => {
    if (isGarminDataLog(text)) return parseGarminCsv(text);
    return withoutType(isForeFlightTrackLog(text) ? parseForeFlightCsv(text) : parseCsv(text));
  },
  igc: (text) => ({ points: parseIgc(text), aircraftType: readIgcGliderType(text) }),
};

const notATrack = messages.trackFileNotTrack;

/** When a track without times was flown (epoch ms), as the pilot gave it at import. */
export type TrackTimes = { takeoffMs: number; landingMs: number };

/** A checked track file: its points, the aircraft type it names, what was put right, and whether its times are Skylog's. */
export type ImportedTrack = ParsedFile & { format: TrackFormat; notices: string[]; timesEstimated: boolean };

/**
 * The checked points of an uploaded track file. The content decides the format when it is recognisable
 * (files are often misnamed, or come without an extension); the extension decides otherwise, so a broken
 * .gpx still gets a GPX error message. A path without times is an UntimedTrackError unless `times` says
 * when it was flown; its points are then spread between them (spread-times.ts).
 */
export const parseTrackFile = (fileName: string, data: Uint8Array, times?: TrackTimes): ImportedTrack => {
  const text = decode(data);
  if (text.trim() === '') throw new TrackFileError('This file is empty.');
  const format = sniffFormat(text) ?? formatOfName(fileName);
  if (format === undefined) throw new TrackFileError(notATrack);
  const parsed = readWithTimes(parsers[format], text, times);
  const checked = validateTrack(parsed.points);
  const timing = parsed.timesEstimated ? [trackImportNotices.timesEstimated] : times ? [trackImportNotices.timesIgnored] : [];
  const notices = [...timing, ...checked.notices];
  return { format, ...parsed, points: checked.points, notices };
};

const readWithTimes = (parse: (text: string) => ParsedFile, text: string, times: TrackTimes | undefined) => {
  try {
    return { ...parse(text), timesEstimated: false };
  } catch (error) {
    if (!(error instanceof UntimedTrackError) || times === undefined) throw error;
    return { points: spreadTimes(error.path, times.takeoffMs, times.landingMs), aircraftType: null, timesEstimated: true };
  }
};

const notUtf8 = 'This file is not UTF-8 text. Save it as UTF-8 and upload it again.';
// Fatal, so that other encodings are refused rather than garbled; it drops the byte order mark spreadsheets write.
const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

const decode = (data: Uint8Array): string => {
  const isUtf16 = (data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff);
  if (isUtf16) throw new TrackFileError(notUtf8);
  // Control characters other than tab, line feed and carriage return only occur in binary files (images, archives).
  const sample = data.subarray(0, 8192);
  if (sample.some((byte) => byte < 0x09 || byte === 0x0b || byte === 0x0c || (byte > 0x0d && byte < 0x20))) {
    throw new TrackFileError(notATrack);
  }
  try {
    return utf8.decode(data);
  } catch {
    // IGC is ASCII, but loggers write pilot names in Latin-1; the fixes read the same either way.
    const text = latin1.decode(data);
    if (sniffFormat(text) === 'igc') return text;
    throw new TrackFileError(notUtf8);
  }
};

const formatOfName = (fileName: string): TrackFormat | undefined => {
  const extension = /\.([a-z]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  return trackFormats.find((format) => format === extension);
};

const sniffFormat = (text: string): TrackFormat | undefined => {
  const start = text.slice(0, 4096).trimStart();
  if (start.startsWith('<')) {
    if (/<(?:\w+:)?gpx[\s>]/.test(start)) return 'gpx';
    if (/<(?:\w+:)?kml[\s>]/.test(start)) return 'kml';
    return undefined;
  }
  // An IGC file opens with its A record (logger maker and serial) and then dates itself.
  if (/^A\w{3}/.test(start) && /^(?:H[FOP]DTE|B\d{6})/m.test(start)) return 'igc';
  const header = start.split(/\r\n|\n|\r/, 1)[0]?.toLowerCase() ?? '';
  if (isGarminDataLog(start) || isForeFlightTrackLog(start)) return 'csv';
  // A CSV is only recognised by its header naming latitude and longitude columns.
  const hasColumn = (names: string) => new RegExp(`(?:^|[^a-z])(?:${names})(?:[^a-z]|$)`).test(header);
  return hasColumn('lat|latitude') && hasColumn('lon|lng|long|longitude') ? 'csv' : undefined;
};
