import { messages, type TripDebriefSent } from '@skylog/contracts';
import type { TripAction } from '../../access/access-rules.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { badRequest } from '../../lib/app-error.ts';
import { fileNameOf } from '../../lib/attachment.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { debriefEmail } from '../../integrations/email/templates.ts';
import { findAnalysisOfTrip } from '../analysis/analysis.service.ts';
import { getMarkerCategories } from '../markers/markers.service.ts';
import { getTrackPoints, requireTripDetail } from '../trips/trips.service.ts';
import { renderDebriefPdf } from './debrief-pdf.ts';
import { findFlightPeople } from './debrief.repository.ts';

const nameOf = (person: { name: string | null; email: string } | null) => (person ? (person.name ?? person.email) : null);

/** Everything the page shows, read for one flight; `tripAction` is what the caller means to do with it. */
async function makeDebrief(ctx: AppContext, scope: RequestScope, tripId: string, timezone: string, tripAction: TripAction) {
  const { actor } = scope;
  const { trip } = await requireTripDetail(ctx, scope, tripId, tripAction);
  const [points, analysis, looks] = await Promise.all([getTrackPoints(ctx, scope, tripId), findAnalysisOfTrip(ctx, scope, tripId), getMarkerCategories(ctx, actor)]);
  const people = await findFlightPeople(ctx.db, [trip.skylogId, trip.leftSeat?.skylogId ?? null, trip.rightSeat?.skylogId ?? null, actor.skylogId]);
  const seated = [trip.rightSeat, trip.leftSeat].map((seat) => people.find((person) => person.skylogId === seat?.skylogId));
  const instructor = seated.find((person) => person?.userType === 'instructor') ?? null;
  // The instructor's notes; until there are any, the automatic analysis's draft, labelled as such.
  const isDraft = !trip.tripWell && !trip.tripImprove && Boolean(analysis?.aiTripWell || analysis?.aiTripImprove);
  const pdf = await renderDebriefPdf({
    tripName: trip.tripName,
    beginTime: trip.beginTime,
    durationMs: trip.durationMs,
    distanceNm: trip.distanceNm,
    aircraft: trip.tailNumber,
    origin: trip.origin,
    destination: trip.destination,
    leftSeat: nameOf(trip.leftSeat),
    rightSeat: nameOf(trip.rightSeat),
    instructor: nameOf(instructor),
    overview: trip.trackOverview,
    points,
    markers: trip.markers,
    markerLooks: looks.items,
    analysis: analysis?.analysis ?? null,
    notes: isDraft ? { well: analysis!.aiTripWell, improve: analysis!.aiTripImprove, isDraft } : { well: trip.tripWell, improve: trip.tripImprove, isDraft },
    timezone,
    madeAt: new Date(),
  });
  return { trip, people, pdf, fileName: `debrief-${fileNameOf(trip.tripName, 'flight')}.pdf` };
}

/** The one-page PDF debrief of a flight the caller may read. */
export async function getDebriefPdf(ctx: AppContext, scope: RequestScope, tripId: string, timezone: string) {
  const { pdf, fileName } = await makeDebrief(ctx, scope, tripId, timezone, 'read');
  return { name: fileName, body: pdf };
}

/**
 * "Send debrief": e-mails the PDF to the flight's students (owner or either seat, active accounts), for
 * whoever may debrief the flight, and records it in the audit log.
 */
export async function sendDebrief(ctx: AppContext, scope: RequestScope, tripId: string, timezone: string): Promise<TripDebriefSent> {
  const { actor } = scope;
  const { trip, people, pdf, fileName } = await makeDebrief(ctx, scope, tripId, timezone, 'debrief');
  const aboard = new Set([trip.skylogId, trip.leftSeat?.skylogId, trip.rightSeat?.skylogId]);
  const students = people.filter((person) => aboard.has(person.skylogId) && person.userType === 'student' && person.isActive);
  if (students.length === 0) throw badRequest(messages.debriefNoStudent);
  const url = `${ctx.config.appUrl}/dashboard/flights/${tripId}`;
  const sender = nameOf(people.find((person) => person.skylogId === actor.skylogId) ?? null) ?? actor.email;
  for (const student of students) {
    await ctx.email.send(debriefEmail(student.email, student.name ?? student.email, sender, trip.tripName, url, { filename: fileName, contentType: 'application/pdf', content: pdf }));
  }
  const sentTo = students.map((student) => ({ skylog_id: student.skylogId, name: student.name, email: student.email }));
  await ctx.audit.record({ actor, action: scope.operation, resource: `trips/${tripId}`, status: 'success', details: { to: sentTo.map((person) => person.email) } });
  return { sent_to: sentTo };
}
