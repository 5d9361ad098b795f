import { messages } from '@skylog/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-utils.tsx';
import { TrackPreviewLine } from './track-preview.tsx';

// The file is read and analysed off the render: on a busy machine that takes longer than findBy's default second.
const readingTime = { timeout: 5000 };

/**
 * A circuit flown once, one fix a second: taxi, take-off roll, climb, descent, landing roll and taxi, northwards
 * from a field at 100 ft. As a GPX track with times, or as a route of the same places without them.
 */
function circuit(withTimes: boolean): string {
  const legs: { seconds: number; fromKt: number; toKt: number; climbFpm: number }[] = [
    { seconds: 60, fromKt: 5, toKt: 5, climbFpm: 0 },
    { seconds: 40, fromKt: 5, toKt: 65, climbFpm: 0 },
    { seconds: 480, fromKt: 75, toKt: 80, climbFpm: 500 },
    { seconds: 480, fromKt: 80, toKt: 70, climbFpm: -500 },
    { seconds: 40, fromKt: 60, toKt: 5, climbFpm: 0 },
    { seconds: 60, fromKt: 5, toKt: 5, climbFpm: 0 },
  ];
  let latitude = 37.46;
  let altitudeFt = 100;
  let second = 0;
  const points: string[] = [];
  for (const leg of legs) {
    for (let i = 0; i < leg.seconds; i += 1, second += 1) {
      const speedKt = leg.fromKt + ((leg.toKt - leg.fromKt) * i) / leg.seconds;
      latitude += (speedKt * 1852) / 3600 / 111_320;
      altitudeFt = Math.max(100, altitudeFt + leg.climbFpm / 60);
      const place = `lat="${latitude.toFixed(6)}" lon="-122.110000"`;
      const time = new Date(Date.UTC(2026, 5, 1, 10, 0, second)).toISOString();
      points.push(withTimes ? `<trkpt ${place}><ele>${(altitudeFt * 0.3048).toFixed(1)}</ele><time>${time}</time></trkpt>` : `<rtept ${place}></rtept>`);
    }
  }
  return withTimes
    ? `<?xml version="1.0"?><gpx version="1.1" creator="test"><trk><trkseg>${points.join('')}</trkseg></trk></gpx>`
    : `<?xml version="1.0"?><gpx version="1.1" creator="test"><rte>${points.slice(0, 12).join('')}</rte></gpx>`;
}

describe('the chosen track file, read before it is sent', () => {
  it('says how many points, how long, and the take-offs and landings the analysis will find', async () => {
    renderWithProviders(<TrackPreviewLine file={new File([circuit(true)], 'circuit.gpx')} category="airplane" />);
    expect(await screen.findByText('GPX: 1,160 points over 19 min, 1 take-off and 1 landing', {}, readingTime)).toBeTruthy();
  });

  it('says a path without times will need its times', async () => {
    renderWithProviders(<TrackPreviewLine file={new File([circuit(false)], 'route.gpx')} category={null} />);
    expect(await screen.findByText('A path of 12 points without times: Skylog will ask when it was flown.', {}, readingTime)).toBeTruthy();
  });

  it('says why a file is not a track, in the words the server would use', async () => {
    renderWithProviders(<TrackPreviewLine file={new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01])], 'photo.gpx')} category={null} />);
    expect(await screen.findByText(messages.trackFileNotTrack, {}, readingTime)).toBeTruthy();
  });
});
