import { markerCategories, type Marker } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { findMarkerLook, getMarkerLooks, getReadableTextColour, sortMarkers } from './markers.ts';

const coords = { latitude: 47, longitude: -122, altitude: 300, accuracy: 5, heading: 90, speed: 50 };
const marker = (markerID: number, timestamp: number, id?: string): Marker => ({
  markerID,
  timestamp,
  coords,
  notes: { text: `at ${timestamp}` },
  ...(id ? { id } : {}),
});

describe('marker categories', () => {
  it("use the organization's labels and colours, and the spec's defaults for keys it has not set", () => {
    const looks = getMarkerLooks([{ key: 2, text: 'Checkride item', color: '#7c3aed' }]);
    expect(looks).toHaveLength(4);
    expect(findMarkerLook(looks, 2)).toEqual({ key: 2, text: 'Checkride item', color: '#7c3aed' });
    expect(findMarkerLook(looks, 4)).toEqual({ key: 4, text: 'Overloaded', color: markerCategories[3].color });
  });

  it('fall back to the defaults while the organization’s are unknown', () => {
    expect(getMarkerLooks(undefined).map((look) => look.text)).toEqual(['Debrief', 'Unusual', 'Radio Call', 'Overloaded']);
  });

  it('name an unknown key instead of failing', () => {
    expect(findMarkerLook(getMarkerLooks(undefined), 7).text).toBe('Marker 7');
  });

  it('choose readable chip text for light and dark colours', () => {
    expect(getReadableTextColour('#2563eb')).toBe('#ffffff');
    expect(getReadableTextColour('#f59e0b')).toBe('#0f172a');
    expect(getReadableTextColour('#000000')).toBe('#ffffff');
    expect(getReadableTextColour('#ffffff')).toBe('#0f172a');
  });
});

describe('sorting markers', () => {
  it('puts rocker and manual markers together in time order, with their looks and stable keys', () => {
    const sorted = sortMarkers([marker(1, 3000), marker(3, 1000, 'manual-a'), marker(4, 2000)], getMarkerLooks(undefined));
    expect(sorted.map((item) => item.timestamp)).toEqual([1000, 2000, 3000]);
    expect(sorted.map((item) => item.key)).toEqual(['manual-a', 'rocker-2', 'rocker-0']);
    expect(sorted.map((item) => item.look.text)).toEqual(['Radio Call', 'Overloaded', 'Debrief']);
  });

  it('keeps the original order of markers at the same time', () => {
    const sorted = sortMarkers([marker(2, 1000), marker(1, 1000), marker(3, 500)], getMarkerLooks(undefined));
    expect(sorted.map((item) => item.markerID)).toEqual([3, 2, 1]);
  });
});
