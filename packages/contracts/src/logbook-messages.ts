import { limits } from './limits.ts';

/**
 * The logbook's words (docs/product.md "Logbook"), on its screens and in the server's answers, apart from `messages`
 * so that every page's first script does not carry them.
 */
export const logbookMessages = {
  signatureNoLongerValid: 'Signature no longer valid',
  logbookEntryNotFound: 'Logbook entry not found',
  endorsementRequestNotFound: 'Endorsement request not found',
  signatureValid: 'Signed',
  signNeedsReauthentication: 'Enter your password (or a code from your authenticator app) to sign.',
  signNotInstructor: "Only the student's own instructor can sign their logbook.",
  signAlreadyValid: 'This entry already carries your valid signature.',
  logbookEntryNotEditable: 'Only the pilot, or a student’s instructor, can change this entry.',
  logbookFull: `A logbook holds at most ${limits.logbookMaxEntries.toLocaleString('en-GB')} entries.`,
  logbookImportRefused: 'Nothing was imported: correct the rows listed and import the file again.',
  endorsementNeedsAircraft: 'Name the make and model this endorsement is for.',
  endorsementRequestClosed: 'This request was already answered or withdrawn.',
  fetchLogbookFailed: 'Failed to fetch the logbook',
  chainIntact: 'Every signature matches its entry and the chain is complete.',
  notSigned: 'Not signed',
  fromTrack: 'From the track',
  useTrackValue: "Use the track's value",
  instrumentByHand: 'Instrument time, approaches and holds cannot come from a GPS track: enter them by hand.',
  entrySigned: 'Entry signed',
  entryDeleted: 'Entry deleted',
  endorsementGiven: 'Endorsement given',
  endorsementRequested: 'Endorsement requested',
  signingInstructorsOnly: 'Only instructors sign logbook entries and give endorsements.',
} as const;

/** A logbook file taken whole: how many entries it added, and how many it already held. */
export function logbookImportedMessage(imported: number, skippedDuplicates: number): string {
  const entries = `${imported} ${imported === 1 ? 'entry' : 'entries'} imported`;
  return skippedDuplicates > 0 ? `${entries}; ${skippedDuplicates} already in the logbook were left out.` : `${entries}.`;
}

/** Why an entry's hour field is refused against the flight it records: it cannot be longer than the flight. */
export function logbookTimeExceedsMessage(label: string, limit: string, hours: number): string {
  return `${label} cannot be more than ${limit} (${hours.toFixed(1)} h)`;
}

/** What a broken hash chain means, in words (the entry is named by its date). */
export function chainBreakMessage(reason: 'changed' | 'deleted' | 'reordered' | 'link-altered' | 'unsigned-entry', date: string | null): string {
  const entry = date ? `the entry of ${date}` : 'an entry';
  switch (reason) {
    case 'changed':
      return `The signature record of ${entry} was altered after signing.`;
    case 'deleted':
      return `A signed entry was deleted (${date ? `signed for ${date}` : 'its date is gone with it'}).`;
    case 'reordered':
      return `The signatures are no longer in the order they were given, from ${entry} on.`;
    case 'link-altered':
      return `The chain's record was altered at ${entry}.`;
    case 'unsigned-entry':
      return `${entry[0]!.toUpperCase()}${entry.slice(1)} carries a signature that is not in the chain.`;
  }
}
