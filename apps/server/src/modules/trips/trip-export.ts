import type { Marker, TrackPoint } from '@skylog/contracts';
import { fileNameOf } from '../../lib/attachment.ts';
import { toCsv, toGpx, toKml } from '@skylog/track-formats';

export type TripExportFormat = 'gpx' | 'kml' | 'csv';

const contentTypes: Record<TripExportFormat, string> = {
  gpx: 'application/gpx+xml',
  kml: 'application/vnd.google-earth.kml+xml',
  csv: 'text/csv',
};

/**
 * A trip's track and markers as a download in the format asked for: its body, its content type and the file
 * name the browser saves it under (the trip's name). CSV holds the track only: a marker is no row of it.
 */
export function tripExportFile(trip: { name: string; points: TrackPoint[]; markers: Marker[] }, format: TripExportFormat) {
  const { name, points, markers } = trip;
  const body = format === 'gpx' ? toGpx(name, points, markers) : format === 'kml' ? toKml(name, points, markers) : toCsv(points);
  return { type: `${contentTypes[format]}; charset=utf-8`, name: `${fileNameOf(name, 'trip')}.${format}`, body };
}
