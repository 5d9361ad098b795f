import { describe, expect, it } from 'vitest';
import { parseGpx } from './parse-gpx.ts';
import { UntimedTrackError } from './track-file-error.ts';

const catchError = (run: () => unknown): Error => {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('It did not throw.');
};

/** As a Garmin aviation unit exports a flight: GPX 1.1, speed and course in TrackPointExtension v2, two segments. */
const garminGpx = `<?xml version="1.0" encoding="UTF-8" standalone="no" ?>
<gpx xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3"
  xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2" creator="GPSMAP 66i" version="1.1"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
  <metadata>
    <link href="http://www.garmin.com"><text>Garmin International</text></link>
    <time>2024-05-01T16:01:58Z</time>
  </metadata>
  <wpt lat="37.461111" lon="-122.115000"><ele>2.1</ele><name>KPAO</name></wpt>
  <trk>
    <name>2024-05-01 09:02:10</name>
    <extensions><gpxx:TrackExtension><gpxx:DisplayColor>Cyan</gpxx:DisplayColor></gpxx:TrackExtension></extensions>
    <trkseg>
      <trkpt lat="37.4612330" lon="-122.1149870">
        <ele>3.42</ele>
        <time>2024-05-01T16:02:10Z</time>
        <extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>0.00</gpxtpx:speed><gpxtpx:course>312.0</gpxtpx:course></gpxtpx:TrackPointExtension></extensions>
      </trkpt>
      <trkpt lat="37.4621040" lon="-122.1162490">
        <ele>12.80</ele>
        <time>2024-05-01T16:02:15Z</time>
        <extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>31.37</gpxtpx:speed><gpxtpx:course>315.6</gpxtpx:course></gpxtpx:TrackPointExtension></extensions>
      </trkpt>
    </trkseg>
    <trkseg>
      <trkpt lat="37.4702170" lon="-122.1269550">
        <ele>185.10</ele>
        <time>2024-05-01T16:03:40.500Z</time>
      </trkpt>
    </trkseg>
  </trk>
</gpx>
`;

describe('parseGpx', () => {
  it('reads every segment of a Garmin track in order, with speed and course from the extension', () => {
    expect(parseGpx(garminGpx)).toEqual([
      {
        timestamp: Date.UTC(2024, 4, 1, 16, 2, 10),
        latitude: 37.461233,
        longitude: -122.114987,
        altitude: 3.42,
        accuracy: null,
        heading: 312,
        speed: 0,
      },
      {
        timestamp: Date.UTC(2024, 4, 1, 16, 2, 15),
        latitude: 37.462104,
        longitude: -122.116249,
        altitude: 12.8,
        accuracy: null,
        heading: 315.6,
        speed: 31.37,
      },
      {
        timestamp: Date.UTC(2024, 4, 1, 16, 3, 40, 500),
        latitude: 37.470217,
        longitude: -122.126955,
        altitude: 185.1,
        accuracy: null,
        heading: null,
        speed: null,
      },
    ]);
  });

  it('reads the speed and course elements of GPX 1.0 and concatenates several tracks', () => {
    const gpx = `<?xml version="1.0"?>
<gpx version="1.0" creator="ForeFlight" xmlns="http://www.topografix.com/GPX/1/0">
  <trk><trkseg><trkpt lat="51.47" lon="-0.4543"><ele>25</ele><time>2024-06-02T08:00:00Z</time><course>270</course><speed>40.5</speed></trkpt></trkseg></trk>
  <trk><trkseg><trkpt lat="51.4701" lon="-0.4601"><time>2024-06-02T08:00:01+01:00</time></trkpt></trkseg></trk>
</gpx>`;
    const points = parseGpx(gpx);
    expect(points.map((point) => [point.heading, point.speed, point.altitude])).toEqual([
      [270, 40.5, 25],
      [null, null, null],
    ]);
    expect(points[1]?.timestamp).toBe(Date.UTC(2024, 5, 2, 7, 0, 1));
  });

  it('falls back to a route whose points have times', () => {
    const gpx = `<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
  <rte><rtept lat="47.45" lon="-122.31"><time>2024-07-01T10:00:00Z</time></rtept><rtept lat="47.46" lon="-122.32"><time>2024-07-01T10:00:05Z</time></rtept></rte>
</gpx>`;
    expect(parseGpx(gpx).map((point) => point.latitude)).toEqual([47.45, 47.46]);
  });

  it.each([
    ['route', '<gpx version="1.1"><rte><rtept lat="47.45" lon="-122.31"><ele>12</ele></rtept><rtept lat="47.46" lon="-122.32"/></rte></gpx>'],
    ['track', '<gpx version="1.1"><trk><trkseg><trkpt lat="47.45" lon="-122.31"><ele>12</ele></trkpt><trkpt lat="47.46" lon="-122.32"/></trkseg></trk></gpx>'],
  ])('hands back the positions of a %s without times, saying what to give', (kind, gpx) => {
    const error = catchError(() => parseGpx(gpx));
    expect(error).toBeInstanceOf(UntimedTrackError);
    expect(error.message).toBe(
      `This GPX file has a ${kind} but no times. Give the take-off time and either the landing time or the audio's length, and Skylog spreads its points evenly between them.`,
    );
    expect((error as UntimedTrackError).path.map((point) => [point.latitude, point.longitude, point.altitude])).toEqual([
      [47.45, -122.31, 12],
      [47.46, -122.32, null],
    ]);
  });

  it.each([
    [
      'only waypoints',
      '<gpx version="1.1"><wpt lat="47.45" lon="-122.31"><name>KBFI</name></wpt></gpx>',
      'This GPX file has no track points.',
    ],
    [
      'one point without a time',
      '<gpx><trk><trkseg><trkpt lat="1" lon="2"><time>2024-07-01T10:00:00Z</time></trkpt><trkpt lat="1" lon="2"/></trkseg></trk></gpx>',
      'Track point 2 has no time.',
    ],
    [
      'a latitude that is not a number',
      '<gpx><trk><trkseg><trkpt lat="N47" lon="2"><time>2024-07-01T10:00:00Z</time></trkpt></trkseg></trk></gpx>',
      'Track point 1 has latitude "N47", which is not a number.',
    ],
    [
      'a missing longitude',
      '<gpx><trk><trkseg><trkpt lat="47"><time>2024-07-01T10:00:00Z</time></trkpt></trkseg></trk></gpx>',
      'Track point 1 has no longitude.',
    ],
    [
      'an unreadable time',
      '<gpx><trk><trkseg><trkpt lat="47" lon="2"><time>yesterday</time></trkpt></trkseg></trk></gpx>',
      'Track point 1 has time "yesterday", which is not an ISO 8601 time.',
    ],
    [
      'a bad elevation',
      '<gpx><trk><trkseg><trkpt lat="47" lon="2"><ele>12 m</ele><time>2024-07-01T10:00:00Z</time></trkpt></trkseg></trk></gpx>',
      'Track point 1 has elevation "12 m", which is not a number.',
    ],
    ['another root element', '<TrainingCenterDatabase></TrainingCenterDatabase>', 'This file is not a GPX file: it has no <gpx> element.'],
  ])('rejects %s', (_case, gpx, message) => {
    expect(() => parseGpx(gpx)).toThrow(message);
  });

  it('names the element a cut-off file ends in', () => {
    const truncated = garminGpx.slice(0, garminGpx.indexOf('<ele>12.80</ele>') + 8);
    expect(() => parseGpx(truncated)).toThrow('The GPX file is cut off or malformed: it ends before <ele> is closed.');
  });

  it('gives the line of malformed XML', () => {
    expect(() => parseGpx('<gpx>\n<trk>\n</trkseg>\n</gpx>')).toThrow(/^The GPX file is cut off or malformed: .+ \(line 3\)\.$/);
  });
});
