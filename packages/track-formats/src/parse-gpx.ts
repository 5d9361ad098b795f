import type { TrackPoint } from '@skylog/contracts';
import { parseDecimal, parseIsoTime } from './parse-values.ts';
import { childrenOf, findElements, isNode, readXml, textOf, type XmlNode } from './read-xml.ts';
import { TrackFileError, UntimedTrackError, type UntimedPoint } from './track-file-error.ts';
import { untimedTrackMessage } from './spread-times.ts';

/**
 * Points of a GPX 1.0 or 1.1 file: every track's segments in order, or else a route. A track or route
 * without times is an UntimedTrackError carrying its positions. Speed and course come from GPX 1.0 elements or from any extension (Garmin's TrackPointExtension).
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
  const label = (index: number) => `${kind === 'track' ? 'Track' : 'Route'} point ${index + 1}`;
  const nodes = elements.map((element) => (isNode(element) ? element : {}));
  if (!nodes.some((element) => textOf(element.time) !== undefined)) {
    throw new UntimedTrackError(untimedTrackMessage(`This GPX file has a ${kind}`), nodes.map((element, index) => readPosition(element, label(index))));
  }
  return nodes.map((element, index) => ({ timestamp: readTime(element, label(index)), ...readPosition(element, label(index)) }));
};

const readTime = (element: XmlNode, label: string): number => {
  const time = textOf(element.time);
  if (time === undefined) throw new TrackFileError(`${label} has no time.`);
  const timestamp = parseIsoTime(time);
  if (timestamp === undefined) throw new TrackFileError(`${label} has time "${time}", which is not an ISO 8601 time.`);
  return timestamp;
};

const readPosition = (element: XmlNode, label: string): UntimedPoint => {
  const extensions = isNode(element.extensions) ? element.extensions : {};
  return {
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
