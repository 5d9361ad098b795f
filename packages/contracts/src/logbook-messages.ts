/**
 * The words only the logbook's screens say (docs/product.md "Logbook"), apart from `messages` so every page's first
 * script does not carry them; the messages the server also sends stay in `messages`.
 */
export const logbookMessages = {
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
