import {
  logbookFieldNames,
  logbookHourFields,
  logbookTrackFields,
  type LogbookEntry,
  type LogbookFields,
  type LogbookSignature,
  type LogbookTotals,
} from '@skylog/contracts';
import { canonicalContent, canonicalValue } from '@skylog/logbook';
import type { EntryRow, SignatureRow } from './logbook.repository.ts';

/**
 * What an instructor's signature covers (AC 120-78): every field of the entry (14 CFR 61.51(b)) and which entry
 * of whose logbook it is, so a signature can be neither edited around nor moved to another entry.
 */
export const signedFields = [...logbookFieldNames, 'entry_id', 'pilot_id'] as const;

const signedRecord = (entry: Pick<EntryRow, 'id' | 'pilotId' | 'fields'>) => ({ ...entry.fields, entry_id: entry.id, pilot_id: entry.pilotId });

/** The entry's canonical content now: what a signature's stored content is compared with. */
export const entryContent = (entry: Pick<EntryRow, 'id' | 'pilotId' | 'fields'>): string => canonicalContent(signedRecord(entry), signedFields);

/** The signed fields whose value differs from what was signed (empty: the signature holds). */
export function changedSinceSigning(entry: Pick<EntryRow, 'id' | 'pilotId' | 'fields'>, signature: Pick<SignatureRow, 'signedContent'>): string[] {
  const now = JSON.parse(entryContent(entry)) as Record<string, unknown>;
  const then = JSON.parse(signature.signedContent) as Record<string, unknown>;
  return signedFields.filter((field) => !sameValue(now[field], then[field]));
}

/** The signature that stands for each entry: its newest. */
export function latestSignatures(signatures: readonly SignatureRow[]): Map<string, SignatureRow> {
  const latest = new Map<string, SignatureRow>();
  for (const signature of signatures) latest.set(signature.entryId, signature);
  return latest;
}

export function toSignature(entry: EntryRow, signature: SignatureRow): LogbookSignature {
  const changed = changedSinceSigning(entry, signature);
  return {
    id: signature.id,
    instructor_id: signature.instructorId,
    instructor_name: signature.instructorName,
    certificate_number: signature.certificateNumber,
    certificate_expires: signature.certificateExpires,
    signed_at: signature.signedAt.toISOString(),
    method: signature.method,
    hash: signature.entryHash,
    status: changed.length === 0 ? 'valid' : 'invalid',
    changed_fields: changed,
  };
}

/** Whether a signed entry still needs its instructor: never signed, or changed since. */
export const awaitsSignature = (entry: EntryRow, signature: SignatureRow | undefined) =>
  signature === undefined || changedSinceSigning(entry, signature).length > 0;

export const sameValue = (a: unknown, b: unknown) => canonicalValue(a) === canonicalValue(b);

/** The fields showing the track's value: filled by it, not typed over, and equal to it. */
export function fromTrack(entry: Pick<EntryRow, 'fields' | 'trackValues' | 'typed'>): string[] {
  const track = entry.trackValues;
  if (!track) return [];
  return logbookTrackFields.filter((field) => field in track && !entry.typed.includes(field) && sameValue(entry.fields[field], track[field]));
}

export type EntryPilot = { skylog_id: string; name: string | null; user_type: string };

export const pilotOf = (user: { skylogId: string; name: string | null; userType: string }): EntryPilot => ({
  skylog_id: user.skylogId,
  name: user.name,
  user_type: user.userType,
});

export function toEntry(entry: EntryRow, pilot: EntryPilot, signature: SignatureRow | undefined, rights: { canEdit: boolean; canSign: boolean }): LogbookEntry {
  return {
    ...entry.fields,
    id: entry.id,
    pilot,
    trip_id: entry.tripId,
    source: entry.source,
    from_track: fromTrack(entry),
    track_values: entry.trackValues,
    imported_attestation: entry.importedAttestation,
    signature: signature ? toSignature(entry, signature) : null,
    can_edit: rights.canEdit,
    can_sign: rights.canSign,
    created_at: entry.createdAt.toISOString(),
    updated_at: entry.updatedAt.toISOString(),
  };
}

const countFields = ['day_takeoffs', 'night_takeoffs', 'day_full_stop_landings', 'night_full_stop_landings', 'landings', 'approaches', 'holds'] as const;
const hourTotals = [...logbookHourFields, 'total_hours', 'simulator_hours'] as const;

/** Column sums of a set of entries, hours to the tenth as a paper logbook adds them. */
export function totalsOf(entries: readonly { fields: LogbookFields }[]): LogbookTotals {
  const totals = { entries: entries.length } as LogbookTotals;
  for (const field of hourTotals) totals[field] = Math.round(entries.reduce((sum, entry) => sum + entry.fields[field], 0) * 10) / 10;
  for (const field of countFields) totals[field] = entries.reduce((sum, entry) => sum + entry.fields[field], 0);
  return totals;
}
