import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Marker, SpeakerRole, TrackPoint, TranscriptJson } from '@skylog/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../lib/app-context.ts';
import { queueAnalysis } from '../../modules/analysis/queue-analysis.ts';
import { queueAudioFile } from '../../modules/audio/audio-upload.service.ts';
import { replaceTripSpeakers } from '../../modules/speakers/speakers.repository.ts';
import { trackColumnsOf } from '../../modules/trips/trips.service.ts';
import type { Executor } from '../client.ts';
import { aircraft, orgs, trips, users } from '../schema/index.ts';
import { demoSchool } from './demo-school.ts';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-trips');
/** The demo flights the seed inserts, by their file name in demo-trips. */
export const demoTripFiles = ['cross-country-kpao-kmry', 'pattern-work-kpao', 'steep-turns-slow-flight'] as const;

/** The demo transcripts' voices (scripts/demo-flights/trip-plans.ts): 0 the instructor, 1 the student, 2 the radio. */
const demoSpeakerLabels = ['Instructor', 'Student', 'ATC'] as const satisfies readonly SpeakerRole[];

/** Names the voices a demo transcript has, so its review screen shows who speaks from the first run. */
function speakersOf(transcript: TranscriptJson): { speaker: number; label: string }[] {
  const heard = new Set(transcript.results.channels.flatMap((channel) => channel.alternatives.flatMap((choice) => choice.words.map((word) => word.speaker))));
  return demoSpeakerLabels.flatMap((label, speaker) => (heard.has(speaker) ? [{ speaker, label }] : []));
}

/** The committed shape of a demo flight (demo-trips/README.md): times in seconds from the start. */
export type DemoTrip = {
  trip_name: string;
  aircraft_tail: string;
  left_seat_email: string;
  right_seat_email: string;
  origin: string;
  destination: string;
  start_offset_days: number;
  start_time_utc: string;
  points: [number, number, number, number, number, number][];
  markers: { markerID: number; t: number; notes: string }[];
  transcript: TranscriptJson;
  audio_offset_seconds: number;
  trip_well: string | null;
  trip_improve: string | null;
};

/** The flight's start: so many days before today, at its time of day (UTC). */
function startOf(trip: DemoTrip, now: Date): number {
  const [hours, minutes] = trip.start_time_utc.split(':').map(Number) as [number, number];
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - trip.start_offset_days, hours, minutes);
}

export function toPoints(trip: DemoTrip, start: number): TrackPoint[] {
  return trip.points.map(([seconds, latitude, longitude, altitude, speed, heading]) => ({
    timestamp: start + seconds * 1000,
    latitude,
    longitude,
    altitude,
    accuracy: 5,
    heading,
    speed,
  }));
}

export function toMarkers(trip: DemoTrip, points: TrackPoint[], start: number): Marker[] {
  return trip.markers.map((marker) => {
    const { timestamp: _time, ...coords } = points[Math.min(points.length - 1, Math.max(0, marker.t))]!;
    return { markerID: marker.markerID, timestamp: start + marker.t * 1000, coords, notes: { text: marker.notes } };
  });
}

/**
 * The demo school's three flights (track, markers, transcript, debrief) on a first run. Their
 * cockpit audio goes through the same job as an upload, so it is ready a few seconds after start.
 * Written with `db` (the first start's seeding transaction); the audio and analysis jobs run once it
 * commits and the queue is woken.
 */
export async function seedDemoTrips(ctx: AppContext, db: Executor, now = new Date()): Promise<void> {
  const [school] = await db.select({ id: orgs.id }).from(orgs).where(eq(orgs.name, demoSchool.name)).limit(1);
  if (!school) return;
  const fleet = await db.select({ id: aircraft.id, tail: aircraft.tailNumber }).from(aircraft).where(eq(aircraft.orgId, school.id));
  for (const file of demoTripFiles) {
    const trip = JSON.parse(readFileSync(path.join(folder, `${file}.json`), 'utf8')) as DemoTrip;
    const { left_seat_email: leftSeatEmail, right_seat_email: rightSeatEmail } = trip;
    const people = await db
      .select({ id: users.skylogId, email: users.email, subOrgId: users.subOrgId })
      .from(users)
      .where(and(eq(users.orgId, school.id), inArray(users.email, [leftSeatEmail, rightSeatEmail])));
    const left = people.find((person) => person.email === leftSeatEmail);
    const right = people.find((person) => person.email === rightSeatEmail);
    const start = startOf(trip, now);
    const points = toPoints(trip, start);
    const markers = toMarkers(trip, points, start);
    const [row] = await db
      .insert(trips)
      .values({
        orgId: school.id,
        subOrgId: left?.subOrgId ?? null,
        skylogId: left?.id ?? null,
        tripName: trip.trip_name,
        aircraftId: fleet.find((plane) => plane.tail === trip.aircraft_tail)?.id ?? null,
        leftSeat: left?.id ?? null,
        rightSeat: right?.id ?? null,
        origin: trip.origin,
        destination: trip.destination,
        rawTrips: { points, markers },
        markerCount: markers.length,
        transcriptJson: trip.transcript,
        tripWell: trip.trip_well,
        tripImprove: trip.trip_improve,
        ...trackColumnsOf(points),
      })
      .returning({ id: trips.id });
    await replaceTripSpeakers(db, row!.id, speakersOf(trip.transcript));
    // Offline, like everything on a first start: the rules engine's analysis and notes.
    await queueAnalysis(db, row!.id);
    await queueAudioFile(ctx, db, row!.id, left?.id ?? null, path.join(folder, `${file}.opus`));
  }
}
