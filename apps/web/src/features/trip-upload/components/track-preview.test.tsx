import { messages } from '@skylog/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-utils.tsx';
import { TrackPreviewLine } from './track-preview.tsx';

/** A GPX of `count` points a minute apart, climbing out northwards (a track Skylog accepts as it is). */
function gpx(count: number, withTimes: boolean): string {
  const points = Array.from({ length: count }, (_, i) => {
    const time = withTimes ? `<time>${new Date(Date.UTC(2026, 5, 1, 10, i)).toISOString()}</time>` : '';
    return withTimes
      ? `<trkpt lat="${(37.46 + i * 0.01).toFixed(4)}" lon="-122.11"><ele>${100 + i * 50}</ele>${time}</trkpt>`
      : `<rtept lat="${(37.46 + i * 0.01).toFixed(4)}" lon="-122.11"></rtept>`;
  });
  return withTimes
    ? `<?xml version="1.0"?><gpx version="1.1" creator="test"><trk><trkseg>${points.join('')}</trkseg></trk></gpx>`
    : `<?xml version="1.0"?><gpx version="1.1" creator="test"><rte>${points.join('')}</rte></gpx>`;
}

describe('the chosen track file, read before it is sent', () => {
  it('says how many points and how long a track with times covers', async () => {
    renderWithProviders(<TrackPreviewLine file={new File([gpx(61, true)], 'flight.gpx')} />);
    expect(await screen.findByText('GPX: 61 points over 1 h 00 min')).toBeTruthy();
  });

  it('says a path without times will need its times', async () => {
    renderWithProviders(<TrackPreviewLine file={new File([gpx(12, false)], 'route.gpx')} />);
    expect(await screen.findByText('A path of 12 points without times: Skylog will ask when it was flown.')).toBeTruthy();
  });

  it('says why a file is not a track, in the words the server would use', async () => {
    renderWithProviders(<TrackPreviewLine file={new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01])], 'photo.gpx')} />);
    expect(await screen.findByText(messages.trackFileNotTrack)).toBeTruthy();
  });
});
