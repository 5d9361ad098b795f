import type { TrackPoint } from '@skylog/contracts';
import { parseDecimal, parseIsoTime } from './parse-values.ts';
import { childrenOf, findElements, isNode, readXml, textOf, type XmlNode } from './read-xml.ts';
import { TrackFileError } from './track-file-error.ts';

/**
 * Points of a GPX 1.0 or 1.1 file: every track's segments in order, or else a route whose points carry
 * times. Speed and course come from GPX 1.0 elements or from any extension (Garmin's TrackPointExtension).
 */
export const parseGpx = (text: string): TrackPoint[] => {
  const gpx = readXml(text, 'GPX', 'gpx');
  const trackPoints = childrenOf(gpx, 'trk').flatMap((track) =>
    isNode(track) ? childrenOf(track, 'trkseg').flatMap((segment) => (isNode(segment) ? childrenOf(segment, 'trkpt') : [])) : [],
  );
  if (trackPoints.length > 0) return readPoints(trackPoints, 'track');

  const routePoints = childrenOf(gpx, 'rte').flatMap((route) => (isNode(route) ? childrenOf(route, 'rtept') : []));
  if (routePoints.length > 0) return readPoints(routePoints, 'route');
  throw new TrackFileError('This GPX file has no track points.');
};

const readPoints = (elements: unknown[], kind: 'track' | 'route'): TrackPoint[] => {
  if (!elements.some((element) => isNode(element) && textOf(element.time) !== undefined)) {
    throw new TrackFileError(`This GPX file has a ${kind} but no times; Skylog needs timed points to line the track up with the audio.`);
  }
  return elements.map((element, index) =>
    readPoint(isNode(element) ? element : {}, `${kind === 'track' ? 'Track' : 'Route'} point ${index + 1}`),
  );
};

const readPoint = (element: XmlNode, label: string): TrackPoint => {
  const time = textOf(element.time);
  if (time === undefined) throw new TrackFileError(`${label} has no time.`);
  const timestamp = parseIsoTime(time);
  if (timestamp === undefined) throw new TrackFileError(`${label} has time "${time}", which is not an ISO 8601 time.`);
  const extensions = isNode(element.extensions) ? element.extensions : {};
  return {
    timestamp,
    latitude: readRequired(element['@_lat'], 'latitude', label),
    longitude: readRequired(element['@_lon'], 'longitude', label),
    altitude: readOptional(element.ele, 'elevation', label),
    accuracy: null,
    heading: readOptional(element.course ?? findElements(extensions, 'course')[0], 'course', label),
    speed: readOptional(element.speed ?? findElements(extensions, 'speed')[0], 'speed', label),
  };
};

const readRequired = (value: unknown, name: string, label: string): number => {
  const number = readOptional(value, name, label);
  if (number === null) throw new TrackFileError(`${label} has no ${name}.`);
  return number;
};

const readOptional = (value: unknown, name: string, label: string): number | null => {
  const text = textOf(value);
  if (text === undefined) return null;
  const number = parseDecimal(text);
  if (number === undefined) throw new TrackFileError(`${label} has ${name} "${text}", which is not a number.`);
  return number;
};
