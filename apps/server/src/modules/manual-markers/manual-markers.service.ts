import { limits, type Marker, type TrackPoint } from '@skylog/contracts';
import type { z } from 'zod';
import type { manualMarkerInputSchema, manualMarkerUpdateSchema } from '@skylog/contracts';
import { requireManualMarker, requireTrip, tripNotFound } from '../../access/access.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { lockTrip, setTrackMarkers, type TripRow } from '../trips/trips.service.ts';
import { queueAnalysis } from '../analysis/queue-analysis.ts';
import * as repository from './manual-markers.repository.ts';
import type { ManualMarkerRow } from './manual-markers.repository.ts';

// Manual markers (docs/product.md "Markers"): each one written, and the trip's raw_trips changed to match, in one transaction.

function toMarker(row: ManualMarkerRow): Marker {
  return { id: row.id, markerID: row.markerId, timestamp: row.timestamp.getTime(), coords: row.coords, notes: { text: row.notes } };
}

function toManualMarker(row: ManualMarkerRow) {
  return { ...toMarker(row), id: row.id, trip_id: row.tripId, created_by: row.createdBy, updated_at: row.updatedAt.toISOString() };
}

/** Where the aircraft was at a moment: the nearest fix of the track. */
function coordsAt(points: TrackPoint[], timestamp: number): Marker['coords'] {
  let best = points[0];
  let low = 0;
  let high = points.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const point = points[middle]!;
    if (!best || Math.abs(point.timestamp - timestamp) < Math.abs(best.timestamp - timestamp)) best = point;
    if (point.timestamp < timestamp) low = middle + 1;
    else high = middle - 1;
  }
  // A trip without a track has no position to give: the marker sits at 0, 0 and is placed by its time.
  if (!best) return { latitude: 0, longitude: 0, altitude: null, accuracy: null, heading: null, speed: null };
  const { timestamp: _time, ...coords } = best;
  return coords;
}

export async function listManualMarkers(ctx: AppContext, scope: RequestScope, tripId: string) {
  await requireTrip(ctx, scope.actor, tripId, 'read', scope);
  return { items: (await repository.listManualMarkers(ctx.db, tripId)).map(toManualMarker) };
}

/** Keeps raw_trips.markers in step with the manual_markers rows, in the same transaction. */
async function syncRawMarkers(tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0], trip: TripRow, marker: ManualMarkerRow) {
  const markers = trip.rawTrips.markers.filter((entry) => entry.id !== marker.id);
  markers.push(toMarker(marker));
  await setTrackMarkers(tx, trip, markers);
}

export async function createManualMarker(ctx: AppContext, scope: RequestScope, tripId: string, input: z.infer<typeof manualMarkerInputSchema>) {
  const { actor } = scope;
  await requireTrip(ctx, actor, tripId, 'edit', scope);
  const row = await ctx.db.transaction(async (tx) => {
    const trip = await lockTrip(tx, tripId);
    if (!trip) throw tripNotFound();
    if (trip.markerCount >= limits.markersMaxPerTrip) throw badRequest(`A trip may have at most ${limits.markersMaxPerTrip} markers`);
    const marker = await repository.insertManualMarker(tx, {
      tripId,
      markerId: input.markerID,
      timestamp: new Date(input.timestamp),
      coords: input.coords ?? coordsAt(trip.rawTrips.points, input.timestamp),
      notes: input.notes.text,
      createdBy: actor.skylogId,
    });
    await syncRawMarkers(tx, trip, marker);
    await queueAnalysis(tx, tripId);
    return marker;
  });
  ctx.jobs.wake();
  await ctx.audit.record({ actor, action: scope.operation, resource: `trips/${tripId}/markers/${row.id}`, status: 'success' });
  return toManualMarker(row);
}

export async function updateManualMarker(ctx: AppContext, scope: RequestScope, id: string, input: z.infer<typeof manualMarkerUpdateSchema>) {
  const existing = await requireManualMarker(ctx, scope.actor, id, scope);
  const row = await ctx.db.transaction(async (tx) => {
    const trip = await lockTrip(tx, existing.tripId);
    if (!trip) throw tripNotFound();
    const timestamp = input.timestamp ?? existing.timestamp.getTime();
    const marker = await repository.updateManualMarker(tx, id, {
      ...(input.markerID !== undefined ? { markerId: input.markerID } : {}),
      ...(input.timestamp !== undefined ? { timestamp: new Date(timestamp), coords: coordsAt(trip.rawTrips.points, timestamp) } : {}),
      ...(input.notes !== undefined ? { notes: input.notes.text } : {}),
    });
    await syncRawMarkers(tx, trip, marker);
    await queueAnalysis(tx, existing.tripId);
    return marker;
  });
  ctx.jobs.wake();
  await ctx.audit.record({ actor: scope.actor, action: scope.operation, resource: `trips/${existing.tripId}/markers/${id}`, status: 'success' });
  return toManualMarker(row);
}
