import type { TrackPoint } from '@skylog/contracts';
import { parseDecimal, parseIsoTime } from './parse-values.ts';
import { childrenOf, findElements, isNode, readXml, textOf, type XmlNode } from './read-xml.ts';
import { TrackFileError, UntimedTrackError } from './track-file-error.ts';
import { untimedTrackMessage } from './spread-times.ts';

/**
 * Points of a KML file: its gx:Tracks in order (as Google Earth and ForeFlight write them), or else its
 * placemarks that pair a TimeStamp with a Point; a LineString path without times is an UntimedTrackError
 * carrying its positions.
 */
export const parseKml = (text: string): TrackPoint[] => {
  const kml = readXml(text, 'KML', 'kml');
  const tracks = findElements(kml, 'Track').filter(isNode);
  if (tracks.length > 0) {
    return tracks.flatMap((track, index) => readTrack(track, tracks.length > 1 ? `gx:Track ${index + 1}` : 'The gx:Track'));
  }

  const placemarkPoints = findElements(kml, 'Placemark').filter(isNode).flatMap(readTimedPlacemark);
  // Placemarks are separate features without an order of their own; their times give the track's order.
  if (placemarkPoints.length > 0) return placemarkPoints.sort((a, b) => a.timestamp - b.timestamp);

  const lines = findElements(kml, 'LineString').filter(isNode);
  if (lines.length > 0) {
    const path = lines.flatMap((line, lineIndex) =>
      (textOf(line.coordinates) ?? '')
        .trim()
        .split(/\s+/)
        .filter((tuple) => tuple !== '')
        .map((tuple, index) => readCoordinates(tuple, ',', `LineString ${lineIndex + 1}, point ${index + 1}`)),
    );
    throw new UntimedTrackError(untimedTrackMessage('This KML file has a path'), path);
  }
  throw new TrackFileError('This KML file has no timed points; Skylog needs a gx:Track or placemarks with a TimeStamp and a Point.');
};

const readTrack = (track: XmlNode, label: string): TrackPoint[] => {
  const times = childrenOf(track, 'when');
  const coords = childrenOf(track, 'coord');
  if (times.length !== coords.length) {
    throw new TrackFileError(`${label} has ${times.length} times but ${coords.length} coordinates; each <when> needs its <gx:coord>.`);
  }
  return times.map((time, index) => {
    const pointLabel = `${label}, point ${index + 1}`;
    return { timestamp: readTime(time, pointLabel), ...readCoordinates(textOf(coords[index]), /\s+/, pointLabel) };
  });
};

const readTimedPlacemark = (placemark: XmlNode, index: number): TrackPoint[] => {
  const timeStamp = placemark.TimeStamp;
  const points = findElements(placemark, 'Point').filter(isNode);
  const point = points[0];
  if (!isNode(timeStamp) || point === undefined) return [];
  const label = `Placemark ${index + 1}`;
  return [{ timestamp: readTime(timeStamp.when, label), ...readCoordinates(textOf(point.coordinates), ',', label) }];
};

const readTime = (value: unknown, label: string): number => {
  const text = textOf(value);
  if (text === undefined) throw new TrackFileError(`${label} has no time.`);
  const timestamp = parseIsoTime(text);
  if (timestamp === undefined) throw new TrackFileError(`${label} has time "${text}", which is not an ISO 8601 time.`);
  return timestamp;
};

/** KML writes longitude first: "lon lat alt" in a gx:coord, "lon,lat,alt" in coordinates; altitude is optional. */
const readCoordinates = (text: string | undefined, separator: RegExp | string, label: string): Omit<TrackPoint, 'timestamp'> => {
  if (text === undefined) throw new TrackFileError(`${label} has no coordinates.`);
  const values = text.split(separator).map((part) => parseDecimal(part));
  const [longitude, latitude, altitude] = values;
  if (
    values.length < 2 ||
    values.length > 3 ||
    longitude === undefined ||
    latitude === undefined ||
    (values.length === 3 && altitude === undefined)
  ) {
    throw new TrackFileError(`${label} has coordinates "${text}", which are not "longitude latitude altitude" numbers.`);
  }
  return { latitude, longitude, altitude: altitude ?? null, accuracy: null, heading: null, speed: null };
};
