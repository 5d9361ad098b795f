import {
  limits,
  logbookFieldLabels,
  logbookFieldsSchema,
  logbookHourFields,
  logbookTimeExceedsMessage,
  type logbookTrackFields,
  type LogbookEntry,
  type LogbookField,
  type LogbookFields,
  type LogbookList,
  type TrackPoint,
  type logbookEntryCreateSchema,
  type logbookEntryUpdateSchema,
  type logbookListQuerySchema,
  logbookMessages,
} from '@skylog/contracts';
import { categoryClassOf, emptyLogbookFields, entryFromFlight, eventsOfAnalysis, type PilotRole, type TrackValues } from '@skylog/logbook';
import type { z } from 'zod';
import { logbookRights, requireLogbook, requireLogbookEntry, requireTrip, type LogbookRights } from '../../access/access.ts';
import type { Executor } from '../../db/client.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { sharedFieldFinder } from '../map/map.service.ts';
import { awaitsSignature, latestSignatures, pilotOf, sameValue, toEntry, totalsOf, type EntryPilot } from './entry-view.ts';
import * as repository from './logbook.repository.ts';
import type { EntryRow } from './logbook.repository.ts';

/**
 * The pilot's logbook (docs/product.md "Logbook"): entries made from each flight for everyone aboard, edited by the
 * pilot (and a student's instructor) with every change audited, and what the logbook adds up to: totals, currency
 * (14 CFR 61.56, 61.57) and progress toward the certificate (61.109(a)).
 */

const roleOf = (userType: string | null): PilotRole =>
  userType === 'student' ? 'student' : userType === 'instructor' ? 'instructor' : 'other';

const pickTrackValues = (values: TrackValues, except: readonly string[]): Partial<LogbookFields> =>
  Object.fromEntries(Object.entries(values).filter(([field]) => !except.includes(field)));

/**
 * Makes or refreshes the logbook entries of a flight, one per pilot aboard, from its track and analysis. A field
 * the pilot typed keeps their value; a signed entry keeps its content (only what the track says is updated beside
 * it), so a new analysis never voids a signature. An entry of someone no longer aboard goes, unless it was signed
 * or typed in. Offered to the analysis job (which passes the track it has just read) and to the flight's logbook
 * screen: the caller has the flight.
 */
export async function fillLogbookFromFlight(db: Executor, tripId: string, track?: TrackPoint[]): Promise<void> {
  const flight = await repository.findFlightForLogbook(db, tripId);
  if (!flight) return;
  const finder = await sharedFieldFinder();
  const category = flight.category ?? null;
  const recorded = track ?? (await repository.findTrackPoints(db, tripId));
  const points = recorded.map((point) => ({ time: point.timestamp, latitude: point.latitude, longitude: point.longitude }));
  const seats = [
    { pilotId: flight.leftSeat, userType: flight.leftType, orgId: flight.leftOrg, seat: 'left' as const, other: flight.rightSeat },
    { pilotId: flight.rightSeat, userType: flight.rightType, orgId: flight.rightOrg, seat: 'right' as const, other: flight.leftSeat },
  ].filter((seat): seat is typeof seat & { pilotId: string } => seat.pilotId !== null);
  const existing = await repository.listTripEntries(db, tripId);
  const signed = latestSignatures(
    await repository.listSignaturesOfEntries(
      db,
      existing.map((entry) => entry.id),
    ),
  );

  for (const seat of seats) {
    const values = entryFromFlight({
      beginTime: flight.beginTime?.getTime() ?? flight.createdAt.getTime(),
      endTime: flight.endTime?.getTime() ?? flight.beginTime?.getTime() ?? flight.createdAt.getTime(),
      points,
      ...eventsOfAnalysis(flight.analysis),
      aircraft: {
        makeModel: flight.aircraftType,
        identification: flight.tailNumber,
        categoryClass: categoryClassOf[category ?? 'airplane'],
      },
      role: roleOf(seat.userType),
      seat: seat.seat,
      otherSeatOccupied: seat.other !== null,
      airportAt: (place) => finder?.nearestIdent(place, category) ?? null,
    });
    const entry = existing.find((candidate) => candidate.pilotId === seat.pilotId);
    if (!entry) {
      await repository.insertFlightEntry(db, {
        orgId: seat.orgId,
        pilotId: seat.pilotId,
        tripId,
        source: 'flight',
        fields: { ...emptyLogbookFields(values.date, values.category_class), ...values },
        trackValues: values,
        typed: [],
        importedAttestation: null,
      });
    } else if (signed.has(entry.id)) {
      await repository.updateEntry(db, entry.id, { fields: entry.fields, trackValues: values });
    } else {
      await repository.updateEntry(db, entry.id, {
        fields: { ...entry.fields, ...pickTrackValues(values, entry.typed) },
        trackValues: values,
      });
    }
  }
  const aboard = new Set(seats.map((seat) => seat.pilotId));
  for (const entry of existing) {
    if (!aboard.has(entry.pilotId) && !signed.has(entry.id) && entry.typed.length === 0) await repository.deleteEntry(db, entry.id);
  }
}

/** The first problem of an entry's content, in the field's words, as a 400 naming it. */
export function requireValidFields(fields: LogbookFields): LogbookFields {
  const parsed = logbookFieldsSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join('.') || 'body';
  throw badRequest(issue.message, { [field]: issue.message });
}

/**
 * The first time an entry logs beyond what it may, named by its field: no part of an entry longer than its total
 * time, and no entry of a flight more than the flight lasted (its recording, rounded up to the tenth a logbook keeps).
 */
export function timesProblem(fields: LogbookFields, flightMs: number | null | undefined): { field: string; message: string } | null {
  for (const field of logbookHourFields) {
    if (fields[field] > fields.total_hours + 1e-9)
      return { field, message: logbookTimeExceedsMessage(logbookFieldLabels[field], 'the total time', fields.total_hours) };
  }
  if (flightMs === null || flightMs === undefined) return null;
  const flightHours = Math.ceil(flightMs / 360_000) / 10;
  for (const field of ['total_hours', 'block_hours'] as const) {
    const value = fields[field];
    if (value !== null && value > flightHours + 1e-9)
      return { field, message: logbookTimeExceedsMessage(logbookFieldLabels[field], "the flight's time", flightHours) };
  }
  return null;
}

/** `timesProblem` as a 400 naming the field. */
function requireTimesWithin(fields: LogbookFields, flightMs: number | null | undefined): void {
  const problem = timesProblem(fields, flightMs);
  if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
}

async function entriesWithSignatures(ctx: AppContext, pilotId: string) {
  const [entries, signatures] = await Promise.all([
    repository.listEntriesOf(ctx.db, [pilotId]),
    repository.listSignaturesOfPilots(ctx.db, [pilotId]),
  ]);
  return { entries, signatures: latestSignatures(signatures) };
}

type ListQuery = z.infer<typeof logbookListQuerySchema>;

const routeText = (fields: LogbookFields) => fields.route.map((point) => point.airport ?? '').join(' ');

function matches(entry: EntryRow, query: ListQuery, awaiting: boolean): boolean {
  const { fields } = entry;
  if (query.from && fields.date < query.from) return false;
  if (query.to && fields.date > query.to) return false;
  if (query.category_class && fields.category_class !== query.category_class) return false;
  if (query.unsigned === 'true' && !awaiting) return false;
  if (query.search) {
    const haystack = [fields.aircraft_make_model, fields.aircraft_identification, routeText(fields), fields.remarks]
      .join(' ')
      .toLowerCase();
    if (!haystack.includes(query.search.toLowerCase())) return false;
  }
  return true;
}

/** A person's logbook, a page at a time, with the page's sums, what is brought forward and the total to date. */
export async function listLogbook(ctx: AppContext, scope: RequestScope, pilotId: string, query: ListQuery): Promise<LogbookList> {
  const { user } = await requireLogbook(ctx, scope.actor, pilotId, 'read', scope);
  const [{ entries, signatures }, rights] = await Promise.all([entriesWithSignatures(ctx, pilotId), logbookRights(ctx, scope.actor, user)]);
  const filtered = entries.filter((entry) => matches(entry, query, awaitsSignature(entry, signatures.get(entry.id))));
  const direction = query.order === 'asc' ? 1 : -1;
  const sortValue = (entry: EntryRow) => entry.fields[query.sort] ?? '';
  // A stable sort: entries equal on the column keep the logbook's own order.
  const sorted =
    query.sort === 'date' && direction === 1
      ? filtered
      : [...filtered].sort((a, b) => (sortValue(a) < sortValue(b) ? -direction : sortValue(a) > sortValue(b) ? direction : 0));
  const start = query.page * query.page_size;
  const page = sorted.slice(start, start + query.page_size);
  return {
    items: page.map((entry) => toEntry(entry, pilotOf(user), signatures.get(entry.id), rights)),
    total: sorted.length,
    page_totals: totalsOf(page),
    brought_forward: totalsOf(sorted.slice(0, start)),
    to_date: totalsOf(sorted.slice(0, start + page.length)),
  };
}

/** Every entry of a pilot's logbook in its order, with their signatures: what the exports print. */
export async function allEntriesOf(
  ctx: AppContext,
  user: { skylogId: string; name: string | null; userType: string },
): Promise<LogbookEntry[]> {
  const { entries, signatures } = await entriesWithSignatures(ctx, user.skylogId);
  const rights = { canRead: true, canEdit: false, canSign: false };
  return entries.map((entry) => toEntry(entry, pilotOf(user), signatures.get(entry.id), rights));
}

async function entryView(
  ctx: AppContext,
  actor: RequestUser,
  entry: EntryRow,
  pilot: EntryPilot & { orgId: string | null; subOrgId: string | null },
  rights?: LogbookRights,
) {
  const signatures = latestSignatures(await repository.listSignaturesOfEntries(ctx.db, [entry.id]));
  const granted =
    rights ??
    (await logbookRights(ctx, actor, {
      skylogId: pilot.skylog_id,
      orgId: pilot.orgId,
      subOrgId: pilot.subOrgId,
      userType: pilot.user_type,
    }));
  return toEntry(entry, { skylog_id: pilot.skylog_id, name: pilot.name, user_type: pilot.user_type }, signatures.get(entry.id), granted);
}

const entryPilot = (user: { skylogId: string; name: string | null; userType: string; orgId: string | null; subOrgId: string | null }) => ({
  ...pilotOf(user),
  orgId: user.orgId,
  subOrgId: user.subOrgId,
});

export async function getEntry(ctx: AppContext, scope: RequestScope, id: string): Promise<LogbookEntry> {
  const { entry, pilot } = await requireLogbookEntry(ctx, scope.actor, id, 'read', scope);
  return entryView(ctx, scope.actor, entry, entryPilot(pilot.user));
}

/** An entry typed by hand: a simulator session, a flight from before Skylog, one without a recording. */
export async function createEntry(ctx: AppContext, scope: RequestScope, pilotId: string, input: z.infer<typeof logbookEntryCreateSchema>) {
  const { actor, operation } = scope;
  const { user } = await requireLogbook(ctx, actor, pilotId, 'edit', scope);
  if ((await repository.countEntriesOf(ctx.db, pilotId)) >= limits.logbookMaxEntries) throw badRequest(logbookMessages.logbookFull);
  const fields = requireValidFields({ ...emptyLogbookFields(input.date, input.category_class), ...input });
  requireTimesWithin(fields, null);
  const [entry] = await repository.insertEntries(ctx.db, [
    { orgId: user.orgId, pilotId, tripId: null, source: 'manual', fields, trackValues: null, typed: [], importedAttestation: null },
  ]);
  await ctx.audit.record({
    actor,
    action: operation,
    resource: `logbook/${entry!.id}`,
    status: 'success',
    details: { pilot: pilotId, created: fields },
  });
  return entryView(ctx, actor, entry!, entryPilot(user));
}

/**
 * Changes an entry. A typed field is the pilot's from then on (the track no longer replaces it); a field given back
 * to the track takes the track's value again. A change to a signed field voids the signature until it is undone.
 */
export async function updateEntry(ctx: AppContext, scope: RequestScope, id: string, input: z.infer<typeof logbookEntryUpdateSchema>) {
  const { actor, operation } = scope;
  const { entry, pilot } = await requireLogbookEntry(ctx, actor, id, 'edit', scope);
  const { restore_from_track: restore = [], ...typedValues } = input;
  const typedFields = Object.keys(typedValues) as LogbookField[];
  const track = entry.trackValues ?? {};
  const restored = Object.fromEntries(restore.filter((field) => field in track).map((field) => [field, track[field]]));
  const fields = requireValidFields({ ...entry.fields, ...restored, ...typedValues });
  requireTimesWithin(fields, entry.tripId ? await repository.findTripDurationMs(ctx.db, entry.tripId) : null);
  const typed = [
    ...new Set([...entry.typed.filter((field) => !restore.includes(field as (typeof logbookTrackFields)[number])), ...typedFields]),
  ];
  const changes = Object.fromEntries(
    (Object.keys(fields) as LogbookField[])
      .filter((field) => !sameValue(fields[field], entry.fields[field]))
      .map((field) => [field, { from: entry.fields[field], to: fields[field] }]),
  );
  const updated = await repository.updateEntry(ctx.db, id, { fields, typed });
  await ctx.audit.record({
    actor,
    action: operation,
    resource: `logbook/${id}`,
    status: 'success',
    details: { pilot: entry.pilotId, changes, restored: restore },
  });
  return entryView(ctx, actor, updated, entryPilot(pilot.user));
}

/** Deletes an entry; a signed one leaves its link in the pilot's chain, which verification then reports. */
export async function deleteEntry(ctx: AppContext, scope: RequestScope, id: string): Promise<void> {
  const { actor, operation } = scope;
  const { entry } = await requireLogbookEntry(ctx, actor, id, 'edit', scope);
  await repository.deleteEntry(ctx.db, id);
  await ctx.audit.record({
    actor,
    action: operation,
    resource: `logbook/${id}`,
    status: 'success',
    details: { pilot: entry.pilotId, deleted: entry.fields },
  });
}

/**
 * A flight's entries, one per pilot aboard whose logbook the reader may open; made from the flight first when one
 * is missing (a crew changed after the analysis).
 */
export async function getTripEntries(ctx: AppContext, scope: RequestScope, tripId: string): Promise<{ items: LogbookEntry[] }> {
  const { actor } = scope;
  const trip = await requireTrip(ctx, actor, tripId, 'read', scope);
  let entries = await repository.listTripEntries(ctx.db, tripId);
  const aboard = [trip.leftSeat, trip.rightSeat].filter((id): id is string => id !== null);
  if (aboard.some((id) => !entries.some((entry) => entry.pilotId === id))) {
    await ctx.db.transaction((tx) => fillLogbookFromFlight(tx, tripId));
    entries = await repository.listTripEntries(ctx.db, tripId);
  }
  const people = new Map(
    (
      await repository.findPeople(
        ctx.db,
        entries.map((entry) => entry.pilotId),
      )
    ).map((person) => [person.skylogId, person]),
  );
  const items: LogbookEntry[] = [];
  for (const entry of entries) {
    const person = people.get(entry.pilotId);
    if (!person) continue;
    const rights = await logbookRights(ctx, actor, person);
    if (rights.canRead) items.push(await entryView(ctx, actor, entry, entryPilot(person), rights));
  }
  return { items };
}
