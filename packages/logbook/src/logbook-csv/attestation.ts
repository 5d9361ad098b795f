import type { LogbookFields } from '@skylog/contracts';

/**
 * Signatures in a logbook file are words, never signatures: an entry read from a file keeps what the file says
 * about who signed it as a note (its `attestation`), and only an instructor signing in Skylog signs an entry
 * (AC 120-78). Skylog's own signature leaves Skylog the same way, as a sentence.
 */

/** An entry to write: its fields, its imported note, and its Skylog signature with whether it still holds. */
export type ExportedEntry = {
  fields: LogbookFields;
  attestation: string | null;
  signature: {
    instructorName: string;
    certificateNumber: string;
    certificateExpires: string;
    signedAt: string;
    status: 'valid' | 'invalid';
  } | null;
};

/** The day of a date or date-and-time ("2026-11-02T15:04:05Z" → "2026-11-02"). */
export const dayOf = (value: string): string => /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] ?? value;

const statusWords = (status: 'valid' | 'invalid') => (status === 'valid' ? 'valid' : 'signature no longer valid');

/**
 * "Signed by Ana Costa, CFI 1234567 exp 2027-06-30 on 2026-11-02 — valid", leaving out what is not known;
 * "Signed in Skylog by …" when the place is known.
 */
export function signedSentence(
  signature: {
    instructorName: string | null;
    certificateNumber: string | null;
    certificateExpires: string | null;
    signedAt: string | null;
    status: 'valid' | 'invalid' | null;
  },
  place: string | null,
): string {
  return [
    `Signed${place === null ? '' : ` in ${place}`} by ${signature.instructorName ?? 'an instructor'}`,
    signature.certificateNumber === null ? '' : `, CFI ${signature.certificateNumber}`,
    signature.certificateExpires === null ? '' : ` exp ${dayOf(signature.certificateExpires)}`,
    signature.signedAt === null ? '' : ` on ${dayOf(signature.signedAt)}`,
    signature.status === null ? '' : ` — ${statusWords(signature.status)}`,
  ].join('');
}

/** Notes joined into one attestation; null when there is none. */
export const joinNotes = (notes: readonly (string | null)[]): string | null => {
  const present = notes.filter((note): note is string => note !== null && note.trim() !== '');
  return present.length === 0 ? null : present.join('; ');
};
