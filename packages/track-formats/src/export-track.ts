import { type Marker, type TrackPoint, units } from '@skylog/contracts';

/** A track as GPX 1.1: markers as waypoints, speed and course in Garmin's TrackPointExtension (GPX 1.1 has no field for them). */
export const toGpx = (name: string, points: TrackPoint[], markers: Marker[]): string => {
  const waypoints = markers.map(
    (marker) =>
      `  <wpt lat="${formatDegrees(marker.coords.latitude)}" lon="${formatDegrees(marker.coords.longitude)}">` +
      `${element('ele', formatOptional(marker.coords.altitude, 2))}<time>${formatTime(marker.timestamp)}</time>` +
      `<name>${escapeXml(markerName(marker))}</name></wpt>`,
  );
  const trackPoints = points.map((point) => {
    const extension =
      point.speed === null && point.heading === null
        ? ''
        : `<extensions><gpxtpx:TrackPointExtension>${element('gpxtpx:speed', formatOptional(point.speed, 3))}` +
          `${element('gpxtpx:course', formatOptional(point.heading, 1))}</gpxtpx:TrackPointExtension></extensions>`;
    return (
      `      <trkpt lat="${formatDegrees(point.latitude)}" lon="${formatDegrees(point.longitude)}">` +
      `${element('ele', formatOptional(point.altitude, 2))}<time>${formatTime(point.timestamp)}</time>${extension}</trkpt>`
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Skylog" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">',
    `  <metadata><name>${escapeXml(name)}</name></metadata>`,
    ...waypoints,
    `  <trk><name>${escapeXml(name)}</name>`,
    '    <trkseg>',
    ...trackPoints,
    '    </trkseg>',
    '  </trk>',
    '</gpx>',
    '',
  ].join('\n');
};

/** A track as KML: one gx:Track (times for Google Earth's slider) and the markers as timed placemarks. */
export const toKml = (name: string, points: TrackPoint[], markers: Marker[]): string => {
  const placemarks = markers.map(
    (marker) =>
      `      <Placemark><name>${escapeXml(markerName(marker))}</name><TimeStamp><when>${formatTime(marker.timestamp)}</when></TimeStamp>` +
      `<Point><altitudeMode>absolute</altitudeMode><coordinates>${formatKmlCoordinates(marker.coords, ',')}</coordinates></Point></Placemark>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">',
    '  <Document>',
    `    <name>${escapeXml(name)}</name>`,
    '    <Style id="track"><LineStyle><color>ffff6600</color><width>3</width></LineStyle></Style>',
    '    <Placemark>',
    `      <name>${escapeXml(name)}</name>`,
    '      <styleUrl>#track</styleUrl>',
    '      <gx:Track>',
    '        <altitudeMode>absolute</altitudeMode>',
    ...points.map((point) => `        <when>${formatTime(point.timestamp)}</when>`),
    ...points.map((point) => `        <gx:coord>${formatKmlCoordinates(point, ' ')}</gx:coord>`),
    '      </gx:Track>',
    '    </Placemark>',
    ...(placemarks.length > 0 ? ['    <Folder>', '      <name>Markers</name>', ...placemarks, '    </Folder>'] : []),
    '  </Document>',
    '</kml>',
    '',
  ].join('\n');
};

/** A track as CSV in the units pilots read: altitude in metres, speed in knots, times in UTC. */
export const toCsv = (points: TrackPoint[]): string =>
  [
    'time,latitude,longitude,altitude_m,speed_kt,heading_deg,accuracy_m',
    ...points.map((point) =>
      [
        formatTime(point.timestamp),
        formatDegrees(point.latitude),
        formatDegrees(point.longitude),
        formatOptional(point.altitude, 2),
        formatOptional(point.speed === null ? null : point.speed * units.knotsPerMetrePerSecond, 3),
        formatOptional(point.heading, 1),
        formatOptional(point.accuracy, 1),
      ].join(','),
    ),
    '',
  ].join('\n');

/** The notes a pilot wrote, else the rocker key that set the marker. */
const markerName = (marker: Marker) => marker.notes.text.trim() || `Marker ${marker.markerID}`;

const formatKmlCoordinates = (position: Omit<TrackPoint, 'timestamp'>, separator: string) =>
  [formatDegrees(position.longitude), formatDegrees(position.latitude), formatOptional(position.altitude, 2)]
    .filter((value) => value !== '')
    .join(separator);

const element = (name: string, value: string) => (value === '' ? '' : `<${name}>${value}</${name}>`);

/** Seven decimals is about a centimetre: the fix's own precision, without float noise. */
const formatDegrees = (degrees: number) => formatNumber(degrees, 7);

const formatOptional = (value: number | null, digits: number) => (value === null ? '' : formatNumber(value, digits));

/** Fixed-point (XML Schema decimals have no exponent), without trailing zeros. */
const formatNumber = (value: number, digits: number) => {
  const text = value.toFixed(digits);
  const trimmed = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  return trimmed === '-0' ? '0' : trimmed;
};

/** ISO 8601 UTC, with milliseconds only when the fix has them. */
const formatTime = (timestamp: number) => new Date(timestamp).toISOString().replace('.000Z', 'Z');

/** Escaped for text and attributes; characters XML 1.0 cannot hold at all (control characters, lone surrogates) are dropped. */
const escapeXml = (text: string) =>
  text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
