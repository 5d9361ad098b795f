import { isSubOrgRole, limits, messages, tripListQueryDefaults, type CrewChoices, type Marker, type TrackColumns, type TrackPoint, type TripDetail, type TripSummary } from '@skylog/contracts';
import type { z } from 'zod';
import type { SQL } from 'drizzle-orm';
import { trackTimesMessages, type trackImportQuerySchema, type tripCreateSchema, type tripListQuerySchema, type tripUpdateSchema } from '@skylog/contracts';
import { parseTrackFile, simplifyTrack, trackDistanceNm, TrackFileError, UntimedTrackError, validateTrack } from '@skylog/track-formats';
import { tripScope, type TripAction } from '../../access/access-rules.ts';
import { getSeatChoices, requireCrewChange, requireSeats, requireTrip, requireTripRow, tripNotFound, type TripRights } from '../../access/access.ts';
import type { Executor } from '../../db/client.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { findRecording } from '../audio/audio-playback.service.ts';
import { findUploadPiecesOfTrip } from '../audio/audio-upload.service.ts';
import { removeUploadPieces } from '../audio/upload-pieces.ts';
import { queueAnalysis } from '../analysis/queue-analysis.ts';
import { tripListCondition } from '../../db/trip-conditions.ts';
import { readThrough } from '../../lib/announced-cache.ts';
import { encodedAnswer, type EncodedAnswer } from '../../lib/encoded-answer.ts';
import { tripDetailKey } from './detail-answers.ts';
import { readListTotals } from './list-totals.ts';
import { tripExportFile, type TripExportFormat } from './trip-export.ts';
import * as repository from './trips.repository.ts';
import type { TripRow, TripSort, TripSummaryRow } from './trips.repository.ts';

export type { TripRow };

const person = (value: { skylogId: string; name: string | null; email: string } | null) =>
  value ? { skylog_id: value.skylogId, name: value.name, email: value.email } : null;

function audioStatusOf(row: Pick<TripSummaryRow, 'hasAudio' | 'uploadStatus'>): TripSummary['audio_status'] {
  if (row.uploadStatus === 'processing') return 'processing';
  if (row.hasAudio) return 'ready';
  return row.uploadStatus === 'failed' ? 'failed' : 'none';
}

export function toSummary(row: TripSummaryRow): TripSummary {
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

/**
 * GET /api/trips as the bytes to send. An administrator's first page, newest first and unfiltered, is sent as it was
 * kept for their organization while no flight changed (list-answers.ts); any other list is read and serialized now.
 */
export async function listTripsAnswer(
  ctx: AppContext,
  scope: RequestScope,
  query: z.infer<typeof tripListQuerySchema>,
  serialize: (list: Awaited<ReturnType<typeof listTrips>>) => string,
): Promise<EncodedAnswer> {
  const visible = tripScope(scope.actor);
  const read = async () => encodedAnswer(serialize(await listTrips(ctx, scope, query)));
  if (visible.kind !== 'org' || !isNewestFirstPage(query)) return read();
  return (await readThrough(ctx.listAnswers, JSON.stringify(visible), read))!;
}

/** The page the flights screen opens on: the first, of the default size, newest first, unfiltered. */
function isNewestFirstPage(query: z.infer<typeof tripListQuerySchema>): boolean {
  const isFirstPage = query.page === 0 && query.page_size === tripListQueryDefaults.page_size;
  const isFiltered = [query.search, query.from, query.to, query.aircraft_id, query.pilot_id, query.sub_org_id, query.status, query.marker].some(
    (value) => value !== undefined,
  );
  return isFirstPage && !isFiltered && query.sort === 'begin_time' && query.order === 'desc' && query.with_flight_time !== 'true';
}

export async function listTrips(ctx: AppContext, { actor }: RequestScope, query: z.infer<typeof tripListQuerySchema>) {
  const visible = tripScope(actor);
  const filter = {
    search: query.search,
    from: query.from,
    to: query.to,
    aircraftId: query.aircraft_id,
    pilotId: query.pilot_id,
    subOrgId: query.sub_org_id,
    status: query.status,
    marker: query.marker,
  };
  const page = { offset: query.page * query.page_size, limit: query.page_size };
  const withFlightTime = query.with_flight_time === 'true';
  const [rows, totals] =
    isNewestFirstPage(query) && visible.kind === 'org'
      ? await Promise.all([
          repository.listNewestTripsOf(ctx.db, visible.orgId),
          readListTotals(ctx.listTotals, JSON.stringify(visible), async () => ({ total: await repository.countTripsOf(ctx.db, visible.orgId), durationMs: 0 })),
        ])
      : await listFiltered(ctx, tripListCondition(visible, filter), { field: query.sort, order: query.order }, page, withFlightTime);
  // A page past the end is an empty list with the total count, never an error.
  return { items: rows.map(toSummary), total: totals.total, total_duration_ms: withFlightTime ? totals.durationMs : null };
}

/** Any page of any list: the query built for its filters, its total remembered by the count's own key. */
function listFiltered(ctx: AppContext, where: SQL | undefined, sort: TripSort, page: { offset: number; limit: number }, withFlightTime: boolean) {
  return Promise.all([repository.listTripRows(ctx.db, where, sort, page), countFlights(ctx, where, withFlightTime)]);
}

function sortedMarkers(markers: Marker[]): Marker[] {
  return [...markers].sort((a, b) => a.timestamp - b.timestamp);
}

/** The trip as its reader sees it: also what a change answers, read back by the one who made it. */
export async function getTrip(ctx: AppContext, scope: RequestScope, id: string): Promise<TripDetail> {
  return readTrip(ctx, scope, id, 'read');
}

/**
 * GET /api/trips/:id as the bytes to send. The reader is authorized on every request by the flight's access
 * columns, read with the version of everything the answer shows (trips.repository.ts findTripDetailVersion); an
 * answer sent before for the same version and the same rights is sent again as it was kept, serialized and
 * compressed (detail-answers.ts). Otherwise the flight is read whole, decided on again by what that read found (it
 * may have changed since), serialized by `serialize` (the route's response schema) and kept under the version that
 * read saw. A flight none of whose answers is kept is read whole at once: one statement, as before there was a cache.
 */
export async function readTripAnswer(ctx: AppContext, scope: RequestScope, id: string, serialize: (detail: TripDetail) => string): Promise<EncodedAnswer> {
  if (ctx.tripDetails.hasFlight(id)) {
    const current = await repository.findTripDetailVersion(ctx.db, id, scope.actor.skylogId);
    const { rights } = await requireTripRow(ctx, scope.actor, id, current?.access, 'read', scope);
    const known = ctx.tripDetails.get(tripDetailKey(id, current!.version, rights));
    if (known) return known;
  }
  const { trip, rights } = await requireTripDetail(ctx, scope, id, 'read');
  const key = tripDetailKey(id, trip.version, rights);
  const answer = encodedAnswer(serialize(tripDetail(trip, rights)), (added) => ctx.tripDetails.grew(key, added));
  ctx.tripDetails.set(key, answer);
  return answer;
}

/**
 * The trip's detail read once for both its answer and the decision whether the actor may `action` it
 * (access.ts requireTripRow: refused and audited as requireTrip would).
 */
export async function requireTripDetail(ctx: AppContext, scope: RequestScope, id: string, action: TripAction) {
  const trip = await repository.findTripDetail(ctx.db, id, scope.actor.skylogId);
  const { rights } = await requireTripRow(ctx, scope.actor, id, trip?.access, action, scope);
  return { trip: trip!, rights };
}

async function readTrip(ctx: AppContext, scope: RequestScope, id: string, action: TripAction): Promise<TripDetail> {
  const { trip, rights } = await requireTripDetail(ctx, scope, id, action);
  return tripDetail(trip, rights);
}

/** The recorded points of a flight its caller has required already (the debrief's charts). */
export async function getTrackPoints(ctx: AppContext, scope: RequestScope, id: string): Promise<TrackPoint[]> {
  return (await repository.findTrackPoints(ctx.db, id, scope.actor.skylogId))?.points ?? [];
}

function tripDetail(trip: NonNullable<Awaited<ReturnType<typeof repository.findTripDetail>>>, rights: TripRights): TripDetail {
  const base = toSummary(trip);
  const { audio, latestUpload: upload } = trip;
  const isUploadNewer = upload && (!audio || upload.createdAt > audio.updatedAt);
  return {
    ...base,
    shared_with: trip.shares.map((share) => person(share)!),
    custom_marker: trip.customMarker,
    trip_well: trip.tripWell,
    trip_improve: trip.tripImprove,
    ai_trip_well: trip.aiTripWell,
    ai_trip_improve: trip.aiTripImprove,
    transcript_error: trip.transcriptError,
    transcript_started_at: trip.transcriptStartedAt?.toISOString() ?? null,
    record_uri: audio ? `/api/trips/${trip.id}/audio` : null,
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
    times_estimated: trip.timesEstimated,
    can_edit: rights.canEdit,
    can_debrief: rights.canDebrief,
    can_share: rights.canShare,
    can_delete: rights.canDelete,
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
    return validateTrack(points).points;
  } catch (error) {
    if (error instanceof TrackFileError) throw badRequest(error.message, { points: error.message });
    throw error;
  }
}

/** The aircraft must be one of the trip's organization's fleet. */
async function checkAircraft(ctx: AppContext, orgId: string, aircraftId: string | null | undefined): Promise<void> {
  if (aircraftId && !(await repository.findAircraftInOrg(ctx.db, orgId, aircraftId))) {
    throw badRequest(messages.aircraftNotInFleet, { aircraft_id: messages.aircraftNotInFleet });
  }
}

/**
 * Whom the actor may seat (access.ts decides) and the crew a new flight of theirs starts with: an
 * instructor in the right seat with their student when they have exactly one (and a pilot to name
 * when they have students), a student in the left seat with their instructor when they have one.
 */
export async function getCrewChoices(ctx: AppContext, { actor }: RequestScope): Promise<CrewChoices> {
  const people = await getSeatChoices(ctx, actor);
  const onlyOne = (list: typeof people) => (list.length === 1 ? list[0]!.skylogId : null);
  const students = people.filter((person) => person.isActorsStudent);
  const instructors = people.filter((person) => person.isActorsInstructor);
  const isInstructor = actor.role === 'instructor';
  const isStudent = actor.role === 'student';
  return {
    people: people.map((person) => ({ skylog_id: person.skylogId, name: person.name, email: person.email, user_type: person.userType })),
    left_seat: isStudent ? actor.skylogId : isInstructor ? onlyOne(students) : null,
    right_seat: isInstructor ? actor.skylogId : isStudent ? onlyOne(instructors) : null,
    // A sub-organization admin sends flights for members and opens none: without a pilot nobody of theirs would see it.
    is_left_seat_required: (isInstructor && students.length > 0) || isSubOrgRole(actor.role),
  };
}

/** A flight to create; timesEstimated marks an imported track whose times Skylog spread (spread-times.ts of @skylog/track-formats). */
export type NewTrip = Omit<z.infer<typeof tripCreateSchema>, 'points'> & { points: TrackPoint[]; timesEstimated?: boolean };

export async function createTrip(ctx: AppContext, scope: RequestScope, input: NewTrip): Promise<TripDetail> {
  const { actor } = scope;
  if (!actor.orgId) throw badRequest(messages.tripNeedsOrganization);
  const points = checkTrack(input.points);
  // The recorder's person sits in their usual seat unless told otherwise.
  const leftSeat = input.left_seat !== undefined ? input.left_seat : actor.role === 'student' ? actor.skylogId : null;
  const rightSeat = input.right_seat !== undefined ? input.right_seat : actor.role === 'instructor' ? actor.skylogId : null;
  if (!leftSeat && isSubOrgRole(actor.role)) throw badRequest(messages.leftSeatRequired, { left_seat: messages.leftSeatRequired });
  await checkAircraft(ctx, actor.orgId, input.aircraft_id);
  const seated = await requireSeats(ctx, actor, actor.orgId, { left_seat: leftSeat, right_seat: rightSeat });
  const columns = trackColumnsOf(points);
  const markers = input.markers.map((marker) => ({ ...marker, notes: { text: marker.notes.text } }));
  const row = await repository.insertTrip(ctx.db, {
    orgId: actor.orgId,
    subOrgId: actor.subOrgId ?? (leftSeat ? seated.get(leftSeat)?.subOrgId : null) ?? null,
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
    timesEstimated: input.timesEstimated ?? false,
    ...columns,
    beginTime: columns.beginTime ?? new Date(input.begin_time ?? Date.now()),
  });
  await queueAnalysis(ctx.db, row.id);
  ctx.jobs.wake();
  // A trip made from an imported file is created too: the entry names the creation, whichever route asked for it.
  await ctx.audit.record({ actor, action: 'trips.create', resource: `trips/${row.id}`, status: 'success', details: { points: points.length } });
  // What was sent, read back by its sender, who may add its recording next: a sub-organization admin, who opens no
  // flight, gets it too, with no rights on it.
  return readTrip(ctx, scope, row.id, 'add-recording');
}

/** Replaces a trip's track (an imported file); markers and everything else stay. */
async function replaceTrack(ctx: AppContext, scope: RequestScope, id: string, track: { points: TrackPoint[]; timesEstimated: boolean }): Promise<TripDetail> {
  const { points, timesEstimated } = track;
  await requireTrip(ctx, scope.actor, id, 'edit', scope);
  const checked = checkTrack(points);
  await ctx.db.transaction(async (tx) => {
    const trip = await repository.lockTrip(tx, id);
    if (!trip) throw tripNotFound();
    await repository.updateTrip(tx, id, { rawTrips: { points: checked, markers: trip.rawTrips.markers }, timesEstimated, ...trackColumnsOf(checked) });
    await queueAnalysis(tx, id);
  });
  ctx.jobs.wake();
  await ctx.audit.record({ actor: scope.actor, action: scope.operation, resource: `trips/${id}`, status: 'success', details: { points: checked.length } });
  return getTrip(ctx, scope, id);
}

export type TrackImportQuery = z.infer<typeof trackImportQuerySchema>;

/**
 * A track file as a new flight or as the track of trip_id, with what the import found. A path without times
 * is a track_untimed answer unless the query says when it was flown: take-off, and landing or the length
 * of the flight's processed audio (which only a flight that has one can give).
 */
export async function importTrack(ctx: AppContext, scope: RequestScope, query: TrackImportQuery, file: Buffer) {
  const { trip_id: tripId, filename, takeoff_time: takeoffTime, landing_time: _landingTime, landing_from_audio: _fromAudio, ...details } = query;
  const times = takeoffTime === undefined ? undefined : { takeoffMs: Date.parse(takeoffTime), landingMs: await landingOf(ctx, scope, query) };
  let imported;
  try {
    imported = parseTrackFile(filename, file, times);
  } catch (error) {
    if (error instanceof UntimedTrackError) throw new AppError('track_untimed', error.message, { file: error.message, takeoff_time: trackTimesMessages.takeoffNeeded });
    if (error instanceof TrackFileError) throw badRequest(error.message, { file: error.message });
    throw error;
  }
  const { points, timesEstimated } = imported;
  const trackImport = { format: imported.format, aircraft_type: imported.aircraftType, notices: imported.notices };
  if (tripId) return { status: 200, trip: { ...(await replaceTrack(ctx, scope, tripId, { points, timesEstimated })), track_import: trackImport } } as const;
  const tripName = details.trip_name ?? filename.replace(/\.[^.]+$/, '');
  const trip = await createTrip(ctx, scope, { ...details, trip_name: tripName, points, markers: [], timesEstimated });
  return { status: 201, trip: { ...trip, track_import: trackImport } } as const;
}

/** The landing time given, or the take-off plus the length of the flight's audio. */
async function landingOf(ctx: AppContext, scope: RequestScope, query: TrackImportQuery): Promise<number> {
  const takeoffMs = Date.parse(query.takeoff_time!);
  if (query.landing_time !== undefined) return Date.parse(query.landing_time);
  if (!query.trip_id) throw badRequest(messages.trackAudioLengthNeedsTrip, { landing_from_audio: messages.trackAudioLengthNeedsTrip });
  await requireTrip(ctx, scope.actor, query.trip_id, 'edit', scope);
  const durationMs = (await findRecording(ctx.db, query.trip_id))?.durationMs;
  if (!durationMs) throw badRequest(messages.trackAudioLengthUnknown, { landing_from_audio: messages.trackAudioLengthUnknown });
  return takeoffMs + durationMs;
}

export async function updateTrip(ctx: AppContext, scope: RequestScope, id: string, input: z.infer<typeof tripUpdateSchema>) {
  const { actor } = scope;
  const isDebrief = input.trip_well !== undefined || input.trip_improve !== undefined;
  const trip = await requireTrip(ctx, actor, id, isDebrief ? 'debrief' : 'edit', scope);
  await checkAircraft(ctx, trip.orgId, input.aircraft_id);
  const seated = await requireCrewChange(ctx, actor, trip, { left_seat: input.left_seat, right_seat: input.right_seat });
  const leftSubOrg = input.left_seat ? (seated.get(input.left_seat)?.subOrgId ?? null) : null;
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
  // Another aircraft may be another category, whose rules the phases and landings follow.
  if (input.aircraft_id !== undefined && input.aircraft_id !== trip.aircraftId) {
    await queueAnalysis(ctx.db, id);
    ctx.jobs.wake();
  }
  // Debrief notes are audited as a debrief, apart from an edit of the flight's details.
  await ctx.audit.record({ actor, action: isDebrief ? 'trips.debrief' : scope.operation, resource: `trips/${id}`, status: 'success' });
  return getTrip(ctx, scope, id);
}

/**
 * Whom a flight can be shared with: people of its organization, for those who may share it. A trip
 * of their own lets a student find classmates without the people list, which their role may not read.
 */
export async function listShareCandidates(ctx: AppContext, scope: RequestScope, id: string, search: string | undefined) {
  const trip = await requireTrip(ctx, scope.actor, id, 'share', scope);
  const rows = await repository.searchOrgPeople(ctx.db, trip.orgId, search, limits.shareCandidatesMax);
  return { items: rows.filter((row) => row.skylogId !== scope.actor.skylogId).map((row) => person(row)!) };
}

export async function shareTrip(ctx: AppContext, scope: RequestScope, id: string, userIds: string[]) {
  const trip = await requireTrip(ctx, scope.actor, id, 'share', scope);
  const unique = [...new Set(userIds)];
  const found = await repository.findUsersInOrg(ctx.db, trip.orgId, unique);
  if (found.length !== unique.length) throw badRequest(messages.personNotInOrganization, { shared_with: messages.personNotInOrganization });
  await ctx.db.transaction((tx) => repository.replaceShares(tx, id, unique));
  await ctx.audit.record({ actor: scope.actor, action: scope.operation, resource: `trips/${id}`, status: 'success', details: { shared_with: unique } });
  return getTrip(ctx, scope, id);
}

export async function deleteTrip(ctx: AppContext, scope: RequestScope, id: string) {
  await requireTrip(ctx, scope.actor, id, 'delete', scope);
  // Under the row lock an audio job storing files for this trip finishes first (its files are listed
  // here) or after (it finds the trip gone and removes what it stored).
  const { audio, pieces } = await ctx.db.transaction(async (tx) => {
    if (!(await repository.lockTripRow(tx, id))) throw tripNotFound();
    const found = { audio: await findRecording(tx, id), pieces: await findUploadPiecesOfTrip(tx, id) };
    await repository.deleteTrip(tx, id);
    return found;
  });
  // Files go after the rows: a failure here leaves an orphan file (the upload sweeper's to remove), never a trip pointing at nothing.
  if (audio) await Promise.all([...new Set([audio.originalKey, audio.playableKey])].map((key) => ctx.storage.delete(key)));
  await removeUploadPieces(ctx, pieces);
  await ctx.audit.record({ actor: scope.actor, action: scope.operation, resource: `trips/${id}`, status: 'success' });
}

export async function getTrack(ctx: AppContext, scope: RequestScope, id: string): Promise<TrackColumns> {
  const track = await repository.findTrackPoints(ctx.db, id, scope.actor.skylogId);
  await requireTripRow(ctx, scope.actor, id, track?.access, 'read', scope);
  const points = track?.points ?? [];
  return {
    timestamp: points.map((point) => point.timestamp),
    latitude: points.map((point) => point.latitude),
    longitude: points.map((point) => point.longitude),
    altitude: points.map((point) => point.altitude),
    speed: points.map((point) => point.speed),
    heading: points.map((point) => point.heading),
  };
}

/** The trip's track and markers as a file to download, for whoever may read the trip. */
export async function exportTrip(ctx: AppContext, scope: RequestScope, id: string, format: TripExportFormat) {
  const trip = await repository.findTripRecording(ctx.db, id, scope.actor.skylogId);
  await requireTripRow(ctx, scope.actor, id, trip?.access, 'read', scope);
  const { tripName, rawTrips } = trip!;
  return tripExportFile({ name: tripName, points: rawTrips.points, markers: sortedMarkers(rawTrips.markers) }, format);
}

// For other modules: each runs in the executor it is given (a transaction's too) and decides nothing; its caller
// required the flight first, or is a job working on one.

/** Takes the flight's row lock, so work on its parts and its deletion go one after the other; false: it is gone. */
export function lockTripRow(db: Executor, id: string): Promise<boolean> {
  return repository.lockTripRow(db, id);
}

/** The whole flight under its row lock (concurrent marker edits rewrite its markers one after the other). */
export function lockTrip(db: Executor, id: string): Promise<TripRow | undefined> {
  return repository.lockTrip(db, id);
}

/** The flight's header (no track, no transcript), for the audio job. */
export function findTripHeader(db: Executor, id: string) {
  return repository.findTripHeader(db, id);
}

/** Replaces the markers kept with the flight's recorded track (the manual markers' copy). */
export async function setTrackMarkers(db: Executor, trip: Pick<TripRow, 'id' | 'rawTrips'>, markers: Marker[]): Promise<void> {
  await repository.updateTrip(db, trip.id, { rawTrips: { points: trip.rawTrips.points, markers }, markerCount: markers.length });
}

/** A flight with a recording and no track lasts as long as its recording. */
export async function fitTimesToRecording(db: Executor, id: string, startedAt: Date, durationMs: number): Promise<void> {
  const current = await repository.findTripHeader(db, id);
  if (current && current.pointCount === 0) await repository.updateTrip(db, id, { beginTime: startedAt, endTime: new Date(startedAt.getTime() + durationMs) });
}

/** The flights `where` selects, counted (with their flight time) through the lists' totals kept in memory. */
export function countFlights(ctx: AppContext, where: SQL | undefined, withFlightTime: boolean) {
  const count = repository.countTrips(ctx.db, where, withFlightTime);
  return readListTotals(ctx.listTotals, count.key, count.run);
}

/** The newest flights `where` selects, as the list shows them. */
export async function listNewestFlights(ctx: AppContext, where: SQL | undefined, limit: number): Promise<TripSummary[]> {
  return (await repository.listTripRows(ctx.db, where, { field: 'begin_time', order: 'desc' }, { offset: 0, limit })).map(toSummary);
}
