import { manualMarkerSchema } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, skylogIdOf, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { straightTrack, tripsApi } from './trips-helper.ts';

const markerNotFound = { status: 404, code: 'not_found', message: 'Marker not found' };

describe('manual markers: added and edited after the flight, kept in step with the trip', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const api = tripsApi(() => t, s);
  const start = Date.parse('2026-06-10T17:00:00Z');
  const track = straightTrack({ start, count: 100 });
  let tripId: string;
  let instructorId: string;

  /** Where the aircraft was at fix `index`: the marker's coordinates without the time. */
  const coordsOfFix = (index: number) => {
    const { timestamp: _time, ...coords } = track[index]!;
    return coords;
  };
  const addMarker = async (email: string, body: Record<string, unknown>, trip = tripId) => {
    const response = await s.call(email, 'POST', `/api/trips/${trip}/manual-markers`, body);
    expect(response.statusCode, response.body).toBe(201);
    return manualMarkerSchema.parse(response.json());
  };

  beforeAll(async () => {
    t = await createTestApp();
    instructorId = await skylogIdOf(t, 'instructor@skyline.test');
    const trip = await api.create('leo.nakamura@skyline.test', {
      trip_name: 'Slow flight',
      points: track,
      markers: [{ markerID: 3, timestamp: start + 20_000, coords: { latitude: 37.47, longitude: -122.11 }, notes: { text: 'Rocker key' } }],
    });
    tripId = trip.trip_id;
  });
  afterAll(async () => t.close());

  it('takes the position from the nearest fix of the track when none is given', async () => {
    const marker = await addMarker('instructor@skyline.test', {
      markerID: 1,
      timestamp: start + 42_400,
      notes: { text: 'Altitude drifting' },
    });
    expect(marker).toMatchObject({
      trip_id: tripId,
      markerID: 1,
      timestamp: start + 42_400,
      coords: coordsOfFix(42),
      notes: { text: 'Altitude drifting' },
      created_by: instructorId,
    });
    // Before the first fix and after the last, the ends of the track.
    expect((await addMarker('leo.nakamura@skyline.test', { markerID: 2, timestamp: start - 60_000 })).coords).toEqual(coordsOfFix(0));
    expect((await addMarker('leo.nakamura@skyline.test', { markerID: 2, timestamp: start + 3_600_000 })).coords).toEqual(coordsOfFix(99));
  });

  it('keeps a position that is given, and accepts an ISO time', async () => {
    const marker = await addMarker('leo.nakamura@skyline.test', {
      markerID: 4,
      timestamp: new Date(start + 50_000).toISOString(),
      coords: { latitude: 37.5, longitude: -122.2, altitude: 300 },
    });
    expect(marker).toMatchObject({
      timestamp: start + 50_000,
      coords: { latitude: 37.5, longitude: -122.2, altitude: 300, accuracy: null, heading: null, speed: null },
      notes: { text: '' },
    });
  });

  it('lists the manual markers in time order, and the trip shows them beside the recorder’s with the right count', async () => {
    const response = await s.call('instructor@skyline.test', 'GET', `/api/trips/${tripId}/manual-markers`);
    expect(response.statusCode).toBe(200);
    const items = response.json().items.map((item: unknown) => manualMarkerSchema.parse(item));
    expect(items.map((item: { timestamp: number }) => item.timestamp)).toEqual([
      start - 60_000,
      start + 42_400,
      start + 50_000,
      start + 3_600_000,
    ]);

    const trip = await api.get('leo.nakamura@skyline.test', tripId);
    expect(trip.marker_count).toBe(5);
    expect(trip.markers.map((marker) => marker.timestamp)).toEqual([
      start - 60_000,
      start + 20_000,
      start + 42_400,
      start + 50_000,
      start + 3_600_000,
    ]);
    // The recorder's marker has no id (it is not a manual one); each manual one carries its id.
    expect(trip.markers[1]).not.toHaveProperty('id');
    expect(
      trip.markers
        .filter((marker) => marker.id)
        .map((marker) => marker.id)
        .sort(),
    ).toEqual(items.map((item: { id: string }) => item.id).sort());
    const listed = (await api.list('leo.nakamura@skyline.test')).items.find((item) => item.trip_id === tripId);
    expect(listed?.marker_count).toBe(5);
  });

  it('PATCH changes notes, key and time; the position follows the new time and the trip shows the change, not a copy', async () => {
    const marker = await addMarker('instructor@skyline.test', { markerID: 1, timestamp: start + 10_000, notes: { text: 'Check' } });
    const countBefore = (await api.get('leo.nakamura@skyline.test', tripId)).marker_count;

    const notes = await s.call('instructor@skyline.test', 'PATCH', `/api/manual-markers/${marker.id}`, { notes: { text: 'Carb heat' } });
    expect(notes.statusCode, notes.body).toBe(200);
    expect(notes.json()).toMatchObject({
      id: marker.id,
      markerID: 1,
      timestamp: start + 10_000,
      notes: { text: 'Carb heat' },
      coords: coordsOfFix(10),
    });

    const moved = await s.call('leo.nakamura@skyline.test', 'PATCH', `/api/manual-markers/${marker.id}`, {
      markerID: 3,
      timestamp: start + 77_000,
      notes: { text: 'Carb heat forgotten' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      markerID: 3,
      timestamp: start + 77_000,
      coords: coordsOfFix(77),
      notes: { text: 'Carb heat forgotten' },
    });
    expect(Date.parse(moved.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(marker.updated_at));

    const trip = await api.get('instructor@skyline.test', tripId);
    expect(trip.marker_count).toBe(countBefore);
    const inTrip = trip.markers.filter((entry) => entry.id === marker.id);
    expect(inTrip).toEqual([
      { id: marker.id, markerID: 3, timestamp: start + 77_000, coords: coordsOfFix(77), notes: { text: 'Carb heat forgotten' } },
    ]);
    const listed = (await s.call('instructor@skyline.test', 'GET', `/api/trips/${tripId}/manual-markers`)).json().items;
    expect(listed.find((entry: { id: string }) => entry.id === marker.id)).toMatchObject({
      markerID: 3,
      notes: { text: 'Carb heat forgotten' },
    });
    // The export carries the edited marker too.
    const gpx = (await s.call('leo.nakamura@skyline.test', 'GET', `/api/trips/${tripId}/export/gpx`)).body;
    expect(gpx).toContain('<name>Carb heat forgotten</name>');
    expect(gpx).not.toContain('<name>Check</name>');
  });

  it('PATCH of the key or the time alone keeps the notes', async () => {
    const marker = await addMarker('instructor@skyline.test', {
      markerID: 1,
      timestamp: start + 30_000,
      notes: { text: 'Trim for climb' },
    });
    const response = await s.call('instructor@skyline.test', 'PATCH', `/api/manual-markers/${marker.id}`, {
      markerID: 2,
      timestamp: start + 31_000,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ markerID: 2, timestamp: start + 31_000, notes: { text: 'Trim for climb' } });
    const trip = await api.get('instructor@skyline.test', tripId);
    expect(trip.markers.find((entry) => entry.id === marker.id)?.notes).toEqual({ text: 'Trim for climb' });
  });

  it('a marker out of reach answers 404 "Marker not found", a shared-only viewer 403, and nothing changes', async () => {
    const marker = await addMarker('leo.nakamura@skyline.test', { markerID: 2, timestamp: start + 5000, notes: { text: 'Mine' } });
    for (const email of ['admin@harbor.test', 'pilot@harbor.test', 'priya.shah@skyline.test', 'marcus.webb@skyline.test']) {
      const response = await s.call(email, 'PATCH', `/api/manual-markers/${marker.id}`, { notes: { text: 'Changed' } });
      expect(response.statusCode, email).toBe(404);
      expect(response.json(), email).toEqual(markerNotFound);
    }
    const missing = await s.call('leo.nakamura@skyline.test', 'PATCH', '/api/manual-markers/00000000-0000-4000-8000-000000000000', {
      notes: { text: 'x' },
    });
    expect(missing.json()).toEqual(markerNotFound);

    const shared = await s.call('leo.nakamura@skyline.test', 'PUT', `/api/trips/${tripId}/shared-with`, {
      shared_with: [await skylogIdOf(t, 'priya.shah@skyline.test')],
    });
    expect(shared.statusCode).toBe(200);
    const viewer = await s.call('priya.shah@skyline.test', 'PATCH', `/api/manual-markers/${marker.id}`, { notes: { text: 'Changed' } });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().message).toBe('You can view this trip but not change it.');
    const list = await s.call('priya.shah@skyline.test', 'GET', `/api/trips/${tripId}/manual-markers`);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.find((entry: { id: string }) => entry.id === marker.id).notes.text).toBe('Mine');
    for (const email of ['admin@harbor.test', 'marcus.webb@skyline.test']) {
      const adding = await s.call(email, 'POST', `/api/trips/${tripId}/manual-markers`, { markerID: 1, timestamp: start });
      expect(adding.statusCode, email).toBe(404);
      expect(adding.json().message, email).toBe('Trip not found');
    }
  });

  it('refuses a key outside 1–4, over-long notes and unknown fields with 400, storing nothing', async () => {
    const before = (await api.get('leo.nakamura@skyline.test', tripId)).marker_count;
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['markerID 0', { markerID: 0, timestamp: start }, 'markerID', 'markerID must be a rocker key 1 to 4'],
      ['markerID 5', { markerID: 5, timestamp: start }, 'markerID', 'markerID must be a rocker key 1 to 4'],
      [
        'notes too long',
        { markerID: 1, timestamp: start, notes: { text: 'x'.repeat(2001) } },
        'notes.text',
        'Notes must be at most 2000 characters',
      ],
      ['unknown field', { markerID: 1, timestamp: start, color: 'red' }, 'color', 'Unknown field: color'],
      [
        'latitude 95',
        { markerID: 1, timestamp: start, coords: { latitude: 95, longitude: 0 } },
        'coords.latitude',
        'Latitude must be between -90 and 90',
      ],
    ];
    for (const [name, body, field, message] of cases) {
      const response = await s.call('leo.nakamura@skyline.test', 'POST', `/api/trips/${tripId}/manual-markers`, body);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().fields?.[field], name).toBe(message);
    }
    const marker = await addMarker('leo.nakamura@skyline.test', { markerID: 1, timestamp: start });
    const patch = await s.call('leo.nakamura@skyline.test', 'PATCH', `/api/manual-markers/${marker.id}`, { markerID: 0 });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().fields).toEqual({ markerID: 'markerID must be a rocker key 1 to 4' });
    const trip = await api.get('leo.nakamura@skyline.test', tripId);
    expect(trip.marker_count).toBe(before + 1);
    expect(trip.markers.find((entry) => entry.id === marker.id)?.markerID).toBe(1);
  });
});
