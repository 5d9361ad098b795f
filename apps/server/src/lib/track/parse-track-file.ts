import { messages, type TrackFormat, trackFormats, type TrackPoint } from '@skylog/contracts';
import { parseCsv } from './parse-csv.ts';
import { parseGpx } from './parse-gpx.ts';
import { parseIgc } from './parse-igc.ts';
import { parseKml } from './parse-kml.ts';
import { TrackFileError } from './track-file-error.ts';
import { validateTrack } from './validate-track.ts';

const parsers: Record<TrackFormat, (text: string) => TrackPoint[]> = { gpx: parseGpx, kml: parseKml, csv: parseCsv, igc: parseIgc };

const notATrack = messages.trackFileNotTrack;

/**
 * The checked points of an uploaded track file. The content decides the format when it is recognisable
 * (files are often misnamed, or come without an extension); the extension decides otherwise, so a broken
 * .gpx still gets a GPX error message.
 */
export const parseTrackFile = (fileName: string, data: Buffer): { format: TrackFormat; points: TrackPoint[] } => {
  const text = decode(data);
  if (text.trim() === '') throw new TrackFileError('This file is empty.');
  const format = sniffFormat(text) ?? formatOfName(fileName);
  if (format === undefined) throw new TrackFileError(notATrack);
  return { format, points: validateTrack(parsers[format](text)) };
};

const notUtf8 = 'This file is not UTF-8 text. Save it as UTF-8 and upload it again.';
// Fatal, so that other encodings are refused rather than garbled; it drops the byte order mark spreadsheets write.
const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

const decode = (data: Buffer): string => {
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
  // A CSV is only recognised by its header naming latitude and longitude columns.
  const hasColumn = (names: string) => new RegExp(`(?:^|[^a-z])(?:${names})(?:[^a-z]|$)`).test(header);
  return hasColumn('lat|latitude') && hasColumn('lon|lng|long|longitude') ? 'csv' : undefined;
};
