import { limits, messages, type Marker, type TrackColumns, type TrackPoint, type TripDetail, type TripSummary } from '@skylog/contracts';
import type { z } from 'zod';
import type { tripCreateSchema, tripListQuerySchema, tripUpdateSchema } from '@skylog/contracts';
import { tripScope } from '../../access/access-rules.ts';
import { requireTrip, tripNotFound } from '../../access/access.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import { trackDistanceNm } from '../../lib/track/geo.ts';
import { simplifyTrack } from '../../lib/track/simplify.ts';
import { TrackFileError } from '../../lib/track/track-file-error.ts';
import { validateTrack } from '../../lib/track/validate-track.ts';
import { findLatestUpload, findTripAudio, findTripAudioMeta, findUploadIdsOfTrip } from '../audio/audio.repository.ts';
import { removeUploadFiles } from '../audio/audio.service.ts';
import * as repository from './trips.repository.ts';
import type { TripSummaryRow } from './trips.repository.ts';

const person = (value: { skylogId: string; name: string | null; email: string } | null) =>
  value ? { skylog_id: value.skylogId, name: value.name, email: value.email } : null;

function audioStatusOf(row: Pick<TripSummaryRow, 'hasAudio' | 'uploadStatus'>): TripSummary['audio_status'] {
  if (row.uploadStatus === 'processing') return 'processing';
  if (row.hasAudio) return 'ready';
  return row.uploadStatus === 'failed' ? 'failed' : 'none';
}

function toSummary(row: TripSummaryRow): TripSummary {
  return {
    trip_id: row.id,
    skylog_id: row.skylogId,
    org_id: row.orgId,
    trip_name: row.tripName,
    aircraft: row.aircraftId && row.tailNumber ? { id: row.aircraftId, tail_number: row.tailNumber } : null,
    owner: person(row.owner),
    left_seat: person(row.leftSeat),
    right_seat: person(row.rightSeat),
    origin: row.origin,
    destination: row.destination,
    begin_time: row.beginTime?.toISOString() ?? null,
    end_time: row.endTime?.toISOString() ?? null,
    duration_ms: row.durationMs,
    distance: row.distanceNm === null ? null : Math.round(row.distanceNm * 10) / 10,
    marker_count: row.markerCount,
    has_transcript: row.hasTranscript,
    transcript_in_progress: row.transcriptInProgress,
    audio_status: audioStatusOf(row),
    ai_status: row.aiStatus,
    is_debriefed: row.isDebriefed,
  };
}

export async function listTrips(ctx: AppContext, actor: RequestUser, query: z.infer<typeof tripListQuerySchema>) {
  const { rows, total, totalDurationMs } = await repository.listTrips(
    ctx.db,
    tripScope(actor),
    {
      search: query.search,
      from: query.from,
      to: query.to,
      aircraftId: query.aircraft_id,
      pilotId: query.pilot_id,
      subOrgId: query.sub_org_id,
      status: query.status,
    },
    { field: query.sort, order: query.order },
    { offset: query.page * query.page_size, limit: query.page_size, withFlightTime: query.with_flight_time === 'true' },
  );
  // A page past the end is an empty list with the count (the spec's 416 handling), never an error.
  return { items: rows.map(toSummary), total, total_duration_ms: totalDurationMs };
}

function sortedMarkers(markers: Marker[]): Marker[] {
  return [...markers].sort((a, b) => a.timestamp - b.timestamp);
}

export async function getTrip(ctx: AppContext, actor: RequestUser, id: string, path: string): Promise<TripDetail> {
  const { rights } = await requireTrip(ctx, actor, id, 'read', { action: 'trips.read', path });
  const [summary, trip, shares, audio, upload] = await Promise.all([
    repository.findTripSummary(ctx.db, id),
    repository.findTripDetail(ctx.db, id),
    repository.findShares(ctx.db, id),
    findTripAudioMeta(ctx.db, id),
    findLatestUpload(ctx.db, id),
  ]);
  if (!summary || !trip) throw tripNotFound();
  const base = toSummary(summary);
  const isUploadNewer = upload && (!audio || upload.createdAt > audio.updatedAt);
  return {
    ...base,
    shared_with: shares.map((share) => person(share)!),
    custom_marker: trip.customMarker,
    trip_well: trip.tripWell,
    trip_improve: trip.tripImprove,
    ai_trip_well: trip.aiTripWell,
    ai_trip_improve: trip.aiTripImprove,
    ai_teachable_moments: trip.aiTeachableMoments ?? null,
    transcript_json: trip.transcriptJson ?? null,
    record_uri: audio ? `/api/trips/${id}/audio` : null,
    audio: {
      status: base.audio_status,
      duration_ms: audio?.durationMs ?? null,
      mime_type: audio?.mimeType ?? null,
      size_bytes: audio?.sizeBytes ?? null,
      error: isUploadNewer && upload.status === 'failed' ? upload.error : null,
      started_at: audio?.startedAt?.getTime() ?? null,
    },
    markers: sortedMarkers(trip.markers),
    track_overview: trip.trackOverview,
    point_count: trip.pointCount,
    can_edit: rights.canEdit,
    can_debrief: rights.canDebrief,
    can_share: rights.canShare,
  };
}

/** The derived columns of a track: times, distance and the map overview. */
export function trackColumnsOf(points: TrackPoint[]) {
  return {
    pointCount: points.length,
    beginTime: points.length > 0 ? new Date(points[0]!.timestamp) : null,
    endTime: points.length > 0 ? new Date(points.at(-1)!.timestamp) : null,
    distanceNm: points.length > 1 ? trackDistanceNm(points) : null,
    trackOverview: points.length > 1 ? simplifyTrack(points, limits.trackOverviewMaxPoints) : [],
  };
}

/** Runs the track checks; a bad track is a 400 naming `points`, and nothing is stored. */
export function checkTrack(points: TrackPoint[]): TrackPoint[] {
  if (points.length === 0) return points;
  try {
    return validateTrack(points);
  } catch (error) {
    if (error instanceof TrackFileError) throw badRequest(error.message, { points: error.message });
    throw error;
  }
}

type TripPeople = { aircraftId?: string | null | undefined; leftSeat?: string | null | undefined; rightSeat?: string | null | undefined };

/** Aircraft and seats must belong to the trip's organization. */
async function checkPeopleAndAircraft(ctx: AppContext, orgId: string, input: TripPeople): Promise<string | null> {
  if (input.aircraftId && !(await repository.findAircraftInOrg(ctx.db, orgId, input.aircraftId))) {
    throw badRequest(messages.aircraftNotInFleet, { aircraft_id: messages.aircraftNotInFleet });
  }
  const seatIds = [input.leftSeat, input.rightSeat].filter((id): id is string => Boolean(id));
  const found = await repository.findUsersInOrg(ctx.db, orgId, seatIds);
  for (const [field, id] of [
    ['left_seat', input.leftSeat],
    ['right_seat', input.rightSeat],
  ] as const) {
    if (id && !found.some((row) => row.skylogId === id)) throw badRequest(messages.personNotInOrganization, { [field]: messages.personNotInOrganization });
  }
  return found.find((row) => row.skylogId === input.leftSeat)?.subOrgId ?? null;
}

export type NewTrip = Omit<z.infer<typeof tripCreateSchema>, 'points'> & { points: TrackPoint[] };

export async function createTrip(ctx: AppContext, actor: RequestUser, input: NewTrip): Promise<TripDetail> {
  if (!actor.orgId) throw badRequest(messages.tripNeedsOrganization);
  const points = checkTrack(input.points);
  // The recorder's person sits in their usual seat unless told otherwise.
  const leftSeat = input.left_seat !== undefined ? input.left_seat : actor.role === 'student' ? actor.skylogId : null;
  const rightSeat = input.right_seat !== undefined ? input.right_seat : actor.role === 'instructor' ? actor.skylogId : null;
  const leftSubOrg = await checkPeopleAndAircraft(ctx, actor.orgId, { aircraftId: input.aircraft_id, leftSeat, rightSeat });
  const columns = trackColumnsOf(points);
  const markers = input.markers.map((marker) => ({ ...marker, notes: { text: marker.notes.text } }));
  const row = await repository.insertTrip(ctx.db, {
    orgId: actor.orgId,
    subOrgId: actor.subOrgId ?? leftSubOrg,
    skylogId: actor.skylogId,
    tripName: input.trip_name,
    aircraftId: input.aircraft_id ?? null,
    leftSeat,
    rightSeat,
    origin: input.origin?.toUpperCase() || null,
    destination: input.destination?.toUpperCase() || null,
    customMarker: input.custom_marker || null,
    rawTrips: { points, markers },
    markerCount: markers.length,
    ...columns,
    beginTime: columns.beginTime ?? new Date(input.begin_time ?? Date.now()),
  });
  await ctx.audit.record({ actor, action: 'trips.create', resource: `trips/${row.id}`, status: 'success', details: { points: points.length } });
  return getTrip(ctx, actor, row.id, `/api/trips/${row.id}`);
}

/** Replaces a trip's track (an imported file); markers and everything else stay. */
export async function replaceTrack(ctx: AppContext, actor: RequestUser, id: string, points: TrackPoint[], path: string): Promise<TripDetail> {
  await requireTrip(ctx, actor, id, 'edit', { action: 'trips.import-track', path });
  const checked = checkTrack(points);
  await ctx.db.transaction(async (tx) => {
    const trip = await repository.lockTrip(tx, id);
    if (!trip) throw tripNotFound();
    await repository.updateTrip(tx, id, { rawTrips: { points: checked, markers: trip.rawTrips.markers }, ...trackColumnsOf(checked) });
  });
  await ctx.audit.record({ actor, action: 'trips.import-track', resource: `trips/${id}`, status: 'success', details: { points: checked.length } });
  return getTrip(ctx, actor, id, path);
}

export async function updateTrip(ctx: AppContext, actor: RequestUser, id: string, input: z.infer<typeof tripUpdateSchema>, path: string) {
  const isDebrief = input.trip_well !== undefined || input.trip_improve !== undefined;
  const trip = await requireTrip(ctx, actor, id, isDebrief ? 'debrief' : 'edit', { action: 'trips.update', path });
  const leftSubOrg = await checkPeopleAndAircraft(ctx, trip.orgId, { aircraftId: input.aircraft_id, leftSeat: input.left_seat, rightSeat: input.right_seat });
  await repository.updateTrip(ctx.db, id, {
    ...(input.trip_name !== undefined ? { tripName: input.trip_name } : {}),
    ...(input.aircraft_id !== undefined ? { aircraftId: input.aircraft_id } : {}),
    ...(input.left_seat !== undefined ? { leftSeat: input.left_seat, ...(trip.subOrgId ? {} : { subOrgId: leftSubOrg }) } : {}),
    ...(input.right_seat !== undefined ? { rightSeat: input.right_seat } : {}),
    ...(input.origin !== undefined ? { origin: input.origin?.toUpperCase() || null } : {}),
    ...(input.destination !== undefined ? { destination: input.destination?.toUpperCase() || null } : {}),
    ...(input.trip_well !== undefined ? { tripWell: input.trip_well?.trim() || null } : {}),
    ...(input.trip_improve !== undefined ? { tripImprove: input.trip_improve?.trim() || null } : {}),
  });
  await ctx.audit.record({ actor, action: isDebrief ? 'trips.debrief' : 'trips.update', resource: `trips/${id}`, status: 'success' });
  return getTrip(ctx, actor, id, path);
}

export async function shareTrip(ctx: AppContext, actor: RequestUser, id: string, userIds: string[], path: string) {
  const trip = await requireTrip(ctx, actor, id, 'share', { action: 'trips.share', path });
  const unique = [...new Set(userIds)];
  const found = await repository.findUsersInOrg(ctx.db, trip.orgId, unique);
  if (found.length !== unique.length) throw badRequest(messages.personNotInOrganization, { shared_with: messages.personNotInOrganization });
  await ctx.db.transaction((tx) => repository.replaceShares(tx, id, unique));
  await ctx.audit.record({ actor, action: 'trips.share', resource: `trips/${id}`, status: 'success', details: { shared_with: unique } });
  return getTrip(ctx, actor, id, path);
}

export async function deleteTrip(ctx: AppContext, actor: RequestUser, id: string, path: string) {
  await requireTrip(ctx, actor, id, 'delete', { action: 'trips.delete', path });
  const [audio, uploadIds] = await Promise.all([findTripAudio(ctx.db, id), findUploadIdsOfTrip(ctx.db, id)]);
  await repository.deleteTrip(ctx.db, id);
  // Files go after the rows: a failure here leaves an orphan file (the upload sweeper's to remove), never a trip pointing at nothing.
  if (audio) await Promise.all([...new Set([audio.originalKey, audio.playableKey])].map((key) => ctx.storage.delete(key)));
  await removeUploadFiles(ctx, uploadIds);
  await ctx.audit.record({ actor, action: 'trips.delete', resource: `trips/${id}`, status: 'success' });
}

export async function getTrack(ctx: AppContext, actor: RequestUser, id: string, path: string): Promise<TrackColumns> {
  await requireTrip(ctx, actor, id, 'read', { action: 'trips.read', path });
  const points = await repository.findTrackPoints(ctx.db, id);
  return {
    timestamp: points.map((point) => point.timestamp),
    latitude: points.map((point) => point.latitude),
    longitude: points.map((point) => point.longitude),
    altitude: points.map((point) => point.altitude),
    speed: points.map((point) => point.speed),
    heading: points.map((point) => point.heading),
  };
}

export async function getTripForExport(ctx: AppContext, actor: RequestUser, id: string, path: string) {
  await requireTrip(ctx, actor, id, 'read', { action: 'trips.export', path });
  const trip = await repository.findTrip(ctx.db, id);
  if (!trip) throw tripNotFound();
  return { name: trip.tripName, points: trip.rawTrips.points, markers: sortedMarkers(trip.rawTrips.markers) };
}
