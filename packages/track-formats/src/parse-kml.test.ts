import { describe, expect, it } from 'vitest';
import { parseKml } from './parse-kml.ts';
import { UntimedTrackError } from './track-file-error.ts';

/** As Google Earth Pro saves an imported GPS flight: a gx:MultiTrack of gx:Tracks, times first, then coordinates. */
const googleEarthKml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2" xmlns:kml="http://www.opengis.net/kml/2.2" xmlns:atom="http://www.w3.org/2005/Atom">
<Document>
	<name>KPAO-KHAF.kml</name>
	<Style id="track_n"><IconStyle><scale>0.5</scale></IconStyle><LineStyle><color>ff0000ff</color><width>3</width></LineStyle></Style>
	<Folder>
		<name>Tracks</name>
		<Placemark>
			<name>2024-05-01 09:02</name>
			<styleUrl>#track_n</styleUrl>
			<gx:MultiTrack>
				<altitudeMode>absolute</altitudeMode>
				<gx:interpolate>1</gx:interpolate>
				<gx:Track>
					<when>2024-05-01T16:02:10Z</when>
					<when>2024-05-01T16:02:11Z</when>
					<when>2024-05-01T16:02:12Z</when>
					<gx:coord>-122.114987 37.461233 3.4</gx:coord>
					<gx:coord>-122.115102 37.461341 3.6</gx:coord>
					<gx:coord>-122.115231 37.461462 4.1</gx:coord>
				</gx:Track>
				<gx:Track>
					<when>2024-05-01T16:20:00Z</when>
					<gx:coord>-122.501 37.5134 12</gx:coord>
				</gx:Track>
			</gx:MultiTrack>
		</Placemark>
	</Folder>
</Document>
</kml>
`;

const timedPlacemark = (name: string, when: string, coordinates: string) =>
  `<Placemark><name>${name}</name><TimeStamp><when>${when}</when></TimeStamp><Point><coordinates>${coordinates}</coordinates></Point></Placemark>`;

describe('parseKml', () => {
  it('reads the gx:Tracks of a Google Earth file in order, longitude first', () => {
    const points = parseKml(googleEarthKml);
    expect(points).toHaveLength(4);
    expect(points[0]).toEqual({
      timestamp: Date.UTC(2024, 4, 1, 16, 2, 10),
      latitude: 37.461233,
      longitude: -122.114987,
      altitude: 3.4,
      accuracy: null,
      heading: null,
      speed: null,
    });
    expect(points.map((point) => point.timestamp - Date.UTC(2024, 4, 1, 16))).toEqual([130_000, 131_000, 132_000, 1_200_000]);
    expect(points[3]?.altitude).toBe(12);
  });

  it('reads a gx:Track without altitudes', () => {
    const kml = `<kml xmlns:gx="http://www.google.com/kml/ext/2.2"><Placemark><gx:Track>
      <when>2024-05-01T16:02:10Z</when><when>2024-05-01T16:02:11Z</when>
      <gx:coord>8.55 47.45</gx:coord><gx:coord>8.56 47.46</gx:coord></gx:Track></Placemark></kml>`;
    expect(parseKml(kml).map((point) => [point.latitude, point.longitude, point.altitude])).toEqual([
      [47.45, 8.55, null],
      [47.46, 8.56, null],
    ]);
  });

  it('reads placemarks of a TimeStamp and a Point in time order, wherever their folders put them', () => {
    const kml = `<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
      <Folder>${timedPlacemark('Fix 2', '2024-05-01T16:02:11Z', '-122.1151,37.4613,3.6')}</Folder>
      ${timedPlacemark('Fix 1', '2024-05-01T16:02:10Z', ' -122.1150, 37.4612 ')}
      <Placemark><name>KPAO</name><Point><coordinates>-122.115,37.461,2</coordinates></Point></Placemark>
    </Document></kml>`;
    expect(parseKml(kml).map((point) => [point.timestamp, point.latitude, point.altitude])).toEqual([
      [Date.UTC(2024, 4, 1, 16, 2, 10), 37.4612, null],
      [Date.UTC(2024, 4, 1, 16, 2, 11), 37.4613, 3.6],
    ]);
  });

  it('hands back the positions of a LineString without times, saying what to give', () => {
    const kml = `<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><LineString><coordinates>
      -122.115,37.461,2 -122.116,37.462,30</coordinates></LineString></Placemark></kml>`;
    let error: unknown;
    try {
      parseKml(kml);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UntimedTrackError);
    expect((error as UntimedTrackError).message).toBe(
      "This KML file has a path but no times. Give the take-off time and either the landing time or the audio's length, and Skylog spreads its points evenly between them.",
    );
    expect((error as UntimedTrackError).path.map((point) => [point.longitude, point.latitude, point.altitude])).toEqual([
      [-122.115, 37.461, 2],
      [-122.116, 37.462, 30],
    ]);
  });

  it.each([
    [
      'a file without any track',
      '<kml><Document><name>Empty</name></Document></kml>',
      'This KML file has no timed points; Skylog needs a gx:Track or placemarks with a TimeStamp and a Point.',
    ],
    [
      'a gx:Track with a time too many',
      '<kml><gx:Track><when>2024-05-01T16:02:10Z</when><when>2024-05-01T16:02:11Z</when><gx:coord>1 2 3</gx:coord></gx:Track></kml>',
      'The gx:Track has 2 times but 1 coordinates; each <when> needs its <gx:coord>.',
    ],
    [
      'coordinates that are not numbers',
      '<kml><gx:Track><when>2024-05-01T16:02:10Z</when><gx:coord>1 north 3</gx:coord></gx:Track></kml>',
      'The gx:Track, point 1 has coordinates "1 north 3", which are not "longitude latitude altitude" numbers.',
    ],
    [
      'an unreadable time',
      `<kml>${timedPlacemark('A', '1 May 2024', '1,2')}</kml>`,
      'Placemark 1 has time "1 May 2024", which is not an ISO 8601 time.',
    ],
    ['another root element', '<gpx></gpx>', 'This file is not a KML file: it has no <kml> element.'],
  ])('rejects %s', (_case, kml, message) => {
    expect(() => parseKml(kml)).toThrow(message);
  });

  it('rejects a cut-off file', () => {
    expect(() => parseKml(googleEarthKml.slice(0, 900))).toThrow(/^The KML file is cut off or malformed: /);
  });
});
