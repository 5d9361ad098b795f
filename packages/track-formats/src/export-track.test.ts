import type { Marker, TrackPoint } from '@skylog/contracts';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { toCsv, toGpx, toKml } from './export-track.ts';
import { parseCsv } from './parse-csv.ts';
import { parseGpx } from './parse-gpx.ts';
import { parseKml } from './parse-kml.ts';

const start = Date.UTC(2024, 4, 1, 16, 2, 10);

const points: TrackPoint[] = [
  { timestamp: start, latitude: 37.4612331, longitude: -122.1149874, altitude: 3.42, accuracy: 4.8, heading: 312.4, speed: 0 },
  { timestamp: start + 1000, latitude: 37.4613409, longitude: -122.1151021, altitude: 3.6, accuracy: 4.9, heading: 315.6, speed: 12.861 },
  { timestamp: start + 2500, latitude: 37.4614623, longitude: -122.1152307, altitude: null, accuracy: null, heading: null, speed: null },
  { timestamp: start + 3000, latitude: -0.0000001, longitude: 0.00000004, altitude: -12.5, accuracy: 3, heading: 0, speed: 61.2 },
];

const { timestamp: _time, ...coordsOfSecondPoint } = points[1]!;

const markers: Marker[] = [
  { markerID: 3, timestamp: start + 1000, coords: coordsOfSecondPoint, notes: { text: 'Tower: "cleared <31> & go"' } },
  {
    markerID: 2,
    timestamp: start + 2500,
    coords: { latitude: 37.46, longitude: -122.11, altitude: null, accuracy: null, heading: null, speed: null },
    notes: { text: '  ' },
  },
  {
    markerID: 1,
    timestamp: start + 3000,
    coords: { latitude: 37.47, longitude: -122.12, altitude: 10, accuracy: null, heading: null, speed: null },
    notes: { text: 'Bell\u0007 rang' },
  },
];

const expectSamePositions = (parsed: TrackPoint[], fields: (keyof TrackPoint)[]) => {
  expect(parsed).toHaveLength(points.length);
  parsed.forEach((point, index) => {
    for (const field of fields) {
      const expected = points[index]![field];
      if (expected === null || expected === undefined) expect(point[field] ?? null, `${field} of point ${index + 1}`).toBeNull();
      else expect(point[field], `${field} of point ${index + 1}`).toBeCloseTo(expected, 6);
    }
  });
};

describe('toGpx', () => {
  const gpx = toGpx('Pattern work at KPAO & <KSQL>', points, markers);

  it('writes valid GPX 1.1 that reads back to the same points, speed and course included', () => {
    expect(XMLValidator.validate(gpx)).toBe(true);
    expect(gpx).toContain('xmlns="http://www.topografix.com/GPX/1/1"');
    expectSamePositions(parseGpx(gpx), ['timestamp', 'latitude', 'longitude', 'altitude', 'heading', 'speed']);
  });

  it('writes markers as named, timed waypoints before the track, escaped', () => {
    expect(gpx).toContain('<name>Pattern work at KPAO &amp; &lt;KSQL&gt;</name>');
    expect(gpx).toContain(
      '<wpt lat="37.4613409" lon="-122.1151021"><ele>3.6</ele><time>2024-05-01T16:02:11Z</time><name>Tower: &quot;cleared &lt;31&gt; &amp; go&quot;</name></wpt>',
    );
    expect(gpx).toContain('<time>2024-05-01T16:02:12.500Z</time><name>Marker 2</name></wpt>');
    // XML 1.0 cannot hold a control character, not even escaped.
    expect(gpx).toContain('<name>Bell rang</name>');
    expect(gpx.indexOf('<wpt')).toBeLessThan(gpx.indexOf('<trk>'));
  });

  it('writes coordinates as plain decimals, never in exponent notation', () => {
    expect(gpx).toContain('<trkpt lat="-0.0000001" lon="0">');
    expect(gpx).not.toMatch(/\de-\d/);
  });
});

describe('toKml', () => {
  const kml = toKml('Pattern work', points, markers);

  it('writes a valid gx:Track that reads back to the same points', () => {
    expect(XMLValidator.validate(kml)).toBe(true);
    expect(kml).toContain('<when>2024-05-01T16:02:10Z</when>');
    expect(kml).toContain('<gx:coord>-122.1149874 37.4612331 3.42</gx:coord>');
    expectSamePositions(parseKml(kml), ['timestamp', 'latitude', 'longitude', 'altitude']);
  });

  it('writes markers as timed placemarks, escaped', () => {
    expect(kml).toContain(
      '<Placemark><name>Tower: &quot;cleared &lt;31&gt; &amp; go&quot;</name><TimeStamp><when>2024-05-01T16:02:11Z</when></TimeStamp>' +
        '<Point><altitudeMode>absolute</altitudeMode><coordinates>-122.1151021,37.4613409,3.6</coordinates></Point></Placemark>',
    );
    expect(kml).toContain('<name>Marker 2</name>');
  });

  it('leaves the markers folder out when there are none', () => {
    expect(toKml('Pattern work', points, [])).not.toContain('<Folder>');
  });
});

describe('toCsv', () => {
  const csv = toCsv(points);

  it('writes a header and one row per point, UTC times, speed in knots, empty cells for unknown values', () => {
    const lines = csv.split('\n');
    expect(lines[0]).toBe('time,latitude,longitude,altitude_m,speed_kt,heading_deg,accuracy_m');
    expect(lines[2]).toBe('2024-05-01T16:02:11Z,37.4613409,-122.1151021,3.6,25,315.6,4.9');
    expect(lines[3]).toBe('2024-05-01T16:02:12.500Z,37.4614623,-122.1152307,,,,');
    expect(lines).toHaveLength(points.length + 2);
  });

  it('reads back to the same points', () => {
    expectSamePositions(parseCsv(csv), ['timestamp', 'latitude', 'longitude', 'altitude', 'accuracy', 'heading']);
    parseCsv(csv).forEach((point, index) => {
      const speed = points[index]!.speed;
      if (speed === null) expect(point.speed).toBeNull();
      else expect(point.speed).toBeCloseTo(speed, 3);
    });
  });
});
