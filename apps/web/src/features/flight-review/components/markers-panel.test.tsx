import type { Marker } from '@skylog/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getMarkerLooks, sortMarkers } from '../utils/markers.ts';
import { PlaybackClock } from '../utils/playback-clock.ts';
import { MarkersPanel } from './markers-panel.tsx';

const flightStartMs = Date.UTC(2026, 0, 31, 9, 0, 0);
const coords = { latitude: 47, longitude: -122, altitude: 300, accuracy: 5, heading: 90, speed: 50 };
const markers: Marker[] = [
  { markerID: 3, timestamp: flightStartMs + 125_000, coords, notes: { text: 'Readback incomplete' } },
  {
    id: '5b0c3a52-0d4f-4c1e-8a57-9d0c4b1f2e3a',
    markerID: 1,
    timestamp: flightStartMs + 65_000,
    coords,
    notes: { text: 'Talk about the flare' },
  },
];

function renderPanel(canEdit: boolean) {
  const clock = new PlaybackClock();
  clock.setRange(flightStartMs, flightStartMs + 3600_000);
  const looks = getMarkerLooks([{ key: 1, text: 'Debrief', color: '#2563eb' }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MarkersPanel
        tripId="trip"
        markers={sortMarkers(markers, looks)}
        looks={looks}
        canEdit={canEdit}
        flightStartMs={flightStartMs}
        clock={clock}
        timezone="UTC"
      />
    </QueryClientProvider>,
  );
  return clock;
}

describe('MarkersPanel', () => {
  it('lists markers by time with their category, time and time into the flight, and notes', () => {
    renderPanel(false);
    const items = within(screen.getByRole('region', { name: 'Markers' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Debrief09:01:05Z+1:05'),
      expect.stringContaining('Radio Call09:02:05Z+2:05'),
    ]);
    expect(items[0]!.textContent).toContain('Talk about the flare');
  });

  it('seeks the clock to a marker when it is clicked', () => {
    const clock = renderPanel(false);
    fireEvent.click(screen.getByRole('button', { name: /Radio Call 09:02:05Z/ }));
    expect(clock.getTime()).toBe(flightStartMs + 125_000);
  });

  it('offers adding markers and editing manual ones only to those who may edit', () => {
    renderPanel(false);
    expect(screen.queryByRole('button', { name: /Add marker/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('edits manual markers only: rocker markers come from the recorder', () => {
    renderPanel(true);
    expect(screen.getByRole('button', { name: /Add marker/ })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Edit/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Edit Debrief marker at 09:01:05Z',
    ]);
  });
});
