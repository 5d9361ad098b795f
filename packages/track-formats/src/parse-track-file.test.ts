import { describe, expect, it } from 'vitest';
import { toGpx } from './export-track.ts';
import { parseTrackFile } from './parse-track-file.ts';

const start = Date.UTC(2024, 4, 1, 16, 2, 10);
const fixes = [0, 1, 2].map((second) => ({
  timestamp: start + second * 1000,
  latitude: 37.4612 + second * 0.0001,
  longitude: -122.115,
  altitude: 3,
  accuracy: null,
  heading: null,
  speed: null,
}));

const gpx = toGpx('Flight', fixes, []);
const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Placemark><gx:Track>
<when>2024-05-01T16:02:10Z</when><when>2024-05-01T16:02:11Z</when><when>2024-05-01T16:02:12Z</when>
<gx:coord>-122.115 37.4612 3</gx:coord><gx:coord>-122.115 37.4613 3</gx:coord><gx:coord>-122.115 37.4614 3</gx:coord>
</gx:Track></Placemark></kml>`;
const csv = 'time,lat,lon\n2024-05-01T16:02:10Z,37.4612,-122.115\n2024-05-01T16:02:11Z,37.4613,-122.115\n2024-05-01T16:02:12Z,37.4614,-122.115\n';
const igc = 'AXCS123\r\nHFDTE010524\r\nB1602103727672N12206900WA0000000003\r\nB1602113727678N12206900WA0000000003\r\nB1602123727684N12206900WA0000000003\r\n';

const notATrack = 'This file is not a GPX, KML, CSV or IGC track.';
const notUtf8 = 'This file is not UTF-8 text. Save it as UTF-8 and upload it again.';

describe('parseTrackFile', () => {
  it.each([
    ['flight.gpx', gpx, 'gpx'],
    ['FLIGHT.KML', kml, 'kml'],
    ['flight.Csv', csv, 'csv'],
    ['2024-05-01-XCS-123-01.IGC', igc, 'igc'],
  ])('reads %s by its extension', (fileName, text, format) => {
    const result = parseTrackFile(fileName, Buffer.from(text));
    expect(result.format).toBe(format);
    expect(result.points.length).toBeGreaterThanOrEqual(2);
    expect(result.points[0]?.timestamp).toBe(start);
  });

  it.each([
    ['a GPX without an extension', 'flight', gpx, 'gpx'],
    ['a KML named .gpx', 'flight.gpx', kml, 'kml'],
    ['a CSV named .txt', 'export.txt', csv, 'csv'],
    ['an IGC named .csv', 'flight.csv', igc, 'igc'],
  ])('recognises %s by its content', (_case, fileName, text, format) => {
    expect(parseTrackFile(fileName, Buffer.from(text)).format).toBe(format);
  });

  it('checks the track: fills speed and heading and drops repeated fixes', () => {
    const doubled = `${csv}2024-05-01T16:02:12Z,37.4615,-122.115\n`;
    const { points } = parseTrackFile('flight.csv', Buffer.from(doubled));
    expect(points).toHaveLength(3);
    expect(points[1]?.speed).toBeCloseTo(11.12, 2);
    expect(points[1]?.heading).toBeCloseTo(0, 6);
  });

  it('reads a file that starts with a UTF-8 byte order mark', () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)]);
    expect(parseTrackFile('flight.csv', withBom).points).toHaveLength(3);
    expect(parseTrackFile('flight.gpx', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(gpx)])).format).toBe('gpx');
  });

  it('reads an IGC file whose header has a Latin-1 pilot name', () => {
    const latin1 = Buffer.from(igc.replace('HFDTE010524', 'HFDTE010524\r\nHFPLTPILOTINCHARGE:J\u00fcrg M\u00fcller'), 'latin1');
    expect(parseTrackFile('flight.igc', latin1).points).toHaveLength(3);
  });

  it.each([
    ['an empty file', 'flight.gpx', Buffer.alloc(0), 'This file is empty.'],
    ['a file of blank lines', 'flight.csv', Buffer.from('\n  \r\n'), 'This file is empty.'],
    [
      'a photo',
      'flight.gpx',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x48]),
      notATrack,
    ],
    ['an archive', 'flight.kml', Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000\u0008\u0000doc.kml', 'latin1'), notATrack],
    ['text of another kind', 'notes.txt', Buffer.from('Remember to close the flight plan.\n'), notATrack],
    ['XML of another kind', 'activity.tcx', Buffer.from('<?xml version="1.0"?><TrainingCenterDatabase/>'), notATrack],
    ['a Latin-1 CSV', 'flight.csv', Buffer.from('time,lat,lon,remark\n2024-05-01T16:02:10Z,1,2,Z\u00fcrich\n', 'latin1'), notUtf8],
    ['a UTF-16 CSV', 'flight.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')]), notUtf8],
    [
      'a cut-off GPX',
      'flight.gpx',
      Buffer.from(gpx.slice(0, gpx.lastIndexOf('<trkpt'))),
      'The GPX file is cut off or malformed: it ends before <trkseg> is closed.',
    ],
    [
      'a GPX cut off before its root',
      'flight.gpx',
      Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n'),
      'The GPX file is cut off or malformed:',
    ],
    ['a cut-off KML', 'flight.kml', Buffer.from(kml.slice(0, 200)), 'The KML file is cut off or malformed:'],
    [
      'a CSV without a latitude column',
      'flight.csv',
      Buffer.from('time,lon\n1714579330,8.5\n'),
      'The CSV file has no latitude column (expected lat or latitude).',
    ],
    [
      'a one-point track',
      'flight.csv',
      Buffer.from(csv.split('\n').slice(0, 2).join('\n')),
      'A track needs at least 3 points with different times; this one has 1.',
    ],
    [
      'time going backwards',
      'flight.csv',
      Buffer.from(`${csv}2024-05-01T16:02:09Z,37.4614,-122.115\n`),
      'Time goes backwards at point 4 (16:02:09 after 16:02:12 UTC).',
    ],
    [
      'a latitude out of range',
      'flight.csv',
      Buffer.from(csv.replace('37.4613', '97.4613')),
      'Point 2 has latitude 97.4613; latitudes run from -90 to 90.',
    ],
  ])('rejects %s', (_case, fileName, data, message) => {
    expect(() => parseTrackFile(fileName, data)).toThrow(message);
  });
});
