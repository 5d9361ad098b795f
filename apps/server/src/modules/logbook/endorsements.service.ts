import {
  dayIn,
  endorsementTemplates,
  endorsementText,
  type Endorsement,
  type EndorsementRequest,
  type EndorsementValidity,
  type endorsementCreateSchema,
  type endorsementRequestCreateSchema,
  logbookMessages,
} from '@skylog/contracts';
import { addDays, canonicalContent, endOfCalendarMonth, sha256Hex } from '@skylog/logbook';
import type { z } from 'zod';
import { requireEndorsementRequest, requireLogbook } from '../../access/access.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { requireSigner } from './signer.ts';
import * as repository from './logbook.repository.ts';
import type { EndorsementRequestRow, EndorsementRow } from './logbook.repository.ts';

/**
 * Endorsements (AC 61-65; docs/product.md "Logbook"): written from the template with the student's and aircraft's
 * names, signed by the student's instructor as entries are (proof again, certificate, SHA-256), never edited, and
 * good until the day the regulation says. A student asks for one; the instructor sees the requests.
 */

const signedEndorsementFields = [
  'kind',
  'text',
  'student_id',
  'aircraft_make_model',
  'instructor_id',
  'instructor_name',
  'certificate_number',
  'certificate_expires',
  'signed_at',
  'expires_on',
] as const;

const endorsementRecord = (row: Omit<EndorsementRow, 'id' | 'orgId' | 'title' | 'regulation' | 'hash' | 'method'>) => ({
  kind: row.kind,
  text: row.text,
  student_id: row.studentId,
  aircraft_make_model: row.aircraftMakeModel,
  instructor_id: row.instructorId,
  instructor_name: row.instructorName,
  certificate_number: row.certificateNumber,
  certificate_expires: row.certificateExpires,
  signed_at: row.signedAt.toISOString(),
  expires_on: row.expiresOn,
});

/** The SHA-256 an endorsement is signed with: its text, student, instructor, certificate, time and expiry. */
export const endorsementHash = (row: Parameters<typeof endorsementRecord>[0]): Promise<string> =>
  sha256Hex(canonicalContent(endorsementRecord(row), signedEndorsementFields));

/** The last day an endorsement given on `day` is good for (null: no end). */
export function expiryOf(validity: EndorsementValidity, day: string): string | null {
  if (validity === null) return null;
  return 'days' in validity ? addDays(day, validity.days) : endOfCalendarMonth(day, validity.calendarMonths);
}

async function toEndorsement(row: EndorsementRow, studentName: string | null, asOf: string): Promise<Endorsement> {
  // The instructor id is cleared when their account is deleted: the hash was taken with it.
  const hash = row.instructorId === null ? row.hash : await endorsementHash(row);
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    regulation: row.regulation,
    text: row.text,
    student: { skylog_id: row.studentId, name: studentName },
    aircraft_make_model: row.aircraftMakeModel,
    instructor_id: row.instructorId,
    instructor_name: row.instructorName,
    certificate_number: row.certificateNumber,
    certificate_expires: row.certificateExpires,
    signed_at: row.signedAt.toISOString(),
    hash: row.hash,
    expires_on: row.expiresOn,
    current: row.expiresOn === null || asOf <= row.expiresOn,
    signature_valid: hash === row.hash,
  };
}

const toRequest = (row: EndorsementRequestRow, studentName: string | null): EndorsementRequest => ({
  id: row.id,
  kind: row.kind,
  title: endorsementTemplates[row.kind].title,
  student: { skylog_id: row.studentId, name: studentName },
  note: row.note,
  created_at: row.createdAt.toISOString(),
});

/** Open requests of these students, with their names: the instructor's list. */
export async function openRequestsOf(ctx: AppContext, studentIds: readonly string[]): Promise<EndorsementRequest[]> {
  const [rows, people] = await Promise.all([repository.listOpenRequestsOf(ctx.db, studentIds), repository.findPeople(ctx.db, studentIds)]);
  const names = new Map(people.map((person) => [person.skylogId, person.name]));
  return rows.map((row) => toRequest(row, names.get(row.studentId) ?? null));
}

export async function listEndorsements(ctx: AppContext, scope: RequestScope, studentId: string) {
  const { user } = await requireLogbook(ctx, scope.actor, studentId, 'read', scope);
  const asOf = dayIn(new Date(), 'UTC');
  const [rows, requests] = await Promise.all([repository.listEndorsementsOf(ctx.db, [studentId]), openRequestsOf(ctx, [studentId])]);
  return { items: await Promise.all(rows.map((row) => toEndorsement(row, user.name, asOf))), requests };
}

export async function giveEndorsement(
  ctx: AppContext,
  scope: RequestScope,
  studentId: string,
  input: z.infer<typeof endorsementCreateSchema>,
): Promise<Endorsement> {
  const { actor, operation } = scope;
  const { user } = await requireLogbook(ctx, actor, studentId, 'sign', scope);
  const template = endorsementTemplates[input.kind];
  const aircraft = input.aircraft_make_model ?? null;
  if (template.needsAircraft && !aircraft)
    throw badRequest(logbookMessages.endorsementNeedsAircraft, { aircraft_make_model: logbookMessages.endorsementNeedsAircraft });
  const signer = await requireSigner(ctx, scope, input, 'endorsing');
  const today = dayIn(new Date(), 'UTC');
  const expiresOn = expiryOf(template.validity, today);
  const signedAt = new Date();
  const values = {
    orgId: user.orgId,
    studentId,
    kind: input.kind,
    title: template.title,
    regulation: template.regulation,
    text: endorsementText(input.kind, { student: user.name ?? user.email, aircraft, expires: expiresOn }),
    aircraftMakeModel: aircraft,
    ...signer,
    signedAt,
    expiresOn,
  };
  const hash = await endorsementHash(values);
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await repository.insertEndorsement(tx, { ...values, hash });
    // Only this student's own open request is answered: another's id is refused like a closed one, telling nothing.
    if (
      input.request_id &&
      !(await repository.closeEndorsementRequest(tx, { id: input.request_id, studentId }, actor.skylogId, inserted.id))
    )
      throw conflict(logbookMessages.endorsementRequestClosed, { request_id: logbookMessages.endorsementRequestClosed });
    return inserted;
  });
  await ctx.audit.record({
    actor,
    action: operation,
    resource: `endorsements/${row.id}`,
    status: 'success',
    details: { student: studentId, kind: row.kind, hash },
  });
  return toEndorsement(row, user.name, today);
}

export async function requestEndorsement(
  ctx: AppContext,
  scope: RequestScope,
  studentId: string,
  input: z.infer<typeof endorsementRequestCreateSchema>,
) {
  const { actor, operation } = scope;
  // Only the student asks, for themself: 'edit' of one's own logbook.
  const { user } = await requireLogbook(ctx, actor, studentId, 'edit', scope);
  const row = await repository.insertEndorsementRequest(ctx.db, { studentId, kind: input.kind, note: input.note ?? null });
  await ctx.audit.record({
    actor,
    action: operation,
    resource: `endorsement-requests/${row.id}`,
    status: 'success',
    details: { kind: row.kind },
  });
  return toRequest(row, user.name);
}

/** The student withdraws their request, or their instructor declines it. */
export async function closeRequest(ctx: AppContext, scope: RequestScope, id: string): Promise<void> {
  const { actor, operation } = scope;
  const { request } = await requireEndorsementRequest(ctx, actor, id, scope);
  if (!(await repository.closeEndorsementRequest(ctx.db, request, actor.skylogId, null)))
    throw conflict(logbookMessages.endorsementRequestClosed);
  await ctx.audit.record({ actor, action: operation, resource: `endorsement-requests/${id}`, status: 'success' });
}
